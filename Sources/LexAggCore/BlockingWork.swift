#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Whether the task waiting for some blocking work has been cancelled, readable from the thread doing the work
/// (where `Task.isCancelled` knows no task).
public final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { flag.load(ordering: .relaxed) }

    public func cancel() { flag.store(true, ordering: .relaxed) }
}

/// Runs `body` on a thread of its own and waits for it without holding a thread of Swift's cooperative pool.
///
/// The cooperative pool has as many threads as the machine has cores (two on a small server). Work that keeps one of
/// them for long — a scan of every headword of a dictionary for a regular expression or close spellings, a process
/// waited for — stops every other request of the process from running on it: a DICT `MATCH` by regex would hold up
/// the HTTP server's lookups. Such work belongs here; the kernel shares the cores between this thread and the pool's.
/// Work of microseconds does not: a thread costs more than it saves.
///
/// `body` is handed a ``CancellationFlag`` that turns true when the waiting task is cancelled; long loops check it.
public func offThePool<T: Sendable, E: Error>(
    _ body: @escaping @Sendable (CancellationFlag) throws(E) -> T
) async throws(E) -> T {
    let flag = CancellationFlag()
    let result: Result<T, E> = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            let work: @Sendable () -> Void = {
                do throws(E) {
                    continuation.resume(returning: .success(try body(flag)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            // No thread to be had (the process is at its limit): the work is done here rather than not at all.
            if !startThread(work) { work() }
        }
    } onCancel: {
        flag.cancel()
    }
    return try result.get()
}

/// `offThePool` for work that cannot be cancelled half-way.
public func offThePool<T: Sendable, E: Error>(_ body: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    try await offThePool { (_: CancellationFlag) throws(E) -> T in try body() }
}

private final class ThreadBody: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Starts a detached POSIX thread running `body`; false when none could be started.
private func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
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
    guard status == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return false
    }
    #if canImport(Glibc)
    pthread_detach(thread)
    #else
    pthread_detach(thread!)
    #endif
    return true
}
