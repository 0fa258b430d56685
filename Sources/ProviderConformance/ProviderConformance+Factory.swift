import LexAggCore

extension ProviderConformance {
    /// Checks a provider factory against the registry's contract (see `ProviderRegistry`): every id it declares
    /// (``LexAggCore/ProviderFactory/ids``) is one it builds, with no settings given, so that `--providers <id>`,
    /// which runs that factory alone, finds it; and it builds no two providers under one id.
    /// - Throws: a ``ConformanceFailure`` listing every broken rule, when there is one.
    public static func verifyFactory(
        _ factory: ProviderFactory, environment: ProviderEnvironment = ProviderEnvironment(variables: [:])
    ) throws {
        try ConformanceFailure.throwing(checkFactory(factory, environment: environment), subject: "factory \(factory.name)")
    }

    /// Runs ``verifyFactory(_:environment:)``'s checks and returns the failures found.
    public static func checkFactory(
        _ factory: ProviderFactory, environment: ProviderEnvironment = ProviderEnvironment(variables: [:])
    ) -> [Failure] {
        var failures: [Failure] = []
        let built = factory.make(environment).providers.map(\.descriptor.id)
        for id in factory.ids.sorted() where !built.contains(id) {
            failures.append(Failure(rule: "factory", detail: "declares '\(id)' but builds \(built.map(\.rawValue))"))
        }
        var seen = Set<ProviderID>()
        for id in built where !seen.insert(id).inserted {
            failures.append(Failure(rule: "factory", detail: "builds two providers named '\(id)'"))
        }
        return failures
    }
}
