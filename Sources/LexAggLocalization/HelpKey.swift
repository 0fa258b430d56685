/// The `--help` texts of lexagg's commands by name: abstracts, discussions and the help of each option. Like
/// ``L10nKey``, each language's help catalogue (``EnglishHelp``, ``RussianHelp``) is an exhaustive `switch`.
/// swift-argument-parser's own words ("USAGE:", "OPTIONS:", "--help") are not lexagg's and stay in English.
public enum HelpKey: String, CaseIterable, Sendable {
    case helpCacheAbstract, helpCacheStatsAbstract, helpOutputFormat, helpCacheClearAbstract
    case helpCachePruneAbstract, helpConfigAbstract, helpConfigDiscussion, helpConfigPathAbstract
    case helpConfigPathDiscussion, helpConfigShowAbstract, helpConfigShowDiscussion, helpConfigSetAbstract
    case helpConfigSetDiscussion, helpConfigSetKey, helpConfigSetValue, helpConfigResetAbstract
    case helpConfigResetDiscussion, helpDataAbstract, helpDataListAbstract, helpDataInfoAbstract
    case helpDataRemoveAbstract, helpDataImportAbstract, helpDataImportWiktextractAbstract, helpDoctorAbstract
    case helpHistoryAbstract, helpHistoryDiscussion, helpHistoryLimit, helpHistoryClear, helpLibraryAbstract
    case helpLibraryDiscussion, helpLibraryAddAbstract, helpLibraryAddDiscussion, helpLibraryAddWords
    case helpLibraryAddLang, helpLibraryAddTo, helpLibraryAddProviders, helpLibraryAddOffline
    case helpLibraryAddAllLanguages, helpLibraryListAbstract, helpLibraryListDiscussion, helpLibraryListLang
    case helpLibraryListFavorites, helpLibraryListSort, helpLibraryListPage, helpLibraryListLimit
    case helpLibraryShowAbstract, helpLibraryShowDiscussion, helpLibraryShowWord, helpLibraryShowLang
    case helpLibraryRemoveAbstract, helpLibraryRemoveDiscussion, helpLibraryStarAbstract
    case helpLibraryStarDiscussion, helpLibraryUnstarAbstract, helpLibraryUnstarDiscussion
    case helpLibrarySearchAbstract, helpLibrarySearchDiscussion, helpLibrarySearchText, helpLibrarySearchLimit
    case helpLibraryExportAbstract, helpLibraryExportDiscussion, helpLibraryExportFormat, helpLibraryExportOutput
    case helpLibraryImportAbstract, helpLibraryImportDiscussion, helpLibraryImportFile, helpLibraryImportLang
    case helpLibraryDoctorAbstract, helpLibraryDoctorDiscussion, helpLibraryDoctorRepair, helpLookupAbstract
    case helpLookupDiscussion, helpLookupWords, helpLookupProviders, helpLookupLang, helpLookupStrategy
    case helpLookupTimeout, helpLookupExplain, helpLookupAll, helpLookupSenses, helpLookupNoPager
    case helpLookupOffline, helpLookupNoCache, helpLookupRefresh, helpLookupBatch, helpLookupJobs, helpMCPAbstract
    case helpMatchAbstract, helpProviderAbstract, helpProviderCheckAbstract, helpProvidersAbstract
    case helpQuizAbstract, helpQuizDiscussion, helpQuizCount, helpQuizStats, helpQuizOptionsSeconds
    case helpQuizOptionsMode, helpQuizOptionsLang, helpQuizOptionsAnswers, helpQuizOptionsNow, helpQuizOptionsSeed
    case helpRandomAbstract, helpReviewAbstract, helpReviewDiscussion, helpReviewCount, helpServeAbstract
    case helpServeDICTAbstract, helpServeHTTPAbstract, helpStoreAbstract, helpStoreMigrateAbstract
    case helpStoreCopyAbstract, helpSuggestAbstract, helpTranslateAbstract, helpLexAggAbstract
    case helpLexAggDiscussion, helpLoggingOptionsVerbose, helpLoggingOptionsDebug, helpLoggingOptionsQuiet
    case helpCacheDiscussion, helpCacheClearProvider, helpDataDiscussion, helpDataInfoName
    case helpDataImportWiktextractDiscussion, helpDataImportWiktextractFile, helpDataImportWiktextractLanguages
    case helpDataImportWiktextractName, helpDataImportWiktextractMaxMalformed, helpDataImportWiktextractMaxLineMB
    case helpDataImportWiktextractQuiet, helpDoctorDiscussion, helpDoctorTimeout, helpMCPDiscussion
    case helpMCPProviders, helpMCPOffline, helpMatchDiscussion, helpMatchPattern, helpMatchStrategy, helpMatchLang
    case helpMatchOffline, helpProviderCheckDiscussion, helpProviderCheckExecutable, helpProviderCheckWord
    case helpProviderCheckTimeout, helpProvidersDiscussion, helpProvidersWide, helpRandomDiscussion
    case helpRandomLang, helpRandomProviders, helpRandomPage, helpRandomDefine, helpRandomSave, helpRandomOffline, helpRandomTo
    case helpServeDICTDiscussion, helpServeDICTHost, helpServeDICTPort, helpServeDICTProviders
    case helpServeDICTOffline, helpServeDICTMaximumConnections, helpServeDICTIdleTimeout, helpServeHTTPDiscussion
    case helpServeHTTPHost, helpServeHTTPPort, helpServeHTTPToken, helpServeHTTPRateLimit, helpServeHTTPBurst
    case helpServeHTTPMaxConcurrent, helpServeHTTPDictPort, helpStoreDiscussion, helpStoreMigrateDiscussion
    case helpStoreMigrateTo, helpStoreCopyDiscussion, helpStoreCopyFrom, helpSuggestDiscussion, helpSuggestLang
    case helpSuggestDate, helpSuggestNotify, helpTranslateDiscussion, helpTranslateWords, helpTranslateFrom
    case helpTranslateTo, helpTranslateStrategy, helpTranslateTimeout, helpTranslateOffline, helpTranslateRefresh
}
