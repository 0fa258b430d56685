import LexAggCore
import LexAggWiktextract

extension ProviderFactory {
    /// One provider per dataset imported with `lexagg data import wiktextract` (in `$LEXAGG_DATA_DIR/datasets`, else
    /// `$XDG_DATA_HOME/lexagg/datasets`, else `~/.local/share/lexagg/datasets`).
    ///
    /// A lookup that names a dataset opens its file alone (`--providers en-wiktionary`: `en-wiktionary.lexwk`), without
    /// listing the other factories' databases; any other case (no such file, a file that holds another name or cannot
    /// be read) leaves it to the whole list, which reports it.
    public static let wiktionaryOffline = ProviderFactory(
        name: "wiktionary-offline",
        makeOne: { id, environment in
            guard let directory = DatasetLocation.directory(in: environment.variables) else { return .init(providers: []) }
            let path = DatasetLocation.path(of: id.rawValue, in: directory)
            guard let provider = try? WiktionaryOffline(path: path), provider.descriptor.id == id else { return nil }
            return .init(providers: [provider])
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
                providers.append(try WiktionaryOffline(path: dataset.path))
            } catch {
                problems.append(error.message)  // the dataset's own words, which name its file
            }
        }
        return .init(providers: providers, problems: problems)
    }
}
