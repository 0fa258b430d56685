/// lexagg's text in Russian. Quotes are «ёлочки»; commands and flags stay as they are typed.
enum Russian {
    static func entry(_ key: L10nKey) -> CatalogueEntry {
        switch key {
        // MARK: Everywhere
        case .errorLine: "lexagg: ошибка: {1}"
        case .warningLine: "lexagg: предупреждение: {1}"
        case .internalError: "внутренняя ошибка: {1}"
        case .cannotWriteStandardOutput: "lexagg: не удаётся записать в стандартный вывод: {1}"
        case .seeHelpForCommands: "Список команд: lexagg help."
        case .unknownUILanguage: "--ui-language «{1}»: на этом языке lexagg не говорит; он говорит на {2}"
        case .seeHelpForUsage: "Как пользоваться: lexagg help."
        case .usageLine: "Использование: {1}"
        case .seeCommandHelp: "Подробнее: {1}."
        case .unknownCommand: "неизвестная команда «{1}»"
        case .unknownCommandDidYouMean: "; может быть, вы имели в виду «{1}»?"
        case .dashWordHint: "  чтобы искать «{1}» как слово, поставьте перед ним --: {2}"
        case .missingSubcommand: "после «{1}» перед «{2}» нужна подкоманда; может быть, «{3}»?"
        case .unknownCommandList: "; есть такие команды: {1}"
        case .badLanguageCode: "«{1}» — не код языка для {2}; укажите код ISO 639, например en, de, fr, es"
        case .badTimeout: "--timeout — это число секунд больше 0 (не меньше 0.001) и не больше 600, а не {1}"
        case .historyNotRecorded: "поиск не записан в историю: {1}"
        case .secondsShort: "{1} с"

        // MARK: Parts of speech
        case .posNoun: "существительное"
        case .posVerb: "глагол"
        case .posAdjective: "прилагательное"
        case .posAdverb: "наречие"
        case .posPreposition: "предлог"
        case .posConjunction: "союз"
        case .posInterjection: "междометие"
        case .posPronoun: "местоимение"
        case .posNumeral: "числительное"
        case .posArticle: "артикль"
        case .posDeterminer: "определитель"
        case .posParticle: "частица"
        case .posPhrase: "словосочетание"
        case .posPrefix: "приставка"
        case .posSuffix: "суффикс"
        case .posAbbreviation: "сокращение"
        case .posProperNoun: "имя собственное"
        case .posIdiom: "идиома"
        // As Russian dictionaries abbreviate them (м. р., неодуш., сов. в.).
        case .gramMasculine: "м. р."
        case .gramFeminine: "ж. р."
        case .gramNeuter: "ср. р."
        case .gramCommon: "общ. р."
        case .gramAnimate: "одуш."
        case .gramInanimate: "неодуш."
        case .gramPersonal: "личн."
        case .gramPerfective: "сов. в."
        case .gramImperfective: "несов. в."
        case .gramPlural: "мн. ч."
        case .gramSingular: "ед. ч."
        case .gramOr: "или"

        // MARK: lookup
        case .lookupShowingMatchedAs: "lexagg: в таком написании «{1}» не найдено; показано «{2}»"
        case .lookupAlsoMatchedAs: "lexagg: показано и «{2}» — там, где словарь не знает «{1}» в таком написании"
        case .lookupNothingCachedOffline:
            "нет ответа для «{1}» без сети: в кэше ничего нет от {2}; повторите без --offline"
        case .lookupEveryProviderFailed: "ни один источник не смог ответить на «{1}»"
        case .lookupNoEntry: "слово «{1}» не найдено в словарях: {2}"
        case .lookupDidYouMean: "Возможно, вы имели в виду: {1}?"
        case .lookupTranslatableBy: "«{1}» есть в словаре {2} ({3}): {4}"
        case .lookupOfflineNotReached: "нет сети, недоступны: {1}"
        case .lookupNotReached: "нет связи с {1}: {2}"
        case .lookupShowingCached: "; показаны сохранённые ответы {1} (самый старый сохранён {2})"
        case .lookupStaleShowing: "{1}; показан ответ из кэша, сохранённый {2}"
        case .labelEtymology: "этимология: "
        case .labelSynonyms: "синонимы: "
        case .labelAntonyms: "антонимы: "
        case .labelSources: "источники: "
        case .labelAlsoIn: "есть и на других языках: "
        case .alsoInHint: " — их покажут --all или --lang КОД"
        case .moreSenses: .plural(
            one: "… и ещё {n} значение: его покажут --senses {1} или --all",
            few: "… и ещё {n} значения: их покажут --senses {1} или --all",
            many: "… и ещё {n} значений: их покажут --senses {1} или --all")
        case .anotherLanguage: "другой язык"
        case .explainScore: .plural(
            one: "значение {3} из {1} (источник {2}); {n} источник, вес {4}",
            few: "значение {3} из {1} (источник {2}); согласны {n} источника, вес {4}",
            many: "значение {3} из {1} (источник {2}); согласны {n} источников, вес {4}")
        case .footerEntries: .plural(one: "{n} статья", few: "{n} статьи", many: "{n} статей")
        case .footerNotFound: "не найдено"
        case .footerNotCachedOffline: "нет в кэше (без сети)"
        case .footerCached: "из кэша, {1}"
        case .footerStale: "устарело"
        case .footerInvalidQuery: "неверный запрос"
        case .footerUnsupportedLanguage: "язык не поддерживается"
        case .footerCredentials: "ключ не принят"
        case .footerRateLimited: "лимит запросов"
        case .footerUnavailable: "недоступен"
        case .footerTimeout: "нет ответа вовремя"
        case .footerMalformedResponse: "непонятный ответ"
        case .footerCancelled: "отменено"
        case .footerOffline: "нет сети"
        case .ageJustNow: "только что"
        case .ageMinutes: "{1} мин назад"
        case .ageHours: "{1} ч назад"
        case .ageDays: .plural(one: "{n} день назад", few: "{n} дня назад", many: "{n} дней назад")

        // MARK: library
        case .libraryAddNeedsWord: "укажите слово, которое нужно сохранить, например: lexagg library add serendipity"
        case .libraryToNeedsLang: "для --to нужен ещё --lang (язык самих слов)"
        case .libraryInvalidWord: "недопустимое слово: {1}"
        case .libraryAddAllFailed: "ни один источник не смог ответить на «{1}»; ничего не сохранено"
        case .libraryAddNoEntry: "слово «{1}» не найдено в словарях: {2}; ничего не сохранено"
        case .libraryAdded: "добавлено:"
        case .libraryUpdated: "обновлено:"
        case .librarySavedCounts: "{1} {2} ({3}): {4}, источники: {5}{6}"
        case .librarySenses: .plural(one: "{n} значение", few: "{n} значения", many: "{n} значений")
        case .libraryTranslations: .plural(one: "{n} перевод", few: "{n} перевода", many: "{n} переводов")
        case .libraryListNoMatch: "Среди сохранённых слов таких нет."
        case .libraryListEmpty: "В вашей библиотеке пока пусто. Добавьте слово: lexagg library add serendipity"
        case .libraryPageOf: "Страница {1} из {2}"
        case .wordCount: .plural(one: "{n} слово", few: "{n} слова", many: "{n} слов")
        case .libraryNothingOnPage: " (на этой странице ничего нет)"
        case .libraryNextPage: " · дальше: --page {1}"
        case .pageTooSmall: "--page должен быть не меньше 1, а не {1}"
        case .limitOutOfRange: "--limit должен быть от 1 до 1000, а не {1}"
        case .libraryNotSavedAddIt: "«{1}» нет в вашей библиотеке (добавить: lexagg library add {2})"
        case .libraryNotSaved: "«{1}» нет в вашей библиотеке"
        case .libraryShowStarred: "★ в избранном · "
        case .libraryShowSaved: "сохранено {1}"
        case .libraryShowUpdated: ", обновлено {1}"
        case .libraryRemoved: "удалено: {1} ({2})"
        case .libraryStarred: "★ в избранном: {1} ({2})"
        case .libraryUnstarred: "убрано из избранного: {1} ({2})"
        case .librarySearchNeedsText: "укажите, что искать, например: lexagg library search house"
        case .librarySearchNoMatch: "среди сохранённых слов ничего не нашлось по запросу «{1}»"
        case .libraryExported: .plural(
            one: "экспортировано {n} слово в {1} ({2})",
            few: "экспортировано {n} слова в {1} ({2})",
            many: "экспортировано {n} слов в {1} ({2})")
        case .cannotRead: "не удаётся прочитать {1}"
        case .notUTF8: "{1} — не текст в UTF-8, а значит, не экспорт lexagg и не файл Anki"
        case .libraryImported: "импортирован файл {1} ({2}): добавлено {3}, объединено {4}, уже было {5}"
        case .libraryDoctorShared:
            "библиотека хранится в общей базе PostgreSQL (store.url); её проверяет 'lexagg doctor', а 'library doctor' проверяет только файлы SQLite (чтобы проверить свой файл, уберите LEXAGG_STORE_URL)"
        case .libraryNoDataDirectory: "некуда положить библиотеку: задайте LEXAGG_DATA_DIR (или HOME)"
        case .libraryDoctorPath: "библиотека: {1}"
        case .libraryRepaired: .plural(
            one: "восстановлено: {n} слово", few: "восстановлено: {n} слова", many: "восстановлено: {n} слов")
        case .libraryRepairedByName:
            ", из них {1} только по названию (их определения не прочитать; 'lexagg library add СЛОВО' загрузит их заново)"
        case .libraryRepairedUnreadable: ", не прочитано: {1}"
        case .libraryRepairedKept: "; повреждённый файл сохранён как {1}"
        case .libraryDoctorState: "состояние: {1} — {2}"
        case .libraryDoctorWords: "слов: {1}, версия схемы {2}"
        case .libraryDoctorBackup: "резервная копия: {1}"
        case .libraryRepairForeign: "--repair не трогает файлы других программ."

        // MARK: history
        case .historyEmpty: "Вы ещё ничего не искали. Попробуйте: lexagg lookup serendipity"
        case .historyLookedUp: " — искали {1}, последний раз "
        case .historyTimes: .plural(one: "{n} раз", few: "{n} раза", many: "{n} раз")
        case .historyTwice: "2 раза"

        // MARK: quiz and review
        case .quizCountOutOfRange: "--count должен быть от 1 до 100, а не {1}"
        case .quizSecondsOutOfRange: "--seconds должен быть от 1 до 3600, а не {1}"
        case .quizNeedsWordsMeanings:
            "для викторины нужно не меньше {1} слов с разными значениями (язык: {2}), а в вашей библиотеке таких слов: {3} — добавьте ещё {4}: 'lexagg library add СЛОВО'"
        case .quizNeedsWordsSpellings:
            "для викторины нужно не меньше {1} слов с разным написанием (язык: {2}), а в вашей библиотеке таких слов: {3} — добавьте ещё {4}: 'lexagg library add СЛОВО'"
        case .quizNothingDue: "Повторять нечего: пока ни одно слово не ждёт повторения (язык: {1}). {2}"
        case .quizInputEndedFirst: "стандартный ввод закончился раньше первого ответа; подавайте ответы по одному в строке (1–4)"
        case .quizLibraryEmpty: "в вашей библиотеке пока пусто: добавьте слова ('lexagg library add СЛОВО') и проверьте себя"
        case .quizNothingScheduled: "Пока ни одно слово не назначено к повторению."
        case .quizNextReviewOne: "Следующее повторение: 1 слово, {1}."
        case .quizNextReviewMany: .plural(
            one: "Следующее повторение: {n} слово, {1}, первое в {2}.",
            few: "Следующее повторение: {n} слова, {1}, первое в {2}.",
            many: "Следующее повторение: {n} слов, {1}, первое в {2}.")
        case .quizStillDue: .plural(
            one: "Ещё к повторению: {n} слово, до которого не дошли ('lexagg review' спросит его).",
            few: "Ещё к повторению: {n} слова, до которых не дошли ('lexagg review' спросит их).",
            many: "Ещё к повторению: {n} слов, до которых не дошли ('lexagg review' спросит их).")
        case .badNowTime: "«{1}» — не время для --now; укажите существующий день с 1970 по 2999 год в ISO 8601, например 2026-11-22 или 2026-11-22T09:30:00Z"
        case .quizNotATerminal:
            "стандартный ввод — не терминал, а ответы не заданы: запустите викторину в терминале, передайте --answers 1,3,2,… или подавайте ответы на вход по одному в строке"
        case .quizQuestionOf: "Вопрос {1} из {2}"
        case .quizRunningScore: "  ·  счёт {1}/{2}"
        case .quizWhatDoesItMean: "Что это значит?"
        case .quizWhichWordIsIt: "Какое это слово?"
        case .quizSecondsToAnswer: "{1} с на ответ 1–4"
        case .quizNotAnAnswer: "«{1}» — не ответ: нажмите 1, 2, 3 или 4 (q или Ctrl-C — выход)"
        case .quizRight: "✓ Верно!"
        case .quizWrong: "✗ Неверно"
        case .quizTimeUp: "⏱ Время вышло"
        case .quizTheAnswerIs: " — правильный ответ {1}: {2}"
        case .quizScoreAfterAnswer: "   счёт {1}/{2}"
        case .quizPressHint: "  — нажмите 1–4, q — выход"
        case .quizStoppedEarly: .plural(
            one: "Остановлено досрочно после {1} из {n} вопроса; данные ответы сохранены.",
            few: "Остановлено досрочно после {1} из {n} вопросов; данные ответы сохранены.",
            many: "Остановлено досрочно после {1} из {n} вопросов; данные ответы сохранены.")
        case .quizInputEnded: .plural(
            one: "Ввод закончился после {1} из {n} вопроса; данные ответы сохранены.",
            few: "Ввод закончился после {1} из {n} вопросов; данные ответы сохранены.",
            many: "Ввод закончился после {1} из {n} вопросов; данные ответы сохранены.")
        case .quizScore: "Результат: {1}/{2} ({3}%)"
        case .quizScoreDetail: " — верно: {1}, неверно: {2}, пропущено: {3}, за {4} с"
        case .quizToReview: "Повторить: "
        case .reviewNoQuizzes: "Викторин ещё не было: начните с 'lexagg quiz'."
        case .reviewQuizzes: "Викторины"
        case .reviewQuizzesCount: " ({1}, сначала последние)"
        case .reviewAndMore: "  … и ещё {1}"
        case .reviewBestScore: "Лучший результат"
        case .reviewBestScoreOn: ": {1}, {2}"
        case .reviewWords: "Слова"
        case .reviewWordsOrder: " (сначала те, в которых ошибались чаще)"
        case .reviewColumnWord: "слово"
        case .reviewColumnSeen: "всего"
        case .reviewColumnRight: "верно"
        case .reviewColumnWrong: "ошибок"
        case .reviewColumnLastSeen: "последний раз"
        case .reviewColumnNextDue: "следующий раз"

        // MARK: More commands
        case .historyForgot: .plural(one: "из истории удалено {n} слово", few: "из истории удалено {n} слова", many: "из истории удалено {n} слов")
        case .countOutOfRange: "--count должен быть от 1 до {1}, а не {2}"
        case .randomNoProvider: "ни один источник не дал случайных слов (язык: {1})"
        case .randomProviderFailed: "{1} не ответил ({2}); слова взяты из {3}"
        case .lookupBatchAndWords: "укажите слова либо аргументами, либо через --batch, но не то и другое сразу"
        case .lookupSensesTooSmall: "--senses должен быть не меньше 1, а не {1} (все значения покажет --all)"
        case .lookupNeedsWord: "укажите слово, которое нужно найти, например: lexagg lookup serendipity"
        case .lookupNoProviderForLanguage: "ни один источник не знает язык «{1}»"
        case .lookupIsItISO: " (это точно код ISO 639? например, en, de, fr, es)"
        case .lookupLanguageFromSettings: "; язык задан в lookup.language ({1}): укажите --lang или измените его: 'lexagg config set lookup.language КОД'"
        case .translateNeedsWord: "укажите слово, которое нужно перевести, например: lexagg translate house --from en --to de"
        case .translateNothingCachedOffline: "нет перевода «{1}» без сети: в кэше ничего нет от {2}; повторите без --offline"
        case .translateNotFound: "перевод «{1}» не найден ({2})"
        case .matchInvalidPattern: "недопустимый шаблон: {1}"
        case .matchNothing: "ни одно заглавное слово не подходит под «{1}» ({2})"
        case .matchTrySubstring: "; попробуйте --strategy substring или lev"
        case .matchTryStrategy: "; попробуйте --strategy {1}"
        case .matchHeadwords: .plural(one: "{1} — {2}: {n} заглавное слово", few: "{1} — {2}: {n} заглавных слова", many: "{1} — {2}: {n} заглавных слов")
        case .limitBetween: "--limit должен быть от 1 до {1}, а не {2}"
        case .sharedCacheUnusable: "общий кэш недоступен: {1}; продолжаем без кэша"
        case .storeURLUnusable: "адрес хранилища не подходит: {1}"
        case .mcpStopped: "сервер MCP остановился: {1}"
        case .configNoSuchProvider: "lookup.providers: источника «{1}» здесь нет{2} (список источников: lexagg providers)"
        case .configEnvironmentVariable: "переменная окружения {1}"
        case .latencyMilliseconds: "{1} мс"

        // MARK: lookup --batch
        case .batchJobsRange: "--jobs должен быть от 1 до 64, а не {1}"
        case .batchNoWords: "в {1} нет ни одного слова (нужно по одному в строке)"
        case .standardInput: "стандартный ввод"
        case .pipeSource: "канал"
        case .batchLineSkipped: "строка {1}: {2}, пропущена"
        case .cannotReadBecause: "не удаётся прочитать {1}: {2}"
        case .batchLineTooLong: "строка {1} в {2} длиннее {3} байт; в файле для --batch по одному слову в строке"
        case .batchSummary: "lexagg: {1}: {2} ({3})"
        case .batchFound: "найдено: {1}"
        case .batchNotFound: "не найдено: {1}"
        case .batchFailed: "с ошибкой: {1}"
        case .batchInvalid: "недопустимых: {1}"
        case .batchProgress: "слов: {1}/{2}"

        // MARK: providers
        case .providersDirectionsAndLanguages: "направлений: {1}, языков: {2}"
        case .providersNone: "Источники не найдены."
        case .providersHint: "названия, ключи, откуда данные: lexagg providers --wide; отвечают ли они: lexagg doctor"
        case .providersLanguages: "языков: {1}"
        case .providersDirections: "направлений: {1}"
        case .providersAny: "любые"
        case .providersNeedsKey: "нужен ключ"
        case .providersSources: "откуда данные:"
        case .columnID: "ID"
        case .columnName: "НАЗВАНИЕ"
        case .columnCan: "УМЕЕТ"
        case .columnLanguages: "ЯЗЫКИ"
        case .columnMode: "РЕЖИМ"
        case .columnKey: "КЛЮЧ"
        case .columnStatus: "СОСТОЯНИЕ"
        case .quizModeMeaning: "значение"
        case .quizModeWord: "слово"
        case .quizModeReview: "повторение"
        case .providerReady: "готов"
        case .providerConfigured: "настроен"
        case .providerNotConfigured: "не настроен"
        case .providerUnavailable: "недоступен"
        case .providerOnline: "онлайн"
        case .providerOffline: "офлайн"

        // MARK: library random
        case .browseFoundOnly: .plural(one: "нашлось только {1} из {n} нового слова", few: "нашлось только {1} из {n} новых слов", many: "нашлось только {1} из {n} новых слов")
        case .browseWithDefinition: " с определением (без определения пропущено: {1})"
        case .browseNotShownBefore: ", которых ещё не было в этом сеансе"
        case .browseSaved: "  (сохранено)"
        case .browsePageMore: "страница {1} · ещё: {2}"

        // MARK: suggest
        case .suggestNoDefinition: "среди {1} случайных слов (язык: {2}) не нашлось ни одного с определением; попробуйте ещё раз"
        case .suggestInLibrary: "Оно уже есть в вашей библиотеке."
        case .suggestAddIt: "Добавить: lexagg library add {1}"
        case .suggestWordOfTheDay: "Слово дня: {1}"
        case .suggestWordOfTheDayOn: "Слово дня ({1}): "
        case .suggestBadDate: "--date — это день в виде ГГГГ-ММ-ДД, а не «{1}»"
        case .suggestNoNotifySend: "notify-send не установлен (Debian: apt install libnotify-bin); уведомление не отправлено"
        case .suggestNotifyFailed: "notify-send не сработал: {1}"
        case .suggestNotifyStatus: "notify-send завершился с кодом {1}; уведомление не показано"

        // MARK: cache
        case .cacheNoDirectory: "некуда положить кэш: задайте LEXAGG_CACHE_DIR, XDG_CACHE_HOME или HOME"
        case .cachePath: "кэш: {1} ({2})"
        case .cacheEmpty: "пусто: сюда сохраняются ответы онлайн-источников, когда вы ищете слова"
        case .cacheAnswers: .plural(one: "{n} ответ", few: "{n} ответа", many: "{n} ответов")
        case .cacheColumnProvider: "источник"
        case .cacheColumnAnswers: "ответов"
        case .cacheColumnNotFound: "не найдено"
        case .cacheColumnExpired: "устарело"
        case .cacheColumnSize: "размер"
        case .cacheColumnNewest: "самый новый"
        case .notAProviderID: "«{1}» — не идентификатор источника"
        case .cacheDeleted: .plural(one: "удалён {n} ответ из кэша", few: "удалено {n} ответа из кэша", many: "удалено {n} ответов из кэша")
        case .cacheDeletedOf: " от {1}"
        case .cachePruned: .plural(one: "удалён {n} устаревший ответ", few: "удалено {n} устаревших ответа", many: "удалено {n} устаревших ответов")
        case .bytesB: "{1} Б"
        case .bytesKB: "{1} КБ"
        case .bytesMB: "{1} МБ"

        // MARK: doctor
        case .doctorConfigValid: "{1}: ошибок нет"
        case .doctorTheConfigurationFile: "файл настроек"
        case .doctorNoConfigFile: "файла нет ({1}); действуют значения по умолчанию"
        case .doctorNoLocation: "расположение не определено"
        case .doctorFixConfig: "исправьте файл или начните с настроек по умолчанию: 'lexagg config reset'"
        case .doctorNoDictionary: "ни один словарь, к которому обращается поиск по умолчанию, не работает"
        case .doctorInstallDictionary: "apt-get install dict-wn или настройте онлайн-источник (см. 'lexagg providers')"
        case .doctorBroken: "Что-то, без чего поиск не работает, сломано (✗ выше)."
        case .doctorAllWorks: "Всё, что нужно для поиска, работает."
        case .doctorNoCacheDirectory: "нет каталога для кэша"
        case .doctorSetCacheDir: "задайте LEXAGG_CACHE_DIR, XDG_CACHE_HOME или HOME"
        case .doctorCannotOpen: "не удаётся открыть {1}"
        case .doctorCacheAnswers: "{1}: ответов в кэше: {2}"
        case .doctorReadOnly: "; файл доступен только для чтения"
        case .doctorMakeWritableOrClear: "разрешите запись в него или выполните 'lexagg cache clear'"
        case .doctorCacheClearStartsNew: "'lexagg cache clear' начнёт кэш заново (ваших сохранённых слов в нём нет)"
        case .doctorFixStoreURL: "исправьте store.url или LEXAGG_STORE_URL: postgres://user@host:5432/database"
        case .doctorNotSet: "не задано"
        case .doctorStartServer: "запустите сервер, проверьте адрес, пользователя и пароль (PGPASSWORD или store.password_file)"
        case .doctorNewerSchema: "{1}: база обновлена более новой версией lexagg (схема {2})"
        case .doctorUpdateLexagg: "обновите lexagg"
        case .doctorMigratedOnFirstUse: "{1}: доступна; схема {2} из {3}, обновится при первом обращении"
        case .doctorStoreContents: "{1}: ответов в кэше: {2}, сохранённых слов: {3}"
        case .doctorNoDataDirectory: "нет каталога для данных"
        case .doctorSetDataDir: "задайте LEXAGG_DATA_DIR, XDG_DATA_HOME или HOME"
        case .doctorLibraryWords: "{1}: слов: {2}"
        case .doctorHealthy: "{1}: в порядке"
        case .doctorRunLibraryDoctor: "выполните 'lexagg library doctor', чтобы узнать, как восстановить библиотеку ('library doctor --repair' переносит все читаемые слова в новую)"
        case .doctorNotCreatedYet: "{1} (ещё не создан)"
        case .doctorCannotCreate: "не удаётся создать {1}"
        case .doctorMakeWritableOrSet: "разрешите запись в него или задайте {1}"

        // MARK: config
        case .configNoPath: "не определить, где хранить настройки: задайте HOME, XDG_CONFIG_HOME или LEXAGG_CONFIG"
        case .configMasked: .plural(one: "******** ({n} символ)", few: "******** ({n} символа)", many: "******** ({n} символов)")
        case .configNoFileYet: "(файла ещё нет: lexagg работает с настройками по умолчанию; его создаст 'lexagg config set')"
        case .configIsDirectory: "{1} — это каталог, а не файл"
        case .configProviderTableUnknown: "providers.{1}: источника «{1}» на этой машине нет{2}"
        case .configLookupProvidersUnknown: "lookup.providers: источника «{1}» на этой машине нет (поиск не сработает)"
        case .configNoPathHomeUnset: "(не определить, где хранить настройки: HOME не задан)"
        case .configNoFileDefaults: " (файла нет: настройки по умолчанию)"
        case .configEveryProvider: "(все доступные источники)"
        case .configNone: "(не задано)"
        case .configSetUnknownProvider: "{1}: источника «{2}» на этой машине нет{3} (список: 'lexagg providers')"
        case .configSetDone: "{1} = {2} в {3}"
        case .configRewritten: "файл записан заново из разобранного вида; комментарии в нём пропали"
        case .configOverriddenByVariable: "переменная окружения {1} задана и перекрывает это значение"
        case .configUnknownProviderTable: "источника «{1}» на этой машине нет{2} (список: 'lexagg providers')"
        case .configMoved: "{1} переименован в {2}; теперь lexagg работает с настройками по умолчанию"
        case .configNothingToReset: "сбрасывать нечего: {1} не существует"

        // MARK: config show
        case .originDefault: "по умолчанию"
        case .originFileLine: "файл, строка {1}"
        case .originFile: "файл"
        case .originEnvironment: "переменная {1}"

        // MARK: files and provider check
        case .cannotWrite: "не удаётся записать {1}: {2}"
        case .fileDanglingLink: "символическая ссылка в никуда ({1})"
        case .fileLinkToNotAFile: "символическая ссылка на {1}, а не на файл"
        case .fileIsNotAFile: "это {1}, а не файл"
        case .fileNotAFile: "это не файл"
        case .fileDirectory: "каталог"
        case .fileFIFO: "именованный канал (FIFO)"
        case .fileSocket: "сокет"
        case .fileBlockDevice: "блочное устройство"
        case .fileCharacterDevice: "символьное устройство"
        case .fileNotRegular: "не обычный файл"
        case .checkNoSuchFile: "«{1}»: такого файла нет"
        case .checkNotExecutable: "«{1}» — не исполняемый файл (может быть, нужен chmod +x?)"
        case .checkBadTimeout: "--timeout — это число секунд больше 0 и не больше 600, а не {1}"
        case .checkAllPassed: .plural(one: "{n} проверка пройдена", few: "все {n} проверки пройдены", many: "все {n} проверок пройдены")
        case .checkSomeFailed: .plural(one: "не пройдено проверок: {1} из {n}", few: "не пройдено проверок: {1} из {n}", many: "не пройдено проверок: {1} из {n}")

        // MARK: data
        case .dataNoDirectory: "нет каталога для данных: задайте LEXAGG_DATA_DIR, XDG_DATA_HOME или HOME"
        case .dataNoSuchDataset: "набора данных «{1}» в {2} нет"
        case .dataImportOne: "; импортируйте его: 'lexagg data import wiktextract ФАЙЛ'"
        case .dataThereAre: "; есть такие: {1}"
        case .dataNone: "в {1} нет наборов данных; импортируйте набор: 'lexagg data import wiktextract ФАЙЛ'"
        case .dataColumnName: "название"
        case .dataColumnEntries: "статей"
        case .dataColumnLanguages: "языки"
        case .dataColumnSize: "размер"
        case .dataColumnSource: "источник"
        case .dataLabelSource: "источник"
        case .dataLabelImported: "импортирован"
        case .dataLabelEntries: "статей"
        case .dataLabelIndexKeys: "ключей индекса"
        case .dataLabelTranslations: "переводов"
        case .dataLabelLanguages: "языки"
        case .dataSourceValue: "{1} ({2}, от {3})"
        case .dataImportedLanguages: ", языки: {1}"
        case .dataEntriesValue: .plural(one: "{1} из {2} строки (с ошибками: {3})", few: "{1} из {2} строк (с ошибками: {3})", many: "{1} из {2} строк (с ошибками: {3})")
        case .dataIndexKeysValue: "{1} (заглавные слова, формы, переводы)"
        case .dataTranslationsValue: "{1}, языков: {2}"
        case .dataMoreLanguages: " и ещё {1}"
        case .dataLabelFormat: "формат"
        case .dataFormatEarlier: "{1}, от прежней версии lexagg: импортируйте дамп заново, чтобы слова находились при любом регистре (strasse: Straße) и без знаков ударения и долготы (дома: до́ма, famae: fāmae) и читалось то, что читает эта версия"
        case .dataCannotDelete: "не удаётся удалить {1}: {2}"
        case .dataRemoved: "удалён {1} ({2})"

        // MARK: data import
        case .importBadName: "«{1}» не годится для --name: допустимы строчные буквы, цифры и '-' (это будет идентификатор источника)"
        case .importMaxMalformed: "--max-malformed должен быть не меньше 0"
        case .importMaxLine: "--max-line-mb должен быть от 1 до 1024"
        case .importNameTaken: "«{1}» — уже идентификатор источника; выберите другой --name"
        case .importInterrupted: "прервано: ничего не импортировано, недописанные файлы удалены; набор «{1}», импортированный раньше, не изменён"
        case .importInterruptedFirst: "прервано: ничего не импортировано, недописанные файлы удалены; набора «{1}» нет"
        case .importDone: .plural(
            one: "импортирована {1} статья ({2}) как {3}", few: "импортированы {1} статьи ({2}) как {3}",
            many: "импортировано {1} статей ({2}) как {3}"
        )
        case .importLines: .plural(  // (строк: N needs no agreement)
            one: "строк: {1}; пропущено: {2} (другие языки или не словарные статьи), с ошибками: {3}",
            few: "строк: {1}; пропущено: {2} (другие языки или не словарные статьи), с ошибками: {3}",
            many: "строк: {1}; пропущено: {2} (другие языки или не словарные статьи), с ошибками: {3}"
        )
        case .importNoEntries: .plural(one: "{1}: нет словарных статей (строк: {2}, с ошибками: {3}, пропущено: {4}); ничего не импортировано", few: "{1}: нет словарных статей (строк: {2}, с ошибками: {3}, пропущено: {4}); ничего не импортировано", many: "{1}: нет словарных статей (строк: {2}, с ошибками: {3}, пропущено: {4}); ничего не импортировано")  // (строк: N needs no agreement)
        case .importNoEntriesLanguages: .plural(one: "{1}: нет словарных статей (строк: {2}, с ошибками: {3}, пропущено не на языках {5}: {4}); ничего не импортировано", few: "{1}: нет словарных статей (строк: {2}, с ошибками: {3}, пропущено не на языках {5}: {4}); ничего не импортировано", many: "{1}: нет словарных статей (строк: {2}, с ошибками: {3}, пропущено не на языках {5}: {4}); ничего не импортировано")
        case .importTooManyMalformed: "остановлено: строк с ошибками больше {1} ({2}); {3} — точно файл JSON Lines из wiktextract? Прежний набор, если был, не изменён"
        case .importTerminalInput: "стандартный ввод — терминал: передайте дамп через конвейер (zcat FILE.jsonl.gz | lexagg data import wiktextract -) или укажите файл"
        case .importTruncatedGzip: "{1} обрывается посреди данных gzip (загрузка не завершилась?)"
        case .importNotText: "{1} — не файл JSON Lines (начинается с двоичных данных); дамп wiktextract — это .jsonl, .jsonl.gz, .jsonl.bz2 или .jsonl.xz"
        case .importSorting: "сортировка индекса"
        case .dataRemoveImportRunning: "идёт импорт в «{1}»; дождитесь его конца, затем удалите набор данных"
        case .importRunning: "уже идёт импорт в «{1}»; дождитесь его конца или импортируйте под другим --name"
        case .importInvalidGzip: "{1} — не данные gzip: {2}"
        case .importMissingProgram: "чтобы распаковать {1}, нужна программа «{2}»: установите её (apt-get install {3}) или распакуйте файл заранее"
        case .importDecompressionFailed: "{1} не смог распаковать {2} (код выхода {3}): это целый файл .{4}?"
        case .importDecompressionFailedPiped: "{1} не смог распаковать {2} (код выхода {3}): это целые данные {1}?"
        case .importProblemLine: "строка {1}: {2}"
        case .importAndMore: "… и ещё {1}"
        case .importSpeed: .plural(  // (ключей индекса: N needs no agreement)
            one: "{1} МБ JSON за {2} с ({3} МБ/с); ключей индекса: {4}", few: "{1} МБ JSON за {2} с ({3} МБ/с); ключей индекса: {4}",
            many: "{1} МБ JSON за {2} с ({3} МБ/с); ключей индекса: {4}"
        )
        case .importDataset: "набор данных: {1}"
        case .importTry: "попробуйте: lexagg lookup СЛОВО --providers {1}"
        case .importProgress: "{1}/{2} МБ  статей: {3}  {4} МБ/с"
        case .importProgressStream: "{1} МБ  статей: {2}  {3} МБ/с"
        case .importETA: "осталось {1}"
        case .importMalformed: "с ошибками: {1}"

        // MARK: store
        case .storeNotConfigured: "общее хранилище не задано: задайте store.url (lexagg config set store.url postgres://user@host:5432/db), LEXAGG_STORE_URL или укажите --to"
        case .storeUpToDate: "{1}: схема {2}, обновлять нечего"
        case .storeMigrated: "{1}: применены миграции {2}; схема {3}"
        case .storeCopiedCache: "кэш {1} → {2}: прочитано {3}, скопировано {4}, уже было {5}"
        case .storeCopiedLibrary: "библиотека {1} → {2}: прочитано {3}, добавлено {4}, объединено {5}, уже было {6}; состояний повторения: {7}, викторин: {8}, слов в истории: {9}"
        case .storeAnswers: .plural(one: "{n} ответ", few: "{n} ответа", many: "{n} ответов")
        case .storeFromSyntax: "--from принимает sqlite:ПУТЬ (файл кэша или библиотеки либо каталог) или sqlite"
        case .storeFromNoPath: "в --from не указан путь"
        case .storeNoSuchPath: "нет такого файла или каталога: {1}"
        case .storeNothingToCopy: "копировать нечего: в {3} нет ни {1}, ни {2}"

        // MARK: serve
        case .serveBadPort: "--port должен быть от 0 до 65535, а не {1}"
        case .serveBadMaxConnections: "--max-connections должен быть от 1 до 10000, а не {1}"
        case .serveBadIdleTimeout: "--idle-timeout должен быть от 1 до 86400 секунд, а не {1}"
        case .serveBadHost: "--host — это адрес, а не «{1}»"
        case .serveUnknownHost: "--host «{1}» — не адрес и не имя, которое разрешается; укажите адрес этой машины: 127.0.0.1 (по умолчанию), ::1 или 0.0.0.0 для всех интерфейсов"
        case .serveOnNetwork: "сервер открыт для сети на {1}: им может пользоваться любой, кто достучится до порта {2} этой машины"
        case .serveDICTListening: "lexagg serve dict: слушает {1}"
        case .serveDICTFailed: "не удаётся запустить сервер DICT на {1}:{2}: {3}"
        case .serveBadRateLimit: "--rate-limit должен быть не меньше 0 (0 — без ограничения), а не {1}"
        case .serveBadBurst: "--burst должен быть не меньше 1, а не {1}"
        case .serveBadMaxConcurrent: "--max-concurrent должен быть от 1 до 10000, а не {1}"
        case .serveEmptyToken: "--token не может быть пустым"
        case .serveBadDictPort: "--dict-port должен быть от 0 до 65535, а не {1}"
        case .serveHTTPListening: "lexagg: HTTP-сервер работает на {1}"
        case .serveHTTPDICTListening: "lexagg: сервер DICT работает на {1}"
        case .serveFailed: "не удалось запустить сервер на {1}: {2}"
        case .libraryNotSavedButLemma: "«{1}» сохранено как «{2}» — слово, формой которого оно является: lexagg library show {3}"
        case .libraryNotSavedButLemmaVerb: "«{1}» сохранено как «{2}» — слово, формой которого оно является: lexagg library {3} {4}"
        case .librarySpelledSeveralWays: "«{1}» сохранено в нескольких написаниях: {2}; укажите одно, как оно написано (lexagg library {3} {4})"
        case .libraryNoTranslator: "здесь ни один источник не переводит {1} → {2}: слова сохранены без переводов"
        case .randomNoTranslator: "здесь ни один источник не переводит {1} → {2}: слова показаны только с определениями"
        case .browseTryTo: "; с --to {1} будут слова с переводами на {2}"
        case .lemmaFormOf: "{1} от {2}"
        case .lemmaAFormOf: "форма слова {1}"
        case .serveSamePorts: "у --port и --dict-port один и тот же порт {1}; дайте серверу DICT свой (2628 — порт DICT)"

        // MARK: help with a number
        case .helpMatchLimit: "Не больше стольких заглавных слов от каждого источника (1–{1})."

        // MARK: doctor: the service's findings
        case .doctorNotConfigured: "не настроен"
        case .doctorReady: "готов ({1})"
        case .doctorMetered: "настроен; запрос не отправлялся (платный: {1})"
        case .doctorReachable: "доступен по адресу {1} ({2} мс)"
        case .doctorAdviceCheckKey: "проверьте ключ (lexagg config show) или получите новый"
        case .doctorAdviceTimeout: "{1} не ответил вовремя: проверьте сеть или адрес"
        case .doctorAdviceThrottled: "источник ограничивает запросы; подождите и попробуйте снова"
        case .doctorAdviceCheckNetwork: "проверьте сеть и адрес ({1}); без сети поиск обходится офлайн-словарями и ответами из кэша"
        case .doctorAdviceTryLookup: "проверьте его поиском: --providers {1}"
        case .doctorAdviceOffline: "ни один онлайн-источник недоступен: без сети поиск обходится офлайн-словарями и ответами из кэша"
        case .doctorOfflineWorks: "Нет сети: онлайн-источники (! выше) недоступны; поиск отвечает по офлайн-словарям и из кэша."
        }
    }
}
