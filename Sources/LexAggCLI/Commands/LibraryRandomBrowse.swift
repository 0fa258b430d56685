import Foundation
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization

extension RandomCommand {
    /// The most rounds of random words asked for before giving up on filling the page.
    static let maximumRounds = 8

    /// `random --define/--page/--save`: browse random words, with definitions, without repeating a word already
    /// shown in this browsing session (`--page 1` starts a new one), saving them to the library with `--save`.
    func browse(_ source: LookupService<ContinuousClock>.RandomWords, language: Language, context: CommandContext) async throws
        -> ExitStatus
    {
        if let page, page < 1 { throw CommandFailure.usage(localized(.pageTooSmall, page)) }
        // `--to`: each word's translations too, so that a word only a translating dictionary has (German offline, from
        // FreeDict's German–English) is shown with them instead of being skipped as undefined.
        let target = try to.map { try parseLanguage($0, option: "--to") }
        if let target, target.matches(language) { throw CommandFailure.usage(ErrorText.text(QueryError.sameLanguage(language))) }
        let needsDefinitions = define || save || target != nil
        let lookup = needsDefinitions
            ? try await context.definitions(language: language, offline: offline, target: target, timeout: try parseTimeout(timeout))
            : nil
        if let target, let lookup, lookup.translatorIDs.isEmpty {
            context.warn(localized(.randomNoTranslator, language.displayName, target.displayName))
        }
        let library = page != nil || save ? try context.openLibrary() : nil
        defer { library?.close() }
        var shown: Set<String> = []
        if let library, let page {
            do { shown = try await library.browseSession(language: language, page: page, at: Date()) } catch { throw CommandFailure(error) }
        }
        // The language `--to` is suggested in when words were skipped as undefined: the reader's.
        let reader = context.readerLanguages.first ?? .english
        var picked: [(word: String, entries: [Entry])] = []
        var skipped: [String] = []
        var providers: [ProviderID] = []
        var lastFailures: [ProviderError] = []
        var rounds = 0
        while picked.count < count && rounds < Self.maximumRounds {
            try Task.checkCancellation()
            rounds += 1
            let missing = count - picked.count
            let batch = await source.next(min(1000, needsDefinitions ? missing * 2 + 3 : missing + 5))
            lastFailures = batch.failures
            guard let provider = batch.provider else { break }
            if rounds == 1 && format == .text {
                for failure in batch.failures {
                    context.warn(localized(.randomProviderFailed, "\(failure.provider)", ErrorText.reasonText(failure), "\(provider)"))
                }
            }
            if !providers.contains(provider) { providers.append(provider) }
            for word in batch.words where picked.count < count {
                guard !shown.contains(word), !picked.contains(where: { $0.word == word }), !skipped.contains(word) else { continue }
                var entries: [Entry] = []
                if let lookup, let query = try? LookupQuery(word, language: language) {
                    let answer = await lookup.lookUp(query)
                    entries = answer.entries
                    // With `--to`, translations alone will do (a word of a bilingual dictionary only).
                    guard answer.hasDefinition || (target != nil && LibraryWord.meaning(of: entries) != nil) else {
                        skipped.append(word)
                        continue
                    }
                }
                picked.append((word, entries))
            }
        }
        if providers.isEmpty {
            for failure in lastFailures { context.warn(ErrorText.text(failure)) }
            context.fail(localized(.randomNoProvider, language.displayName))
            return .unavailable
        }
        if picked.count < count {
            // Words skipped as undefined that a dictionary here translates into the reader's language: `--to` says so.
            var tryTo = false
            if needsDefinitions, target == nil, !skipped.isEmpty, !reader.matches(language),
               let translating = try? await context.lookupService().definitions(
                   language: language, translatingTo: reader, options: RequestOptions(offline: offline, suggest: false)
               )
            {
                tryTo = !translating.translatorIDs.isEmpty
            }
            context.warn(
                localized(.browseFoundOnly, count: count, picked.count)
                    + (needsDefinitions ? localized(.browseWithDefinition, skipped.count) : "")
                    + (page != nil ? localized(.browseNotShownBefore) : "")
                    + (tryTo ? localized(.browseTryTo, reader.code, reader.displayName) : "")
            )
        }
        var saved: Set<String> = []
        if let library {
            do {
                if let page { try await library.recordShown(picked.map(\.word), language: language, page: page, at: Date()) }
                if save {
                    for item in picked {
                        _ = try await library.save(item.word, language: language, entries: item.entries, at: Date())
                        saved.insert(item.word)
                    }
                }
            } catch { throw CommandFailure(error) }
        }
        let words = picked.map { item in
            JSONOutput.RandomBrowseDocument.Word(
                word: item.word,
                partOfSpeech: (item.entries.lazy.flatMap(\.senseGroups).compactMap(\.partOfSpeech).first
                    ?? item.entries.lazy.flatMap(\.translations).compactMap(\.partOfSpeech).first)?.name,
                definition: LibraryWord.meaning(of: item.entries),
                saved: save ? saved.contains(item.word) : nil
            )
        }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.RandomBrowseDocument(
                language: language, page: page, words: words, skipped: skipped, providers: providers
            )))
        case .text:
            let style = context.style
            for word in words {
                var line = style.bold(word.word)
                if let pos = word.partOfSpeech { line += "  " + style.italic(partOfSpeechLabel(pos)) }
                if let definition = word.definition { line += " — " + definition }
                if word.saved == true { line += style.dim(localized(.browseSaved)) }
                context.output.write(line + "\n")
            }
            if let page, !picked.isEmpty {
                context.output.writeError(style.dim(localized(.browsePageMore, page, nextPageCommand(page: page, language: language))) + "\n")
            }
        }
        return picked.isEmpty ? .notFound : .success
    }

    /// The command that shows the next page of this session: the same language, count, providers and flags.
    func nextPageCommand(page: Int, language: Language) -> String {
        var words = ["lexagg", "random", "--page", String(page + 1), "--lang", language.code]
        if count != 10 { words += ["--count", String(count)] }
        if let providers { words += ["--providers", providers] }
        if define { words.append("--define") }
        if save { words.append("--save") }
        if let to { words += ["--to", to] }
        if offline { words.append("--offline") }
        return words.joined(separator: " ")
    }
}
