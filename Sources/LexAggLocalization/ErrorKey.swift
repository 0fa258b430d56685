/// The texts of errors other modules report as data (`ProviderError.Reason`, `LookupServiceError.Reason`,
/// `RegistryError`, `ConfigError.Reason`, `LibraryError.Reason`, `QueryError`), which the CLI phrases in the user's
/// language. Like ``L10nKey``, each language's catalogue (``EnglishErrors``, ``RussianErrors``) is an exhaustive
/// `switch`. The English texts are the modules' own messages (which JSON documents and the servers keep, in every
/// language); `CatalogueTests` checks that they agree.
public enum ErrorKey: String, CaseIterable, Sendable {
    // MARK: A provider's failure (after "provider: ")
    case providerHostNotFound, providerRefused, providerClosed, providerUnreachable, providerTimedOut
    case providerNoAnswerWithin, providerDeadlinePassed, providerHTTPStatus, providerRateLimited
    case providerRateLimitedFor, providerCredentialsRefused, providerHTMLPage, providerEmptyBody
    case providerUnexpectedData, providerTooLarge, providerBadRedirect, providerPlainHTTPKey, providerCancelled

    // MARK: The words the user typed
    case queryEmpty, queryTooLong, queryControlCharacter, queryInvalidCharacter, queryNotUTF8, querySameLanguage

    // MARK: Providers named
    case registryDuplicateID, registryUnknown, registryUnknownDidYouMean, registryNoneSelected

    // MARK: Requests the lookup service refuses
    case serviceCannotLookUp, serviceNoDefiner, serviceIsItISO, serviceLanguagesAvailable, serviceNoDictionary
    case serviceNoDictionaryBecause, serviceNoTranslatorSetUp, serviceInstallFreeDictFor, serviceNoTranslator
    case serviceInstallFreeDict, serviceDirectionsAvailable, serviceNoRandomSource, serviceNoOfflineRandomSource
    case serviceNamedNoTranslator, serviceNamedNoRandomSource, serviceTheseCan
    case serviceOfflineWithoutCache, serviceRefreshConflict, serviceCannotMatch, serviceDoesNotMatch, serviceItCan
    case serviceMatchNeedsNetwork, serviceNoMatcher, serviceNoOfflineMatcher, serviceInLanguage
    case serviceStrategiesAvailable

    // MARK: Configuration
    case configPlace, configCannotRead, configFileIsDirectory, configTooLarge, configNotUTF8, configSyntax
    case configSyntaxDetail, configControlCharacter, configMustBe, configMustBeNotType, configMustBeNotValue
    case configControlInVariable, configUnknownKey, configUnknownKeyNamed, configDidYouMeanKey, configSeeShow
    case configProviderKeys, configNotAProviderID, configUnknownKeyInTable, configKnownKeys, configUnknownTable
    case configDidYouMeanTable, configTablesAre, configNotATable, configOtherProblem, configCannotWrite
    case configNotADirectory, configTooManyBackups, configMoreProblems
    case expectProviderList, expectOneOf, expectSeconds, expectLanguage, expectLanguageList, expectBool
    case expectDuration, expectWeight, expectEndpoint, expectText, expectDatabaseName, expectPathList, expectCount
    case typeString, typeInteger, typeFloat, typeBoolean, typeArray, typeTable, typeDate, typeTime, typeDateTime
    case typeArrayHolding

    // MARK: The system's words for common failures
    case systemPermissionDenied, systemNoSpace, systemReadOnly, systemNoSuchFile, systemIsDirectory
    case systemNotDirectory

    // MARK: The library
    case libraryCorrupt, libraryEmptyFile, libraryForeign, libraryNewerVersion, libraryInterruptedWrite
    case libraryBusy, libraryDiskFull, libraryCannotWrite, libraryLocked, libraryCannotCreateDirectory, libraryDirectoryNotWritable
    case libraryEmptyWord, libraryInvalidImportWord, libraryNotAnExport, libraryNotAnExportJSON
    case libraryNewerExport, libraryDamagedExport, libraryCSVQuoteInside, libraryCSVTextAfterQuote
    case libraryCSVUnclosed, libraryCSVFieldCount, libraryCSVEmptyWord, libraryCSVBadLanguage, libraryCSVBadDate
    case libraryCSVBadStarred
    case libraryAnkiSeparator, libraryAnkiEmptyWord
}
