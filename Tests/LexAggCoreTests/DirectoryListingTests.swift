#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import LexAggFixtures
import Testing

@Suite struct DirectoryListingTests {
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
