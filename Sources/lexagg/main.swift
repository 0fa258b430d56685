// The composition root: the only place that knows the list of providers.
//
// Adding a provider: its folder under Providers/, one entry in Package.swift's `providers` list, and its factory
// (and import) here; `swift package --allow-writing-to-package-directory new-provider <Name>` does all of it.
import DictDatabaseProvider
import DictProtocolProvider
import ExternalProvider
import FreeDictionaryProvider
import PONSProvider
import RandomWordProvider
import WiktionaryProvider
import WiktionaryOfflineProvider
import CSQLiteSettings
import LexAggCLI
import LexAggCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// In priority order: offline sources first (fast, always there), then online ones. For random words the
// online service comes before the local word list, which is its offline fallback.
let factories: [ProviderFactory] = [
    .dictDatabases,
    .wiktionaryOffline,
    .wiktionary,
    .freedictionary,
    .pons,
    .dictServer,
    .randomword,
    .wordlist,
    .external,
]

var pointer = environ
var count = 0
while pointer[count] != nil { count += 1 }
// Sized before it is filled: growing a [String: String] asks the runtime for its storage's metadata by name, and
// proving `String: Hashable` for that scans the binary's 14,000 conformance records (0.85 million instructions,
// callgrind; half of `lexagg --version`).
var environment = [String: String](minimumCapacity: count)
// Split at the first `=` byte by byte: `String.firstIndex(of:)` walks Characters (grapheme breaking), and with the
// slicing it cost ~10,000 instructions a variable, a fifth of a WordNet lookup's (callgrind, 44 variables).
while let entry = pointer.pointee {
    if let equals = strchr(entry, Int32(UInt8(ascii: "="))) {
        let name = UnsafeRawBufferPointer(start: entry, count: entry.distance(to: equals))
        environment[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
    }
    pointer += 1
}

// Before anything opens a database: SQLite's page cache grows a slot at a time, not 20 at its first read (15 page faults
// of a cached lookup's ~370), and its allocations are not counted under a global mutex. Its size limit, and
// everything else, is unchanged.
_ = lexagg_sqlite_no_page_cache_bulk()
_ = lexagg_sqlite_no_memory_statistics()
signal(SIGPIPE, SIG_IGN)
// Files and directories lexagg creates (library, history, cache, config, exports) are the user's alone: 0600, 0700.
umask(0o077)
let context = CommandContext(environment: environment, factories: factories, output: StandardOutput())
let status = await LexAggCLI.run(Array(CommandLine.arguments.dropFirst()), context: context)
exit(status)
