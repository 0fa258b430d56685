/// Every text lexagg shows, by name. Each language's catalogue (``English``, ``Russian``) is an exhaustive `switch`
/// over these keys, so a key without a text in some language does not compile; `CatalogueTests` checks that the
/// texts agree (the same placeholders, every plural form the language needs, nothing left in English).
public enum L10nKey: String, CaseIterable, Sendable {
    // MARK: Everywhere
    case errorLine, warningLine, internalError, cannotWriteStandardOutput, seeHelpForCommands, seeHelpForUsage, unknownUILanguage
    case unknownCommand, unknownCommandDidYouMean, dashWordHint, missingSubcommand, unknownCommandList, badLanguageCode, badTimeout
    case historyNotRecorded, secondsShort

    // MARK: Parts of speech (the labels of sense groups)
    case posNoun, posVerb, posAdjective, posAdverb, posPreposition, posConjunction, posInterjection, posPronoun
    case posNumeral, posArticle, posDeterminer, posParticle, posPhrase, posPrefix, posSuffix, posAbbreviation
    case posProperNoun, posIdiom
    // What a part of speech's labels say of the word (`noun (masculine inanimate)`), word by word.
    case gramMasculine, gramFeminine, gramNeuter, gramCommon, gramAnimate, gramInanimate, gramPersonal
    case gramPerfective, gramImperfective, gramPlural, gramSingular, gramOr

    // MARK: lookup
    case lookupShowingMatchedAs, lookupAlsoMatchedAs, lookupNothingCachedOffline, lookupEveryProviderFailed, lookupNoEntry
    case lookupDidYouMean, lookupTranslatableBy, lookupOfflineNotReached, lookupNotReached, lookupShowingCached, lookupStaleShowing
    case labelEtymology, labelSynonyms, labelAntonyms, labelSources, labelAlsoIn, alsoInHint, moreSenses
    case anotherLanguage, explainScore
    case footerEntries, footerNotFound, footerNotCachedOffline, footerCached, footerStale
    /// A failed provider's outcome in the footer, by its error code (English keeps JSON's code names).
    case footerInvalidQuery, footerUnsupportedLanguage, footerCredentials, footerRateLimited, footerUnavailable
    case footerTimeout, footerMalformedResponse, footerCancelled, footerOffline
    case ageJustNow, ageMinutes, ageHours, ageDays

    // MARK: library
    case libraryAddNeedsWord, libraryToNeedsLang, libraryInvalidWord, libraryAddAllFailed, libraryAddNoEntry
    case libraryAdded, libraryUpdated, librarySavedCounts, librarySenses, libraryTranslations
    case libraryListNoMatch, libraryListEmpty, libraryPageOf, wordCount, libraryNothingOnPage, libraryNextPage
    case pageTooSmall, limitOutOfRange, libraryNotSavedAddIt, libraryNotSaved
    case libraryShowStarred, libraryShowSaved, libraryShowUpdated, libraryRemoved, libraryStarred, libraryUnstarred
    case librarySearchNeedsText, librarySearchNoMatch, libraryExported, cannotRead, notUTF8, libraryImported
    case libraryDoctorShared, libraryNoDataDirectory, libraryDoctorPath, libraryRepaired, libraryRepairedByName
    case libraryRepairedUnreadable, libraryRepairedKept, libraryDoctorState, libraryDoctorWords, libraryDoctorBackup
    case libraryRepairForeign

    // MARK: history
    case historyEmpty, historyLookedUp, historyTimes, historyTwice

    // MARK: quiz and review
    case quizCountOutOfRange, quizSecondsOutOfRange, quizNeedsWordsMeanings, quizNeedsWordsSpellings
    case quizNothingDue, quizInputEndedFirst, quizLibraryEmpty, quizNothingScheduled, quizNextReviewOne
    case quizNextReviewMany, quizStillDue, badNowTime, quizNotATerminal
    case quizQuestionOf, quizRunningScore, quizWhatDoesItMean, quizWhichWordIsIt, quizSecondsToAnswer
    case quizNotAnAnswer, quizRight, quizWrong, quizTimeUp, quizTheAnswerIs, quizScoreAfterAnswer, quizPressHint
    case quizStoppedEarly, quizInputEnded, quizScore, quizScoreDetail, quizToReview
    case reviewNoQuizzes, reviewQuizzes, reviewQuizzesCount, reviewAndMore, reviewBestScore, reviewBestScoreOn
    case reviewWords, reviewWordsOrder, reviewColumnWord, reviewColumnSeen, reviewColumnRight, reviewColumnWrong
    case reviewColumnLastSeen, reviewColumnNextDue

    // MARK: More commands
    case historyForgot, countOutOfRange, randomNoProvider, randomProviderFailed, lookupBatchAndWords
    case lookupSensesTooSmall, lookupNeedsWord, lookupNoProviderForLanguage, lookupIsItISO, lookupLanguageFromSettings, translateNeedsWord
    case translateNothingCachedOffline, translateNotFound, matchInvalidPattern, matchNothing, matchTrySubstring, matchTryStrategy
    case matchHeadwords, limitBetween, sharedCacheUnusable, storeURLUnusable, mcpStopped, configNoSuchProvider
    case configEnvironmentVariable, latencyMilliseconds

    // MARK: lookup --batch
    case batchJobsRange, batchNoWords, standardInput, pipeSource, batchLineSkipped, cannotReadBecause, batchLineTooLong
    case batchSummary, batchFound, batchNotFound, batchFailed, batchInvalid, batchProgress

    // MARK: providers
    case providersDirectionsAndLanguages, providersNone, providersHint, providersLanguages, providersDirections
    case providersAny, providersNeedsKey, providersSources, columnID, columnName, columnCan, columnLanguages
    case columnMode, columnKey, columnStatus
    case quizModeMeaning, quizModeWord, quizModeReview
    case providerReady, providerConfigured, providerNotConfigured, providerUnavailable, providerOnline, providerOffline

    // MARK: library random
    case browseFoundOnly, browseWithDefinition, browseNotShownBefore, browseSaved, browsePageMore

    // MARK: suggest
    case suggestNoDefinition, suggestInLibrary, suggestAddIt, suggestWordOfTheDay, suggestWordOfTheDayOn
    case suggestBadDate, suggestNoNotifySend, suggestNotifyFailed, suggestNotifyStatus

    // MARK: cache
    case cacheNoDirectory, cachePath, cacheEmpty, cacheAnswers, cacheColumnProvider, cacheColumnAnswers
    case cacheColumnNotFound, cacheColumnExpired, cacheColumnSize, cacheColumnNewest, notAProviderID, cacheDeleted
    case cacheDeletedOf, cachePruned, bytesB, bytesKB, bytesMB

    // MARK: doctor
    case doctorConfigValid, doctorTheConfigurationFile, doctorNoConfigFile, doctorNoLocation, doctorFixConfig
    case doctorNoDictionary, doctorInstallDictionary, doctorBroken, doctorAllWorks, doctorNoCacheDirectory
    case doctorSetCacheDir, doctorCannotOpen, doctorCacheAnswers, doctorReadOnly, doctorMakeWritableOrClear
    case doctorCacheClearStartsNew, doctorFixStoreURL, doctorNotSet, doctorStartServer, doctorNewerSchema
    case doctorUpdateLexagg, doctorMigratedOnFirstUse, doctorStoreContents, doctorNoDataDirectory
    case doctorSetDataDir, doctorLibraryWords, doctorHealthy, doctorRunLibraryDoctor, doctorNotCreatedYet
    case doctorCannotCreate, doctorMakeWritableOrSet

    // MARK: config
    case configNoPath, configMasked, configNoFileYet, configIsDirectory, configProviderTableUnknown
    case configLookupProvidersUnknown, configNoPathHomeUnset, configNoFileDefaults, configEveryProvider
    case configNone, configSetUnknownProvider, configSetDone, configRewritten, configOverriddenByVariable
    case configUnknownProviderTable, configMoved, configNothingToReset

    // MARK: config show
    case originDefault, originFileLine, originFile, originEnvironment

    // MARK: files and provider check
    case cannotWrite, fileDanglingLink, fileLinkToNotAFile, fileIsNotAFile, fileNotAFile, fileDirectory, fileFIFO
    case fileSocket, fileBlockDevice, fileCharacterDevice, fileNotRegular, checkNoSuchFile, checkNotExecutable
    case checkBadTimeout, checkAllPassed, checkSomeFailed

    // MARK: data
    case dataNoDirectory, dataNoSuchDataset, dataImportOne, dataThereAre, dataNone, dataColumnName
    case dataColumnEntries, dataColumnLanguages, dataColumnSize, dataColumnSource, dataLabelSource
    case dataLabelImported, dataLabelEntries, dataLabelIndexKeys, dataLabelTranslations, dataLabelLanguages
    case dataSourceValue, dataImportedLanguages, dataEntriesValue, dataIndexKeysValue, dataTranslationsValue
    case dataMoreLanguages, dataCannotDelete, dataRemoved, dataLabelFormat, dataFormatEarlier

    // MARK: data import
    case importBadName, importMaxMalformed, importMaxLine, importNameTaken, importInterrupted, importInterruptedFirst, importDone, importLines
    case importNoEntries, importNoEntriesLanguages, importTooManyMalformed, importTerminalInput, importTruncatedGzip, importNotText, importRunning, importSorting, dataRemoveImportRunning
    case importInvalidGzip, importMissingProgram, importDecompressionFailed, importDecompressionFailedPiped
    case importProblemLine, importAndMore, importSpeed, importDataset, importTry, importProgress, importProgressStream, importETA
    case importMalformed

    // MARK: store
    case storeNotConfigured, storeUpToDate, storeMigrated, storeCopiedCache, storeCopiedLibrary, storeAnswers
    case storeFromSyntax, storeFromNoPath, storeNoSuchPath, storeNothingToCopy

    // MARK: serve
    case serveBadPort, serveBadMaxConnections, serveBadIdleTimeout, serveBadHost, serveUnknownHost, serveOnNetwork
    case serveDICTListening, serveDICTFailed, serveBadRateLimit, serveBadBurst, serveBadMaxConcurrent
    case serveSamePorts, lemmaFormOf, lemmaAFormOf, libraryNoTranslator, randomNoTranslator, browseTryTo, libraryNotSavedButLemma, libraryNotSavedButLemmaVerb, librarySpelledSeveralWays
    case serveEmptyToken, serveBadDictPort, serveHTTPListening, serveHTTPDICTListening, serveFailed

    // MARK: help with a number
    case helpMatchLimit

    // MARK: doctor: the service's findings
    case doctorNotConfigured, doctorReady, doctorMetered, doctorReachable, doctorAdviceCheckKey
    case doctorAdviceTimeout, doctorAdviceThrottled, doctorAdviceCheckNetwork, doctorAdviceTryLookup, doctorAdviceOffline, doctorOfflineWorks, usageLine, seeCommandHelp
}
