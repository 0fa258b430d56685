import Foundation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import MCP

/// The library as MCP resources: `lexagg://library/words` (every saved word, as `library list --format json`) and
/// `lexagg://library/words/{language}/{word}` (one saved word with all its entries, as `library show --format json`).
enum LibraryResources {
    static let wordsURI = "lexagg://library/words"
    static let wordTemplate = Resource.Template(
        uriTemplate: wordsURI + "/{language}/{word}", name: "saved-word", title: "A saved word",
        description: "One word of the user's lexagg library with everything the dictionaries said (as `lexagg library show --format json`).",
        mimeType: "application/json"
    )
    /// Saved words listed per page of `resources/list`.
    static let pageSize = 200

    static var index: Resource {
        Resource(
            name: "library", uri: wordsURI, title: "Saved words",
            description: "Every word in the user's lexagg library, newest first: word, language, star, first definition, translations.",
            mimeType: "application/json"
        )
    }

    static func uri(of word: LibraryWord) -> String {
        wordsURI + "/" + escape(word.language.code) + "/" + escape(word.word)
    }

    static func resource(_ word: LibraryWord) -> Resource {
        Resource(
            name: word.word + " (\(word.language.code))", uri: uri(of: word), title: word.word,
            description: PlainText.savedWord(word), mimeType: "application/json"
        )
    }

    /// The language and word a per-word URI names; `nil` for any other URI.
    static func parse(_ uri: String) -> (language: Language, word: String)? {
        guard uri.hasPrefix(wordsURI + "/") else { return nil }
        let parts = uri.dropFirst(wordsURI.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let code = parts[0].removingPercentEncoding, let language = Language(code),
              let word = parts[1].removingPercentEncoding, !word.isEmpty
        else { return nil }
        return (language, word)
    }

    /// Percent-encodes everything but unreserved characters (RFC 3986), so a word with a slash or a space is one
    /// path segment.
    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension MCPServer {
    /// The library index, then the saved words, newest first, a page at a time (the cursor is the next page).
    func listResources(cursor: String?) async throws -> ListResources.Result {
        let page: Int
        if let cursor {
            guard let number = Int(cursor), number >= 1 else { throw MCPError.invalidParams("invalid cursor '\(cursor)'") }
            page = number
        } else {
            page = 1
        }
        let library = try resourceLibrary()
        defer { library.close() }
        let words: LibraryPage
        do { words = try await library.list(language: nil, starredOnly: false, sort: .added, page: page, limit: LibraryResources.pageSize) } catch {
            throw MCPError.internalError("the library cannot be read: \(error.message)")
        }
        return ListResources.Result(
            resources: (page == 1 ? [LibraryResources.index] : []) + words.words.map(LibraryResources.resource),
            nextCursor: page < words.pageCount ? String(page + 1) : nil
        )
    }

    func readResource(_ uri: String) async throws -> ReadResource.Result {
        let library = try resourceLibrary()
        defer { library.close() }
        if uri == LibraryResources.wordsURI {
            let all: LibraryPage
            do {
                let total = try await library.count(language: nil)
                all = try await library.list(language: nil, starredOnly: false, sort: .added, page: 1, limit: max(1, total))
            } catch {
                throw MCPError.internalError("the library cannot be read: \(error.message)")
            }
            let json = JSONOutput.encode(JSONOutput.LibraryListDocument(command: "library list", page: all))
            return ReadResource.Result(contents: [.text(json, uri: uri, mimeType: "application/json")])
        }
        guard let (language, spelling) = LibraryResources.parse(uri) else {
            throw MCPError.serverError(code: -32002, message: "Resource not found: \(uri) (lexagg's resources are \(LibraryResources.wordsURI) and \(LibraryResources.wordTemplate.uriTemplate))")
        }
        let word: LibraryWord?
        do { word = try await library.word(spelling, language: language) } catch {
            throw MCPError.internalError("the library cannot be read: \(error.message)")
        }
        guard let word else {
            throw MCPError.serverError(code: -32002, message: "Resource not found: '\(spelling)' (\(language.code)) is not in the library")
        }
        let json = JSONOutput.encode(JSONOutput.LibraryWordDocument(
            command: "library show", found: true, word: JSONOutput.SavedWord(word, full: true)
        ))
        return ReadResource.Result(contents: [.text(json, uri: uri, mimeType: "application/json")])
    }

    private func resourceLibrary() throws -> any LibraryStore {
        do { return try openLibrary() } catch {
            throw MCPError.internalError("the library cannot be opened: \(error.message)")
        }
    }
}
