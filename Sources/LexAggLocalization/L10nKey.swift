/// Every text lexagg shows, by name. Each language's catalogue (``English``, ``Russian``) is an exhaustive `switch`
/// over these keys, so a key without a text in some language does not compile; `CatalogueTests` checks that the
/// texts agree (the same placeholders, every plural form the language needs, nothing left in English).
public enum L10nKey: String, CaseIterable, Sendable {
    // MARK: Everywhere
    case errorLine, warningLine, internalError, cannotWriteStandardOutput, seeHelpForCommands, seeHelpForUsage
    case unknownCommand, unknownCommandDidYouMean, unknownCommandList, badLanguageCode, badTimeout
    case historyNotRecorded, secondsShort

    // MARK: Parts of speech (the labels of sense groups)
    case posNoun, posVerb, posAdjective, posAdverb, posPreposition, posConjunction, posInterjection, posPronoun
    case posNumeral, posArticle, posDeterminer, posParticle, posPhrase, posPrefix, posSuffix, posAbbreviation
    case posProperNoun, posIdiom

    // MARK: lookup
    case lookupShowingMatchedAs, lookupNothingCachedOffline, lookupEveryProviderFailed, lookupNoEntry
    case lookupDidYouMean, lookupOfflineNotReached, lookupNotReached, lookupShowingCached, lookupStaleShowing
    case labelEtymology, labelSynonyms, labelAntonyms, labelSources, labelAlsoIn, alsoInHint, moreSenses
    case anotherLanguage, explainScore
    case footerEntries, footerNotFound, footerNotCachedOffline, footerCached, footerStale
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
    case quizNextReviewMany, badNowTime, quizNotATerminal
    case quizQuestionOf, quizRunningScore, quizWhatDoesItMean, quizWhichWordIsIt, quizSecondsToAnswer
    case quizNotAnAnswer, quizRight, quizWrong, quizTimeUp, quizTheAnswerIs, quizScoreAfterAnswer, quizPressHint
    case quizStoppedEarly, quizInputEnded, quizScore, quizScoreDetail, quizToReview
    case reviewNoQuizzes, reviewQuizzes, reviewQuizzesCount, reviewAndMore, reviewBestScore, reviewBestScoreOn
    case reviewWords, reviewWordsOrder, reviewColumnWord, reviewColumnSeen, reviewColumnRight, reviewColumnWrong
    case reviewColumnLastSeen, reviewColumnNextDue
}
