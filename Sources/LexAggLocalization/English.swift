/// lexagg's text in English (the language of the source, and the fallback).
enum English {
    static func entry(_ key: L10nKey) -> CatalogueEntry {
        switch key {
        // MARK: Everywhere
        case .errorLine: "lexagg: error: {1}"
        case .warningLine: "lexagg: warning: {1}"
        case .internalError: "internal error: {1}"
        case .cannotWriteStandardOutput: "lexagg: cannot write standard output: {1}"
        case .seeHelpForCommands: "Run 'lexagg help' for the commands."
        case .seeHelpForUsage: "Run 'lexagg help' for usage."
        case .unknownCommand: "unknown command '{1}'"
        case .unknownCommandDidYouMean: "; did you mean '{1}'?"
        case .unknownCommandList: "; the commands are {1}"
        case .badLanguageCode: "'{1}' is not a language code for {2}; use an ISO 639 code such as en, de, fr, es"
        case .badTimeout: "--timeout must be a number of seconds above 0 (at least 0.001) and at most 600, not {1}"
        case .historyNotRecorded: "the lookup was not added to the history: {1}"
        case .secondsShort: "{1} s"

        // MARK: Parts of speech
        case .posNoun: "noun"
        case .posVerb: "verb"
        case .posAdjective: "adjective"
        case .posAdverb: "adverb"
        case .posPreposition: "preposition"
        case .posConjunction: "conjunction"
        case .posInterjection: "interjection"
        case .posPronoun: "pronoun"
        case .posNumeral: "numeral"
        case .posArticle: "article"
        case .posDeterminer: "determiner"
        case .posParticle: "particle"
        case .posPhrase: "phrase"
        case .posPrefix: "prefix"
        case .posSuffix: "suffix"
        case .posAbbreviation: "abbreviation"
        case .posProperNoun: "proper noun"
        case .posIdiom: "idiom"

        // MARK: lookup
        case .lookupShowingMatchedAs: "lexagg: no entry for '{1}' as typed; showing '{2}'"
        case .lookupNothingCachedOffline:
            "no answer for '{1}' offline: nothing is cached for it from {2}; try again without --offline"
        case .lookupEveryProviderFailed: "every provider failed for '{1}'"
        case .lookupNoEntry: "no entry for '{1}' in {2}"
        case .lookupDidYouMean: "Did you mean: {1}?"
        case .lookupOfflineNotReached: "offline: {1} not reached"
        case .lookupNotReached: "{1} not reached: {2}"
        case .lookupShowingCached: "; showing cached answers of {1} (oldest cached {2})"
        case .lookupStaleShowing: "{1}; showing its answer cached {2}"
        case .labelEtymology: "etymology: "
        case .labelSynonyms: "synonyms: "
        case .labelAntonyms: "antonyms: "
        case .labelSources: "sources: "
        case .labelAlsoIn: "also in: "
        case .alsoInHint: " — --all or --lang CODE shows them"
        case .moreSenses: .plural(
            one: "… {n} more sense: --senses {1} or --all shows it",
            other: "… {n} more senses: --senses {1} or --all shows them")
        case .anotherLanguage: "another language"
        case .explainScore: .plural(
            one: "score {1}: {n} source, weight {2}, order {3}",
            other: "score {1}: {n} sources, weight {2}, order {3}")
        case .footerEntries: .plural(one: "{n} entry", other: "{n} entries")
        case .footerNotFound: "not found"
        case .footerNotCachedOffline: "not cached (offline)"
        case .footerCached: "cached {1}"
        case .footerStale: "stale"
        case .ageJustNow: "just now"
        case .ageMinutes: "{1} min ago"
        case .ageHours: "{1} h ago"
        case .ageDays: .plural(one: "{n} day ago", other: "{n} days ago")

        // MARK: library
        case .libraryAddNeedsWord: "give a word to save, e.g. 'lexagg library add serendipity'"
        case .libraryToNeedsLang: "--to needs --lang (the language of the words)"
        case .libraryInvalidWord: "invalid word: {1}"
        case .libraryAddAllFailed: "every provider failed for '{1}'; nothing saved"
        case .libraryAddNoEntry: "no entry for '{1}' in {2}; nothing saved"
        case .libraryAdded: "added"
        case .libraryUpdated: "updated"
        case .librarySavedCounts: "{1} {2} ({3}): {4} from {5}{6}"
        case .librarySenses: .plural(one: "{n} sense", other: "{n} senses")
        case .libraryTranslations: .plural(one: "{n} translation", other: "{n} translations")
        case .libraryListNoMatch: "No saved words match."
        case .libraryListEmpty: "Your library is empty. Add a word: lexagg library add serendipity"
        case .libraryPageOf: "Page {1} of {2}"
        case .wordCount: .plural(one: "{n} word", other: "{n} words")
        case .libraryNothingOnPage: " (nothing on this page)"
        case .libraryNextPage: " · next: --page {1}"
        case .pageTooSmall: "--page must be 1 or more, not {1}"
        case .limitOutOfRange: "--limit must be between 1 and 1000, not {1}"
        case .libraryNotSavedAddIt: "'{1}' is not in your library (add it: lexagg library add {2})"
        case .libraryNotSaved: "'{1}' is not in your library"
        case .libraryShowStarred: "★ starred · "
        case .libraryShowSaved: "saved {1}"
        case .libraryShowUpdated: ", updated {1}"
        case .libraryRemoved: "removed {1} ({2})"
        case .libraryStarred: "★ starred {1} ({2})"
        case .libraryUnstarred: "unstarred {1} ({2})"
        case .librarySearchNeedsText: "give some text to search for, e.g. 'lexagg library search house'"
        case .librarySearchNoMatch: "no saved word matches '{1}'"
        case .libraryExported: .plural(one: "exported {n} word to {1} ({2})", other: "exported {n} words to {1} ({2})")
        case .cannotRead: "cannot read {1}"
        case .notUTF8: "{1} is not UTF-8 text, so not a lexagg export or Anki file"
        case .libraryImported: "imported {1} ({2}): {3} added, {4} merged, {5} already there"
        case .libraryDoctorShared:
            "the library is in the shared PostgreSQL store (store.url); 'lexagg doctor' checks it, and 'library doctor' checks only SQLite files (unset LEXAGG_STORE_URL to check yours)"
        case .libraryNoDataDirectory: "no data directory for the library: set LEXAGG_DATA_DIR (or HOME)"
        case .libraryDoctorPath: "library: {1}"
        case .libraryRepaired: .plural(one: "repaired: {n} word recovered", other: "repaired: {n} words recovered")
        case .libraryRepairedByName:
            ", {1} by name only (their definitions were unreadable; 'lexagg library add WORD' fetches them again)"
        case .libraryRepairedUnreadable: ", {1} unreadable"
        case .libraryRepairedKept: "; the damaged file is kept as {1}"
        case .libraryDoctorState: "state: {1} — {2}"
        case .libraryDoctorWords: "words: {1}, schema version {2}"
        case .libraryDoctorBackup: "backup: {1}"
        case .libraryRepairForeign: "--repair does not touch another program's file."

        // MARK: history
        case .historyEmpty: "No lookups yet. Try: lexagg lookup serendipity"
        case .historyLookedUp: " — looked up {1}, last "
        case .historyTimes: .plural(one: "once", other: "{n} times")
        case .historyTwice: "twice"

        // MARK: quiz and review
        case .quizCountOutOfRange: "--count must be between 1 and 100, not {1}"
        case .quizSecondsOutOfRange: "--seconds must be between 1 and 3600, not {1}"
        case .quizNeedsWordsMeanings:
            "a quiz needs at least {1} {2} words with different meanings in your library; it has {3} — add {4} more with 'lexagg library add WORD'"
        case .quizNeedsWordsSpellings:
            "a quiz needs at least {1} {2} words with different spellings in your library; it has {3} — add {4} more with 'lexagg library add WORD'"
        case .quizNothingDue: "Nothing to review: no {1} word is due. {2}"
        case .quizInputEndedFirst: "standard input ended before the first answer; pipe answers in, one a line (1–4)"
        case .quizLibraryEmpty: "your library is empty: add words with 'lexagg library add WORD', then quiz yourself"
        case .quizNothingScheduled: "No word is scheduled yet."
        case .quizNextReviewOne: "Next review: 1 word due {1}."
        case .quizNextReviewMany: .plural(
            one: "Next review: {n} word due {1}, the first at {2}.",
            other: "Next review: {n} words due {1}, the first at {2}.")
        case .badNowTime: "'{1}' is not a time for --now; use ISO 8601, such as 2026-11-22 or 2026-11-22T09:30:00Z"
        case .quizNotATerminal:
            "standard input is not a terminal and no answers were given: run the quiz in a terminal, pass --answers 1,3,2,… or pipe answers in, one a line"
        case .quizQuestionOf: "Question {1} of {2}"
        case .quizRunningScore: "  ·  score {1}/{2}"
        case .quizWhatDoesItMean: "What does it mean?"
        case .quizWhichWordIsIt: "Which word is it?"
        case .quizSecondsToAnswer: "{1} s to answer 1–4"
        case .quizNotAnAnswer: "'{1}' is not an answer: press 1, 2, 3 or 4 (q or Ctrl-C stops)"
        case .quizRight: "✓ Right!"
        case .quizWrong: "✗ Wrong"
        case .quizTimeUp: "⏱ Time's up"
        case .quizTheAnswerIs: " — the answer is {1}: {2}"
        case .quizScoreAfterAnswer: "   score {1}/{2}"
        case .quizPressHint: "  — press 1–4, q stops"
        case .quizStoppedEarly: .plural(
            one: "Stopped early after {1} of {n} question; the answers given are saved.",
            other: "Stopped early after {1} of {n} questions; the answers given are saved.")
        case .quizInputEnded: .plural(
            one: "Input ended after {1} of {n} question; the answers given are saved.",
            other: "Input ended after {1} of {n} questions; the answers given are saved.")
        case .quizScore: "Score: {1}/{2} ({3}%)"
        case .quizScoreDetail: " — {1} right, {2} wrong, {3} missed in {4} s"
        case .quizToReview: "To review: "
        case .reviewNoQuizzes: "No quizzes yet: start one with 'lexagg quiz'."
        case .reviewQuizzes: "Quizzes"
        case .reviewQuizzesCount: " ({1}, latest first)"
        case .reviewAndMore: "  … and {1} more"
        case .reviewBestScore: "Best score"
        case .reviewBestScoreOn: ": {1} on {2}"
        case .reviewWords: "Words"
        case .reviewWordsOrder: " (most often wrong first)"
        case .reviewColumnWord: "word"
        case .reviewColumnSeen: "seen"
        case .reviewColumnRight: "right"
        case .reviewColumnWrong: "wrong"
        case .reviewColumnLastSeen: "last seen"
        case .reviewColumnNextDue: "next due"
        }
    }
}
