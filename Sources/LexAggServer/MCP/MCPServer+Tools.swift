import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLibraryUseCases

// The tools: parse the arguments, ask the lookup service (or the library), render the answer.

extension MCPServer {
    func lookup(_ arguments: ToolArguments) async throws(ToolFailure) -> ToolReply {
        let word = try arguments.requiredString("word", example: "serendipity")
        let language = try arguments.language("lang") ?? configuration.language
        let query: LookupQuery
        do { query = try LookupQuery(Normalization.nfc(word), language: language) } catch {
            throw ToolFailure("invalid word: \(error)")
        }
        let options = options(try arguments.providers())
        let answer: LookupAnswer
        do { answer = try await service.define(query, options: options) } catch {
            throw ToolFailure(error.message)
        }
        let document = JSONOutput.LookupDocument(command: "lookup", answer: answer)
        if answer.allFailed {
            if let language, answer.failedForLanguage(language) {
                throw ToolFailure(LookupAnswer.uncoveredLanguageMessage(language), structured: ToolReply.value(of: document))
            }
            throw ToolFailure(
                "every provider failed for '\(query.term)'." + PlainText.sources(answer.result.outcomes),
                structured: ToolReply.value(of: document)
            )
        }
        guard answer.isFound else {
            var text = "No entry for '\(query.term)'" + (language.map { " (\($0.code))" } ?? "") + "."
            if !answer.suggestions.isEmpty { text += " Close spellings: " + answer.suggestions.joined(separator: ", ") + "." }
            return ToolReply(text: text + "\n" + PlainText.sources(answer.result.outcomes), document: document)
        }
        return ToolReply(text: PlainText.answer(answer), document: document)
    }

    func translate(_ arguments: ToolArguments) async throws(ToolFailure) -> ToolReply {
        let word = try arguments.requiredString("word", example: "house")
        guard let source = try arguments.language("from") else { throw ToolFailure("translate needs 'from' (e.g. \"from\": \"en\")") }
        guard let target = try arguments.language("to") else { throw ToolFailure("translate needs 'to' (e.g. \"to\": \"de\")") }
        let query: TranslationQuery
        do { query = try TranslationQuery(Normalization.nfc(word), from: source, to: target) } catch {
            throw ToolFailure("\(error)")
        }
        let options = options(try arguments.providers(), suggest: false)
        let answer: LookupAnswer
        do { answer = try await service.translate(query, options: options) } catch {
            throw ToolFailure(error.message)
        }
        let document = JSONOutput.LookupDocument(command: "translate", answer: answer)
        if answer.allFailed {
            throw ToolFailure(
                "every provider failed to translate '\(query.term)'." + PlainText.sources(answer.result.outcomes),
                structured: ToolReply.value(of: document)
            )
        }
        guard answer.isFound else {
            return ToolReply(
                text: "No translation of '\(query.term)' (\(query.pair)).\n" + PlainText.sources(answer.result.outcomes),
                document: document
            )
        }
        return ToolReply(text: PlainText.answer(answer), document: document)
    }

    func randomWords(_ arguments: ToolArguments) async throws(ToolFailure) -> ToolReply {
        let count = try arguments.integer("count", in: 1...1000, default: 10)
        let language = try arguments.language("lang") ?? configuration.language ?? .english
        let answer: RandomWordsAnswer
        do {
            answer = try await service.randomWords(language: language, options: options(nil)).next(count)
        } catch {
            throw ToolFailure(error.message)
        }
        guard let provider = answer.provider else {
            throw ToolFailure(
                "no provider could give random \(language.englishName) words: "
                    + answer.failures.map(\.description).joined(separator: "; ")
            )
        }
        var text = answer.words.joined(separator: "\n") + "\n\n(\(answer.words.count) random \(language.englishName) words from \(provider)"
        if !answer.failures.isEmpty { text += "; \(answer.failures.map(\.provider.rawValue).joined(separator: ", ")) failed first" }
        return ToolReply(text: text + ")\n", document: JSONOutput.RandomDocument(answer: answer, provider: provider))
    }

    func match(_ arguments: ToolArguments) async throws(ToolFailure) -> ToolReply {
        let pattern = try arguments.requiredString("pattern", example: "serend")
        guard let strategy = try arguments.choice("strategy", of: MatchStrategy.self) else {
            throw ToolFailure("match needs 'strategy': one of " + MatchStrategy.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let language = try arguments.language("lang") ?? configuration.language
        let limit = try arguments.integer("limit", in: 1...MatchQuery.maximumLimit, default: 100)
        let query: MatchQuery
        do { query = try MatchQuery(Normalization.nfc(pattern), strategy: strategy, language: language, limit: limit) } catch {
            throw ToolFailure("invalid pattern: \(error)")
        }
        let options = options(try arguments.providers())
        let answer: MatchAnswer
        do { answer = try await service.match(query, options: options) } catch {
            throw ToolFailure(error.message)
        }
        let document = JSONOutput.MatchDocument(answer: answer)
        if answer.allFailed {
            throw ToolFailure(
                "every provider failed to match '\(pattern)': " + answer.failures.map(\.description).joined(separator: "; "),
                structured: ToolReply.value(of: document)
            )
        }
        guard answer.isFound else {
            return ToolReply(text: "No headword matches '\(pattern)' by \(strategy).\n", document: document)
        }
        var text = "Headwords matching '\(pattern)' by \(strategy): " + answer.words.joined(separator: ", ") + "\n"
        for matches in answer.matches { text += "\(matches.provider): \(matches.words.count) headword\(matches.words.count == 1 ? "" : "s")\n" }
        for failure in answer.failures { text += "\(failure.provider) failed: \(failure.message)\n" }
        return ToolReply(text: text, document: document)
    }

    func libraryAdd(_ arguments: ToolArguments) async throws(ToolFailure) -> ToolReply {
        let word = try arguments.requiredString("word", example: "serendipity")
        let language = try arguments.language("lang") ?? configuration.language
        let target = try arguments.language("translate_to")
        if target != nil && language == nil { throw ToolFailure("'translate_to' needs 'lang' (the language of the word)") }
        let query: LookupQuery
        do { query = try LookupQuery(Normalization.nfc(word), language: language) } catch {
            throw ToolFailure("invalid word: \(error)")
        }
        let outcome: SavedWordOutcome
        do {
            let saver = try await WordSaver(service: service, language: language, translatingTo: target, options: options(nil))
            let library = try openedLibrary()
            defer { library.close() }
            do { outcome = try await saver.save(query, in: library) } catch {
                throw ToolFailure("'\(query.term)' could not be saved: \(error.message)")
            }
        } catch let error as LookupServiceError {
            throw ToolFailure(error.message)
        } catch let error as ToolFailure {
            throw error
        } catch {
            throw ToolFailure("\(error)")
        }
        let document = JSONOutput.LibraryAddDocument(results: [JSONOutput.LibraryAddDocument.Result(outcome)])
        guard let saved = outcome.word, let savedLanguage = outcome.language else {
            let asked = outcome.answer.result.outcomes.map(\.provider.rawValue).joined(separator: ", ")
            throw ToolFailure(
                outcome.status == .failed
                    ? "every provider failed for '\(query.term)'; nothing saved." + PlainText.sources(outcome.answer.result.outcomes)
                    : "no entry for '\(query.term)' in \(asked); nothing saved",
                structured: ToolReply.value(of: document)
            )
        }
        return ToolReply(
            text: "\(outcome.status.rawValue) \(saved.word) (\(savedLanguage.code)) to the library: \(outcome.countsDescription) from "
                + saved.sources.map(\.rawValue).joined(separator: ", ") + "\n",
            document: document
        )
    }

    func librarySearch(_ arguments: ToolArguments) async throws(ToolFailure) -> ToolReply {
        let query = try arguments.requiredString("query", example: "luck")
        guard query.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw ToolFailure("'query' needs a letter or digit to search for, e.g. \"query\": \"house\"")
        }
        let language = try arguments.language("lang")
        let favourites = try arguments.flag("favourites")
        let favorites = try arguments.flag("favorites")
        let limit = try arguments.integer("limit", in: 1...1000, default: 20)
        let library = try openedLibrary()
        defer { library.close() }
        let words: [LibraryWord]
        do { words = try await library.search(query, language: language, starredOnly: favourites || favorites, limit: limit) } catch {
            throw ToolFailure("the library could not be searched: \(error.message)")
        }
        // A well-formed code that names no language (`zz`) and matches nothing saved is a mistake, as `lookup` says.
        if words.isEmpty, let language, !Language.isKnown(language) {
            throw ToolFailure(
                "'\(language.code)' is not a language lexagg knows for 'lang', and no saved word is in it; "
                    + "use an ISO 639 code such as en, de, fr, es"
            )
        }
        let text = words.isEmpty
            ? "No saved word matches '\(query)'.\n"
            : words.map(PlainText.savedWord).joined(separator: "\n") + "\n"
        return ToolReply(text: text, document: JSONOutput.LibrarySearchDocument(query: query, words: words))
    }
}
