// swift-tools-version: 6.1
//
// lexagg — one command-line interface over many dictionaries.
//
// Layout (see README.md, "Architecture"):
//   Sources/LexAggCore          domain model, provider contracts, errors (no dependencies)
//   Sources/LexAggAggregation   registry and the lookup strategy layer
//   Sources/LexAggCache         per-provider persistent cache (SQLite through GRDB), a provider decorator
//   Sources/LexAggConfig        the configuration file (TOML), environment overrides, `lexagg config`'s editing
//   Sources/LexAggCLI           commands and renderers (swift-argument-parser)
//   Sources/lexagg              executable: the composition root, the only place that lists providers
//   Sources/ProviderConformance the contract test kit every provider's tests run
//   Providers/<Name>            one target per provider
//   Fixtures                    test fixtures (FixtureStore locates them)
import PackageDescription

let package = Package(
    name: "lexagg",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lexagg", targets: ["lexagg"]),
        .library(name: "LexAggCore", targets: ["LexAggCore"]),
        // The HTTP client and the conformance kit, for providers built in other packages.
        .library(name: "LexAggHTTP", targets: ["LexAggHTTP"]),
        .library(name: "ProviderConformance", targets: ["ProviderConformance"]),
        .library(name: "DictDatabaseProvider", targets: ["DictDatabaseProvider"]),
        .library(name: "DictProtocolProvider", targets: ["DictProtocolProvider"]),
        .library(name: "WiktionaryProvider", targets: ["WiktionaryProvider"]),
        .library(name: "FreeDictionaryProvider", targets: ["FreeDictionaryProvider"]),
        .library(name: "PONSProvider", targets: ["PONSProvider"]),
        .library(name: "RandomWordProvider", targets: ["RandomWordProvider"]),
        .library(name: "ExternalProvider", targets: ["ExternalProvider"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // MARK: Core and layers
        .target(name: "LexAggCore", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The lookup service: selection, cache wrapping, strategies, deadlines, fallbacks, merging, suggestions.
        .target(name: "LexAggAggregation", dependencies: ["LexAggCore", .product(name: "Logging", package: "swift-log")]),
        // The per-provider cache: a SQLite file (GRDB) behind a provider decorator.
        .target(
            name: "LexAggCache",
            dependencies: ["LexAggCore", "LexAggAggregation", .product(name: "GRDB", package: "GRDB.swift"),
                           .product(name: "Logging", package: "swift-log")]
        ),
        // The configuration file (TOML) and its precedence: flags > environment > file > defaults.
        .target(
            name: "LexAggConfig",
            dependencies: ["LexAggCore", "LexAggAggregation", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // The quiz engine: questions, SM-2 scheduling, the countdown session on an injected clock, terminal keys.
        .target(name: "LexAggQuiz", dependencies: ["LexAggCore"]),
        .target(
            name: "LexAggCLI",
            dependencies: [
                "LexAggCore",
                "LexAggAggregation",
                "LexAggCache",
                "LexAggConfig",
                "LexAggQuiz",
                "LexAggLibrary",
                "ProviderConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The learner's data (saved words, favourites, search, history, quiz records) in SQLite.
        .target(
            name: "LexAggLibrary",
            dependencies: ["LexAggCore", "LexAggQuiz", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "lexagg",
            dependencies: [
                "LexAggCLI", "LexAggCore", "DictDatabaseProvider", "DictProtocolProvider", "WiktionaryProvider",
                "FreeDictionaryProvider", "PONSProvider", "RandomWordProvider", "ExternalProvider",
            ],
            linkerSettings: [
                // Start-up, measured with perf (see Benchmarks/offline-lookup.sh): SwiftPM exports every symbol
                // of an executable so tests can link it, and the Swift runtime's start-up dladdr() scans all
                // 27,000 of them; and a position-independent 90 MB static binary pays for 76,000 relative
                // relocations (copy-on-write page faults). Release builds of the command drop both: about
                // 40% of an offline lookup. The trade-off is no address randomisation for the executable's own
                // image (libraries keep theirs), acceptable for a local command-line tool.
                .unsafeFlags(["-Xlinker", "--no-export-dynamic", "-Xclang-linker", "-no-pie"], .when(configuration: .release)),
            ]
        ),
        // The text formats of DICT databases (WordNet, FreeDict, plain), shared by the file and server providers.
        .target(name: "LexAggDictFormats", dependencies: ["LexAggCore"]),
        .target(
            name: "LexAggHTTP",
            dependencies: [
                "LexAggCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .target(
            name: "ProviderConformance",
            dependencies: [
                "LexAggCore",
                "LexAggHTTP",
                .product(name: "Logging", package: "swift-log"),
                "ExternalProvider",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // MARK: Providers (one target each; a provider depends on LexAggCore and, if online, LexAggHTTP)
        .target(
            name: "DictDatabaseProvider",
            dependencies: ["LexAggCore", "LexAggDictFormats", "CZlib"],
            path: "Providers/DictDatabase",
            exclude: ["Embedded"]
        ),
        .target(
            name: "WiktionaryProvider",
            dependencies: ["LexAggCore", "LexAggHTTP", .product(name: "Logging", package: "swift-log")],
            path: "Providers/Wiktionary"
        ),
        .target(
            name: "FreeDictionaryProvider",
            dependencies: ["LexAggCore", "LexAggHTTP", .product(name: "Logging", package: "swift-log")],
            path: "Providers/FreeDictionary"
        ),
        .target(
            name: "PONSProvider",
            dependencies: ["LexAggCore", "LexAggHTTP", .product(name: "Logging", package: "swift-log")],
            path: "Providers/PONS"
        ),
        .target(
            name: "RandomWordProvider",
            dependencies: ["LexAggCore", "LexAggHTTP", .product(name: "Logging", package: "swift-log")],
            path: "Providers/RandomWord"
        ),

        // Programs speaking the external-provider protocol (docs/external-providers.md), added without recompiling.
        .target(name: "ExternalProvider", dependencies: ["LexAggCore"], path: "Providers/External"),

        .target(
            name: "DictProtocolProvider",
            dependencies: [
                "LexAggCore", "LexAggDictFormats", "LexAggHTTP",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
            ],
            path: "Providers/DictProtocol"
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

        // MARK: Fixtures and tests
        .target(
            name: "LexAggFixtures",
            path: "Fixtures",
            exclude: ["SOURCES.md", "dictdb", "wiktionary", "freedictionary", "pons", "randomword"]
        ),
        .testTarget(name: "LexAggCoreTests", dependencies: ["LexAggCore"]),
        .testTarget(
            name: "LexAggCacheTests",
            dependencies: ["LexAggCache", "LexAggAggregation", "ProviderConformance", "LexAggCore",
                           .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "LexAggConfigTests", dependencies: ["LexAggConfig", "LexAggCore"]),
        .testTarget(
            name: "LexAggQuizTests",
            dependencies: ["LexAggQuiz", "LexAggCore", .product(name: "Clocks", package: "swift-clocks")]
        ),
        .testTarget(
            name: "LexAggLibraryTests",
            dependencies: ["LexAggQuiz", "LexAggLibrary", "LexAggCore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(
            name: "LexAggAggregationTests",
            dependencies: ["LexAggAggregation", "ProviderConformance", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "ProviderConformanceTests", dependencies: ["ProviderConformance", "LexAggCore"]),
        .testTarget(
            name: "DictDatabaseProviderTests",
            dependencies: ["DictDatabaseProvider", "LexAggDictFormats", "ProviderConformance", "LexAggFixtures"]
        ),
        .testTarget(
            name: "DictProtocolProviderTests",
            dependencies: [
                "DictProtocolProvider", "ProviderConformance", "LexAggFixtures", "LexAggAggregation", "LexAggCache",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "LexAggHTTPTests",
            dependencies: ["LexAggHTTP", "ProviderConformance", "LexAggCore", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "WiktionaryProviderTests",
            dependencies: ["WiktionaryProvider", "ProviderConformance", "LexAggHTTP", "LexAggCore"]
        ),
        .testTarget(
            name: "FreeDictionaryProviderTests",
            dependencies: ["FreeDictionaryProvider", "ProviderConformance", "LexAggHTTP", "LexAggCore"]
        ),
        .testTarget(
            name: "PONSProviderTests",
            dependencies: ["PONSProvider", "ProviderConformance", "LexAggHTTP", "LexAggCore"]
        ),
        .testTarget(
            name: "RandomWordProviderTests",
            dependencies: ["RandomWordProvider", "ProviderConformance", "LexAggHTTP", "LexAggCore"]
        ),
        .testTarget(
            name: "ExternalProviderTests",
            dependencies: ["ExternalProvider", "ProviderConformance", "LexAggCore", "lexagg"]
        ),
        .executableTarget(
            name: "wiktionary-bench",
            dependencies: ["WiktionaryProvider", "LexAggCore"],
            path: "Benchmarks/WiktionaryBench"
        ),
        .testTarget(
            name: "LexAggCLITests",
            dependencies: [
                "LexAggCLI", "LexAggFixtures", "ProviderConformance", "DictDatabaseProvider", "WiktionaryProvider",
                "RandomWordProvider", "FreeDictionaryProvider", "PONSProvider", "LexAggDictFormats", "lexagg",
                "LexAggLibrary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ]
)

// Every target opts into the same stricter checks.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    // Async functions run on their caller's executor unless marked @concurrent: the offline path stays on
    // the main thread and never starts the concurrency thread pool (about 0.5 ms at start-up).
    settings.append(.enableUpcomingFeature("NonisolatedNonsendingByDefault"))
    target.swiftSettings = settings
}
