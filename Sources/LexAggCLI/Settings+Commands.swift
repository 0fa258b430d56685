import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggLocalization

/// How commands combine their flags with the settings: a flag given wins, otherwise the setting (environment,
/// file or default) applies.
extension Settings {
    /// The configured default providers (`lookup.providers`, `LEXAGG_PROVIDERS`), resolved in `registry`;
    /// `nil` when none are configured.
    /// - Throws: ``ConfigError`` naming the file's line or the variable, for an id no provider here has.
    func defaultProviders(in registry: ProviderRegistry) throws(ConfigError) -> [any DictionaryProvider]? {
        guard let ids = providers else { return nil }
        var chosen: [any DictionaryProvider] = []
        for id in ids {
            guard let provider = registry.provider(id) else {
                let hint = registry.nearestID(to: id.rawValue).map { localized(.unknownCommandDidYouMean, $0) } ?? ""
                throw configError(for: "lookup.providers", kind: .invalidValue,
                                  message: localized(.configNoSuchProvider, id, hint))
            }
            chosen.append(provider)
        }
        return chosen
    }

    /// An error located where `key`'s value comes from: the file's line, or the variable.
    func configError(for key: String, kind: ConfigError.Kind, message: String) -> ConfigError {
        switch origin(of: key) {
        case .file(let line):
            ConfigError(kind, location: file.location?.path ?? "config", line: line, message: message)
        case .environment(let variable):
            ConfigError(kind, location: localized(.configEnvironmentVariable, variable), message: message)
        case .defaultValue:
            ConfigError(kind, location: "configuration", message: message)
        }
    }
}
