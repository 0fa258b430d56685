/// Other modules' errors in Russian. Quotes are «ёлочки»; commands, flags, keys and file names stay as they are
/// typed; what a library or a server said in its own words (SQLite's, the TOML parser's) is kept as a short suffix.
enum RussianErrors {
    static func entry(_ key: ErrorKey) -> CatalogueEntry {
        switch key {
        // MARK: A provider's failure
        case .providerHostNotFound: "не удаётся найти сервер {1} (нет сети или адрес указан неверно?)"
        case .providerRefused: "нет связи с {1}: соединение отклонено"
        case .providerClosed: "{1} закрыл соединение, не передав ответ целиком"
        case .providerUnreachable: "нет связи с {1}"
        case .providerTimedOut: "{1} не ответил за {2}"
        case .providerNoAnswerWithin: "нет ответа за {1}"
        case .providerDeadlinePassed: "не опрошен: время на поиск уже истекло"
        case .providerHTTPStatus: "{1} ответил ошибкой HTTP {2}"
        case .providerRateLimited: "{1} ограничивает число запросов; попробуйте позже"
        case .providerRateLimitedFor: "{1} ограничивает число запросов; попробуйте через {2}"
        case .providerCredentialsRefused: "{1} не принял ключ"
        case .providerHTMLPage:
            "{1} прислал веб-страницу вместо данных (HTTP {2}); похоже, сервис не работает или адрес указан неверно"
        case .providerEmptyBody: "{1} прислал пустой ответ (HTTP {2})"
        case .providerUnexpectedData: "ответ {1} не удаётся разобрать: он оборван или сменился формат"
        case .providerTooLarge: .plural(
            one: "ответ {1} больше предела в {n} байт и обрезан",
            few: "ответ {1} больше предела в {n} байта и обрезан",
            many: "ответ {1} больше предела в {n} байт и обрезан")
        case .providerBadRedirect: "{1} ответил перенаправлением, по которому lexagg не переходит"
        case .providerPlainHTTPKey: "ключ не отправляется на {1} по незащищённому http; укажите адрес https"
        case .providerCancelled: "отменено"

        // MARK: The words the user typed
        case .queryEmpty: "слово пустое"
        case .queryTooLong: .plural(
            one: "в слове {n} символ, а можно не больше {1}",
            few: "в слове {n} символа, а можно не больше {1}",
            many: "в слове {n} символов, а можно не больше {1}")
        case .queryControlCharacter: "в слове есть управляющий символ {1}"
        case .queryInvalidCharacter: "в слове есть недопустимый символ {1}"
        case .queryNotUTF8: "слово не в кодировке UTF-8 (байты другой кодировки видны как U+FFFD)"
        case .querySameLanguage: "язык оригинала и язык перевода совпадают: {1}"

        // MARK: Providers named
        case .registryDuplicateID: "у двух источников один и тот же id «{1}»"
        case .registryUnknown: "неизвестный источник «{1}» (список источников: lexagg providers)"
        case .registryUnknownDidYouMean:
            "неизвестный источник «{1}»; может быть, вы имели в виду «{2}»? (список источников: lexagg providers)"
        case .registryNoneSelected: "не выбран ни один источник"

        // MARK: Requests the lookup service refuses
        case .serviceCannotLookUp: .plural(
            one: "источник {1} не ищет слова",
            few: "источники {1} не ищут слова",
            many: "источники {1} не ищут слова")
        case .serviceNoDefiner: "ни один источник не объясняет слова языка «{1}»"
        case .serviceIsItISO: " (точно ли «{1}» — код ISO 639? например, en, de, fr, es)"
        case .serviceLanguagesAvailable: "; доступные языки: {1}"
        case .serviceNoDictionary: "ни один словарь не работает; подробности: lexagg doctor"
        case .serviceNoDictionaryBecause: "ни один словарь не работает:"
        case .serviceNoTranslatorSetUp: "здесь не настроен ни один источник с переводом {1} → {2}:"
        case .serviceInstallFreeDictFor: "без сети: установите для этого словарь FreeDict, например apt-get install {1}"
        case .serviceNoTranslator: "ни один источник не переводит {1} → {2}"
        case .serviceInstallFreeDict: "; установите словарь FreeDict (например, apt-get install dict-freedict-eng-deu)"
        case .serviceDirectionsAvailable: "; доступные направления: {1}"
        case .serviceNoRandomSource: "ни один источник не даёт случайных слов языка «{1}»"
        case .serviceNamedNoTranslator: "{1}: нет перевода {2} → {3}"
        case .serviceNamedNoRandomSource: "{1}: нет случайных слов языка «{2}»"
        case .serviceTheseCan: "; это умеют: {1}"
        case .serviceNoOfflineRandomSource: "ни один офлайн-источник не даёт случайных слов языка «{1}»"
        case .serviceOfflineWithoutCache: .plural(
            one: "с --offline и без кэша не остаётся ни одного источника: {1} без сети не работает",
            few: "с --offline и без кэша не остаётся ни одного источника: {1} без сети не работают",
            many: "с --offline и без кэша не остаётся ни одного источника: {1} без сети не работают")
        case .serviceRefreshConflict:
            "--refresh заново опрашивает источники и сохраняет их ответы в кэш, поэтому несовместим с {1}"
        case .serviceCannotMatch: "источник {1} не ищет по стратегии {2}"
        case .serviceDoesNotMatch: " (он вообще не ищет по заголовкам статей)"
        case .serviceItCan: "; он умеет: {1}"
        case .serviceMatchNeedsNetwork:
            "источнику {1} нужна сеть, а результаты поиска по заголовкам не кэшируются, поэтому с --offline он не работает"
        case .serviceNoMatcher: "ни один источник не ищет заголовки по стратегии {1}"
        case .serviceNoOfflineMatcher: "ни один офлайн-источник не ищет заголовки по стратегии {1}"
        case .serviceInLanguage: " на языке «{1}»"
        case .serviceStrategiesAvailable: "; доступные стратегии: {1}"

        // MARK: Configuration
        case .configPlace: "настройки"
        case .configCannotRead: "не удаётся прочитать файл настроек: {1}"
        case .configFileIsDirectory: "это каталог, а не файл настроек"
        case .configTooLarge: "файл больше 1 МБ — точно ли это настройки lexagg?"
        case .configNotUTF8: "это не текст в кодировке UTF-8"
        case .configSyntax: "ошибка синтаксиса TOML"
        case .configSyntaxDetail: "ошибка синтаксиса TOML: {1}"
        case .configControlCharacter: "управляющий символ {1} в TOML не допускается"
        case .configMustBe: "{1}: нужно указать {2}"
        case .configMustBeNotType: "{1}: нужно указать {2}, а здесь {3}"
        case .configMustBeNotValue: "{1}: нужно указать {2}, а не «{3}»"
        case .configControlInVariable: "в {1} есть управляющий символ (перевод строки?); нужно указать {2}"
        case .configUnknownKey: "неизвестный ключ настроек"
        case .configUnknownKeyNamed: "неизвестный ключ настроек «{1}»"
        case .configDidYouMeanKey: "; может быть, вы имели в виду «{1}»?"
        case .configSeeShow: "; все ключи показывает lexagg config show"
        case .configProviderKeys: "; ключи источников: providers.<id>.{1}"
        case .configNotAProviderID: "«{1}» — не id источника (строчные латинские буквы, цифры и «-»)"
        case .configUnknownKeyInTable: "неизвестный ключ «{1}» в [{2}]"
        case .configKnownKeys: "; известные ключи: {1}"
        case .configUnknownTable: "неизвестная таблица [{1}]"
        case .configDidYouMeanTable: "; может быть, вы имели в виду [{1}]?"
        case .configTablesAre: "; есть такие таблицы: {1}"
        case .configNotATable: "{1} должно быть таблицей ([{1}]), а здесь {2}"
        case .configOtherProblem: "в файле есть другая ошибка; сначала исправьте её (или выполните lexagg config reset): {1}"
        case .configCannotWrite: "не удаётся записать файл настроек: {1}"
        case .configNotADirectory: "{1} — не каталог"
        case .configTooManyBackups: "слишком много резервных копий ({1}.bak…); сначала удалите лишние"
        case .configMoreProblems: .plural(
            one: " (и после неё ещё {n} ошибка)",
            few: " (и после неё ещё {n} ошибки)",
            many: " (и после неё ещё {n} ошибок)")
        case .expectProviderList: "список id источников, например [\"wordnet\", \"wiktionary\"]"
        case .expectOneOf: "одно из значений: {1}"
        case .expectSeconds: "число секунд больше 0 и не больше 600"
        case .expectLanguage: "код языка, например \"en\" или \"de\""
        case .expectLanguageList: "список кодов языков, например [\"en\", \"de\"]"
        case .expectBool: "true или false"
        case .expectDuration: "длительность: целое число секунд или строку вида \"30m\", \"12h\", \"7d\""
        case .expectWeight: "число от 0 до 100"
        case .expectEndpoint: "адрес вида http(s)://host[:port] без пути и параметров или host[:port] для DICT-сервера"
        case .expectText: "строку без управляющих символов"
        case .expectDatabaseName: "имя базы DICT, например \"wn\", \"*\" или \"!\" (без пробелов)"
        case .expectPathList: "путь или список путей"
        case .expectCount: "целое число от 1 до 1000"
        case .typeString: "строка"
        case .typeInteger: "целое число"
        case .typeFloat: "дробное число"
        case .typeBoolean: "логическое значение"
        case .typeArray: "массив"
        case .typeTable: "таблица"
        case .typeDate: "дата"
        case .typeTime: "время"
        case .typeDateTime: "дата и время"
        case .typeArrayHolding: "массив, в котором есть {1}"

        // MARK: The system's words
        case .systemPermissionDenied: "нет прав доступа"
        case .systemNoSpace: "на диске не осталось места"
        case .systemReadOnly: "файловая система доступна только для чтения"
        case .systemNoSuchFile: "нет такого файла или каталога"
        case .systemIsDirectory: "это каталог"
        case .systemNotDirectory: "часть пути — не каталог"

        // MARK: The library
        case .libraryCorrupt:
            "файл библиотеки {1} повреждён ({2}); он оставлен как есть — как его восстановить, подскажет lexagg library doctor"
        case .libraryEmptyFile:
            "файл библиотеки {1} пуст (0 байт): слов в нём больше нет (файл обрезан или скопирован не полностью); он оставлен как есть — верните поверх него резервную копию или уберите его, чтобы начать библиотеку заново (резервные копии перечисляет lexagg library doctor)"
        case .libraryForeign:
            "{1} — не библиотека lexagg (это база SQLite с таблицами {2}); файл оставлен как есть — уберите его или задайте LEXAGG_DATA_DIR; подробности: lexagg library doctor"
        case .libraryNewerVersion: "{1} записан более новой версией lexagg (схема {2}); чтобы работать с ним, обновите lexagg"
        case .libraryInterruptedWrite:
            "в {1} осталась незавершённая запись (процесс lexagg был остановлен); следующая команда lexagg library её завершит, и всё сохранённое останется на месте"
        case .libraryBusy: "{1} занят: в него сейчас пишет другой lexagg; попробуйте ещё раз"
        case .libraryDiskFull: "диск заполнен; {1} не изменён"
        case .libraryCannotWrite: "не удаётся записать {1}: {2}"
        case .libraryLocked:
            "{1} заблокирован другим процессом (ждали {2}); попробуйте снова, когда другая команда lexagg закончит работу (какой процесс его держит, покажет fuser {1})"
        case .libraryCannotCreateDirectory: "не удаётся создать каталог данных {1}: {2}"
        case .libraryDirectoryNotWritable: "не удаётся открыть {1}: в его каталог {2} нельзя писать, а библиотека держит там блокировку и журнал записи, даже чтобы прочитать его; разрешите запись в каталог или скопируйте файл туда, где она разрешена, и укажите этот каталог в LEXAGG_DATA_DIR"
        case .libraryEmptyWord: "слово пустое"
        case .libraryInvalidImportWord: "слово {1} («{2}») импортировать нельзя: {3}"
        case .libraryNotAnExport:
            "это не экспорт lexagg: ожидается JSON lexagg, CSV с первой строкой «{1}» или текстовый файл Anki, который начинается с «#separator:tab»"
        case .libraryNotAnExportJSON: "это не экспорт lexagg: JSON не в формате lexagg"
        case .libraryNewerExport: "этот экспорт сделан более новой версией lexagg (версия {1}); обновите lexagg"
        case .libraryDamagedExport: "экспорт lexagg повреждён: {1}"
        case .libraryCSVQuoteInside:
            "ошибка кавычек в CSV, строка {1}: кавычка внутри поля без кавычек (удвойте её и заключите поле в кавычки); ничего не импортировано"
        case .libraryCSVTextAfterQuote: "ошибка кавычек в CSV, строка {1}: текст после закрывающей кавычки; ничего не импортировано"
        case .libraryCSVUnclosed: "ошибка кавычек в CSV: кавычка, открытая в строке {1}, так и не закрыта; ничего не импортировано"
        case .libraryCSVFieldCount: "в строке {1} файла CSV число полей — {2}, а должно быть {3}; ничего не импортировано"
        case .libraryCSVEmptyWord: "строка {1} файла CSV: слово пустое; ничего не импортировано"
        case .libraryCSVBadLanguage: "строка {1} файла CSV: «{2}» — не код языка; ничего не импортировано"
        case .libraryCSVBadDate: "строка {1} файла CSV: «{2}» — не дата в формате ISO 8601; ничего не импортировано"
        case .libraryCSVBadStarred: "строка {1} файла CSV: отметка избранного «{2}» — не yes и не no; ничего не импортировано"
        case .libraryAnkiSeparator: "строка {1} файла Anki: неизвестный разделитель «{2}»"
        case .libraryAnkiEmptyWord: "строка {1} файла Anki: слово пустое; ничего не импортировано"
        }
    }
}
