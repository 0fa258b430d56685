// swift-tools-version: 6.1
//
// lexagg — one command-line interface over many dictionaries.
//
// Layout (see README.md, "How it is built"):
//   Sources/LexAggCore          domain model, provider contracts, typed provider settings, errors
//   Sources/LexAggAggregation   the lookup service: selection, cache wrapping, strategies, merging, suggestions
//   Sources/LexAggCache         per-provider persistent cache (SQLite through GRDB), a provider decorator
//   Sources/LexAggJSON          a JSON pull reader over bytes: wiktextract lines, dataset metadata, cached answers
//   Sources/LexAggConfig        the configuration file (TOML), environment overrides, `lexagg config`'s editing
//   Sources/LexAggDocuments     the versioned JSON documents shared by `--format json` and the servers
//   Sources/LexAggLibraryUseCases  adding a word to the library through the lookup service (CLI and MCP)
//   Sources/LexAggServer        HTTP API (Hummingbird), DICT protocol server (SwiftNIO), MCP server: adapters
//   Sources/LexAggCLI           commands and renderers (swift-argument-parser)
//   Sources/lexagg              executable: the composition root, the only place that lists provider factories
//   Sources/ProviderConformance the kit every provider's tests run (a library product; no `import Testing`)
//   Providers/<Name>            one target per provider, built from the `providers` list below
//   Plugins/NewProvider         `swift package new-provider <Name>`: the scaffold for a new provider
//   Fixtures                    test fixtures (Sources/LexAggFixtures's FixtureStore locates them)
import PackageDescription

// MARK: - Providers
//
// Adding a provider: one entry here (its folder is Providers/<name>, its module <name>Provider, its tests
// Tests/<name>ProviderTests), and one factory in Sources/lexagg/main.swift. `swift package
// --allow-writing-to-package-directory new-provider <Name> [--http]` does all three. Everything else — the
// library product, the target, the test target, the executable's and the CLI tests' dependencies — follows
// from this list.

struct ProviderModule {
    /// The folder under Providers/ and the module's stem: `Wiktionary` → module `WiktionaryProvider`.
    var name: String
    /// What it needs beyond LexAggCore (and, with `http`, LexAggHTTP and swift-log).
    var dependencies: [Target.Dependency] = []
    /// Whether it talks HTTP through the one client.
    var http = false
    /// Files in its folder that are not sources.
    var exclude: [String] = []
    /// What its tests need beyond the provider, the kit, LexAggCore and the fixtures.
    var testDependencies: [Target.Dependency] = []

    var target: String { name + "Provider" }
}

let nio: [Target.Dependency] = [.product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio")]
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")

let providers: [ProviderModule] = [
    ProviderModule(name: "DictDatabase", dependencies: ["LexAggDictFormats", "CZlib", "CEmbeddedWordNet"], exclude: ["Embedded"],
                   testDependencies: ["LexAggDictFormats"]),
    ProviderModule(name: "Wiktionary", http: true),
    ProviderModule(name: "FreeDictionary", http: true),
    ProviderModule(name: "PONS", http: true),
    ProviderModule(name: "RandomWord", http: true),
    ProviderModule(name: "DictProtocol",
                   dependencies: ["LexAggDictFormats", "LexAggHTTP", .product(name: "NIOExtras", package: "swift-nio-extras")] + nio,
                   testDependencies: ["LexAggAggregation", "LexAggCache", logging] + nio),
    ProviderModule(name: "External", dependencies: ["CSpawn"], testDependencies: ["lexagg"]),
    ProviderModule(name: "WiktionaryOffline", dependencies: ["LexAggWiktextract", "LexAggJSON"], testDependencies: ["LexAggWiktextract", "LexAggJSON"]),
]

let providerTargets: [Target] = providers.map { provider in
    .target(
        name: provider.target,
        dependencies: ["LexAggCore"] + (provider.http ? ["LexAggHTTP", logging] : []) + provider.dependencies,
        path: "Providers/" + provider.name,
        exclude: provider.exclude
    )
}

let providerTests: [Target] = providers.map { provider in
    .testTarget(
        name: provider.target + "Tests",
        dependencies: [.target(name: provider.target), "ProviderConformance", "LexAggCore", "LexAggFixtures"]
            + (provider.http ? ["LexAggHTTP", logging] : []) + provider.testDependencies
    )
}

let providerDependencies: [Target.Dependency] = providers.map { .target(name: $0.target) }

// MARK: - The package

let package = Package(
    name: "lexagg",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lexagg", targets: ["lexagg"]),
        .library(name: "LexAggCore", targets: ["LexAggCore"]),
        // The lookup service, the HTTP client and the conformance kit, for consumers and providers in other packages.
        .library(name: "LexAggAggregation", targets: ["LexAggAggregation"]),
        .library(name: "LexAggHTTP", targets: ["LexAggHTTP"]),
        .library(name: "ProviderConformance", targets: ["ProviderConformance"]),
        .plugin(name: "NewProvider", targets: ["NewProvider"]),
    ] + providers.map { .library(name: $0.target, targets: [$0.target]) },
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        // AsyncHTTPClient's TLS; named here for its trust-root setting (LexAggHTTP), with the URL AsyncHTTPClient uses.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.27.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // The servers (Sources/LexAggServer): HTTP, metrics, graceful shutdown, the Model Context Protocol.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.0"),
        // The shared store for many instances (Sources/LexAggPostgres): the cache and the library on PostgreSQL.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    ],
    targets: providerTargets + providerTests + [
        // MARK: Core and layers
        .target(name: "LexAggCore", dependencies: [logging]),
        // A JSON pull reader over bytes (and the import's validating scanner grammar under it): wiktextract lines,
        // dataset metadata and cached answers are read with it instead of Foundation's decoder.
        .target(name: "LexAggJSON"),
        // The lookup service: selection, cache wrapping, strategies, deadlines, fallbacks, merging, suggestions.
        .target(name: "LexAggAggregation", dependencies: ["LexAggCore", logging]),
        // The per-provider cache: a SQLite file (GRDB; reads of an existing file through SQLite's C interface)
        // behind a provider decorator; stored answers are JSON, read back with LexAggJSON's reader.
        .target(
            name: "LexAggCache",
            dependencies: [
                "LexAggCore", "LexAggAggregation", "LexAggJSON", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"), logging,
            ]
        ),
        // The configuration file (TOML) and its precedence: flags > environment > file > defaults.
        .target(
            name: "LexAggConfig",
            dependencies: ["LexAggCore", "LexAggAggregation", "LexAggLocalization", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The quiz engine: questions, SM-2 scheduling, the countdown session on an injected clock, terminal keys.
        .target(name: "LexAggQuiz", dependencies: ["LexAggCore", "LexAggLocalization"]),
        // lexagg's own text in English and Russian: the language choice, plural rules, the compiled-in catalogues.
        .target(name: "LexAggLocalization"),
        // The versioned JSON documents: `--format json`, `serve http`'s own API and the MCP server's results.
        .target(name: "LexAggDocuments", dependencies: ["LexAggCore", "LexAggAggregation", "LexAggLibrary", "LexAggLibraryUseCases"]),
        // The library's use cases that need the lookup service (adding a word: look it up, save what was found),
        // shared by `library add` and the MCP server's `library_add`.
        .target(name: "LexAggLibraryUseCases", dependencies: ["LexAggCore", "LexAggAggregation", "LexAggLibrary"]),
        // MARK: Servers: thin adapters over the lookup service (Sources/LexAggServer/<protocol>).
        .target(
            name: "LexAggHTTPServer",
            dependencies: [
                "LexAggCore", "LexAggAggregation", "LexAggDocuments", logging,
                .product(name: "Hummingbird", package: "hummingbird"),
                // The connection handler between NIO's HTTP decoder and Hummingbird (431, HTTP/1.0 closing).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            path: "Sources/LexAggServer/HTTP"
        ),
        .target(
            name: "LexAggDICTServer",
            dependencies: [
                "LexAggCore", "LexAggAggregation", "LexAggDictFormats", logging,
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ] + nio,
            path: "Sources/LexAggServer/DICT"
        ),
        .target(
            name: "LexAggMCPServer",
            dependencies: [
                "LexAggCore", "LexAggAggregation", "LexAggDocuments", "LexAggLibrary", "LexAggLibraryUseCases", logging,
                .product(name: "MCP", package: "swift-sdk"),
            ],
            path: "Sources/LexAggServer/MCP"
        ),
        .target(
            name: "LexAggCLI",
            dependencies: [
                "LexAggDocuments", "LexAggHTTPServer", "LexAggDICTServer", "LexAggMCPServer",
                "LexAggCore", "LexAggAggregation", "LexAggCache", "LexAggConfig", "LexAggQuiz", "LexAggLibrary",
                "LexAggLibraryUseCases", "LexAggPostgres", "ProviderConformance", "LexAggWiktextract", "LexAggLocalization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        // The learner's data (saved words, favourites, search, history, quiz records) in SQLite.
        .target(
            name: "LexAggLibrary",
            dependencies: ["LexAggCore", "LexAggQuiz", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The cache and the library on PostgreSQL (postgres-nio's pooled client), behind the same protocols
        // as the SQLite stores; chosen by `store.url` / LEXAGG_STORE_URL (Sources/LexAggCLI's CommandContext).
        .target(
            name: "LexAggPostgres",
            dependencies: [
                "LexAggCore", "LexAggAggregation", "LexAggCache", "LexAggLibrary", "LexAggQuiz", logging,
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ] + nio
        ),
        .executableTarget(
            name: "lexagg",
            dependencies: ["LexAggCLI", "LexAggCore", "CCurlOnDemand", "CSQLiteSettings"] + providerDependencies,
            exclude: ["link"],
            linkerSettings: [
                // Start-up, measured with perf (see Benchmarks/offline-lookup.sh): SwiftPM exports every symbol
                // of an executable so tests can link it, and the Swift runtime's start-up dladdr() scans all
                // 27,000 of them; and a position-independent 90 MB static binary pays for 76,000 relative
                // relocations (copy-on-write page faults). Release builds of the command drop both: about
                // 40% of an offline lookup. The trade-off is no address randomisation for the executable's own
                // image (libraries keep theirs), acceptable for a local command-line tool.
                // libcurl is loaded only if something uses it (Sources/CCurlOnDemand): the static FoundationNetworking
                // asks for -lcurl, which finds the empty archive in CCurlOnDemand/link (searched before the system's
                // directories), so the build needs no libcurl development files and the binary no libcurl at start-up.
                // The same way, -lstdc++ and -lsqlite3 find the linker scripts in Sources/lexagg/link, which name the
                // static archives: the dynamic loader resolved 8,000 relocations of the two libraries in every run,
                // most of `--version`'s instructions (4.3 -> 2.9 ms; a lookup 6.1 -> 5.0 ms, hyperfine).
                // lld lays out first the functions and data the common short commands touch, as listed in
                // Sources/lexagg/link/startup.order (Scripts/startup-order.sh writes it from callgrind and lackey runs):
                // scattered over the binary, each page of them was a page fault at start-up (a WordNet lookup
                // 451 -> 289 faults, 2.7 -> 2.3 ms). Names a build no longer has are ignored.
                .unsafeFlags(
                    ["-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-no-pie",
                     "-Xclang-linker", "-L\(Context.packageDirectory)/Sources/CCurlOnDemand/link",
                     "-Xclang-linker", "-L\(Context.packageDirectory)/Sources/lexagg/link",
                     "-use-ld=lld", "-Xlinker", "--no-warn-symbol-ordering",
                     "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Sources/lexagg/link/startup.order"],
                    .when(configuration: .release)
                ),
            ]
        ),
        // Process-wide SQLite settings the command sets before its first open (see the header).
        .target(name: "CSQLiteSettings"),
        // libcurl's functions, forwarding to libcurl.so.4 loaded on first use (see curl_on_demand.c).
        .target(name: "CCurlOnDemand", exclude: ["link"]),
        // WordNet's files linked into the executable (.incbin), so a binary copied alone answers offline.
        .target(name: "CEmbeddedWordNet", cSettings: [.headerSearchPath("../../Providers/DictDatabase/Embedded")]),
        // The text formats of DICT databases (WordNet, FreeDict, plain), shared by the file and server providers.
        .target(name: "LexAggDictFormats", dependencies: ["LexAggCore"]),
        .target(
            name: "LexAggHTTP",
            dependencies: [
                "LexAggCore", logging,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ] + nio
        ),
        .target(
            name: "ProviderConformance",
            dependencies: ["LexAggCore", "LexAggHTTP", logging, "ExternalProvider", .product(name: "NIOHTTP1", package: "swift-nio")] + nio
        ),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // wiktextract (kaikki.org) dumps: the streaming import and the memory-mapped dataset format, shared by
        // `lexagg data` and the WiktionaryOffline provider.
        // A prefetch hint for the import's key sorter (Swift has none).
        .target(name: "CPrefetch"),
        .target(name: "CSpawn"),
        .target(name: "LexAggWiktextract", dependencies: ["CZlib", "CPrefetch", "CSpawn", "LexAggCore", "LexAggJSON"]),
        .testTarget(name: "LexAggWiktextractTests", dependencies: ["LexAggWiktextract", "LexAggJSON", "LexAggFixtures", "LexAggCore"]),

        // The scaffold for a new provider (README.md, "Adding a provider").
        .plugin(
            name: "NewProvider",
            capability: .command(
                intent: .custom(verb: "new-provider", description: "Create a provider: its folder, a working skeleton, its tests, and the two list entries"),
                permissions: [.writeToPackageDirectory(reason: "creates Providers/<Name>, Tests/<Name>ProviderTests and adds the two list entries")]
            )
        ),

        // MARK: Benchmarks (run by Benchmarks/*.sh; built in release)
        .executableTarget(
            name: "IndexScaling",
            dependencies: ["DictDatabaseProvider", "LexAggDictFormats", "LexAggCore"],
            path: "Benchmarks/IndexScaling"
        ),
        .executableTarget(
            name: "cache-reader",
            dependencies: [.product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/CacheReader"
        ),
        .executableTarget(
            name: "wiktionary-bench",
            dependencies: ["WiktionaryProvider", "LexAggCore"],
            path: "Benchmarks/WiktionaryBench"
        ),

        // MARK: Fixtures and the other tests
        .target(name: "LexAggFixtures", dependencies: ["CSpawn", "CTestRunnerSettings", "LexAggCore"]),
        .target(name: "CTestRunnerSettings"),
        .testTarget(name: "LexAggCoreTests", dependencies: ["LexAggCore", "LexAggFixtures"]),
        .testTarget(
            name: "LexAggCacheTests",
            dependencies: ["LexAggCache", "LexAggAggregation", "ProviderConformance", "LexAggCore", "LexAggFixtures",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "LexAggConfigTests", dependencies: ["LexAggConfig", "LexAggCore", "LexAggFixtures"]),
        .testTarget(name: "LexAggLocalizationTests", dependencies: ["LexAggLocalization"]),
        .testTarget(
            name: "LexAggQuizTests",
            dependencies: ["LexAggQuiz", "LexAggCore", .product(name: "Clocks", package: "swift-clocks")]
        ),
        .testTarget(
            name: "LexAggLibraryTests",
            dependencies: ["LexAggQuiz", "LexAggLibrary", "LexAggCore", "LexAggFixtures", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The MCP server in process, with the SDK's client over an in-memory transport, over real dictd databases.
        .testTarget(
            name: "LexAggMCPServerTests",
            dependencies: [
                "LexAggMCPServer", "LexAggAggregation", "LexAggLibrary", "LexAggCore", "LexAggFixtures", "DictDatabaseProvider",
                "RandomWordProvider", logging, .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .testTarget(name: "LexAggAggregationTests", dependencies: ["LexAggAggregation", "ProviderConformance", logging]),
        .testTarget(name: "ProviderConformanceTests", dependencies: ["ProviderConformance", "LexAggCore"]),
        .testTarget(name: "LexAggHTTPTests", dependencies: ["LexAggHTTP", "ProviderConformance", "LexAggCore", logging]),
        // The DICT server in process over real providers, driven by Debian's `dict` client and raw sockets.
        .testTarget(
            name: "LexAggDICTServerTests",
            dependencies: [
                "LexAggDICTServer", "LexAggAggregation", "LexAggCore", "LexAggFixtures", "ProviderConformance",
                "DictDatabaseProvider", "WiktionaryProvider", "LexAggHTTP", "lexagg", logging,
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ] + nio
        ),
        // serve http over a real registry, driven by real HTTP clients (AsyncHTTPClient, Python's urllib).
        .testTarget(
            name: "LexAggHTTPServerTests",
            dependencies: [
                "LexAggHTTPServer", "LexAggAggregation", "LexAggCore", "LexAggDocuments", "LexAggFixtures",
                "DictDatabaseProvider", "RandomWordProvider", "lexagg", logging,
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ] + nio
        ),
        // The stores on a real PostgreSQL (LEXAGG_TEST_POSTGRES_URL, started by .ci/postgres-start; skipped without it):
        // in process, and through the binary (several processes, two `serve http` instances on one database).
        .testTarget(
            name: "LexAggPostgresTests",
            dependencies: [
                "LexAggPostgres", "LexAggCache", "LexAggLibrary", "LexAggAggregation", "LexAggCore", "LexAggFixtures",
                "ProviderConformance", "LexAggQuiz", "lexagg", logging,
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ] + nio
        ),
        // End-to-end tests of the command line: the binary, and the CLI in process over the providers' factories.
        .testTarget(
            name: "LexAggCLITests",
            dependencies: [
                "LexAggCLI", "LexAggFixtures", "ProviderConformance", "LexAggDictFormats", "lexagg", "LexAggLibrary",
                "LexAggConfig", "LexAggAggregation", "LexAggLocalization",
                "LexAggDocuments", "CCurlOnDemand", "LexAggQuiz",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ] + providerDependencies
        ),
    ]
)

// Fuzzing: libFuzzer targets for every parser of outside data, built and run by Fuzz/run.sh, which sets LEXAGG_FUZZ=1
// (the target exists only then: CI and ordinary builds never compile it). The project's own modules are then
// optimised (-O) and instrumented (libFuzzer's coverage, AddressSanitizer); the dependencies keep the ordinary build's
// flags, so their objects (BoringSSL alone is 400 C files) are reused and the coverage libFuzzer steers by is ours.
let fuzzing = Context.environment["LEXAGG_FUZZ"] != nil
let fuzzFlags = ["-sanitize=fuzzer,address"]
if fuzzing {
    package.targets.append(
        .executableTarget(
            name: "lexagg-fuzz",
            dependencies: [
                "LexAggCore", "LexAggCache", "LexAggConfig", "LexAggDictFormats", "LexAggHTTP", "LexAggLibrary", "LexAggWiktextract", "LexAggJSON",
                "LexAggDICTServer", .product(name: "NIOEmbedded", package: "swift-nio"),
            ] + providerDependencies,
            path: "Fuzz/Sources/LexAggFuzz",
            linkerSettings: [.unsafeFlags(fuzzFlags)]
        )
    )
}

// Every target opts into the same stricter checks.
for target in package.targets where target.type != .system && target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    // Async functions run on their caller's executor unless marked @concurrent: the offline path stays on
    // the main thread and never starts the concurrency thread pool (about 0.5 ms at start-up).
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
    // Release code asks for the metadata of a concrete generic type (`Result<T, SomeError>`, `Set<ProviderID>`)
    // through its accessor, not by mangled name: a mangled name makes the runtime prove the type's requirements
    // (`SomeError: Error`) by scanning every protocol conformance record of the static binary (about 14,000), some
    // 0.6 million instructions per type on the first use; an offline lookup paid for a dozen (callgrind,
    // Benchmarks/startup-callgrind.sh). The accessors take the witness tables the compiler already has.
    // -function-sections: each function in its own section, so that the linker can lay out the start-up path's
    // together (see the executable's linker settings).
    if target.type != .test {
        settings.append(.unsafeFlags(
            ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend", "-function-sections"],
            .when(configuration: .release)
        ))
    }
    if fuzzing && target.type != .test { settings.append(.unsafeFlags(["-O"] + fuzzFlags)) }
    target.swiftSettings = settings
}
