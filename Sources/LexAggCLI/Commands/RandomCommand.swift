import ArgumentParser
import LexAggAggregation
import LexAggCore

struct RandomCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "random",
        abstract: "Print random words in a language.",
        discussion: """
            Providers are tried in order; when one fails (the online service is down or rate-limited), the next \
            answers — a local word list works offline — and lexagg says so on standard error.

            Examples:
              lexagg random
              lexagg random --lang es --count 20
              lexagg random --count 5 --format json
              lexagg random --define --page 1      (then --page 2: no word repeats in the session)
              lexagg random --define --save --count 3
            """
    )

    @Option(name: .long, help: ArgumentHelp("Language of the words (ISO 639 code).", valueName: "code"))
    var lang: String = "en"

    @Option(name: .long, help: ArgumentHelp("How many words (1–1000).", valueName: "n"))
    var count: Int = 10

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids to try, in order.", valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp("Browse: page N of this session, never repeating a word shown on earlier pages (1 starts anew).", valueName: "n"))
    var page: Int?

    @Flag(name: .long, help: "Look each word up and show its definition; words without one are replaced.")
    var define = false

    @Flag(name: .long, help: "Save the words (with their entries) to your library.")
    var save = false

    static let maximumCount = 1000

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...Self.maximumCount).contains(count) else {
            throw CommandFailure.usage("--count must be between 1 and \(Self.maximumCount), not \(count)")
        }
        let language = try parseLanguage(lang)
        context.reportRegistryProblems()
        let registry = context.registry
        let selection: [any DictionaryProvider]
        if let names = providerNames(providers) {
            do { selection = try registry.resolve(names) } catch { throw CommandFailure.usage(error.description) }
        } else {
            selection = registry.providers
        }
        var candidates: [any RandomWordProviding] = []
        for case let provider as any RandomWordProviding in selection where provider.descriptor.supports(language) {
            if providers == nil, case .notConfigured = await provider.availability() { continue }
            candidates.append(provider)
        }
        guard !candidates.isEmpty else {
            let languages = Set(registry.providers.compactMap { $0 as? any RandomWordProviding }
                .flatMap(\.descriptor.languages).map(\.code)).sorted()
            throw CommandFailure.usage(
                "no provider gives random \(language.englishName) words"
                    + (languages.isEmpty ? "" : "; languages available: \(languages.joined(separator: ", "))")
            )
        }

        if define || save || page != nil { return try await browse(candidates, language: language, context: context) }

        var failures: [ProviderError] = []
        for provider in candidates {
            do {
                let words = try await provider.randomWords(RandomWordRequest(count: count, language: language))
                for failure in failures where format == .text {
                    context.warn("\(failure.provider) failed (\(failure.message)); words from \(provider.descriptor.displayName)")
                }
                switch format {
                case .text:
                    context.output.write(words.map { $0 + "\n" }.joined())
                case .json:
                    context.output.write(JSONOutput.encode(JSONOutput.RandomDocument(
                        language: language, words: words, provider: provider.descriptor.id,
                        fallbackFrom: failures.map { .init(provider: $0.provider, error: JSONOutput.ErrorInfo($0)) }
                    )))
                }
                return .success
            } catch {
                failures.append(ProviderError.wrapping(error, provider: provider.descriptor.id))
            }
        }
        for failure in failures { context.warn(failure.description) }
        context.fail("no provider could give random \(language.englishName) words")
        return .unavailable
    }
}

extension ProviderDescriptor {
    /// Whether the provider covers `language` (one that names no language covers any).
    func supports(_ language: Language) -> Bool {
        languages.isEmpty || languages.contains { $0.matches(language) }
    }
}
