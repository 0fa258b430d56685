#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the repository's test fixtures on disk (no resource bundles: tests read the files where they are).
public enum FixtureStore {
    /// The repository's root directory (this file is `Sources/LexAggFixtures/FixtureStore.swift`).
    public static let repositoryRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// The `Fixtures` directory.
    public static var root: String { repositoryRoot + "/Fixtures" }

    /// The absolute path of a fixture, e.g. `path("dictdb/wn.index")`.
    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// The small real dictd databases (`wn`, `gcide`, `freedict-eng-deu`, `freedict-deu-eng`).
    public static var dictDatabases: String { path("dictdb") }

    /// `../shared/reference-samples` beside the repository, when it is there (it is in CI).
    public static var referenceSamples: String? {
        let candidate = repositoryRoot + "/../shared/reference-samples"
        return access(candidate, R_OK) == 0 ? candidate : nil
    }
}
