import Synchronization

/// A value guarded by a mutex, for caches inside otherwise immutable readers.
final class MutexBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        self.mutex = Mutex(value)
    }

    func withValue<T: Sendable>(_ body: (inout Value) throws -> T) rethrows -> T {
        try mutex.withLock { value in try body(&value) }
    }
}
