/// The `--help` texts in Russian.
enum RussianHelp {
    static func entry(_ key: HelpKey) -> CatalogueEntry {
        switch key {
        case .helpCacheAbstract: "Показать, почистить или очистить кэш онлайн-ответов."
        case .helpCacheStatsAbstract: "Показать, где лежит кэш и что в нём есть, по источникам."
        case .helpOutputFormat: "Формат вывода."
        case .helpCacheClearAbstract: "Удалить ответы из кэша: все или одного источника."
        case .helpCachePruneAbstract:
            "Удалить устаревшие ответы (до сих пор они хранились про запас на случай, если источник не ответит)."
        case .helpConfigAbstract: "Показать или изменить файл настроек lexagg."
        case .helpConfigDiscussion:
            """
            Файл в формате TOML лежит в $LEXAGG_CONFIG, иначе в $XDG_CONFIG_HOME/lexagg/config.toml, иначе в \
            ~/.config/lexagg/config.toml; lexagg работает и без него. Приоритет: флаги командной строки > окружение \
            (LEXAGG_*) > файл > значения по умолчанию. Все ключи перечислены в README.md, раздел "Configuration".

            Примеры:
              lexagg config path
              lexagg config show
              lexagg config set lookup.providers wordnet,wiktionary
              lexagg config set lookup.strategy first
              lexagg config set ui.language ru
              lexagg config set providers.wiktionary.weight 1.5
              lexagg config set providers.pons.secret "$KEY"
              lexagg config reset
            """
        case .helpConfigPathAbstract: "Показать путь к файлу настроек (работает, даже если файл с ошибками)."
        case .helpConfigPathDiscussion:
            """
            В стандартный вывод идёт только путь; если файла нет, об этом сказано в стандартном потоке ошибок.

            Примеры:
              lexagg config path
              $EDITOR "$(lexagg config path)"
            """
        case .helpConfigShowAbstract:
            "Показать действующие настройки и откуда взято каждое значение (по умолчанию, строка файла, переменная)."
        case .helpConfigShowDiscussion:
            """
            Секреты (ключи API) скрыты. Таблицы источников, которых на этой машине нет, помечаются.

            Примеры:
              lexagg config show
              lexagg config show --format json | jq '.settings[] | select(.origin != "default")'
            """
        case .helpConfigSetAbstract:
            "Задать один ключ в файле настроек (файл создаётся при необходимости); остальные значения и комментарии остаются."
        case .helpConfigSetDiscussion:
            """
            Ключи пишутся через точку: lookup.providers, lookup.strategy, lookup.timeout, lookup.provider_timeout, \
            lookup.language, ui.language, learner.languages, cache.enabled, cache.ttl, cache.negative_ttl, databases.path \
            и providers.<id>.weight|timeout|endpoint|secret|database|ttl|negative_ttl. Списки — через запятую; \
            длительности — в секундах или как 30m, 12h, 7d.

            Примеры:
              lexagg config set lookup.providers wordnet,wiktionary,freedictionary
              lexagg config set lookup.timeout 12
              lexagg config set cache.ttl 30d
              lexagg config set ui.language ru
              lexagg config set providers.wiktionary.endpoint http://127.0.0.1:8080
            """
        case .helpConfigSetKey: "Ключ через точку, например lookup.strategy."
        case .helpConfigSetValue: "Значение, например first."
        case .helpConfigResetAbstract:
            "Отложить файл настроек в сторону (в config.toml.bak), чтобы lexagg работал с настройками по умолчанию."
        case .helpConfigResetDiscussion:
            """
            Ничего не удаляется: файл переименовывается в config.toml.bak (или .bak.1, .bak.2, …, если такой уже есть), \
            и lexagg говорит, куда. Работает, даже если в файле ошибки.

            Примеры:
              lexagg config reset
            """
        case .helpDataAbstract: "Импорт, список и удаление офлайн-наборов данных (дампы Викисловаря с kaikki.org)."
        case .helpDataListAbstract: "Показать импортированные наборы данных."
        case .helpDataInfoAbstract: "Показать, что содержит набор данных и откуда он взят."
        case .helpDataRemoveAbstract: "Удалить импортированный набор данных."
        case .helpDataImportAbstract: "Импортировать дамп словаря в локальный набор данных."
        case .helpDataImportWiktextractAbstract:
            "Импортировать дамп Викисловаря wiktextract (kaikki.org) в формате JSON Lines как офлайн-источник."
        case .helpDoctorAbstract:
            "Проверить настройки, все источники (и достучаться до онлайн-источников), кэш и библиотеку."
        case .helpHistoryAbstract: "Показать слова, которые вы недавно искали, и сколько раз."
        case .helpHistoryDiscussion:
            """
            Каждый 'lexagg lookup', который нашёл слово, учитывается в каталоге данных библиотеки \
            (LEXAGG_NO_HISTORY=1 отключает историю).

            Примеры:
              lexagg history
              lexagg history --limit 50 --format json
              lexagg history --clear
            """
        case .helpHistoryLimit: "Сколько слов (1–1000)."
        case .helpHistoryClear: "Забыть всю историю."
        case .helpLibraryAbstract:
            "Ваши сохранённые слова: добавить, показать, отметить, найти, выгрузить в Anki, загрузить."
        case .helpLibraryDiscussion:
            """
            Слова сохраняются со всем, что сказали словари (значения, произношение, переводы, источники), поэтому \
            'library show' работает без сети. Библиотека — один файл SQLite в LEXAGG_DATA_DIR, иначе \
            в $XDG_DATA_HOME/lexagg, иначе в ~/.local/share/lexagg. Слово хранится так, как его написали (регистр важен: \
            немецкие 'Essen' и 'essen' — два разных слова); show, remove и star находят его в любом регистре.

            Примеры:
              lexagg library add serendipity
              lexagg library add Haus --lang de --to en
              lexagg library star serendipity
              lexagg library list --favorites
              lexagg library search cafe
              lexagg library export --format anki --output words.txt
              lexagg library import words.txt
            """
        case .helpLibraryAddAbstract: "Найти слова и сохранить то, что говорят словари."
        case .helpLibraryAddDiscussion:
            """
            Каждый аргумент — одно слово (словосочетания берите в кавычки: "ice cream"). Повторное добавление \
            заменяет статьи слова свежими; дважды слово не сохраняется. Слово, которого не знает ни один источник, \
            не сохраняется (код 1). Каждое слово сохраняется в своей транзакции, и о нём сообщается, как только \
            оно надёжно записано на диск.

            Примеры:
              lexagg library add serendipity
              lexagg library add house tree "ice cream"
              lexagg library add Haus --lang de --to en
              lexagg library add bank --offline --format json
              lexagg library add walked          (сохранится как 'walk', с пометкой о форме)

            Сохраняются только статьи на языке слова (--lang, иначе язык первой статьи; ваши learner.languages \
            идут первыми); --all-languages сохраняет статьи на всех языках.
            """
        case .helpLibraryAddWords: "Слова, которые нужно сохранить."
        case .helpLibraryAddLang: "Язык слов (код ISO 639; по умолчанию — что скажут словари, иначе en)."
        case .helpLibraryAddTo: "Сохранить ещё и переводы на этот язык."
        case .helpLibraryAddProviders: "Идентификаторы источников через запятую."
        case .helpLibraryAddOffline: "Не ходить в сеть: офлайн-словари и ответы из кэша, как 'lookup --offline'."
        case .helpLibraryAddAllLanguages: "Сохранить статьи на всех языках, которые дают словари, а не только на языке слова."
        case .helpLibraryListAbstract: "Показать сохранённые слова постранично; ★ отмечает избранные."
        case .helpLibraryListDiscussion:
            """
            Примеры:
              lexagg library list
              lexagg library list --favorites --sort alpha
              lexagg library list --lang de --page 2 --limit 50
            """
        case .helpLibraryListLang: "Только слова на этом языке."
        case .helpLibraryListFavorites: "Только избранные слова."
        case .helpLibraryListSort: "added: сначала новые; alpha: по алфавиту."
        case .helpLibraryListPage: "Номер страницы, начиная с 1."
        case .helpLibraryListLimit: "Слов на странице (1–1000)."
        case .helpLibraryShowAbstract: "Показать полную словарную статью сохранённого слова (работает без сети)."
        case .helpLibraryShowDiscussion:
            """
            Примеры:
              lexagg library show serendipity
              lexagg library show Haus --lang de --format json
            """
        case .helpLibraryShowWord: "Сохранённое слово."
        case .helpLibraryShowLang: "Его язык, если оно сохранено на нескольких."
        case .helpLibraryRemoveAbstract: "Удалить сохранённое слово."
        case .helpLibraryRemoveDiscussion:
            """
            Пример:
              lexagg library remove serendipity
            """
        case .helpLibraryStarAbstract: "Добавить сохранённое слово в избранное (★)."
        case .helpLibraryStarDiscussion:
            """
            Пример:
              lexagg library star serendipity
              lexagg library list --favorites
            """
        case .helpLibraryUnstarAbstract: "Убрать слово из избранного."
        case .helpLibraryUnstarDiscussion:
            """
            Пример:
              lexagg library unstar serendipity
            """
        case .helpLibrarySearchAbstract: "Искать среди сохранённых слов, их переводов и определений."
        case .helpLibrarySearchDiscussion:
            """
            Регистр и диакритика не важны, каждое слово запроса совпадает с началом слов ("cafe" находит "Café", \
            "hous" — "house"); лучшие совпадения идут первыми (совпадение в самом слове весит больше всего).

            Примеры:
              lexagg library search haus
              lexagg library search "living quarters" --lang en
            """
        case .helpLibrarySearchText: "Что искать."
        case .helpLibrarySearchLimit: "Сколько результатов показать, не больше (1–1000)."
        case .helpLibraryExportAbstract: "Выгрузить библиотеку в JSON lexagg, CSV или текстовый файл Anki."
        case .helpLibraryExportDiscussion:
            """
            json сохраняет всё и загружается обратно без потерь; csv — для электронных таблиц (RFC 4180); anki — \
            текстовый формат Anki для «Импорта файла» с полями Word, Definition, Examples, IPA, Translation, Sources и \
            Tags (lang::КОД, starred).

            Примеры:
              lexagg library export --format anki --output words.txt
              lexagg library export --format json > library.json
              lexagg library export --format csv --output words.csv
            """
        case .helpLibraryExportFormat: "Формат файла: json, csv или anki."
        case .helpLibraryExportOutput:
            "Записать в этот файл вместо стандартного вывода: обычный файл заменяется атомарно (права 0600); в ссылку или устройство пишется на месте."
        case .helpLibraryImportAbstract: "Загрузить слова, выгруженные lexagg (JSON, CSV), или текстовый файл Anki."
        case .helpLibraryImportDiscussion:
            """
            Формат определяется сам. Уже сохранённые слова объединяются, а не дублируются: слово в избранном, если \
            в избранном хоть одна из копий, а недостающие статьи добавляются. Весь файл загружается одной транзакцией: \
            при любой ошибке (для CSV — с номером строки) не загружается ничего.

            Примеры:
              lexagg library import words.txt
              lexagg library import library.json --format json
            """
        case .helpLibraryImportFile: "Файл, который нужно загрузить."
        case .helpLibraryImportLang: "Язык строк Anki без метки lang:: (по умолчанию en)."
        case .helpLibraryDoctorAbstract: "Проверить файл библиотеки и объяснить, как восстановить повреждённый."
        case .helpLibraryDoctorDiscussion:
            """
            Читает файл, ничего в нём не меняя (проверка целостности SQLite). С --repair повреждённая библиотека \
            откладывается в сторону (остаётся как library.sqlite.damaged-<время>), а все слова, которые ещё можно \
            прочитать, копируются в новую библиотеку. Код 0 — всё в порядке, 69 — файл повреждён или это не библиотека lexagg.

            Примеры:
              lexagg library doctor
              lexagg library doctor --repair
            """
        case .helpLibraryDoctorRepair: "Скопировать всё, что читается, в новую библиотеку, сохранив повреждённый файл."
        case .helpLookupAbstract: "Найти слово во всех словарях, которые знают его язык."
        case .helpLookupDiscussion:
            """
            Без --providers опрашиваются все доступные источники, где есть слова этого языка \
            (список: 'lexagg providers'). Значения сгруппированы по частям речи, у каждой статьи указаны \
            источник и язык. Текстовый вывод показывает статьи на ваших языках (learner.languages, иначе язык \
            локали), не больше 5 значений каждой части речи, и говорит, что осталось за кадром; --all показывает \
            всё, а в JSON всегда есть всё. Словоформа ищется и как начальная форма (walked → walk). \
            Если ничего не нашлось, lexagg предлагает похожие написания и завершается с кодом 1.

            Примеры:
              lexagg lookup serendipity
              lexagg lookup "ice cream" --providers wordnet
              lexagg lookup house --providers freedict-eng-deu
              lexagg lookup bank --format json | jq '.entries[0].senseGroups'
              lexagg lookup hello --offline      # без сети: только локальные словари и кэш
              lexagg lookup set --senses 10      # больше значений каждой части речи (--all: все)
              lexagg lookup Haus --lang de       # немецкие статьи (остальные языки — одной строкой)
              lexagg lookup --batch words.txt --format json > answers.ndjson

            Ответы онлайн-источников кэшируются (см. 'lexagg cache --help'): свежий ответ из кэша используется \
            вместо нового запроса, а если источник не отвечает, показывается его ответ из кэша любой давности \
            с пометкой «устарело».
            """
        case .helpLookupWords: "Слово или словосочетание (несколько аргументов соединяются пробелами)."
        case .helpLookupProviders: "Идентификаторы источников через запятую, в порядке опроса."
        case .helpLookupLang: "Язык слова (код ISO 639, например en, de)."
        case .helpLookupStrategy:
            "first: опрашивать источники по порядку до первого, который знает слово; fastest: взять первый ответ; merge: дождаться всех (в пределах --timeout). По умолчанию — lookup.strategy из файла настроек, иначе merge."
        case .helpLookupTimeout: "Сколько ждать источники, в секундах (по умолчанию 8 на всё и 5 на каждый)."
        case .helpLookupExplain: "Показать оценку каждого значения: сколько источников его дали, их вес, исходный порядок."
        case .helpLookupAll: "Показать все статьи на всех языках и все значения (в тексте; в JSON всегда есть всё)."
        case .helpLookupSenses:
            "Показывать не больше N значений каждой части речи (по умолчанию lookup.senses из файла настроек, иначе 5)."
        case .helpLookupNoPager:
            "Никогда не листать ответ постранично (по умолчанию текст длиннее экрана идёт через $PAGER, иначе 'less -FRX')."
        case .helpLookupOffline:
            "Не ходить в сеть: только офлайн-словари и ответы из кэша (старые помечаются как устаревшие)."
        case .helpLookupNoCache: "Не читать и не записывать кэш онлайн-ответов."
        case .helpLookupRefresh: "Спросить онлайн-источники заново, даже если в кэше есть свежий ответ, и сохранить новый."
        case .helpLookupBatch:
            "Найти все слова из ФАЙЛА, по одному в строке ('-' — стандартный ввод); с --format json — по документу JSON на строку."
        case .helpLookupJobs: "Сколько слов из --batch искать в сети одновременно (1-64)."
        case .helpMCPAbstract:
            "Отвечать ИИ-ассистентам: сервер Model Context Protocol (MCP) на стандартном вводе и выводе."
        case .helpMatchAbstract: "Показать заглавные слова, подходящие под шаблон, как 'dict -m'."
        case .helpProviderAbstract: "Инструменты для авторов внешних источников (docs/external-providers.md)."
        case .helpProviderCheckAbstract: "Проверить, что исполняемый файл правильно говорит на протоколе внешних источников."
        case .helpProvidersAbstract: "Показать все источники: что они умеют, их языки и настроены ли они."
        case .helpQuizAbstract: "Проверьте себя на словах из своей библиотеки."
        case .helpQuizDiscussion:
            """
            В каждом вопросе — слово из вашей библиотеки (или, с --mode word, значение) и четыре варианта ответа: \
            правильный и три от других слов того же языка, по возможности той же части речи. Отвечайте клавишами \
            1–4, пока не кончился отсчёт; когда он дойдёт до нуля, вопрос считается пропущенным и показывается ответ. \
            q или Ctrl-C завершают викторину досрочно; данные ответы сохраняются.

            Каждый ответ обновляет расписание повторения слова (SM-2 из SuperMemo): сначала идут слова, которые \
            пора повторить, потом новые. Результаты и история каждого слова хранятся в библиотеке; их показывает --stats.

            Без терминала передайте ответы через --answers (1–4 или -, чтобы вопрос истёк) или подавайте их \
            на вход по одному в строке.

            Примеры:
              lexagg quiz
              lexagg quiz --count 5 --seconds 10 --mode word --lang de
              lexagg quiz --answers 2,4,1,-,3 --format json
              printf '1\\n3\\n' | lexagg quiz --count 2
              lexagg quiz --stats

            Коды выхода: 0 — готово, 1 — в библиотеке мало слов, 64 — ошибка в команде (или нет ответов без \
            терминала), 69 — библиотеку не открыть, 130 — прервано через Ctrl-C.
            """
        case .helpQuizCount: "Сколько вопросов (1–100)."
        case .helpQuizStats: "Вместо игры показать прошлые викторины, лучший результат и историю каждого слова."
        case .helpQuizOptionsSeconds: "Секунд на каждый вопрос (1–3600)."
        case .helpQuizOptionsMode: "meaning: показать слово, выбрать значение; word: показать значение, выбрать слово."
        case .helpQuizOptionsLang: "Язык слов (код ISO 639); по умолчанию — язык, слов на котором в библиотеке больше всего."
        case .helpQuizOptionsAnswers: "Ответы заранее, через запятую: 1–4 или -, чтобы вопрос истёк (для скриптов)."
        case .helpQuizOptionsNow:
            "Считать, что сейчас это время (ISO 8601: 2026-11-22 или 2026-11-22T09:30:00Z) — для тестов и путешествий во времени."
        case .helpQuizOptionsSeed: "Начальное значение для порядка слов и вариантов (повторяемые запуски)."
        case .helpRandomAbstract: "Вывести случайные слова на заданном языке."
        case .helpReviewAbstract: "Повторить слова библиотеки, которым пришёл срок, и узнать, когда очередь следующих."
        case .helpReviewDiscussion:
            """
            Викторина только из слов, которые пора повторить: тех, чей срок повторения (его назначает SM-2 после \
            каждого ответа) наступил; первыми идут самые просроченные и самые трудные — пропущенные в прошлый раз. \
            В конце сказано, когда подойдёт срок следующих слов. Если повторять нечего, lexagg так и говорит, \
            добавляет, когда будет что, и завершается с кодом 0.

            Примеры:
              lexagg review
              lexagg review --lang de --seconds 20
              lexagg review --now 2026-11-23 --answers 1,2
              lexagg review --format json --answers 3

            Коды выхода: 0 — готово (или повторять нечего), 1 — в библиотеке мало слов, 64 — ошибка в команде, \
            69 — библиотеку не открыть, 130 — прервано через Ctrl-C.
            """
        case .helpReviewCount: "Не больше стольких слов (1–100)."
        case .helpServeAbstract: "Отвечать другим программам: HTTP API или сервер протокола DICT (RFC 2229)."
        case .helpServeDICTAbstract: "Отвечать по протоколу DICT (RFC 2229) — для dict, GoldenDict и других клиентов DICT."
        case .helpServeHTTPAbstract: "Отвечать по HTTP: JSON API lexagg и маршрут, совместимый с dictionaryapi.dev."
        case .helpStoreAbstract: "Настроить общее хранилище PostgreSQL и перенести в него файлы SQLite."
        case .helpStoreMigrateAbstract:
            "Создать или обновить схему общего хранилища сейчас (иначе это делается при первом обращении)."
        case .helpStoreCopyAbstract:
            "Скопировать кэш и библиотеку SQLite в общее хранилище PostgreSQL (можно запускать повторно)."
        case .helpSuggestAbstract: "Слово дня: слово с определением, которого ещё нет в вашей библиотеке."
        case .helpTranslateAbstract: "Перевести слово с одного языка на другой."
        case .helpLexAggAbstract: "Поиск слов сразу во многих словарях."
        case .helpLexAggDiscussion:
            """
            lexagg спрашивает все словари, которые знает, — встроенный WordNet, базы dictd на этой машине \
            (/usr/share/dictd, LEXAGG_DICT_PATH) и, если они настроены, онлайн-источники — и показывает, что говорит \
            каждый из них, с указанием источника.

            Примеры:
              lexagg lookup serendipity
              lexagg lookup bank --providers wordnet --format json
              lexagg translate house --from en --to de
              lexagg match hous --strategy prefix
              lexagg random --lang es --count 5
              lexagg providers
              lexagg lookup hello --offline
              lexagg cache stats
              lexagg config set lookup.strategy first
              lexagg library add serendipity
              lexagg suggest
              lexagg quiz --count 5
              lexagg review
              lexagg doctor
              lexagg data import wiktextract kaikki.org-dictionary-English.jsonl.gz

            Язык сообщений: --ui-language en|ru, иначе ui.language в настройках (lexagg config set ui.language ru), \
            иначе LC_ALL, LC_MESSAGES, LANG, LANGUAGE.

            Коды выхода: 0 — найдено, 1 — не найдено, 64 — ошибка в команде, 69 — все источники вернули ошибку, \
            70 — внутренняя ошибка, 78 — ошибка в настройках, 130 — прервано.
            """
        case .helpLoggingOptionsVerbose:
            "Записывать в стандартный поток ошибок каждый запрос (метод, URL со скрытыми секретами, статус, размер, время), попадания в кэш и решения стратегии."
        case .helpLoggingOptionsDebug: "Как --verbose, но подробнее."
        case .helpLoggingOptionsQuiet: "Не выводить предупреждения (ошибки по-прежнему идут в стандартный поток ошибок)."
        }
    }
}
