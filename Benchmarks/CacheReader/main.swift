// The reference for the cached-lookup benchmark (Benchmarks/cache-and-deadlines.sh): the least a program can do
// to answer from lexagg's cache file — open it with GRDB, read one stored answer, write it out.
//
//   cache-reader CACHE_FILE PROVIDER KEY
import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: cache-reader CACHE_FILE PROVIDER KEY")
    exit(64)
}
do {
    let queue = try DatabaseQueue(path: arguments[1])
    let payload = try queue.read { db in
        try Data.fetchOne(db, sql: "SELECT payload FROM answer WHERE provider = ? AND key = ?", arguments: [arguments[2], arguments[3]])
    }
    guard let payload else {
        print("no row")
        exit(1)
    }
    print(String(decoding: payload, as: UTF8.self))
} catch {
    print("\(error)")
    exit(70)
}
