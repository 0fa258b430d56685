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
        case .seeHelpForUsage: "Как пользоваться: lexagg help."
        case .unknownCommand: "неизвестная команда «{1}»"
        case .unknownCommandDidYouMean: "; может быть, вы имели в виду «{1}»?"
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

        // MARK: lookup
        case .lookupShowingMatchedAs: "lexagg: в таком написании «{1}» не найдено; показано «{2}»"
        case .lookupNothingCachedOffline:
            "нет ответа для «{1}» без сети: в кэше ничего нет от {2}; повторите без --offline"
        case .lookupEveryProviderFailed: "ни один источник не смог ответить на «{1}»"
        case .lookupNoEntry: "слово «{1}» не найдено в словарях: {2}"
        case .lookupDidYouMean: "Возможно, вы имели в виду: {1}?"
        case .lookupOfflineNotReached: "нет сети, недоступны: {1}"
        case .lookupNotReached: "недоступны: {1}: {2}"
        case .lookupShowingCached: "; показаны ответы из кэша от {1} (самому старому — {2})"
        case .lookupStaleShowing: "{1}; показан ответ из кэша ({2})"
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
            one: "оценка {1}: {n} источник, вес {2}, порядок {3}",
            few: "оценка {1}: {n} источника, вес {2}, порядок {3}",
            many: "оценка {1}: {n} источников, вес {2}, порядок {3}")
        case .footerEntries: .plural(one: "{n} статья", few: "{n} статьи", many: "{n} статей")
        case .footerNotFound: "не найдено"
        case .footerNotCachedOffline: "нет в кэше (без сети)"
        case .footerCached: "из кэша, {1}"
        case .footerStale: "устарело"
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
        case .libraryImported: "импортирован {1} ({2}): добавлено {3}, объединено {4}, уже было {5}"
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
            "для викторины нужно не меньше {1} слов с разными значениями (язык: {2}), а в вашей библиотеке их {3} — добавьте ещё {4}: 'lexagg library add СЛОВО'"
        case .quizNeedsWordsSpellings:
            "для викторины нужно не меньше {1} слов с разным написанием (язык: {2}), а в вашей библиотеке их {3} — добавьте ещё {4}: 'lexagg library add СЛОВО'"
        case .quizNothingDue: "Повторять нечего: пока ни одно слово не ждёт повторения (язык: {1}). {2}"
        case .quizInputEndedFirst: "стандартный ввод закончился раньше первого ответа; подавайте ответы по одному в строке (1–4)"
        case .quizLibraryEmpty: "в вашей библиотеке пока пусто: добавьте слова ('lexagg library add СЛОВО') и проверьте себя"
        case .quizNothingScheduled: "Пока ни одно слово не назначено к повторению."
        case .quizNextReviewOne: "Следующее повторение: 1 слово, {1}."
        case .quizNextReviewMany: .plural(
            one: "Следующее повторение: {n} слово, {1}, первое в {2}.",
            few: "Следующее повторение: {n} слова, {1}, первое в {2}.",
            many: "Следующее повторение: {n} слов, {1}, первое в {2}.")
        case .badNowTime: "«{1}» — не время для --now; укажите его в ISO 8601, например 2026-11-22 или 2026-11-22T09:30:00Z"
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
        }
    }
}
