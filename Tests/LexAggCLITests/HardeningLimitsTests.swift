import Foundation
import LexAggFixtures
import LexAggLibrary
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 17 on the real binary: configuration values checked before they are saved, locks with a deadline,
/// bounded reads, and recovering a damaged library.
@Suite(.serialized) struct HardeningLimitsTests {
    /// Runs the binary with `arguments` (killed after `limit` seconds: status 124), standard input from `input` (a
    /// shell redirection, or a command piped in).
    func run(
        _ arguments: [String], data: String, environment: [String: String] = [:], input: String = "</dev/null",
        limit: Int = 60
    ) async -> BinaryRun {
        let variables = ["PATH": "/usr/bin:/bin", "LEXAGG_DATA_DIR": data, "HOME": data, "LEXAGG_CONFIG": data + "/config.toml"]
        return await BinaryRun.shell([BinaryRun.binary] + arguments, environment: variables.merging(environment) { $1 },
                                     input: input, limit: limit)
    }

    // MARK: 6. Configuration values

    @Test func configSetRefusesValuesThatWouldBreakLaterRuns() async {
        let data = TemporaryFiles.directory()
        let refused: [(String, String)] = [
            ("lookup.providers", "wordnet,bogus"),
            ("providers.wiktionary.endpoint", "file:///etc/passwd"),
            ("providers.wiktionary.endpoint", "https://en.wiktionary.org/w/api.php?x=1"),
            ("providers.dict-server.database", "wn\r\nSHOW SERVER"),
            ("providers.pons.secret", "abc\ndef"),
        ]
        for (key, value) in refused {
            let set = await run(["config", "set", key, value], data: data)
            #expect(set.status == 64, "config set \(key) \(value.debugDescription) was accepted")
            #expect(!set.stderr.contains("abc\ndef"), "the secret was echoed")
        }
        let lookup = await run(["lookup", "house", "--providers", "wordnet"], data: data)
        #expect(lookup.status == 0, "\(lookup.stderr)")
    }

    @Test func aDICTDatabaseVariableWithALineBreakIsAConfigurationError() async {
        let data = TemporaryFiles.directory()
        let lookup = await run(
            ["lookup", "house", "--providers", "dict-server"], data: data,
            environment: ["LEXAGG_DICT_SERVER_DATABASE": "wn\r\nSHOW SERVER", "LEXAGG_DICT_SERVER_ENDPOINT": "127.0.0.1:9"]
        )
        #expect(lookup.status == 78, "\(lookup.stderr)")
        #expect(lookup.stderr.contains("LEXAGG_DICT_SERVER_DATABASE"))
    }

    @Test func aSecretUsedAsAKeyNameIsNotEchoed() async {
        let data = TemporaryFiles.directory()
        let secret = "s3cr3t-v4lue-0123456789"
        let set = await run(["config", "set", secret, "x"], data: data)
        #expect(set.status == 64)
        #expect(!set.stderr.contains(secret), "\(set.stderr)")
    }

    // MARK: 7. Locks

    /// Holds an exclusive `flock` on `path` in this process until the returned descriptor is closed.
    func hold(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        try #require(flock(descriptor, LOCK_EX) == 0)
        return descriptor
    }

    @Test func aLookupExitsWhileAnotherProcessHoldsTheHistoryLock() async throws {
        let data = TemporaryFiles.directory()
        let descriptor = try hold(data + "/history.log")
        defer { close(descriptor) }
        let lookup = await run(["lookup", "house", "--providers", "wordnet"], data: data, limit: 30)
        #expect(lookup.status == 0, "status \(lookup.status): the lookup hung on history.log's lock")
        #expect(lookup.stdout.contains("house"))
        #expect(lookup.stderr.contains("history"))
    }

    @Test func libraryAddGivesUpOnAHeldLibraryLockWithAMessage() async throws {
        let data = TemporaryFiles.directory()
        let descriptor = try hold(data + "/library.sqlite.lock")
        defer { close(descriptor) }
        let add = await run(["library", "add", "house", "--providers", "wordnet"], data: data, limit: 40)
        #expect(add.status != 124, "library add waited forever on the lock")
        #expect(add.status != 0)
        #expect(add.stderr.contains("locked"), "\(add.stderr)")
    }

    // MARK: 8. Bounded reads

    @Test func aBatchLineLongerThanTheLimitIsRefusedWithoutReadingItWhole() async {
        let data = TemporaryFiles.directory()
        let batch = await run(
            ["lookup", "--batch", "-", "--providers", "wordnet"], data: data,
            input: "head -c 20000000 /dev/zero | tr '\\0' a", limit: 60
        )
        #expect(batch.status == 64, "\(batch.status) \(batch.stderr.prefix(300))")
        #expect(batch.stderr.contains("longer than"), "\(batch.stderr.prefix(300))")
        #expect(batch.stderr.utf8.count < 1000, "the message echoes the line")
    }

    @Test func aFIFOOnTheDictionaryPathIsSkipped() async throws {
        let data = TemporaryFiles.directory()
        let dictionaries = TemporaryFiles.directory()
        #expect(mkfifo(dictionaries + "/trap.index", 0o600) == 0)
        FileManager.default.createFile(atPath: dictionaries + "/trap.dict", contents: Data("x".utf8))
        let providers = await run(["providers"], data: data, environment: ["LEXAGG_DICT_PATH": dictionaries], limit: 30)
        #expect(providers.status != 124, "providers blocked on a FIFO")
        #expect(providers.stdout.contains("wordnet"))
    }

    // MARK: 10. File modes

    /// A fresh XDG home where lexagg has created its data and cache (a library with one word, a lookup, the cache
    /// opened): the home, the environment that points there, and every file lexagg wrote, directories included.
    func populatedHome() async throws -> (home: String, environment: [String: String], paths: [String]) {
        let home = TemporaryFiles.directory()
        let csv = "word,language,starred,added,definition,examples,ipa,translation,sources\ncottage,en,no,,a house,,,,\n"
        try csv.write(toFile: home + "/in.csv", atomically: true, encoding: .utf8)
        let environment = ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "LEXAGG_DATA_DIR": "", "HOME": home]
        #expect(await run(["library", "import", home + "/in.csv"], data: home, environment: environment).status == 0)
        #expect(await run(["lookup", "house", "--providers", "wordnet"], data: home, environment: environment).status == 0)
        // (`cache stats` creates nothing; `cache prune` opens the cache, which makes its file.)
        #expect(await run(["cache", "prune"], data: home, environment: environment).status == 0)
        var paths: [String] = []
        for root in [home + "/data", home + "/cache"] {
            let walker = FileManager.default.enumerator(atPath: root)
            while let name = walker?.nextObject() as? String { paths.append(root + "/" + name) }
        }
        return (home, environment, paths)
    }

    @Test func dataFilesArePrivate() async throws {
        // lexagg creates the directories and the files itself.
        let (_, _, paths) = try await populatedHome()
        for path in paths {
            let mode = try #require(FileMode.permissions(path))
            #expect(mode & 0o077 == 0, "\(path) is readable by others: \(String(mode, radix: 8))")
        }
        #expect(paths.count >= 3)
    }

    /// Files an older lexagg left readable by others (it wrote them 0644) are made private by the next run that
    /// opens them; a file that is not lexagg's store is left alone.
    @Test func filesLeftReadableByAnOlderLexaggBecomePrivate() async throws {
        let (home, environment, paths) = try await populatedHome()
        let files = paths.filter { FileMode.type($0) == .typeRegular }
        #expect(files.contains { $0.hasSuffix("/library.sqlite") } && files.contains { $0.hasSuffix("/history.log") })
        #expect(files.contains { $0.contains("/cache/") }, "\(files)")
        for file in files { chmod(file, 0o644) }
        let stranger = home + "/data/lexagg/notes.txt"
        try "mine".write(toFile: stranger, atomically: false, encoding: .utf8)
        chmod(stranger, 0o644)

        #expect(await run(["library", "list"], data: home, environment: environment).status == 0)
        #expect(await run(["cache", "stats"], data: home, environment: environment).status == 0)
        for file in files {
            let mode = try #require(FileMode.permissions(file))
            #expect(mode & 0o077 == 0, "\(file) is still readable by others: \(String(mode, radix: 8))")
        }
        #expect(FileMode.permissions(stranger) == 0o644, "a file that is not lexagg's is left alone")
    }

    // MARK: 9. Recovery

    @Test func aZeroLengthLibraryIsReportedNotStartedAfresh() async throws {
        let data = TemporaryFiles.directory()
        FileManager.default.createFile(atPath: data + "/library.sqlite", contents: Data())
        let list = await run(["library", "list"], data: data)
        #expect(list.status == 69, "\(list.status) \(list.stderr)")
        #expect(list.stderr.contains("empty"))
        let doctor = await run(["library", "doctor"], data: data)
        #expect(doctor.status == 69)
        #expect(doctor.stdout.contains("empty"))
        #expect(FileMode.size(data + "/library.sqlite") == 0, "the empty file was overwritten")
    }

    @Test func repairRecoversWordsReadableThroughTheUniqueIndex() async throws {
        let data = TemporaryFiles.directory()
        let words = ["cottage", "manor", "villa", "bungalow", "cabin"]
        let csv = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
            + words.map { "\($0),en,no,,a kind of house,,,,\n" }.joined()
        try csv.write(toFile: data + "/in.csv", atomically: true, encoding: .utf8)
        try #require(await run(["library", "import", data + "/in.csv"], data: data).status == 0)
        // Damage the word table's root page, leaving its UNIQUE (language, word) index whole.
        let path = data + "/library.sqlite"
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'word'").fetchone()[0]
            size = db.execute("PRAGMA page_size").fetchone()[0]
            db.close()
            with open(sys.argv[1], "r+b") as f:
                f.seek((root - 1) * size)
                f.write(bytes([0xA5]) * size)
            """
        try script.write(toFile: data + "/damage.py", atomically: true, encoding: .utf8)
        try #require(system("python3 \(data)/damage.py \(path)") == 0)
        let repair = await run(["library", "doctor", "--repair"], data: data)
        #expect(repair.stdout.contains("5 by name only"), "\(repair.stdout) \(repair.stderr)")
        let list = await run(["library", "list"], data: data)
        for word in words { #expect(list.stdout.contains(word), "\(word) was lost") }
    }
}
