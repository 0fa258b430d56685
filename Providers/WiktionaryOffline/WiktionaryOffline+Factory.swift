#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import LexAggWiktextract

extension ProviderFactory {
    /// One provider per dataset imported with `lexagg data import wiktextract` (in `$LEXAGG_DATA_DIR/datasets`, else
    /// `$XDG_DATA_HOME/lexagg/datasets`, else `~/.local/share/lexagg/datasets`).
    /// A dataset's id is its file's name (`data import --name` names both; `data list` lists them so).
    ///
    /// A lookup that names a dataset opens its file alone (`--providers en-wiktionary`: `en-wiktionary.lexwk`), without
    /// listing the other factories' databases, and a name no file has is known to be none of them; a file that cannot
    /// be read answers every lookup with why (``DamagedDataset``: exit 69, not an unknown provider), and in the whole
    /// list is reported.
    public static let wiktionaryOffline = ProviderFactory(
        name: "wiktionary-offline",
        makeOne: { id, environment in
            guard let directory = DatasetLocation.directory(in: environment.variables) else { return .init(providers: []) }
            let path = DatasetLocation.path(of: id.rawValue, in: directory)
            guard access(path, F_OK) == 0 else { return .init(providers: []) }
            do throws(ProviderError) {
                return .init(providers: [try WiktionaryOffline(path: path, id: id)])
            } catch {
                return .init(providers: [DamagedDataset(id: id, path: path, problem: error)])
            }
        }
    ) { environment in
        guard let directory = DatasetLocation.directory(in: environment.variables) else { return .init(providers: []) }
        var providers: [any DictionaryProvider] = []
        var problems: [String] = []
        for dataset in DatasetLocation.datasets(in: directory) {
            guard ProviderID(dataset.name) != nil else {
                problems.append("\(dataset.path): '\(dataset.name)' is not a provider id; import it again with --name")
                continue
            }
            do throws(ProviderError) {
                providers.append(try WiktionaryOffline(path: dataset.path, id: ProviderID(dataset.name)))
            } catch {
                problems.append(error.message)  // the dataset's own words, which name its file
            }
        }
        return .init(providers: providers, problems: problems)
    }
}

/// A dataset named on the command line that cannot be opened (damaged, cut short, another program's file): it is
/// the provider the name asks for, so that a lookup fails with why — not with "unknown provider".
struct DamagedDataset: DefinitionProviding {
    let descriptor: ProviderDescriptor
    let problem: ProviderError

    init(id: ProviderID, path: String, problem: ProviderError) {
        descriptor = ProviderDescriptor(
            id: id, displayName: "Wiktionary offline (\(id), unreadable)", capabilities: [.define], requiresNetwork: false,
            source: path
        )
        self.problem = ProviderError(problem.code, provider: id, message: problem.message, location: path)
    }

    func availability() async -> ProviderAvailability { .unavailable(reason: problem.message) }

    func lookup(_ query: LookupQuery) async throws -> LookupResult { throw problem }
}
