/// The `--help` texts in English.
enum EnglishHelp {
    static func entry(_ key: HelpKey) -> CatalogueEntry {
        switch key {
        case .helpCacheAbstract: "Show, prune or clear the cache of online answers."
        case .helpCacheStatsAbstract: "Show where the cache is and what it holds, per provider."
        case .helpOutputFormat: "Output format."
        case .helpCacheClearAbstract: "Delete cached answers: all of them, or one provider's."
        case .helpCachePruneAbstract: "Delete expired answers (kept until now as a fallback for when their source fails)."
        case .helpConfigAbstract: "Show or change lexagg's configuration file."
        case .helpConfigDiscussion:
            """
            The file is TOML, at $LEXAGG_CONFIG, else $XDG_CONFIG_HOME/lexagg/config.toml, else \
            ~/.config/lexagg/config.toml; lexagg works without it. Precedence: command-line flags > environment \
            (LEXAGG_*) > the file > defaults. README.md, "Configuration", lists every key.

            Examples:
              lexagg config path
              lexagg config show
              lexagg config set lookup.providers wordnet,wiktionary
              lexagg config set lookup.strategy first
              lexagg config set ui.language ru
              lexagg config set providers.wiktionary.weight 1.5
              lexagg config set providers.pons.secret "$KEY"
              lexagg config reset
            """
        case .helpConfigPathAbstract: "Print the configuration file's path (it works even when the file is invalid)."
        case .helpConfigPathDiscussion:
            """
            Standard output gets the path alone; a note on standard error says when the file does not exist.

            Examples:
              lexagg config path
              $EDITOR "$(lexagg config path)"
            """
        case .helpConfigShowAbstract: "Print the effective settings and where each comes from (default, file line, variable)."
        case .helpConfigShowDiscussion:
            """
            Secrets (API keys) are masked. Provider tables for ids this machine does not have are flagged.

            Examples:
              lexagg config show
              lexagg config show --format json | jq '.settings[] | select(.origin != "default")'
            """
        case .helpConfigSetAbstract:
            "Set one key in the configuration file (created if needed); other values and comments stay."
        case .helpConfigSetDiscussion:
            """
            Keys are dotted: lookup.providers, lookup.strategy, lookup.timeout, lookup.provider_timeout, \
            lookup.language, ui.language, learner.languages, cache.enabled, cache.ttl, cache.negative_ttl, databases.path, \
            and providers.<id>.weight|timeout|endpoint|secret|database|ttl|negative_ttl. Lists are \
            comma-separated; durations are seconds or 30m, 12h, 7d.

            Examples:
              lexagg config set lookup.providers wordnet,wiktionary,freedictionary
              lexagg config set lookup.timeout 12
              lexagg config set cache.ttl 30d
              lexagg config set ui.language ru
              lexagg config set providers.wiktionary.endpoint http://127.0.0.1:8080
            """
        case .helpConfigSetKey: "The dotted key, e.g. lookup.strategy."
        case .helpConfigSetValue: "The value, e.g. first."
        case .helpConfigResetAbstract: "Move the configuration file aside (to config.toml.bak) so lexagg uses its defaults."
        case .helpConfigResetDiscussion:
            """
            Nothing is deleted: the file is renamed to config.toml.bak (or .bak.1, .bak.2, … when that exists), \
            and lexagg says where. Works even when the file is invalid.

            Examples:
              lexagg config reset
            """
        case .helpDataAbstract: "Import, list and remove offline datasets (Wiktionary dumps from kaikki.org)."
        case .helpDataListAbstract: "List imported datasets."
        case .helpDataInfoAbstract: "Show what a dataset holds and where it came from."
        case .helpDataRemoveAbstract: "Delete an imported dataset."
        case .helpDataImportAbstract: "Import a dictionary dump into a local dataset."
        case .helpDataImportWiktextractAbstract: "Import a wiktextract (kaikki.org) JSON Lines dump of Wiktionary as an offline provider."
        case .helpDoctorAbstract:
            "Check the configuration, every provider (and reach the online ones), the cache and the library."
        case .helpHistoryAbstract: "Show the words you looked up recently, with how often."
        case .helpHistoryDiscussion:
            """
            Every 'lexagg lookup' that finds its word is counted in the library's data directory (set \
            LEXAGG_NO_HISTORY=1 to keep no history).

            Examples:
              lexagg history
              lexagg history --limit 50 --format json
              lexagg history --clear
            """
        case .helpHistoryLimit: "How many words (1–1000)."
        case .helpHistoryClear: "Forget the whole history."
        case .helpLibraryAbstract: "Your saved words: add, list, star, search, export to Anki, import."
        case .helpLibraryDiscussion:
            """
            Words are saved with everything the dictionaries said (senses, pronunciations, translations, sources), so \
            'library show' works offline. The library is one SQLite file in LEXAGG_DATA_DIR, else \
            $XDG_DATA_HOME/lexagg, else ~/.local/share/lexagg. A word is kept as typed (case matters: German \
            'Essen' and 'essen' are two words); show, remove and star also find it in any case.

            Examples:
              lexagg library add serendipity
              lexagg library add Haus --lang de --to en
              lexagg library star serendipity
              lexagg library list --favorites
              lexagg library search cafe
              lexagg library export --format anki --output words.txt
              lexagg library import words.txt
            """
        case .helpLibraryAddAbstract: "Look words up and save what the dictionaries say."
        case .helpLibraryAddDiscussion:
            """
            Each argument is one word (quote phrases: "ice cream"). Adding a word again replaces its entries with \
            a fresh lookup; it is never saved twice. A word no provider knows is not saved (exit 1). Each word is \
            saved in its own transaction and reported as soon as it is safe on disk.

            Examples:
              lexagg library add serendipity
              lexagg library add house tree "ice cream"
              lexagg library add Haus --lang de --to en
              lexagg library add bank --offline --format json
              lexagg library add walked          (saved as 'walk', the form noted)

            Only the entries in the word's language are saved (--lang, else the language of the first entry; \
            your learner.languages come first); --all-languages keeps every language's entries.
            """
        case .helpLibraryAddWords: "The words to save."
        case .helpLibraryAddLang: "Language of the words (ISO 639 code; default: what the dictionaries say, else en)."
        case .helpLibraryAddTo: "Also save translations into this language."
        case .helpLibraryAddProviders: "Comma-separated provider ids to ask."
        case .helpLibraryAddOffline: "Make no network request: offline dictionaries and cached answers, as 'lookup --offline'."
        case .helpLibraryAddAllLanguages: "Save the entries of every language a dictionary gives, not only the word's."
        case .helpLibraryListAbstract: "List saved words, a page at a time; ★ marks favourites."
        case .helpLibraryListDiscussion:
            """
            Examples:
              lexagg library list
              lexagg library list --favorites --sort alpha
              lexagg library list --lang de --page 2 --limit 50
            """
        case .helpLibraryListLang: "Only words in this language."
        case .helpLibraryListFavorites: "Only starred words."
        case .helpLibraryListSort: "added: newest first; alpha: alphabetical."
        case .helpLibraryListPage: "Page number, from 1."
        case .helpLibraryListLimit: "Words per page (1–1000)."
        case .helpLibraryShowAbstract: "Show a saved word's full dictionary entry (works offline)."
        case .helpLibraryShowDiscussion:
            """
            Examples:
              lexagg library show serendipity
              lexagg library show Haus --lang de --format json
            """
        case .helpLibraryShowWord: "The saved word."
        case .helpLibraryShowLang: "Its language, when saved in several."
        case .helpLibraryRemoveAbstract: "Remove a saved word."
        case .helpLibraryRemoveDiscussion: "Example:\n  lexagg library remove serendipity"
        case .helpLibraryStarAbstract: "Mark a saved word as a favourite (★)."
        case .helpLibraryStarDiscussion: "Example:\n  lexagg library star serendipity\n  lexagg library list --favorites"
        case .helpLibraryUnstarAbstract: "Remove a word's favourite mark."
        case .helpLibraryUnstarDiscussion: "Example:\n  lexagg library unstar serendipity"
        case .helpLibrarySearchAbstract: "Search saved words, their translations and definitions."
        case .helpLibrarySearchDiscussion:
            """
            Case and accents are ignored and each word of the text matches word beginnings ("cafe" finds "Café", \
            "hous" finds "house"); the best matches come first (a match in the word itself counts most).

            Examples:
              lexagg library search haus
              lexagg library search "living quarters" --lang en
            """
        case .helpLibrarySearchText: "What to look for."
        case .helpLibrarySearchLimit: "The most results to show (1–1000)."
        case .helpLibraryExportAbstract: "Export the library as lexagg JSON, CSV or an Anki text file."
        case .helpLibraryExportDiscussion:
            """
            json keeps everything and imports back exactly; csv is for spreadsheets (RFC 4180); anki is Anki's \
            'Import File' text format with the fields Word, Definition, Examples, IPA, Translation, Sources and \
            Tags (lang::CODE, starred).

            Examples:
              lexagg library export --format anki --output words.txt
              lexagg library export --format json > library.json
              lexagg library export --format csv --output words.csv
            """
        case .helpLibraryExportFormat: "File format: json, csv or anki."
        case .helpLibraryExportOutput:
            "Write to this file instead of standard output: a regular file is replaced atomically (mode 0600); a link or device is written in place."
        case .helpLibraryImportAbstract: "Import words exported by lexagg (JSON, CSV) or an Anki text file."
        case .helpLibraryImportDiscussion:
            """
            The format is detected. Words already saved are merged, never doubled: starred if either copy is, \
            and entries they lack are added. The whole file is imported in one transaction: on any error \
            (with its line number for CSV) nothing is imported.

            Examples:
              lexagg library import words.txt
              lexagg library import library.json --format json
            """
        case .helpLibraryImportFile: "The file to import."
        case .helpLibraryImportLang: "Language of Anki rows without a lang:: tag (default en)."
        case .helpLibraryDoctorAbstract: "Check the library file and explain how to recover a damaged one."
        case .helpLibraryDoctorDiscussion:
            """
            Reads the file without changing it (SQLite's integrity check). With --repair, a damaged library is moved \
            aside (kept as library.sqlite.damaged-<time>) and every word that can still be read is copied into a \
            new library. Exit 0 when healthy, 69 when damaged or not a lexagg library.

            Examples:
              lexagg library doctor
              lexagg library doctor --repair
            """
        case .helpLibraryDoctorRepair: "Copy what can be read into a new library, keeping the damaged file."
        case .helpLookupAbstract: "Look a word up in every dictionary that knows its language."
        case .helpLookupDiscussion:
            """
            With no --providers, every available provider that defines words of the language is asked \
            (run 'lexagg providers' to see them). Senses are grouped by part of speech and each entry names \
            its source and language. Text output shows the entries in your languages (learner.languages, else the \
            locale's) with up to 5 senses of each part of speech and says what it left out; --all shows \
            everything, and JSON always has everything. An inflected form is looked up as its lemma too \
            (walked → walk). When nothing is found, lexagg suggests close spellings and exits with 1.

            Examples:
              lexagg lookup serendipity
              lexagg lookup "ice cream" --providers wordnet
              lexagg lookup house --providers freedict-eng-deu
              lexagg lookup bank --format json | jq '.entries[0].senseGroups'
              lexagg lookup hello --offline      # no network: local and cached only
              lexagg lookup set --senses 10      # more senses of each part of speech (--all: everything)
              lexagg lookup Haus --lang de       # the German entries (other languages are summed up in one line)
              lexagg lookup --batch words.txt --format json > answers.ndjson

            Online answers are cached (see 'lexagg cache --help'): a fresh cached answer is used instead of \
            asking again, and when a source fails its cached answer is shown however old, marked stale.
            """
        case .helpLookupWords: "The word or phrase to look up (several arguments are joined with spaces)."
        case .helpLookupProviders: "Comma-separated provider ids to ask, in order."
        case .helpLookupLang: "Language of the word (ISO 639 code, e.g. en, de)."
        case .helpLookupStrategy:
            "first: ask providers in order, stop at the first that knows the word; fastest: take the first answer; merge: wait for all (within --timeout). Default: lookup.strategy in the config file, else merge."
        case .helpLookupTimeout: "The longest to wait for the providers, in seconds (default: 8 in all, 5 for any one)."
        case .helpLookupExplain: "Show each sense's score: how many sources gave it, their weight, its original order."
        case .helpLookupAll: "Show every entry in every language and every sense (text output; JSON always has all)."
        case .helpLookupSenses:
            "Show at most N senses of each part of speech (default: lookup.senses in the config file, else 5)."
        case .helpLookupNoPager:
            "Never page the answer (by default, text longer than the terminal goes through $PAGER, else 'less -FRX')."
        case .helpLookupOffline:
            "Make no network request: use offline dictionaries and cached answers (old ones marked stale)."
        case .helpLookupNoCache: "Neither read nor write the cache of online answers."
        case .helpLookupRefresh: "Ask online sources again even if the cache has a fresh answer, and cache the new one."
        case .helpLookupBatch:
            "Look up every word of FILE, one per line ('-' reads standard input); with --format json, one JSON document per line."
        case .helpLookupJobs: "With --batch, how many words to look up at once online (1-64)."
        case .helpMCPAbstract:
            "Serve lookups to AI assistants: a Model Context Protocol (MCP) server on standard input and output."
        case .helpMatchAbstract: "List headwords that match a pattern, like 'dict -m'."
        case .helpProviderAbstract: "Tools for writing external providers (docs/external-providers.md)."
        case .helpProviderCheckAbstract: "Check that an executable speaks the external-provider protocol correctly."
        case .helpProvidersAbstract: "List every provider: what it can do, its languages, and whether it is set up."
        case .helpQuizAbstract: "Quiz yourself on the words in your library."
        case .helpQuizDiscussion:
            """
            Each question shows a word from your library (or, with --mode word, a meaning) and four choices: the \
            right one and three from other words of the same language, of the same part of speech when there are \
            enough. Answer with the keys 1–4 before the countdown ends; when it reaches zero the question counts \
            as missed and the answer is shown. q or Ctrl-C ends the quiz early; the answers given are kept.

            Every answer updates the word's review schedule (SuperMemo's SM-2): words that are due come first, \
            then new ones. Scores and each word's history are saved in the library; --stats shows them.

            Without a terminal, give the answers with --answers (1–4, or - to let a question time out) or pipe \
            them in, one a line.

            Examples:
              lexagg quiz
              lexagg quiz --count 5 --seconds 10 --mode word --lang de
              lexagg quiz --answers 2,4,1,-,3 --format json
              printf '1\\n3\\n' | lexagg quiz --count 2
              lexagg quiz --stats

            Exit codes: 0 done, 1 not enough words in the library, 64 usage error (or no answers without a \
            terminal), 69 the library cannot be opened, 130 ended early with Ctrl-C.
            """
        case .helpQuizCount: "How many questions (1–100)."
        case .helpQuizStats: "Show past quizzes, the best score and each word's history instead of playing."
        case .helpQuizOptionsSeconds: "Seconds for each question (1–3600)."
        case .helpQuizOptionsMode: "meaning: show a word, choose its meaning; word: show a meaning, choose the word."
        case .helpQuizOptionsLang:
            "Language of the words (ISO 639 code); by default the language with most words in the library."
        case .helpQuizOptionsAnswers:
            "Answers given up front, comma-separated: 1–4, or - to let a question time out (for scripts)."
        case .helpQuizOptionsNow:
            "Pretend it is this time (ISO 8601: 2026-11-22 or 2026-11-22T09:30:00Z), for testing and time travel."
        case .helpQuizOptionsSeed: "Seed for the order of words and choices (repeatable runs)."
        case .helpRandomAbstract: "Print random words in a language."
        case .helpReviewAbstract: "Review the library words that are due, and see when the next ones are."
        case .helpReviewDiscussion:
            """
            A quiz of due words only: those whose review date (set by SM-2 after each answer) has come, the most \
            overdue and the hardest — a word missed last time — first. At the end it says when the next words fall \
            due. With nothing due it says so, and when, and exits 0.

            Examples:
              lexagg review
              lexagg review --lang de --seconds 20
              lexagg review --now 2026-11-23 --answers 1,2
              lexagg review --format json --answers 3

            Exit codes: 0 done (or nothing due), 1 not enough words in the library, 64 usage error, \
            69 the library cannot be opened, 130 ended early with Ctrl-C.
            """
        case .helpReviewCount: "At most this many words (1–100)."
        case .helpServeAbstract: "Serve lookups to other programs: an HTTP API or a DICT protocol (RFC 2229) server."
        case .helpServeDICTAbstract:
            "Serve lookups over the DICT protocol (RFC 2229), for dict, GoldenDict and other DICT clients."
        case .helpServeHTTPAbstract: "Serve lookups over HTTP: lexagg's JSON API and a dictionaryapi.dev-compatible route."
        case .helpStoreAbstract: "Set up the shared PostgreSQL store and move SQLite files into it."
        case .helpStoreMigrateAbstract: "Create or upgrade the shared store's schema now (otherwise done on first use)."
        case .helpStoreCopyAbstract: "Copy a SQLite cache and library into the shared PostgreSQL store (safe to run again)."
        case .helpSuggestAbstract: "A word of the day: a word with a definition that is not in your library yet."
        case .helpTranslateAbstract: "Translate a word from one language into another."
        case .helpLexAggAbstract: "Look words up in many dictionaries at once."
        case .helpLexAggDiscussion:
            """
            lexagg asks every dictionary it knows — the embedded WordNet, any dictd databases on this machine \
            (/usr/share/dictd, LEXAGG_DICT_PATH) and, once configured, online sources — and shows what each one \
            says, with its source.

            Examples:
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

            Language of the messages: --ui-language en|ru, else ui.language in the configuration \
            (lexagg config set ui.language ru), else LC_ALL, LC_MESSAGES, LANG, LANGUAGE.

            Exit codes: 0 found, 1 not found, 64 usage error, 69 every provider failed, 70 internal error, \
            78 configuration error, 130 interrupted.
            """
        case .helpLoggingOptionsVerbose:
            "Log each request (method, URL with secrets redacted, status, size, time), cache hits and strategy decisions to standard error."
        case .helpLoggingOptionsDebug: "Like --verbose, with more detail."
        case .helpLoggingOptionsQuiet: "Print no warnings (errors still go to standard error)."
        }
    }
}
