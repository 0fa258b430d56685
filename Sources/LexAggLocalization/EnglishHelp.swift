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
              lexagg config show --format json \\
                | jq '.settings[] | select(.origin != "default")'
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
            "Write to this file instead of standard output: a regular file is replaced atomically (mode 0600); a link or device is written in place; - is standard output."
        case .helpLibraryImportAbstract: "Import words exported by lexagg (JSON, CSV) or an Anki text file."
        case .helpLibraryImportDiscussion:
            """
            The format is detected. Words already saved are merged, never doubled: starred if either copy is, \
            and entries they lack are added. The whole file is imported in one transaction: on any error \
            (with its line number for CSV) nothing is imported.

            Examples:
              lexagg library import words.txt
              # the summary as JSON: add --format json
              lexagg library import library.json
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
              # more senses of each part of speech (--all: everything)
              lexagg lookup set --senses 10
              # the German entries (other languages are summed up in one line)
              lexagg lookup Haus --lang de
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
            74 output could not be written, 78 configuration error, 130 interrupted.
            """
        case .helpLoggingOptionsVerbose:
            "Log each request (method, URL with secrets redacted, status, size, time), cache hits and strategy decisions to standard error."
        case .helpLoggingOptionsDebug: "Like --verbose, with more detail."
        case .helpLoggingOptionsQuiet: "Print no warnings (errors still go to standard error)."
        case .helpCacheDiscussion:
            """
            Answers from online sources (Wiktionary, Free Dictionary, PONS, a DICT server) are kept in one SQLite \
            file: $LEXAGG_CACHE_DIR/cache.sqlite, else $XDG_CACHE_HOME/lexagg/cache.sqlite, else \
            ~/.cache/lexagg/cache.sqlite. A cached answer is used while it is fresh (7 days; 1 day for "not found"); \
            after that the source is asked again, and the old answer is still shown, marked stale, when the source \
            fails or with --offline. Offline dictionaries are never cached: they are faster than the cache.

            Examples:
              lexagg cache stats
              lexagg cache prune
              lexagg cache clear --provider wiktionary
            """
        case .helpCacheClearProvider: "Only this provider's answers."
        case .helpDataDiscussion:
            """
            Datasets live in $LEXAGG_DATA_DIR/datasets, else $XDG_DATA_HOME/lexagg/datasets, else \
            ~/.local/share/lexagg/datasets; each is one file, NAME.lexwk, and one offline provider whose id is NAME.

            Examples:
              lexagg data import wiktextract kaikki.org-dictionary-English.jsonl.gz
              lexagg data list
              lexagg data info wiktionary-offline
              lexagg data remove wiktionary-offline
            """
        case .helpDataInfoName: "The dataset's name (its provider id)."
        case .helpDataImportWiktextractDiscussion:
            """
            Reads FILE one line at a time (.jsonl, .jsonl.gz; .bz2 and .xz through the bzip2 and xz programs; - for \
            standard input, any of those, so that a download needs no room on disk) and \
            writes a dataset indexed by headword, by every inflected form the dump lists and by every translation. \
            The dataset becomes a provider named --name (default wiktionary-offline) that answers lookup, translate \
            (both directions) and match with no network. Importing under an existing name replaces that dataset only \
            once the new one is complete; an interrupted import leaves the old one as it was. Malformed lines are \
            skipped and reported by line number; more than --max-malformed of them stop the import.

            Dumps: https://kaikki.org/dictionary/rawdata.html (per language, e.g. kaikki.org-dictionary-English.jsonl); \
            the other Wiktionary editions' too (German, French, Spanish, Russian, Polish, Chinese, ...: kaikki.org/dewiktionary/, \
            kaikki.org/frwiktionary/, ...), with their etymologies, labels and numbered senses.

            Examples:
              lexagg data import wiktextract kaikki.org-dictionary-English.jsonl.gz
              lexagg data import wiktextract raw-wiktextract-data.jsonl.gz \\
                --languages en,de --name wikt-en-de
              curl -sL URL-OF-A-DUMP | lexagg data import wiktextract - --name wikt-de
              lexagg lookup house --providers wiktionary-offline
              lexagg translate house --from en --to de --providers wiktionary-offline
            """
        case .helpDataImportWiktextractFile: "The dump: .jsonl, .jsonl.gz, .jsonl.bz2 or .jsonl.xz; - reads standard input (plain, gzip, bzip2 or xz)."
        case .helpDataImportWiktextractLanguages: "Keep only these languages (wiktextract's lang_code), comma-separated."
        case .helpDataImportWiktextractName: "The dataset's name, which is its provider id."
        case .helpDataImportWiktextractMaxMalformed: "Stop after this many malformed lines."
        case .helpDataImportWiktextractMaxLineMB: "Skip (and report) lines longer than this many MB."
        case .helpDataImportWiktextractQuiet: "No progress bar."
        case .helpDoctorDiscussion:
            """
            One line per check: ✓ works, · not set up or not checked (nothing is broken), ✗ broken, ! not reached \
            because the machine is offline (no online source could find or reach its host), with how to fix it. \
            Online providers are sent one cheap request each, all at once, within --timeout; metered ones (PONS) \
            are not, so no quota is spent. Nothing is written.

            Exit status: 0 when everything the default lookup needs works, offline too (lookups then answer from \
            the offline dictionaries); 69 when a provider it asks, the cache or the library is broken; 78 when the \
            configuration is invalid.

            Examples:
              lexagg doctor
              lexagg doctor --format json
              lexagg doctor --timeout 10
            """
        case .helpDoctorTimeout: "How long each online provider may take to answer, in seconds (default 4)."
        case .helpMCPDiscussion:
            """
            An MCP client (Claude Desktop, an editor, any assistant) starts 'lexagg mcp' and talks JSON-RPC on its \
            standard input and output; logs go to standard error. It ends when the client closes standard input, or on \
            SIGTERM or Ctrl-C, once it has answered what was asked (a second signal ends it at once).

            Tools: lookup (word, lang, providers), translate (word, from, to), random_words (count, lang), \
            match (pattern, strategy, lang, providers), library_add (word, lang, translate_to), \
            library_search (query, lang, favourites). Each answers with readable text and the same JSON as \
            --format json; a bad argument or a failed lookup is a tool error. Resources: \
            lexagg://library/words (your saved words) and lexagg://library/words/{language}/{word}.

            Client configuration (Claude Desktop's claude_desktop_config.json, and most other clients):
              {
                "mcpServers": {
                  "lexagg": { "command": "lexagg", "args": ["mcp"] }
                }
              }

            Examples:
              lexagg mcp
              lexagg mcp --offline
              lexagg mcp --providers wordnet,wiktionary --verbose
            """
        case .helpMCPProviders: "Comma-separated provider ids asked when a tool call names none."
        case .helpMCPOffline: "Make no network request: offline dictionaries and cached answers only."
        case .helpMatchDiscussion:
            """
            Every provider that can match by the strategy answers — dictd databases (WordNet, GCIDE, FreeDict, …), \
            a DICT server, Wiktionary's prefix search, external providers — each with its own list, in index \
            order with the exact headword first (or the service's relevance order). Case never matters.

            Strategies (the DICT protocol's):
              prefix     headwords that start with the pattern (the default)
              exact      the headword itself, in every provider that has it
              substring  headwords that contain the pattern
              suffix     headwords that end with the pattern
              regex      a POSIX extended regular expression, e.g. '^hou.e$' (quote it for the shell)
              soundex    headwords that sound alike (the same Soundex code)
              lev        headwords one edit away: a letter added, dropped, changed or two swapped

            'dict -m' uses the server's default strategy (dictd's is lev: '--strategy lev' here); lexagg defaults to \
            prefix, the usual question ("which words start with …?"). Matching is not cached: with --offline only \
            the dictionaries on this machine answer.

            Examples:
              lexagg match hous                        # house, household, housewife, …
              lexagg match ness --strategy suffix --providers wordnet
              lexagg match '^col(o|ou)r$' --strategy regex
              lexagg match recieve --strategy lev --offline
              lexagg match hous --providers wiktionary --limit 20
              lexagg match hous --format json | jq -r '.words[]'

            Exit codes: 0 something matched, 1 nothing did, 64 a bad strategy or pattern (a malformed regular \
            expression), 69 every provider asked failed.
            """
        case .helpMatchPattern: "The pattern: a word, a prefix, or with --strategy regex a regular expression."
        case .helpMatchStrategy: "How headwords are compared with the pattern."
        case .helpMatchLang: "Only providers of headwords in this language (ISO 639 code)."
        case .helpMatchOffline: "Make no network request: only the dictionaries on this machine answer."
        case .helpProviderCheckDiscussion:
            """
            Starts the executable, talks the protocol to it (initialize, each capability it declares, an unknown \
            word, an unsupported method, shutdown) and prints one line per check. Drop a provider that passes into \
            $XDG_CONFIG_HOME/lexagg/providers/ (else ~/.config/lexagg/providers/) to use it.

            Exit codes: 0 every check passed, 1 a check failed, 64 the executable cannot be run.

            Examples:
              lexagg provider check ./glossary.py
              lexagg provider check ./glossary.py --word serendipity --format json
            """
        case .helpProviderCheckExecutable: "The provider's executable."
        case .helpProviderCheckWord: "A word the provider knows (defined, translated, and its first letters suggested)."
        case .helpProviderCheckTimeout: "Seconds each answer may take."
        case .helpProvidersDiscussion:
            """
            STATUS says what lexagg knows without asking anyone: 'ready' for a local dictionary it can read, \
            'configured' for an online one that is set up (whether it answers is for 'lexagg doctor' to check), \
            'not configured' or 'unavailable' with the reason.

            Examples:
              lexagg providers
              lexagg providers --wide      (names, keys and sources too)
              lexagg providers --format json
              lexagg doctor          (checks that the online ones answer)
            """
        case .helpProvidersWide:
            "Also show each provider's name, what its entries carry, whether it needs a key, and its source (wider than 80 columns)."
        case .helpRandomDiscussion:
            """
            Providers are tried in order; when one fails (the online service is down or rate-limited), the next \
            answers — a local word list works offline — and lexagg says so on standard error.

            Examples:
              lexagg random
              lexagg random --lang es --count 20
              lexagg random --count 5 --format json
              # then --page 2: no word repeats in the session
              lexagg random --define --page 1
              lexagg random --define --save --count 3
              lexagg random --lang de --to en   # German words, English translations
            """
        case .helpRandomLang: "Language of the words (ISO 639 code; default: lookup.language, else en)."
        case .helpRandomProviders: "Comma-separated provider ids to try, in order."
        case .helpRandomPage:
            "Browse: page N of this session, never repeating a word shown on earlier pages (1 starts anew)."
        case .helpRandomDefine: "Look each word up and show its definition; words without one are replaced."
        case .helpRandomSave: "Save the words (with their entries) to your library."
        case .helpRandomTo:
            "Also translate each word into this language (implies --define): a word no dictionary here defines is shown with its translations (offline German from FreeDict: --lang de --to en)."
        case .helpRandomOffline:
            "Make no network request: words from the word lists on this machine, definitions from its dictionaries."
        case .helpServeDICTDiscussion:
            """
            Every provider that defines words is a database named by its id (wordnet, wiktionary, gcide, …): \
            'SHOW DB' lists them, DEFINE * asks every one, DEFINE ! the first that knows the word; MATCH finds \
            headwords by the strategies the databases offer (SHOW STRAT). Answers come from the same lookup service and cache as \
            'lexagg lookup'. The server listens on 127.0.0.1 only unless --host names another address; with \
            --port 0 it picks a free port. It prints 'listening on HOST:PORT' and runs until SIGTERM or Ctrl-C, \
            then answers the commands in flight and stops.

            Examples:
              lexagg serve dict
              lexagg serve dict --port 2629 --providers wordnet,wiktionary
              # online sources answer from the cache only
              lexagg serve dict --offline
              # serve the network: every address of this machine
              lexagg serve dict --host 0.0.0.0
              dict -h 127.0.0.1 -p 2628 serendipity        (then, in another terminal)
              dict -h 127.0.0.1 -p 2628 -D
              dict -h 127.0.0.1 -p 2628 -m -s prefix hous
            """
        case .helpServeDICTHost: "The address to listen on (a non-loopback one serves the network)."
        case .helpServeDICTPort: "The port (0: a free one, printed at start)."
        case .helpServeDICTProviders:
            "Comma-separated provider ids to serve as databases, in this order (default: every provider that defines words)."
        case .helpServeDICTOffline: "No network request: online databases answer from the cache only."
        case .helpServeDICTMaximumConnections: "Connections served at once; more are refused with 420."
        case .helpServeDICTIdleTimeout: "Close a connection that sends nothing for this long."
        case .helpServeHTTPDiscussion:
            """
            Routes: GET /v1/lookup?word=…, /v1/translate?word=…&from=…&to=…, /v1/random, /v1/match?pattern=…, \
            /v1/providers (the documents of --format json), /api/v2/entries/{lang}/{word} (dictionaryapi.dev's \
            shapes), /openapi.json, /healthz, /metrics (Prometheus). The server prints the address it listens on; \
            SIGTERM or Ctrl-C stop it after answering the requests in flight.

            It listens on 127.0.0.1 unless --host says otherwise; on any other address, set --token (or \
            server.token in the config file, or LEXAGG_SERVER_TOKEN) so that only clients sending \
            'Authorization: Bearer <token>' are answered.

            Examples:
              lexagg serve http
              lexagg serve http --port 0          # any free port (printed)
              curl 'http://127.0.0.1:8080/v1/lookup?word=serendipity'
              curl http://127.0.0.1:8080/api/v2/entries/en/serendipity
              LEXAGG_SERVER_TOKEN=s3cret lexagg serve http --host 0.0.0.0
              lexagg serve http --rate-limit 120 --burst 20 --max-concurrent 16
              # and the DICT protocol, one process, one cache
              lexagg serve http --dict-port 2628

            With --dict-port, the same process also serves the DICT protocol (see 'lexagg serve dict --help') on \
            the same host, over the same lookup service and cache.
            """
        case .helpServeHTTPHost: "The address to listen on; anything but loopback needs --token to be safe."
        case .helpServeHTTPPort: "The port (0: any free port)."
        case .helpServeHTTPToken: "Require 'Authorization: Bearer <token>' (default: server.token, LEXAGG_SERVER_TOKEN)."
        case .helpServeHTTPRateLimit: "Requests per minute per client address (0: no limit)."
        case .helpServeHTTPBurst:
            "How many requests a client may make at once before the rate applies (default: a tenth of --rate-limit)."
        case .helpServeHTTPMaxConcurrent: "The most lookups answered at once; more get 503 with Retry-After."
        case .helpServeHTTPDictPort:
            "Also serve the DICT protocol on this port, from the same process and cache (0: any free port)."
        case .helpStoreDiscussion:
            """
            By default the cache and the library are SQLite files of one user. Several lexagg instances (a school's \
            `serve http` behind a load balancer, a team's shared word list) share one PostgreSQL database instead: \
            set store.url (or LEXAGG_STORE_URL) to postgres://user@host:5432/database. The password comes from the \
            URL, else PGPASSWORD, else store.password_file; it is never printed. TLS follows libpq's sslmode \
            (?sslmode=disable|prefer|require|verify-full, &sslrootcert=FILE); prefer is the default.

            The schema is migrated on first use, under an advisory lock, so instances starting together migrate \
            once; `store migrate` does it explicitly (for a deployment step). The database needs the `unaccent` \
            extension (in PostgreSQL's contrib; lexagg creates it).

            Examples:
              export LEXAGG_STORE_URL=postgres://lexagg@db.example.org:5432/lexagg
              lexagg store migrate
              lexagg store copy --from sqlite:~/.local/share/lexagg/library.sqlite
              lexagg store copy --from sqlite:$HOME/.cache/lexagg \\
                --to postgres://lexagg@127.0.0.1/lexagg
              # your own cache and library files
              lexagg store copy --from sqlite
            """
        case .helpStoreMigrateDiscussion:
            """
            Exit status: 0 when the schema is current, 69 when the server cannot be reached or was upgraded by a \
            newer lexagg, 78 when the store URL is invalid.

            Examples:
              LEXAGG_STORE_URL=postgres://lexagg@127.0.0.1:5432/lexagg \\
                lexagg store migrate
              lexagg store migrate --format json
            """
        case .helpStoreMigrateTo: "The database (default: store.url)."
        case .helpStoreCopyDiscussion:
            """
            --from sqlite:PATH names a cache or library file (cache.sqlite, library.sqlite) or a directory holding \
            them; --from sqlite alone copies your own (LEXAGG_CACHE_DIR and LEXAGG_DATA_DIR, or their XDG \
            defaults). Nothing in the SQLite files changes. Copying again adds nothing twice: words are merged like \
            `library import` (star, earliest date, missing entries), cached answers keep the newer copy, history \
            counts the larger count, quiz runs are recognised by when they started. Words of the day and \
            random-browsing sessions are not copied.

            Examples:
              lexagg store copy --from sqlite:library.sqlite \\
                --to postgres://lexagg@127.0.0.1:5432/lexagg
              lexagg store copy --from sqlite --format json
            """
        case .helpStoreCopyFrom: "sqlite:PATH (a file or a directory), or sqlite for your own files."
        case .helpSuggestDiscussion:
            """
            The word is chosen once a day (UTC) for each language and stays the same all day; it comes from the \
            random-word providers (the local word list works offline) and must have a definition. --notify also \
            sends it as a desktop notification with notify-send.

            Examples:
              lexagg suggest
              lexagg suggest --lang en --notify
              lexagg suggest --date 2026-01-01 --format json   (another day; for testing)
            """
        case .helpSuggestLang:
            "Language of the word (ISO 639 code; default: one of learner.languages from the configuration, chosen by the day, else en)."
        case .helpSuggestDate: "The day, as YYYY-MM-DD (default: today, UTC)."
        case .helpSuggestNotify: "Also show it as a desktop notification (needs notify-send)."
        case .helpTranslateDiscussion:
            """
            The direction is explicit: --from is the word's language, --to the language you want. Swap them to \
            translate the other way. Offline, bilingual FreeDict databases (apt-get install \
            dict-freedict-eng-deu, …) provide translations.

            Examples:
              lexagg translate house --from en --to de
              lexagg translate Haus --from de --to en --format json
              lexagg translate cut --from en --to fr --providers pons
              lexagg translate cut --from en --to fr --offline   # from the cache only

            Online translations are cached like definitions (see 'lexagg cache --help'), so asking PONS again \
            spends no more of its monthly quota; --refresh asks again, --no-cache bypasses the cache.
            """
        case .helpTranslateWords: "The word or phrase to translate."
        case .helpTranslateFrom: "Language of the word (ISO 639 code)."
        case .helpTranslateTo: "Language to translate into (ISO 639 code)."
        case .helpTranslateStrategy: "first, fastest or merge (see 'lexagg lookup --help')."
        case .helpTranslateTimeout: "The longest the translation may take, in seconds."
        case .helpTranslateOffline:
            "Make no network request: offline dictionaries and cached translations (old ones marked stale)."
        case .helpTranslateRefresh:
            "Ask online sources again even if the cache has a fresh translation, and cache the new one."
        }
    }
}
