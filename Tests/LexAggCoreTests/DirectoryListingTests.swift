#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import LexAggFixtures
import Testing

@Suite struct DirectoryListingTests {
    /// `mkdir -p` that says why it could not, in the system's words (a data directory under a file said
    /// "NSCocoaErrorDomain error 512").
    @Test func createMakesTheMissingDirectoriesAndSaysWhyItCannot() throws {
        let directory = TemporaryFiles.directory("create")
        #expect(throws: Never.self) { try DirectoryListing.create(directory + "/a/b/c").get() }
        var info = stat()
        #expect(stat(directory + "/a/b/c", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
        #expect(throws: Never.self) { try DirectoryListing.create(directory + "/a/b").get() }
        let file = directory + "/file"
        close(open(file, O_CREAT | O_WRONLY, 0o600))
        for path in [file, file + "/lib", file + "/lib/deeper"] {
            guard case .failure(let error) = DirectoryListing.create(path) else {
                Issue.record("\(path) was created")
                continue
            }
            #expect(error.code == ENOTDIR && error.description == "Not a directory", "\(path): \(error)")
        }
    }

    @Test func namesEveryEntryButDotAndDotDotSorted() throws {
        let directory = TemporaryFiles.directory("listing")
        for name in ["b.lexwk", ".hidden", "a b", "ü.index"] {
            let fd = open(directory + "/" + name, O_CREAT | O_WRONLY, 0o600)
            #expect(fd >= 0)
            close(fd)
        }
        #expect(mkdir(directory + "/sub", 0o700) == 0)
        #expect(try DirectoryListing.names(directory).get() == [".hidden", "a b", "b.lexwk", "sub", "ü.index"])
    }

    @Test func aMissingDirectorySaysWhy() {
        guard case .failure(let error) = DirectoryListing.names("/nonexistent/lexagg-listing") else {
            Issue.record("listed a directory that does not exist")
            return
        }
        #expect(error.code == ENOENT)
        #expect(error.description == "No such file or directory")
    }
}
