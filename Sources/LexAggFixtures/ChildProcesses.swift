import Foundation
import LexAggCore

// Waiting on a child (a server the test started, a program it killed) without holding a thread of the test pool.
//
// Swift Testing runs tests on Swift's cooperative pool, which has as many threads as the machine has cores: two on CI.
// `waitUntilExit()`, or a blocking read of what a starting server prints, holds one of them for as long as the child
// takes; two tests doing so at once hold them all, and every other test in the process stops, including in-process
// HTTP servers whose clients then give up. The waits here happen on a thread of their own (``offThePool(_:)``).

extension Process {
    /// Waits for the process to exit and returns its status (`terminationStatus`), off the test pool.
    @discardableResult
    public func exited() async -> Int32 {
        await offThePool { [self] in
            waitUntilExit()
            return terminationStatus
        }
    }

    /// SIGTERM, then the exit status, waited for off the test pool.
    @discardableResult
    public func terminated() async -> Int32 {
        kill(processIdentifier, SIGTERM)
        return await exited()
    }
}

extension FileHandle {
    /// What the other end writes until it has written `count` lines or closed (a server printing its addresses),
    /// read off the test pool.
    public func lines(_ count: Int) async -> String {
        await offThePool { [self] in
            var printed = ""
            while printed.split(separator: "\n").count < count {
                let data = availableData
                if data.isEmpty { break }
                printed += String(decoding: data, as: UTF8.self)
            }
            return printed
        }
    }
}
