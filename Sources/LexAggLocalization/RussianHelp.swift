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
              lexagg config show --format json \\
                | jq '.settings[] | select(.origin != "default")'
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
              # сохранится как 'walk', с пометкой о форме
              lexagg library add walked

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
            "Записать в этот файл вместо стандартного вывода: обычный файл заменяется атомарно (права 0600); в ссылку или устройство пишется на месте; - — стандартный вывод."
        case .helpLibraryImportAbstract: "Загрузить слова, выгруженные lexagg (JSON, CSV), или текстовый файл Anki."
        case .helpLibraryImportDiscussion:
            """
            Формат определяется сам. Уже сохранённые слова объединяются, а не дублируются: слово в избранном, если \
            в избранном хоть одна из копий, а недостающие статьи добавляются. Весь файл загружается одной транзакцией: \
            при любой ошибке (для CSV — с номером строки) не загружается ничего.

            Примеры:
              lexagg library import words.txt
              lexagg library import library.json    # итог в JSON: добавьте --format json
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
              # без сети: только локальные словари и кэш
              lexagg lookup hello --offline
              # больше значений каждой части речи (--all: все)
              lexagg lookup set --senses 10
              # немецкие статьи (остальные языки — одной строкой)
              lexagg lookup Haus --lang de
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
            70 — внутренняя ошибка, 74 — не удалось записать вывод, 78 — ошибка в настройках, 130 — прервано.
            """
        case .helpLoggingOptionsVerbose:
            "Записывать в стандартный поток ошибок каждый запрос (метод, URL со скрытыми секретами, статус, размер, время), попадания в кэш и решения стратегии."
        case .helpLoggingOptionsDebug: "Как --verbose, но подробнее."
        case .helpLoggingOptionsQuiet: "Не выводить предупреждения (ошибки по-прежнему идут в стандартный поток ошибок)."
        case .helpCacheDiscussion:
            """
            Ответы онлайн-источников (Викисловарь, Free Dictionary, PONS, сервер DICT) хранятся в одном файле SQLite: \
            $LEXAGG_CACHE_DIR/cache.sqlite, иначе $XDG_CACHE_HOME/lexagg/cache.sqlite, иначе \
            ~/.cache/lexagg/cache.sqlite. Ответ из кэша используется, пока он свежий (7 дней; 1 день для «не найдено»); \
            потом источник спрашивается снова, а старый ответ всё равно показывается с пометкой «устарело», если \
            источник не ответил или задан --offline. Офлайн-словари не кэшируются: они быстрее кэша.

            Примеры:
              lexagg cache stats
              lexagg cache prune
              lexagg cache clear --provider wiktionary
            """
        case .helpCacheClearProvider: "Только ответы этого источника."
        case .helpDataDiscussion:
            """
            Наборы данных лежат в $LEXAGG_DATA_DIR/datasets, иначе в $XDG_DATA_HOME/lexagg/datasets, иначе в \
            ~/.local/share/lexagg/datasets; каждый набор — это один файл ИМЯ.lexwk и один офлайн-источник с идентификатором ИМЯ.

            Примеры:
              lexagg data import wiktextract kaikki.org-dictionary-English.jsonl.gz
              lexagg data list
              lexagg data info wiktionary-offline
              lexagg data remove wiktionary-offline
            """
        case .helpDataInfoName: "Название набора данных (идентификатор его источника)."
        case .helpDataImportWiktextractDiscussion:
            """
            Читает ФАЙЛ по строке (.jsonl, .jsonl.gz; .bz2 и .xz — через программы bzip2 и xz; - — стандартный \
            ввод в любом из этих видов, чтобы скачиваемый дамп не занимал места на диске) и записывает набор \
            данных с индексом по заглавным словам, по всем словоформам из дампа и по всем переводам. Набор становится \
            источником с именем из --name (по умолчанию wiktionary-offline), который отвечает на lookup, translate \
            (в обе стороны) и match без сети. Импорт под существующим именем заменяет прежний набор, только когда \
            новый готов целиком; прерванный импорт оставляет старый как был. Строки с ошибками пропускаются, и о них \
            сообщается с номером строки; если их больше --max-malformed, импорт останавливается.

            Дампы: https://kaikki.org/dictionary/rawdata.html (по языкам, например kaikki.org-dictionary-English.jsonl); \
            читаются и дампы других изданий Викисловаря (немецкого, французского, испанского, русского, польского, \
            китайского…: kaikki.org/dewiktionary/, kaikki.org/ruwiktionary/, …) с их этимологиями, пометами и номерами значений.

            Примеры:
              lexagg data import wiktextract kaikki.org-dictionary-English.jsonl.gz
              lexagg data import wiktextract raw-wiktextract-data.jsonl.gz \\
                --languages en,de --name wikt-en-de
              curl -sL АДРЕС-ДАМПА | lexagg data import wiktextract - --name wikt-de
              lexagg lookup house --providers wiktionary-offline
              lexagg translate house --from en --to de --providers wiktionary-offline
            """
        case .helpDataImportWiktextractFile: "Дамп: .jsonl, .jsonl.gz, .jsonl.bz2 или .jsonl.xz; - читает стандартный ввод (без сжатия, gzip, bzip2 или xz)."
        case .helpDataImportWiktextractLanguages: "Оставить только эти языки (lang_code в wiktextract), через запятую."
        case .helpDataImportWiktextractName: "Название набора данных — оно же идентификатор источника."
        case .helpDataImportWiktextractMaxMalformed: "Остановиться после стольких строк с ошибками."
        case .helpDataImportWiktextractMaxLineMB: "Пропускать (и называть) строки длиннее стольких МБ."
        case .helpDataImportWiktextractQuiet: "Без индикатора хода."
        case .helpDoctorDiscussion:
            """
            По строке на проверку: ✓ работает, · не настроено или не проверялось (ничего не сломано), ✗ сломано, \
            ! недоступно, потому что нет сети (ни один онлайн-источник не нашёл или не достиг своего сервера), — \
            и как это исправить. Каждому онлайн-источнику отправляется по одному дешёвому запросу, всем сразу, в пределах \
            --timeout; платные (PONS) не спрашиваются, чтобы не тратить квоту. Ничего не записывается.

            Код выхода: 0 — всё, что нужно поиску по умолчанию, работает, в том числе без сети (тогда поиск \
            отвечает по офлайн-словарям); 69 — сломан источник, который он опрашивает, \
            кэш или библиотека; 78 — ошибка в настройках.

            Примеры:
              lexagg doctor
              lexagg doctor --format json
              lexagg doctor --timeout 10
            """
        case .helpDoctorTimeout: "Сколько секунд может отвечать каждый онлайн-источник (по умолчанию 4)."
        case .helpMCPDiscussion:
            """
            Клиент MCP (Claude Desktop, редактор, любой ассистент) запускает 'lexagg mcp' и говорит с ним на JSON-RPC \
            через стандартный ввод и вывод; журнал идёт в стандартный поток ошибок. Сервер завершается, когда клиент \
            закрывает стандартный ввод, или по SIGTERM и Ctrl-C, ответив на то, что уже спросили (второй сигнал \
            завершает его сразу).

            Инструменты: lookup (word, lang, providers), translate (word, from, to), random_words (count, lang), \
            match (pattern, strategy, lang, providers), library_add (word, lang, translate_to), \
            library_search (query, lang, favourites). Каждый отвечает читаемым текстом и тем же JSON, что \
            --format json; неверный аргумент или неудачный поиск — ошибка инструмента. Ресурсы: \
            lexagg://library/words (ваши сохранённые слова) и lexagg://library/words/{language}/{word}.

            Настройка клиента (claude_desktop_config.json в Claude Desktop и большинство других клиентов):
              {
                "mcpServers": {
                  "lexagg": { "command": "lexagg", "args": ["mcp"] }
                }
              }

            Примеры:
              lexagg mcp
              lexagg mcp --offline
              lexagg mcp --providers wordnet,wiktionary --verbose
            """
        case .helpMCPProviders:
            "Идентификаторы источников через запятую — для вызовов инструментов, которые их не называют."
        case .helpMCPOffline: "Не ходить в сеть: только офлайн-словари и ответы из кэша."
        case .helpMatchDiscussion:
            """
            Отвечает каждый источник, который умеет искать по этой стратегии, — базы dictd (WordNet, GCIDE, FreeDict, …), \
            сервер DICT, поиск по началу слова в Викисловаре, внешние источники — каждый своим списком, в порядке \
            индекса и с точным совпадением первым (или в порядке релевантности сервиса). Регистр не важен.

            Стратегии (как в протоколе DICT):
              prefix     заглавные слова, которые начинаются с шаблона (по умолчанию)
              exact      само заглавное слово — во всех источниках, где оно есть
              substring  заглавные слова, которые содержат шаблон
              suffix     заглавные слова, которые заканчиваются шаблоном
              regex      расширенное регулярное выражение POSIX, например '^hou.e$' (возьмите его в кавычки для оболочки)
              soundex    заглавные слова, которые звучат похоже (тот же код Soundex)
              lev        заглавные слова на расстоянии одной правки: буква добавлена, пропущена, заменена или две переставлены

            'dict -m' берёт стратегию сервера по умолчанию (у dictd это lev, здесь — '--strategy lev'); у lexagg по \
            умолчанию prefix, самый частый вопрос («какие слова начинаются с …?»). Поиск по шаблону не кэшируется: \
            с --offline отвечают только словари на этой машине.

            Примеры:
              lexagg match hous                        # house, household, housewife, …
              lexagg match ness --strategy suffix --providers wordnet
              lexagg match '^col(o|ou)r$' --strategy regex
              lexagg match recieve --strategy lev --offline
              lexagg match hous --providers wiktionary --limit 20
              lexagg match hous --format json | jq -r '.words[]'

            Коды выхода: 0 — что-то нашлось, 1 — ничего, 64 — неверная стратегия или шаблон (ошибка в регулярном \
            выражении), 69 — все опрошенные источники вернули ошибку.
            """
        case .helpMatchPattern: "Шаблон: слово, начало слова или, с --strategy regex, регулярное выражение."
        case .helpMatchStrategy: "Как заглавные слова сравниваются с шаблоном."
        case .helpMatchLang: "Только источники с заглавными словами на этом языке (код ISO 639)."
        case .helpMatchOffline: "Не ходить в сеть: отвечают только словари на этой машине."
        case .helpProviderCheckDiscussion:
            """
            Запускает исполняемый файл, говорит с ним по протоколу (initialize, каждая заявленная возможность, \
            неизвестное слово, неподдерживаемый метод, shutdown) и выводит по строке на проверку. Источник, который \
            прошёл проверку, положите в $XDG_CONFIG_HOME/lexagg/providers/ (иначе в ~/.config/lexagg/providers/), \
            и lexagg начнёт им пользоваться.

            Коды выхода: 0 — все проверки пройдены, 1 — какая-то не пройдена, 64 — файл не запустить.

            Примеры:
              lexagg provider check ./glossary.py
              lexagg provider check ./glossary.py --word serendipity --format json
            """
        case .helpProviderCheckExecutable: "Исполняемый файл источника."
        case .helpProviderCheckWord:
            "Слово, которое источник знает (с определением, переводом и подсказками по первым буквам)."
        case .helpProviderCheckTimeout: "Сколько секунд может занять каждый ответ."
        case .helpProvidersDiscussion:
            """
            STATUS (СОСТОЯНИЕ) говорит, что lexagg знает, никого не спрашивая: 'ready' — локальный словарь, который \
            удаётся прочитать, 'configured' — настроенный онлайн-источник (отвечает ли он, проверяет 'lexagg doctor'), \
            'not configured' или 'unavailable' — с причиной.

            Примеры:
              lexagg providers
              lexagg providers --wide      (ещё названия, ключи и откуда данные)
              lexagg providers --format json
              lexagg doctor          (проверяет, что онлайн-источники отвечают)
            """
        case .helpProvidersWide:
            "Показать ещё название каждого источника, что есть в его статьях, нужен ли ему ключ и откуда данные (шире 80 колонок)."
        case .helpRandomDiscussion:
            """
            Источники пробуются по порядку; если один не отвечает (онлайн-сервис лежит или ограничил запросы), \
            отвечает следующий — локальный список слов работает и без сети, — и lexagg говорит об этом в \
            стандартный поток ошибок.

            Примеры:
              lexagg random
              lexagg random --lang es --count 20
              lexagg random --count 5 --format json
              # потом --page 2: слова в сеансе не повторяются
              lexagg random --define --page 1
              lexagg random --define --save --count 3
              lexagg random --lang de --to en   # немецкие слова с переводами
            """
        case .helpRandomLang: "Язык слов (код ISO 639; по умолчанию lookup.language, иначе en)."
        case .helpRandomProviders: "Идентификаторы источников через запятую, в порядке опроса."
        case .helpRandomPage:
            "Листать: страница N этого сеанса, без слов, показанных на прошлых страницах (1 начинает заново)."
        case .helpRandomDefine: "Найти каждое слово и показать его определение; слова без определения заменяются другими."
        case .helpRandomSave: "Сохранить слова (с их статьями) в вашу библиотеку."
        case .helpRandomTo:
            "Ещё и перевести каждое слово на этот язык (включает --define): слово, которого не определяет ни один словарь здесь, показывается с переводами (немецкий без сети из FreeDict: --lang de --to en)."
        case .helpRandomOffline: "Не ходить в сеть: слова из списков на этой машине, определения из её словарей."
        case .helpServeDICTDiscussion:
            """
            Каждый источник, который даёт определения, — это база с именем-идентификатором (wordnet, wiktionary, gcide, …): \
            'SHOW DB' перечисляет их, DEFINE * спрашивает все, DEFINE ! — первую, которая знает слово; MATCH ищет \
            заглавные слова по стратегиям, которые предлагают базы (SHOW STRAT). Ответы дают та же служба поиска и тот же \
            кэш, что и у 'lexagg lookup'. Сервер слушает только 127.0.0.1, если --host не называет другой адрес; с \
            --port 0 он сам выбирает свободный порт. Он печатает адрес, который слушает, и работает до SIGTERM или \
            Ctrl-C, а потом отвечает на начатые команды и останавливается.

            Примеры:
              lexagg serve dict
              lexagg serve dict --port 2629 --providers wordnet,wiktionary
              # онлайн-источники отвечают только из кэша
              lexagg serve dict --offline
              # открыть для сети: все адреса этой машины
              lexagg serve dict --host 0.0.0.0
              dict -h 127.0.0.1 -p 2628 serendipity        (потом, в другом терминале)
              dict -h 127.0.0.1 -p 2628 -D
              dict -h 127.0.0.1 -p 2628 -m -s prefix hous
            """
        case .helpServeDICTHost: "Адрес, который слушать (любой, кроме loopback, открывает сервер для сети)."
        case .helpServeDICTPort: "Порт (0 — любой свободный, он печатается при запуске)."
        case .helpServeDICTProviders:
            "Идентификаторы источников через запятую — базы в этом порядке (по умолчанию все источники, которые дают определения)."
        case .helpServeDICTOffline: "Не ходить в сеть: онлайн-базы отвечают только из кэша."
        case .helpServeDICTMaximumConnections: "Сколько соединений обслуживать одновременно; остальным отказ с кодом 420."
        case .helpServeDICTIdleTimeout: "Закрывать соединение, которое молчит столько времени."
        case .helpServeHTTPDiscussion:
            """
            Маршруты: GET /v1/lookup?word=…, /v1/translate?word=…&from=…&to=…, /v1/random, /v1/match?pattern=…, \
            /v1/providers (документы --format json), /api/v2/entries/{lang}/{word} (форматы dictionaryapi.dev), \
            /openapi.json, /healthz, /metrics (Prometheus). Сервер печатает адрес, который слушает; SIGTERM или \
            Ctrl-C останавливают его после ответа на начатые запросы.

            Он слушает 127.0.0.1, если --host не говорит иное; на любом другом адресе задайте --token (или \
            server.token в файле настроек, или LEXAGG_SERVER_TOKEN), чтобы отвечать только клиентам, которые присылают \
            'Authorization: Bearer <token>'.

            Примеры:
              lexagg serve http
              lexagg serve http --port 0          # любой свободный порт (он печатается)
              curl 'http://127.0.0.1:8080/v1/lookup?word=serendipity'
              curl http://127.0.0.1:8080/api/v2/entries/en/serendipity
              LEXAGG_SERVER_TOKEN=s3cret lexagg serve http --host 0.0.0.0
              lexagg serve http --rate-limit 120 --burst 20 --max-concurrent 16
              # и протокол DICT: один процесс, один кэш
              lexagg serve http --dict-port 2628

            С --dict-port тот же процесс обслуживает и протокол DICT (см. 'lexagg serve dict --help') на том же \
            адресе, через ту же службу поиска и тот же кэш.
            """
        case .helpServeHTTPHost: "Адрес, который слушать; для любого адреса, кроме loopback, нужен --token."
        case .helpServeHTTPPort: "Порт (0 — любой свободный)."
        case .helpServeHTTPToken:
            "Требовать 'Authorization: Bearer <token>' (по умолчанию server.token, LEXAGG_SERVER_TOKEN)."
        case .helpServeHTTPRateLimit: "Запросов в минуту с одного адреса клиента (0 — без ограничения)."
        case .helpServeHTTPBurst:
            "Сколько запросов клиент может сделать разом, прежде чем включится ограничение (по умолчанию десятая часть --rate-limit)."
        case .helpServeHTTPMaxConcurrent: "Сколько поисков выполнять одновременно; остальные получают 503 с Retry-After."
        case .helpServeHTTPDictPort:
            "Обслуживать ещё и протокол DICT на этом порту, тем же процессом и с тем же кэшем (0 — любой свободный порт)."
        case .helpStoreDiscussion:
            """
            По умолчанию кэш и библиотека — файлы SQLite одного пользователя. Несколько экземпляров lexagg (школьный \
            `serve http` за балансировщиком, общий список слов команды) вместо этого делят одну базу PostgreSQL: \
            задайте store.url (или LEXAGG_STORE_URL) как postgres://user@host:5432/database. Пароль берётся из \
            URL, иначе из PGPASSWORD, иначе из store.password_file; он никогда не печатается. TLS следует sslmode из libpq \
            (?sslmode=disable|prefer|require|verify-full, &sslrootcert=ФАЙЛ); по умолчанию prefer.

            Схема обновляется при первом обращении под advisory-блокировкой, так что экземпляры, запущенные вместе, \
            обновляют её один раз; `store migrate` делает это явно (как шаг развёртывания). Базе нужно расширение \
            `unaccent` (из contrib PostgreSQL; lexagg создаёт его сам).

            Примеры:
              export LEXAGG_STORE_URL=postgres://lexagg@db.example.org:5432/lexagg
              lexagg store migrate
              lexagg store copy --from sqlite:~/.local/share/lexagg/library.sqlite
              lexagg store copy --from sqlite:$HOME/.cache/lexagg \\
                --to postgres://lexagg@127.0.0.1/lexagg
              # ваши собственные файлы кэша и библиотеки
              lexagg store copy --from sqlite
            """
        case .helpStoreMigrateDiscussion:
            """
            Код выхода: 0 — схема актуальна, 69 — сервер недоступен или обновлён более новой версией lexagg, \
            78 — неверный адрес хранилища.

            Примеры:
              LEXAGG_STORE_URL=postgres://lexagg@127.0.0.1:5432/lexagg \\
                lexagg store migrate
              lexagg store migrate --format json
            """
        case .helpStoreMigrateTo: "База данных (по умолчанию store.url)."
        case .helpStoreCopyDiscussion:
            """
            --from sqlite:ПУТЬ называет файл кэша или библиотеки (cache.sqlite, library.sqlite) или каталог, где \
            они лежат; --from sqlite без пути копирует ваши собственные (LEXAGG_CACHE_DIR и LEXAGG_DATA_DIR или их \
            значения по XDG). В файлах SQLite ничего не меняется. Повторное копирование ничего не удваивает: слова \
            объединяются, как при `library import` (избранное, самая ранняя дата, недостающие статьи), из ответов \
            кэша остаётся более новый, в истории — большее число поисков, викторины узнаются по времени начала. \
            Слова дня и сеансы случайного просмотра не копируются.

            Примеры:
              lexagg store copy --from sqlite:library.sqlite \\
                --to postgres://lexagg@127.0.0.1:5432/lexagg
              lexagg store copy --from sqlite --format json
            """
        case .helpStoreCopyFrom: "sqlite:ПУТЬ (файл или каталог) или sqlite — для ваших собственных файлов."
        case .helpSuggestDiscussion:
            """
            Слово выбирается раз в день (по UTC) для каждого языка и весь день остаётся тем же; оно берётся у \
            источников случайных слов (локальный список слов работает без сети) и обязательно с определением. \
            --notify ещё и показывает его уведомлением на рабочем столе через notify-send.

            Примеры:
              lexagg suggest
              lexagg suggest --lang en --notify
              lexagg suggest --date 2026-01-01 --format json   (другой день; для тестов)
            """
        case .helpSuggestLang:
            "Язык слова (код ISO 639; по умолчанию один из learner.languages в настройках, выбранный по дню, иначе en)."
        case .helpSuggestDate: "День в виде ГГГГ-ММ-ДД (по умолчанию сегодня, по UTC)."
        case .helpSuggestNotify: "Показать его ещё и уведомлением на рабочем столе (нужен notify-send)."
        case .helpTranslateDiscussion:
            """
            Направление задаётся явно: --from — язык слова, --to — нужный язык. Чтобы перевести в обратную сторону, \
            поменяйте их местами. Без сети переводы дают двуязычные базы FreeDict (apt-get install \
            dict-freedict-eng-deu, …).

            Примеры:
              lexagg translate house --from en --to de
              lexagg translate Haus --from de --to en --format json
              lexagg translate cut --from en --to fr --providers pons
              lexagg translate cut --from en --to fr --offline   # только из кэша

            Переводы онлайн-источников кэшируются так же, как определения (см. 'lexagg cache --help'), поэтому повторный \
            вопрос к PONS не тратит его месячную квоту; --refresh спрашивает заново, --no-cache обходит кэш.
            """
        case .helpTranslateWords: "Слово или словосочетание для перевода."
        case .helpTranslateFrom: "Язык слова (код ISO 639)."
        case .helpTranslateTo: "Язык перевода (код ISO 639)."
        case .helpTranslateStrategy: "first, fastest или merge (см. 'lexagg lookup --help')."
        case .helpTranslateTimeout: "Сколько секунд может занять перевод, не больше."
        case .helpTranslateOffline: "Не ходить в сеть: офлайн-словари и переводы из кэша (старые помечаются как устаревшие)."
        case .helpTranslateRefresh:
            "Спросить онлайн-источники заново, даже если в кэше есть свежий перевод, и сохранить новый."
        }
    }
}
