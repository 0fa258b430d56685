#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a thread of its own and waits for it without holding a thread of Swift's cooperative pool.
///
/// Swift Testing runs every test of the bundle in one process, on a cooperative pool as wide as the machine has
/// cores: two on CI. A test that blocks one of those threads (`system`, a process it waits for, seconds of CPU-bound
/// work) stops every other test from running on it, and tests that measure real time (a lookup's deadline, a server's
/// idle timeout) then fail for reasons that are not theirs. Blocking work belongs here; the kernel shares the cores
/// between this thread and the pool's.
public func offThePool<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        startThread {
            do throws(E) {
                continuation.resume(returning: .success(try body()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
    }
    return try result.get()
}

private final class ThreadBody: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts a detached POSIX thread running `body`.
private func startThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
    var thread = pthread_t()
    #else
    var thread: pthread_t?
    #endif
    let status = pthread_create(&thread, nil, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(status == 0, "pthread_create failed: \(status)")
    #if canImport(Glibc)
    pthread_detach(thread)
    #else
    pthread_detach(thread!)
    #endif
}
