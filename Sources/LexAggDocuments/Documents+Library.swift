#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import LexAggLibrary
import LexAggLibraryUseCases

// The library's documents: `library list|show|add|search --format json`, and the MCP server's `library_add`,
// `library_search` and library resources.

extension JSONOutput {
    /// A saved word in JSON output.
    public struct SavedWord: Encodable, Sendable {
        public var word: String
        public var language: Language
        public var starred: Bool
        public var added: Date
        public var updated: Date
        public var partOfSpeech: String?
        public var definition: String?
        public var translations: [String]
        public var sources: [ProviderID]
        /// Everything the dictionaries said (`library show`), else absent.
        public var entries: [Entry]?

        public init(_ word: LibraryWord, full: Bool = false) {
            self.word = word.word
            language = word.language
            starred = word.starred
            added = word.added
            updated = word.updated
            partOfSpeech = word.partOfSpeech?.name
            definition = word.firstDefinition
            translations = word.translationTexts
            sources = word.sources
            entries = full ? word.entries : nil
        }
    }

    public struct LibraryListDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command: String
        public var page: Int
        public var pageCount: Int
        public var limit: Int
        public var total: Int
        public var words: [SavedWord]

        public init(command: String, page: LibraryPage) {
            self.command = command
            self.page = page.page
            pageCount = page.pageCount
            limit = page.limit
            total = page.total
            words = page.words.map { SavedWord($0) }
        }
    }

    public struct LibraryWordDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command: String
        public var found: Bool
        public var word: SavedWord?
        /// When the word was not found because several saved words are spelled so but for case (`PARIS`: *Paris*,
        /// *paris*): those, to choose from.
        public var spellings: [Spelling]?

        public struct Spelling: Encodable, Sendable {
            public var word: String
            public var language: String
        }

        public init(command: String, found: Bool, word: SavedWord?, spellings: [(word: String, language: String)] = []) {
            self.command = command
            self.found = found
            self.word = word
            self.spellings = spellings.isEmpty ? nil : spellings.map { Spelling(word: $0.word, language: $0.language) }
        }
    }

    public struct LibraryAddDocument: Encodable, Sendable {
        public struct Result: Encodable, Sendable {
            public var word: String
            public var language: Language?
            /// `added`, `updated`, `notFound` or `failed`.
            public var status: String
            public var senses: Int
            public var sources: [ProviderID]
            public var outcomes: [Outcome]
            /// When the word asked was an inflected form saved as its lemma: the word asked and its form.
            public var asked: String?
            public var lemma: Lemma?

            public init(_ outcome: SavedWordOutcome) {
                if let note = outcome.lemma {
                    asked = outcome.answer.term
                    lemma = Lemma(note)
                }
                word = outcome.term
                language = outcome.language
                status = outcome.status.rawValue
                senses = outcome.senses
                sources = outcome.sources
                outcomes = outcome.answer.result.outcomes.map(Outcome.init)
            }
        }

        public var schemaVersion = JSONOutput.schemaVersion
        public var command = "library add"
        public var results: [Result]

        public init(results: [Result]) {
            self.results = results
        }
    }

    public struct LibrarySearchDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command = "library search"
        public var query: String
        public var words: [SavedWord]

        public init(query: String, words: [LibraryWord]) {
            self.query = query
            self.words = words.map { SavedWord($0) }
        }
    }
}
