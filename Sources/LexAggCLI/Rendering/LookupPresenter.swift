import Foundation
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization
import Synchronization

extension LookupAnswer {
    /// found 0, not found 1, every provider failed 69.
    var status: ExitStatus {
        if isFound { return .success }
        return allFailed ? .unavailable : .notFound
    }
}

/// `lookup`'s side of a lookup: the service's providers for the command's options (chosen once, for one word or a
/// whole batch), and how answers are shown. It decides nothing: the lookup service does.
struct LookupPresenter: Sendable {
    let options: LookupOptions
    let definitions: LookupService<ContinuousClock>.Definitions
    private let names: [ProviderID: String]
    private let context: CommandContext
    /// The reader's languages and the senses shown per part of speech, read once for a word or a whole batch.
    private let readers: [Language]
    private let senses: Int?

    init(_ options: LookupOptions, context: CommandContext) async throws {
        self.options = options
        self.context = context
        let service = try context.lookupService()
        let language = try options.lang.map { try parseLanguage($0) } ?? context.settings.language
        var request = try options.requestOptions()
        readers = context.readerLanguages
        senses = options.all ? nil : (options.senses ?? (try? context.settings)?.sensesShown ?? 5)
        request.readerLanguages = readers
        // Problems of the factories the lookup needed (every one, without --providers), before its answer or error.
        defer { context.reportRegistryProblems() }
        definitions = try await service.definitions(language: language, options: request)
        for note in definitions.notes where note.kind == .skipped { context.warn(note.message) }
        names = service.registry.displayNames
    }

    var language: Language? { definitions.language }

    /// The query for `text` (in NFC) in the lookup's language.
    func query(_ text: String) throws(QueryError) -> LookupQuery {
        try LookupQuery(Normalization.nfc(text), language: language)
    }

    func lookUp(_ query: LookupQuery) async -> LookupAnswer {
        await definitions.lookUp(query)
    }

    /// The JSON document of one answer (`lookup --format json`; one line of NDJSON in a batch).
    func document(_ answer: LookupAnswer) -> JSONOutput.LookupDocument {
        JSONOutput.LookupDocument(command: "lookup", answer: answer, explain: options.explain)
    }

    /// Writes one answer as text: entries on standard output, warnings and "not found" on standard error.
    func renderText(_ answer: LookupAnswer, footer: Bool) {
        let result = answer.result
        let view = AnswerView(
            result.entries, scores: options.explain && !answer.scores.isEmpty ? answer.scores : nil,
            readers: readers, namedLanguage: options.lang != nil, senses: senses
        )
        let renderer = TextRenderer(style: context.style, names: names, scores: view.scores)
        context.warn(about: result)
        if result.isFound {
            if let matchedAs = answer.matchedAs {
                // Some entries headed as typed (GCIDE's *Café*), others found by the looser spelling (WordNet's *cafe*):
                // "no entry as typed" would be untrue of the first.
                let typed = answer.term.lowercased()
                let someAsTyped = result.entries.contains { $0.headword.lowercased() == typed }
                context.output.writeError(
                    localized(someAsTyped ? .lookupAlsoMatchedAs : .lookupShowingMatchedAs, answer.term, matchedAs) + "\n"
                )
            }
            var text = ""
            if !answer.lemmas.isEmpty {
                text += context.style.dim("\(answer.term): \(lemmaSummary(answer.lemmas))") + "\n"
            }
            text += renderer.render(view.entries) + view.summary(style: context.style)
            if footer { text += "\n" + renderer.footer(result.outcomes) }
            // On a terminal, long lines are wrapped under their own text (TerminalWrap).
            if context.output.isTerminal, let width = TerminalWrap.columns(environment: context.environment) {
                text = TerminalWrap.wrap(text, width: width)
            }
            // One word's answer longer than the screen goes through the pager; a batch's never does.
            if footer && !options.noPager { context.output.page(text) } else { context.output.write(text) }
        } else if result.allFailed, result.failures.allSatisfy({ $0.code == .offline }) {
            context.fail(localized(.lookupNothingCachedOffline, answer.term,
                                   result.outcomes.map(\.provider.rawValue).joined(separator: ", ")) + translatable(answer))
        } else if result.allFailed {
            context.fail(localized(.lookupEveryProviderFailed, answer.term) + translatable(answer))
        } else {
            // The providers that answered "not found" (those that failed were warned about above).
            let answered = result.outcomes.filter { $0.status == .empty }
            let asked = (answered.isEmpty ? result.outcomes : answered).map(\.provider.rawValue).joined(separator: ", ")
            var message = localized(.lookupNoEntry, answer.term, asked)
            message += translatable(answer)
            if !answer.suggestions.isEmpty {
                message += "\n" + localized(.lookupDidYouMean, ControlCharacters.replaced(answer.suggestions.joined(separator: ", ")))
            }
            context.output.writeError(message + "\n")
        }
    }

    /// A line for each offline dictionary that translates the word nothing defined, with the command that shows it.
    private func translatable(_ answer: LookupAnswer) -> String {
        answer.translatableBy.map { hint in
            let direction = "\(hint.pair.source.displayName) → \(hint.pair.target.displayName)"
            let command = ["lexagg", "translate", ShellWord.quoted(answer.term), "--from", hint.pair.source.code, "--to", hint.pair.target.code]
                .joined(separator: " ")
            return "\n" + localized(.lookupTranslatableBy, ControlCharacters.replaced(answer.term), hint.provider.rawValue, direction, command)
        }.joined()
    }
}

extension LookupOptions {
    /// The command line as a request to the lookup service.
    func requestOptions() throws -> RequestOptions {
        RequestOptions(
            providers: providerNames(providers), strategy: strategy, timeout: try parseTimeout(timeout),
            offline: offline, noCache: noCache, refresh: refresh
        )
    }
}

extension ProviderRegistry {
    /// Each built provider's display name, for footers and listings (every provider that answered was built).
    var displayNames: [ProviderID: String] {
        Dictionary(builtProviders.map { ($0.descriptor.id, $0.descriptor.displayName) }) { first, _ in first }
    }
}

extension CommandContext {
    /// Warns about failed providers, as few lines as the user needs:
    /// - sources that could not be reached at all (no network, a host that does not resolve, a refused connection)
    ///   share one line, however many there are: `offline: wiktionary, freedictionary not reached`, given once
    ///   however many words a batch looks up;
    /// - every other failure gets its own line;
    /// - a stale cached answer says how old it is;
    /// - `--offline`'s "not in the cache" is not a warning (the answer says what is missing).
    func warn(about result: AggregatedResult) {
        let failures = result.failures.filter { $0.code != .offline }
        var stale: [(error: ProviderError, storedAt: Date)] = []
        for outcome in result.outcomes {
            if case .stale(let storedAt, let error) = outcome.origin, error.code != .offline { stale.append((error, storedAt)) }
        }
        var unreached = failures.filter(\.isUnreached) + stale.map(\.error).filter(\.isUnreached)
        if unreached.count == 1 && !unreached[0].isOffline {
            unreached = []  // one source down: its own line below says what happened
        }
        let grouped = Set(unreached.map(\.provider))
        if !unreached.isEmpty {
            let ids = unreached.map(\.provider.rawValue).joined(separator: ", ")
            var line = unreached.allSatisfy(\.isOffline)
                ? localized(.lookupOfflineNotReached, ids) : localized(.lookupNotReached, ids, ErrorText.reasonText(unreached[0]))
            let served = stale.filter { grouped.contains($0.error.provider) }
            if let oldest = served.map(\.storedAt).min() {
                line += localized(.lookupShowingCached, served.map(\.error.provider.rawValue).joined(separator: ", "),
                                  formatAge(since: oldest))
            }
            // Once a process: a batch of 50 words without network gave the same line 50 times.
            if unreachedWarnings.withLock({ $0.insert(line).inserted }) { warn(line) }
        }
        for failure in failures where !grouped.contains(failure.provider) { warn(ErrorText.text(failure)) }
        for (error, storedAt) in stale where !grouped.contains(error.provider) {
            warn(localized(.lookupStaleShowing, ErrorText.text(error), formatAge(since: storedAt)))
        }
    }
}

extension ProviderError {
    /// The source was never reached: no network, an unresolvable host, a refused connection (no HTTP status, no
    /// answer at all), as opposed to a source that answered badly or slowly.
    var isUnreached: Bool {
        switch reason {
        case .hostNotFound, .connectionRefused, .unreachable: code == .unavailable && httpStatus == nil && excerpt == nil
        // A provider that says it in its own words (an external program): its message decides.
        case nil:
            code == .unavailable && httpStatus == nil && excerpt == nil
                && (message.contains("resolve the host name") || message.contains("cannot reach")
                    || message.contains("cannot connect") || message.contains("refused") || message.contains("unreachable"))
        default: false
        }
    }

    /// The source's host name does not resolve: most likely, this machine is offline.
    var isOffline: Bool {
        if case .hostNotFound = reason { return true }
        return reason == nil && message.contains("resolve the host name")
    }
}

/// A word as the shell reads it back: as it is when it is letters, digits and `-._`, else in single quotes.
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) }
            && word.first != "-"
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
