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
        case .unknownUILanguage: "--ui-language '{1}' is not a language lexagg speaks; it speaks {2}"
        case .seeHelpForUsage: "Run 'lexagg help' for usage."
        case .usageLine: "Usage: {1}"
        case .seeCommandHelp: "See '{1}' for more."
        case .unknownCommand: "unknown command '{1}'"
        case .unknownCommandDidYouMean: "; did you mean '{1}'?"
        case .dashWordHint: "  to look up '{1}' as a word, put -- before it: {2}"
        case .missingSubcommand: "'{1}' needs a subcommand before '{2}'; did you mean '{3}'?"
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
        case .gramMasculine: "masculine"
        case .gramFeminine: "feminine"
        case .gramNeuter: "neuter"
        case .gramCommon: "common"
        case .gramAnimate: "animate"
        case .gramInanimate: "inanimate"
        case .gramPersonal: "personal"
        case .gramPerfective: "perfective"
        case .gramImperfective: "imperfective"
        case .gramPlural: "plural"
        case .gramSingular: "singular"
        case .gramOr: "or"

        // MARK: lookup
        case .lookupShowingMatchedAs: "lexagg: no entry for '{1}' as typed; showing '{2}'"
        case .lookupAlsoMatchedAs: "lexagg: also showing '{2}', where a dictionary has no entry for '{1}' as typed"
        case .lookupNothingCachedOffline:
            "no answer for '{1}' offline: nothing is cached for it from {2}; try again without --offline"
        case .lookupEveryProviderFailed: "every provider failed for '{1}'"
        case .lookupNoEntry: "no entry for '{1}' in {2}"
        case .lookupDidYouMean: "Did you mean: {1}?"
        case .lookupTranslatableBy: "'{1}' is in {2} ({3}): {4}"
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
            one: "sense {3} of {1} (source {2}); {n} source, weight {4}",
            other: "sense {3} of {1} (source {2}); {n} sources agree, weight {4}")
        case .footerEntries: .plural(one: "{n} entry", other: "{n} entries")
        case .footerNotFound: "not found"
        case .footerNotCachedOffline: "not cached (offline)"
        case .footerCached: "cached {1}"
        case .footerStale: "stale"
        case .footerInvalidQuery: "invalid-query"
        case .footerUnsupportedLanguage: "unsupported-language"
        case .footerCredentials: "credentials"
        case .footerRateLimited: "rate-limited"
        case .footerUnavailable: "unavailable"
        case .footerTimeout: "timeout"
        case .footerMalformedResponse: "malformed-response"
        case .footerCancelled: "cancelled"
        case .footerOffline: "offline"
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
        case .quizStillDue: .plural(
            one: "Still due: {n} word not reached this time ('lexagg review' asks it).",
            other: "Still due: {n} words not reached this time ('lexagg review' asks them).")
        case .badNowTime: "'{1}' is not a time for --now; use a real day from 1970 to 2999 in ISO 8601, such as 2026-11-22 or 2026-11-22T09:30:00Z"
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

        // MARK: More commands
        case .historyForgot: .plural(one: "forgot {n} word from the history", other: "forgot {n} words from the history")
        case .countOutOfRange: "--count must be between 1 and {1}, not {2}"
        case .randomNoProvider: "no provider could give random {1} words"
        case .randomProviderFailed: "{1} failed ({2}); words from {3}"
        case .lookupBatchAndWords: "give words either as arguments or with --batch, not both"
        case .lookupSensesTooSmall: "--senses must be 1 or more, not {1} (--all shows every sense)"
        case .lookupNeedsWord: "give a word to look up, e.g. 'lexagg lookup serendipity'"
        case .lookupNoProviderForLanguage: "no provider covers the language '{1}'"
        case .lookupIsItISO: " (is it an ISO 639 code? e.g. en, de, fr, es)"
        case .lookupLanguageFromSettings: "; the language is lookup.language ({1}): give --lang, or change it with 'lexagg config set lookup.language CODE'"
        case .translateNeedsWord: "give a word to translate, e.g. 'lexagg translate house --from en --to de'"
        case .translateNothingCachedOffline: "no translation of '{1}' offline: nothing is cached for it from {2}; try again without --offline"
        case .translateNotFound: "no translation of '{1}' ({2})"
        case .matchInvalidPattern: "invalid pattern: {1}"
        case .matchNothing: "no headword matches '{1}' by {2}"
        case .matchTrySubstring: "; try --strategy substring or lev"
        case .matchTryStrategy: "; try --strategy {1}"
        case .matchHeadwords: .plural(one: "{1} — {2}: {n} headword", other: "{1} — {2}: {n} headwords")
        case .limitBetween: "--limit must be between 1 and {1}, not {2}"
        case .sharedCacheUnusable: "the shared cache cannot be used: {1}; going on without the cache"
        case .storeURLUnusable: "the store URL cannot be used: {1}"
        case .mcpStopped: "the MCP server stopped: {1}"
        case .configNoSuchProvider: "lookup.providers: no provider '{1}' here{2} (run 'lexagg providers' to list them)"
        case .configEnvironmentVariable: "environment variable {1}"
        case .latencyMilliseconds: "{1} ms"

        // MARK: lookup --batch
        case .batchJobsRange: "--jobs must be between 1 and 64, not {1}"
        case .batchNoWords: "{1} has no words (one per line)"
        case .standardInput: "standard input"
        case .pipeSource: "pipe"
        case .batchLineSkipped: "line {1}: {2}, skipped"
        case .cannotReadBecause: "cannot read {1}: {2}"
        case .batchLineTooLong: "line {1} of {2} is longer than {3} bytes; a batch file has one word per line"
        case .batchSummary: "lexagg: {1}: {2} ({3})"
        case .batchFound: "{1} found"
        case .batchNotFound: "{1} not found"
        case .batchFailed: "{1} failed"
        case .batchInvalid: "{1} invalid"
        case .batchProgress: "{1}/{2} words"

        // MARK: providers
        case .providersDirectionsAndLanguages: "{1} directions, {2} languages"
        case .providersNone: "No providers found."
        case .providersHint: "names, keys, sources: lexagg providers --wide; are they answering: lexagg doctor"
        case .providersLanguages: "{1} languages"
        case .providersDirections: "{1} directions"
        case .providersAny: "any"
        case .providersNeedsKey: "needs key"
        case .providersSources: "sources:"
        case .columnID: "ID"
        case .columnName: "NAME"
        case .columnCan: "CAN"
        case .columnLanguages: "LANGUAGES"
        case .columnMode: "MODE"
        case .columnKey: "KEY"
        case .columnStatus: "STATUS"
        case .quizModeMeaning: "meaning"
        case .quizModeWord: "word"
        case .quizModeReview: "review"
        case .providerReady: "ready"
        case .providerConfigured: "configured"
        case .providerNotConfigured: "not configured"
        case .providerUnavailable: "unavailable"
        case .providerOnline: "online"
        case .providerOffline: "offline"

        // MARK: library random
        case .browseFoundOnly: .plural(one: "found only {1} of {n} new word", other: "found only {1} of {n} new words")
        case .browseWithDefinition: " with a definition ({1} without one skipped)"
        case .browseNotShownBefore: " not shown before in this session"
        case .browseSaved: "  (saved)"
        case .browsePageMore: "page {1} · more: {2}"

        // MARK: suggest
        case .suggestNoDefinition: "no word with a definition found among {1} random {2} words; try again"
        case .suggestInLibrary: "It is in your library."
        case .suggestAddIt: "Add it: lexagg library add {1}"
        case .suggestWordOfTheDay: "Word of the day: {1}"
        case .suggestWordOfTheDayOn: "Word of the day ({1}): "
        case .suggestBadDate: "--date must be a day as YYYY-MM-DD, not '{1}'"
        case .suggestNoNotifySend: "notify-send is not installed (Debian: apt install libnotify-bin); no notification sent"
        case .suggestNotifyFailed: "notify-send failed: {1}"
        case .suggestNotifyStatus: "notify-send exited with status {1}; no notification shown"

        // MARK: cache
        case .cacheNoDirectory: "no cache directory: set LEXAGG_CACHE_DIR, XDG_CACHE_HOME or HOME"
        case .cachePath: "cache: {1} ({2})"
        case .cacheEmpty: "empty: answers from online sources are stored here as you look words up"
        case .cacheAnswers: .plural(one: "{n} answer", other: "{n} answers")
        case .cacheColumnProvider: "provider"
        case .cacheColumnAnswers: "answers"
        case .cacheColumnNotFound: "not found"
        case .cacheColumnExpired: "expired"
        case .cacheColumnSize: "size"
        case .cacheColumnNewest: "newest"
        case .notAProviderID: "'{1}' is not a provider id"
        case .cacheDeleted: .plural(one: "deleted {n} cached answer", other: "deleted {n} cached answers")
        case .cacheDeletedOf: " of {1}"
        case .cachePruned: .plural(one: "deleted {n} expired answer", other: "deleted {n} expired answers")
        case .bytesB: "{1} B"
        case .bytesKB: "{1} KB"
        case .bytesMB: "{1} MB"

        // MARK: doctor
        case .doctorConfigValid: "{1} is valid"
        case .doctorTheConfigurationFile: "the configuration file"
        case .doctorNoConfigFile: "no file ({1}); defaults apply"
        case .doctorNoLocation: "no location"
        case .doctorFixConfig: "fix the file, or 'lexagg config reset' to start from the defaults"
        case .doctorNoDictionary: "no dictionary a default lookup asks is usable"
        case .doctorInstallDictionary: "apt-get install dict-wn, or set up an online provider (see 'lexagg providers')"
        case .doctorBroken: "Something a lookup needs is broken (✗ above)."
        case .doctorAllWorks: "Everything a lookup needs works."
        case .doctorNoCacheDirectory: "no cache directory"
        case .doctorSetCacheDir: "set LEXAGG_CACHE_DIR, XDG_CACHE_HOME or HOME"
        case .doctorCannotOpen: "cannot open {1}"
        case .doctorCacheAnswers: "{1}: {2} answers"
        case .doctorReadOnly: "; the file is read-only"
        case .doctorMakeWritableOrClear: "make it writable, or 'lexagg cache clear'"
        case .doctorCacheClearStartsNew: "'lexagg cache clear' starts a new cache (nothing you saved is in it)"
        case .doctorFixStoreURL: "fix store.url or LEXAGG_STORE_URL: postgres://user@host:5432/database"
        case .doctorNotSet: "not set"
        case .doctorStartServer: "start the server, check the address, user and password (PGPASSWORD or store.password_file)"
        case .doctorNewerSchema: "{1}: migrated by a newer lexagg (schema {2})"
        case .doctorUpdateLexagg: "update lexagg"
        case .doctorMigratedOnFirstUse: "{1}: reachable; schema {2} of {3}, migrated on first use"
        case .doctorStoreContents: "{1}: {2} cached answers, {3} saved words"
        case .doctorNoDataDirectory: "no data directory"
        case .doctorSetDataDir: "set LEXAGG_DATA_DIR, XDG_DATA_HOME or HOME"
        case .doctorLibraryWords: "{1}: {2} words"
        case .doctorHealthy: "{1}: healthy"
        case .doctorRunLibraryDoctor: "run 'lexagg library doctor' to see how to recover ('library doctor --repair' copies every readable word into a new library)"
        case .doctorNotCreatedYet: "{1} (not created yet)"
        case .doctorCannotCreate: "cannot create {1}"
        case .doctorMakeWritableOrSet: "make it writable, or set {1}"

        // MARK: config
        case .configNoPath: "no configuration path: set HOME, XDG_CONFIG_HOME or LEXAGG_CONFIG"
        case .configMasked: .plural(one: "******** ({n} character)", other: "******** ({n} characters)")
        case .configNoFileYet: "(no file yet: lexagg uses its defaults; 'lexagg config set' creates it)"
        case .configIsDirectory: "{1} is a directory, not a file"
        case .configProviderTableUnknown: "providers.{1}: no provider '{1}' on this machine{2}"
        case .configLookupProvidersUnknown: "lookup.providers: no provider '{1}' on this machine (lookup will fail)"
        case .configNoPathHomeUnset: "(no configuration path: HOME is not set)"
        case .configNoFileDefaults: " (no file: defaults)"
        case .configEveryProvider: "(every available provider)"
        case .configNone: "(none)"
        case .configSetUnknownProvider: "{1}: no provider '{2}' on this machine{3} (run 'lexagg providers')"
        case .configSetDone: "{1} = {2} in {3}"
        case .configRewritten: "the file was rewritten from its parsed form; its comments are gone"
        case .configOverriddenByVariable: "{1} is set in the environment and overrides this value"
        case .configUnknownProviderTable: "no provider '{1}' on this machine{2} (run 'lexagg providers')"
        case .configMoved: "moved {1} to {2}; lexagg now uses its defaults"
        case .configNothingToReset: "nothing to reset: {1} does not exist"

        // MARK: config show
        case .originDefault: "default"
        case .originFileLine: "file, line {1}"
        case .originFile: "file"
        case .originEnvironment: "env {1}"

        // MARK: files and provider check
        case .cannotWrite: "cannot write {1}: {2}"
        case .fileDanglingLink: "a symbolic link to nothing ({1})"
        case .fileLinkToNotAFile: "a symbolic link to {1}, not a file"
        case .fileIsNotAFile: "it is {1}, not a file"
        case .fileNotAFile: "it is not a file"
        case .fileDirectory: "a directory"
        case .fileFIFO: "a FIFO"
        case .fileSocket: "a socket"
        case .fileBlockDevice: "a block device"
        case .fileCharacterDevice: "a character device"
        case .fileNotRegular: "not a regular file"
        case .checkNoSuchFile: "'{1}': no such file"
        case .checkNotExecutable: "'{1}' is not an executable file (chmod +x it?)"
        case .checkBadTimeout: "--timeout must be a number of seconds above 0 and at most 600, not {1}"
        case .checkAllPassed: .plural(one: "all {n} check passed", other: "all {n} checks passed")
        case .checkSomeFailed: .plural(one: "{1} of {n} check failed", other: "{1} of {n} checks failed")

        // MARK: data
        case .dataNoDirectory: "no data directory: set LEXAGG_DATA_DIR, XDG_DATA_HOME or HOME"
        case .dataNoSuchDataset: "no dataset named '{1}' in {2}"
        case .dataImportOne: "; import one with 'lexagg data import wiktextract FILE'"
        case .dataThereAre: "; there are: {1}"
        case .dataNone: "no datasets in {1}; import one with 'lexagg data import wiktextract FILE'"
        case .dataColumnName: "name"
        case .dataColumnEntries: "entries"
        case .dataColumnLanguages: "languages"
        case .dataColumnSize: "size"
        case .dataColumnSource: "source"
        case .dataLabelSource: "source"
        case .dataLabelImported: "imported"
        case .dataLabelEntries: "entries"
        case .dataLabelIndexKeys: "index keys"
        case .dataLabelTranslations: "translations"
        case .dataLabelLanguages: "languages"
        case .dataSourceValue: "{1} ({2}, dated {3})"
        case .dataImportedLanguages: ", languages {1}"
        case .dataEntriesValue: .plural(one: "{1} from {2} line ({3} malformed)", other: "{1} from {2} lines ({3} malformed)")
        case .dataIndexKeysValue: "{1} (headwords, forms, translations)"
        case .dataTranslationsValue: "{1} into {2} languages"
        case .dataMoreLanguages: ", +{1} more"
        case .dataLabelFormat: "format"
        case .dataFormatEarlier: "{1}, an earlier lexagg's: import the dump again to find words however their case is typed (strasse: Straße) and without their stress or length marks (дома: до́ма, famae: fāmae), and to read what this version reads"
        case .dataCannotDelete: "cannot delete {1}: {2}"
        case .dataRemoved: "removed {1} ({2})"

        // MARK: data import
        case .importBadName: "'{1}' is not a valid --name: use lower-case letters, digits and '-' (it becomes the provider id)"
        case .importMaxMalformed: "--max-malformed must be 0 or more"
        case .importMaxLine: "--max-line-mb must be between 1 and 1024"
        case .importNameTaken: "'{1}' is already a provider's id; choose another --name"
        case .importInterrupted: "interrupted: nothing was imported and the partial files are removed; the dataset '{1}' imported before is unchanged"
        case .importInterruptedFirst: "interrupted: nothing was imported and the partial files are removed; there is no dataset '{1}'"
        case .importDone: .plural(one: "imported {1} entry ({2}) as {3}", other: "imported {1} entries ({2}) as {3}")
        case .importLines: .plural(
            one: "{1} line: {2} skipped (other languages, or not word entries), {3} malformed",
            other: "{1} lines: {2} skipped (other languages, or not word entries), {3} malformed"
        )
        case .importNoEntries: .plural(
            one: "no word entries in {1} ({2} line, {3} malformed, {4} skipped); nothing was imported",
            other: "no word entries in {1} ({2} lines, {3} malformed, {4} skipped); nothing was imported"
        )
        case .importNoEntriesLanguages: .plural(
            one: "no word entries in {1} ({2} line, {3} malformed, {4} skipped as not in {5}); nothing was imported",
            other: "no word entries in {1} ({2} lines, {3} malformed, {4} skipped as not in {5}); nothing was imported"
        )
        case .importTooManyMalformed: "stopped: more than {1} malformed lines ({2}); is {3} a wiktextract JSON Lines file? The previous dataset, if any, is unchanged"
        case .importTerminalInput: "standard input is a terminal: pipe a dump into it (zcat FILE.jsonl.gz | lexagg data import wiktextract -) or name the file"
        case .importTruncatedGzip: "{1} ends in the middle of its gzip data (a truncated download?)"
        case .importNotText: "{1} is not a JSON Lines file (it starts with binary data); a wiktextract dump is .jsonl, .jsonl.gz, .jsonl.bz2 or .jsonl.xz"
        case .importSorting: "sorting the index"
        case .dataRemoveImportRunning: "an import into '{1}' is running; wait for it to finish, then remove the dataset"
        case .importRunning: "another import into '{1}' is running; wait for it to finish, or import under another --name"
        case .importInvalidGzip: "{1} is not valid gzip data: {2}"
        case .importMissingProgram: "{1} needs the '{2}' program to decompress it; install it (apt-get install {3}) or decompress the file first"
        case .importDecompressionFailed: "{1} could not decompress {2} (exit status {3}): is it a complete .{4} file?"
        case .importDecompressionFailedPiped: "{1} could not decompress {2} (exit status {3}): is it complete {1} data?"
        case .importProblemLine: "line {1}: {2}"
        case .importAndMore: "… and {1} more"
        case .importSpeed: .plural(
            one: "{1} MB of JSON in {2} s ({3} MB/s); {4} index key", other: "{1} MB of JSON in {2} s ({3} MB/s); {4} index keys"
        )
        case .importDataset: "dataset: {1}"
        case .importTry: "try: lexagg lookup WORD --providers {1}"
        case .importProgress: "{1}/{2} MB  {3} entries  {4} MB/s"
        case .importProgressStream: "{1} MB  {2} entries  {3} MB/s"
        case .importETA: "ETA {1}"
        case .importMalformed: "{1} malformed"

        // MARK: store
        case .storeNotConfigured: "no shared store: set store.url (lexagg config set store.url postgres://user@host:5432/db), LEXAGG_STORE_URL, or pass --to"
        case .storeUpToDate: "{1}: schema {2}, up to date"
        case .storeMigrated: "{1}: applied migration {2}; schema {3}"
        case .storeCopiedCache: "cache {1} → {2}: {3} read, {4} copied, {5} already there"
        case .storeCopiedLibrary: "library {1} → {2}: {3} read, {4} added, {5} merged, {6} already there; {7} review states, {8} quiz runs, {9} history words"
        case .storeAnswers: .plural(one: "{n} answer", other: "{n} answers")
        case .storeFromSyntax: "--from takes sqlite:PATH (a cache or library file, or a directory), or sqlite"
        case .storeFromNoPath: "--from names no path"
        case .storeNoSuchPath: "no such file or directory: {1}"
        case .storeNothingToCopy: "nothing to copy: no {1} or {2} at {3}"

        // MARK: serve
        case .serveBadPort: "--port must be between 0 and 65535, not {1}"
        case .serveBadMaxConnections: "--max-connections must be between 1 and 10000, not {1}"
        case .serveBadIdleTimeout: "--idle-timeout must be between 1 and 86400 seconds, not {1}"
        case .serveBadHost: "--host must be an address, not '{1}'"
        case .serveUnknownHost: "--host '{1}' is no address and no name that resolves; give one of this machine's addresses: 127.0.0.1 (the default), ::1, or 0.0.0.0 for every interface"
        case .serveOnNetwork: "serving the network on {1}: anyone who can reach this machine's port {2} can use it"
        case .serveDICTListening: "lexagg serve dict: listening on {1}"
        case .serveDICTFailed: "cannot serve DICT on {1}:{2}: {3}"
        case .serveBadRateLimit: "--rate-limit must be 0 (no limit) or more, not {1}"
        case .serveBadBurst: "--burst must be at least 1, not {1}"
        case .serveBadMaxConcurrent: "--max-concurrent must be from 1 to 10000, not {1}"
        case .serveEmptyToken: "--token must not be empty"
        case .serveBadDictPort: "--dict-port must be from 0 to 65535, not {1}"
        case .serveHTTPListening: "lexagg: serving HTTP on {1}"
        case .serveHTTPDICTListening: "lexagg: serving DICT on {1}"
        case .serveFailed: "could not serve on {1}: {2}"
        case .libraryNotSavedButLemma: "'{1}' is saved as '{2}', the word it is a form of: lexagg library show {3}"
        case .libraryNotSavedButLemmaVerb: "'{1}' is saved as '{2}', the word it is a form of: lexagg library {3} {4}"
        case .librarySpelledSeveralWays: "'{1}' is saved spelled several ways: {2}; name one as it is spelled (lexagg library {3} {4})"
        case .libraryNoTranslator: "no provider here translates {1} → {2}: the words are saved without translations"
        case .randomNoTranslator: "no provider here translates {1} → {2}: words are shown with their definitions only"
        case .browseTryTo: "; --to {1} shows words with their translations into {2}"
        case .lemmaFormOf: "{1} of {2}"
        case .lemmaAFormOf: "a form of {1}"
        case .serveSamePorts: "--port and --dict-port are both {1}; give the DICT server a port of its own (2628 is DICT's)"

        // MARK: help with a number
        case .helpMatchLimit: "At most this many headwords from each provider (1–{1})."

        // MARK: doctor: the service's findings
        case .doctorNotConfigured: "not configured"
        case .doctorReady: "ready ({1})"
        case .doctorMetered: "configured; not sent a request (metered: {1})"
        case .doctorReachable: "reachable at {1} ({2} ms)"
        case .doctorAdviceCheckKey: "check the key (lexagg config show) or get a new one"
        case .doctorAdviceTimeout: "{1} did not answer in time: check the network or the endpoint"
        case .doctorAdviceThrottled: "the source is throttling requests; wait and try again"
        case .doctorAdviceCheckNetwork: "check the network and the endpoint ({1}); without network, lookups use offline dictionaries and cached answers"
        case .doctorAdviceTryLookup: "check it with a lookup: --providers {1}"
        case .doctorAdviceOffline: "no online source could be reached: without network, lookups use the offline dictionaries and cached answers"
        case .doctorOfflineWorks: "No network: the online sources (! above) were not reached; lookups answer from the offline dictionaries and the cache."
        }
    }
}
