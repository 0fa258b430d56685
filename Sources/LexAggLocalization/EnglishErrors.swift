/// The English texts of other modules' errors: the modules' own messages, which JSON and the servers carry.
enum EnglishErrors {
    static func entry(_ key: ErrorKey) -> CatalogueEntry {
        switch key {
        // MARK: A provider's failure
        case .providerHostNotFound: "cannot resolve the host name {1} (offline, or a wrong endpoint?)"
        case .providerRefused: "cannot reach {1}: Connection refused"
        case .providerClosed: "cannot reach {1}: the connection was closed before the whole answer arrived"
        case .providerUnreachable: "cannot reach {1}"
        case .providerTimedOut: "{1} did not answer within {2}"
        case .providerNoAnswerWithin: "no answer within {1}"
        case .providerDeadlinePassed: "not asked: the lookup's deadline had passed"
        case .providerHTTPStatus: "{1} answered HTTP {2}"
        case .providerRateLimited: "{1} is rate-limiting us; try again later"
        case .providerRateLimitedFor: "{1} is rate-limiting us; try again in {2}"
        case .providerCredentialsRefused: "{1} refused the credentials"
        case .providerHTMLPage:
            "{1} answered with an HTML page instead of JSON (HTTP {2}); the service is probably down or the endpoint is wrong"
        case .providerEmptyBody: "{1} answered HTTP {2} with an empty body"
        case .providerUnexpectedData: "the response from {1} is not the data expected; truncated or a changed format"
        case .providerTooLarge: .plural(
            one: "the response from {1} is larger than the {n}-byte limit; it was cut off",
            other: "the response from {1} is larger than the {n}-byte limit; it was cut off")
        case .providerBadRedirect: "{1} answered with a redirect that cannot be followed"
        case .providerPlainHTTPKey: "refusing to send the key over plain http to {1}; use an https endpoint"
        case .providerCancelled: "cancelled"

        // MARK: The words the user typed
        case .queryEmpty: "the word is empty"
        case .queryTooLong: .plural(
            one: "the word is {n} characters long; the limit is {1}",
            other: "the word is {n} characters long; the limit is {1}")
        case .queryControlCharacter: "the word contains the control character {1}"
        case .queryInvalidCharacter: "the word contains {1}, which is not a valid character"
        case .queryNotUTF8: "the word is not valid UTF-8 (bytes of another encoding show as U+FFFD)"
        case .querySameLanguage: "source and target language are both {1}"

        // MARK: Providers named
        case .registryDuplicateID: "two providers use the id '{1}'"
        case .registryUnknown: "unknown provider '{1}' (run 'lexagg providers' to list them)"
        case .registryUnknownDidYouMean: "unknown provider '{1}'; did you mean '{2}'? (run 'lexagg providers' to list them)"
        case .registryNoneSelected: "no provider selected"

        // MARK: Requests the lookup service refuses
        case .serviceCannotLookUp: .plural(one: "{1} cannot look words up", other: "{1} cannot look words up")
        case .serviceNoDefiner: "no provider defines {1} words"
        case .serviceIsItISO: " (is '{1}' an ISO 639 code? e.g. en, de, fr, es)"
        case .serviceLanguagesAvailable: "; languages available: {1}"
        case .serviceNoDictionary: "no dictionary is usable; see 'lexagg doctor'"
        case .serviceNoDictionaryBecause: "no dictionary is usable:"
        case .serviceNoTranslatorSetUp: "no provider set up here translates {1} → {2}:"
        case .serviceInstallFreeDictFor: "offline: install a FreeDict database for it, e.g. apt-get install {1}"
        case .serviceNoTranslator: "no provider translates {1} → {2}"
        case .serviceInstallFreeDict: "; install a FreeDict database (e.g. apt-get install dict-freedict-eng-deu)"
        case .serviceDirectionsAvailable: "; available directions: {1}"
        case .serviceNoRandomSource: "no provider gives random {1} words"
        case .serviceNamedNoTranslator: "{1} cannot translate {2} → {3}"
        case .serviceNamedNoRandomSource: "{1} cannot give random {2} words"
        case .serviceTheseCan: "; these can: {1}"
        case .serviceNoOfflineRandomSource: "no offline provider gives random {1} words"
        case .serviceOfflineWithoutCache: .plural(
            one: "--offline without the cache leaves no provider: {1} need the network",
            other: "--offline without the cache leaves no provider: {1} need the network")
        case .serviceRefreshConflict: "--refresh asks the sources again and caches their answers; it cannot go with {1}"
        case .serviceCannotMatch: "{1} cannot match by {2}"
        case .serviceDoesNotMatch: " (it does not match headwords)"
        case .serviceItCan: "; it can: {1}"
        case .serviceMatchNeedsNetwork: "{1} needs the network; matching is not cached, so it cannot go with --offline"
        case .serviceNoMatcher: "no provider matches headwords by {1}"
        case .serviceNoOfflineMatcher: "no offline provider matches headwords by {1}"
        case .serviceInLanguage: " in {1}"
        case .serviceStrategiesAvailable: "; strategies available: {1}"

        // MARK: Configuration
        case .configPlace: "configuration"
        case .configCannotRead: "cannot read the configuration file: {1}"
        case .configFileIsDirectory: "is a directory, not a configuration file"
        case .configTooLarge: "is larger than 1 MB; is it really lexagg's configuration?"
        case .configNotUTF8: "is not UTF-8 text"
        case .configSyntax: "not valid TOML"
        case .configSyntaxDetail: "not valid TOML: {1}"
        case .configControlCharacter: "the control character {1} is not allowed in TOML"
        case .configMustBe: "{1} must be {2}"
        case .configMustBeNotType: "{1} must be {2}, not {3}"
        case .configMustBeNotValue: "{1} must be {2}, not '{3}'"
        case .configControlInVariable: "{1} holds a control character (a line break?); it must be {2}"
        case .configUnknownKey: "unknown configuration key"
        case .configUnknownKeyNamed: "unknown configuration key '{1}'"
        case .configDidYouMeanKey: "; did you mean '{1}'?"
        case .configSeeShow: "; run 'lexagg config show' to see every key"
        case .configProviderKeys: "; provider keys are providers.<id>.{1}"
        case .configNotAProviderID: "'{1}' is not a provider id (lower-case letters, digits and '-')"
        case .configUnknownKeyInTable: "unknown key '{1}' in [{2}]"
        case .configKnownKeys: "; known keys: {1}"
        case .configUnknownTable: "unknown table [{1}]"
        case .configDidYouMeanTable: "; did you mean [{1}]?"
        case .configTablesAre: "; the tables are {1}"
        case .configNotATable: "{1} must be a table ([{1}]), not {2}"
        case .configOtherProblem: "the file has another problem; fix it first (or 'lexagg config reset'): {1}"
        case .configCannotWrite: "cannot write the configuration file: {1}"
        case .configNotADirectory: "{1} is not a directory"
        case .configTooManyBackups: "too many backups ({1}.bak…); remove some first"
        case .configMoreProblems: .plural(one: " (and {n} more problem after it)", other: " (and {n} more problems after it)")
        case .expectProviderList: "a list of provider ids, e.g. [\"wordnet\", \"wiktionary\"]"
        case .expectOneOf: "one of {1}"
        case .expectSeconds: "a number of seconds above 0 and at most 600"
        case .expectLanguage: "a language code such as \"en\" or \"de\""
        case .expectLanguageList: "a list of language codes, e.g. [\"en\", \"de\"]"
        case .expectBool: "true or false"
        case .expectDuration: "a duration: whole seconds, or a string such as \"30m\", \"12h\", \"7d\""
        case .expectWeight: "a number from 0 to 100"
        case .expectEndpoint: "http(s)://host[:port] with no path or query, or host[:port] for a DICT server"
        case .expectText: "a string without control characters"
        case .expectDatabaseName: "a DICT database name such as \"wn\", \"*\" or \"!\" (no spaces)"
        case .expectPathList: "a path or a list of paths"
        case .expectCount: "a whole number from 1 to 1000"
        case .typeString: "a string"
        case .typeInteger: "an integer"
        case .typeFloat: "a floating-point number"
        case .typeBoolean: "a boolean"
        case .typeArray: "an array"
        case .typeTable: "a table"
        case .typeDate: "a date"
        case .typeTime: "a time"
        case .typeDateTime: "a date-time"
        case .typeArrayHolding: "an array holding {1}"

        // MARK: The system's words
        case .systemPermissionDenied: "Permission denied"
        case .systemNoSpace: "No space left on device"
        case .systemReadOnly: "Read-only file system"
        case .systemNoSuchFile: "No such file or directory"
        case .systemIsDirectory: "Is a directory"
        case .systemNotDirectory: "Not a directory"

        // MARK: The library
        case .libraryCorrupt:
            "the library file {1} is damaged ({2}); it was left untouched — run 'lexagg library doctor' to see how to recover"
        case .libraryEmptyFile:
            "the library file {1} is empty (0 bytes): its words are gone (truncated, or an incomplete copy); it was left untouched — restore a backup over it, or move it away to start a new library ('lexagg library doctor' lists backups)"
        case .libraryForeign:
            "{1} is not a lexagg library (an SQLite database with the tables {2}); it was left untouched — move it away or set LEXAGG_DATA_DIR, and see 'lexagg library doctor'"
        case .libraryNewerVersion: "{1} was written by a newer lexagg (schema {2}); update lexagg to use it"
        case .libraryInterruptedWrite:
            "{1} holds a write that was interrupted (a lexagg process was stopped); the next lexagg library command completes it, keeping everything that was saved"
        case .libraryBusy: "{1} is busy (another lexagg is writing); try again"
        case .libraryDiskFull: "the disk is full; {1} was not changed"
        case .libraryCannotWrite: "cannot write {1}: {2}"
        case .libraryLocked:
            "{1} is locked by another process (waited {2}); try again when the other lexagg command has finished (fuser {1} shows which process holds it)"
        case .libraryCannotCreateDirectory: "cannot create the data directory {1}: {2}"
        case .libraryDirectoryNotWritable: "cannot open {1}: its directory {2} is not writable, and the library keeps its lock and write-ahead log there, to read it too; make the directory writable, or copy the file to a directory that is and set LEXAGG_DATA_DIR to it"
        case .libraryEmptyWord: "the word is empty"
        case .libraryInvalidImportWord: "word {1} ('{2}') cannot be imported: {3}"
        case .libraryNotAnExport:
            "not a lexagg export: expected lexagg's JSON, a CSV starting with the line '{1}', or an Anki text file starting with '#separator:tab'"
        case .libraryNotAnExportJSON: "not a lexagg export: the JSON is not a lexagg export"
        case .libraryNewerExport: "this export was written by a newer lexagg (version {1}); update lexagg"
        case .libraryDamagedExport: "the lexagg export is damaged: {1}"
        case .libraryCSVQuoteInside:
            "broken CSV quoting on line {1}: a quote inside an unquoted field (double it and quote the field); nothing was imported"
        case .libraryCSVTextAfterQuote: "broken CSV quoting on line {1}: text after a closing quote; nothing was imported"
        case .libraryCSVUnclosed: "broken CSV quoting: the quote opened on line {1} is never closed; nothing was imported"
        case .libraryCSVFieldCount: "CSV line {1} has {2} fields, not {3}; nothing was imported"
        case .libraryCSVEmptyWord: "CSV line {1}: the word is empty; nothing was imported"
        case .libraryCSVBadLanguage: "CSV line {1}: '{2}' is not a language code; nothing was imported"
        case .libraryCSVBadDate: "CSV line {1}: '{2}' is not an ISO 8601 date; nothing was imported"
        case .libraryCSVBadStarred: "CSV line {1}: starred is '{2}', not yes or no; nothing was imported"
        case .libraryAnkiSeparator: "Anki file line {1}: unsupported separator '{2}'"
        case .libraryAnkiEmptyWord: "Anki file line {1}: the word is empty; nothing was imported"
        }
    }
}
