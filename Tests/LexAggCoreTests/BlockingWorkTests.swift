#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import Testing

@Suite struct BlockingWorkTests {
    @Test func workRunsOnAThreadOfItsOwnAndItsResultComesBack() async throws {
        let caller = pthread_self()
        let (value, thread) = await offThePool { (6 * 7, pthread_self()) }
        #expect(value == 42)
        #expect(pthread_equal(thread, caller) == 0, "the body ran on the waiting task's thread")
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused.self) { try await offThePool { () throws(Refused) -> Int in throw Refused() } }
    }

    /// The waiting task's cancellation reaches the thread doing the work, which stops early.
    @Test func cancellingTheWaitingTaskSetsTheFlagTheWorkReads() async throws {
        let started = CancellationFlag()  // here a one-way signal: the work has begun
        let work = Task {
            await offThePool { cancellation -> Bool in
                started.cancel()
                // At most a minute: the test fails rather than hangs when the flag never turns.
                for _ in 0..<60_000 {
                    if cancellation.isCancelled { return true }
                    usleep(1_000)
                }
                return false
            }
        }
        while !started.isCancelled { try await Task.sleep(for: .milliseconds(1)) }
        work.cancel()
        #expect(await work.value, "the work never saw the cancellation")
    }
}
