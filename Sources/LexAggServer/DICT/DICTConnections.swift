import NIOCore
import Synchronization

/// The server's open connections and its counters: admits connections up to the cap, knows which are busy answering,
/// and at shutdown closes the idle ones at once and tells the busy ones to close after their answers.
final class DICTConnections: Sendable {
    private struct State {
        var open: [ObjectIdentifier: (channel: any Channel, busy: Bool)] = [:]
        var shuttingDown = false
        var accepted = 0
        var refused = 0
        var commands = 0
    }

    private let state = Mutex(State())
    private let maximum: Int
    private let started = ContinuousClock.now

    init(maximum: Int) {
        self.maximum = maximum
    }

    enum Admission {
        case admitted
        case full
        case shuttingDown
    }

    /// Admits `channel` unless the server is full or shutting down.
    func admit(_ channel: any Channel) -> Admission {
        state.withLock { state in
            if state.shuttingDown { return .shuttingDown }
            guard state.open.count < maximum else {
                state.refused += 1
                return .full
            }
            state.open[ObjectIdentifier(channel)] = (channel, false)
            state.accepted += 1
            return .admitted
        }
    }

    func remove(_ channel: any Channel) {
        state.withLock { _ = $0.open.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Marks `channel` busy with commands that arrived; false when the server is shutting down (answer them, then
    /// close).
    func begin(_ channel: any Channel) -> Bool {
        state.withLock { state in
            state.open[ObjectIdentifier(channel)]?.busy = true
            return !state.shuttingDown
        }
    }

    /// Marks `channel` idle again; false when the server is shutting down and it should close now.
    func end(_ channel: any Channel) -> Bool {
        state.withLock { state in
            state.open[ObjectIdentifier(channel)]?.busy = false
            return !state.shuttingDown
        }
    }

    /// Refuses new connections and closes idle ones with `421`; busy ones close once their answers are written.
    func shutDown() {
        let idle = state.withLock { state -> [any Channel] in
            state.shuttingDown = true
            return state.open.values.filter { !$0.busy }.map(\.channel)
        }
        for channel in idle {
            var buffer = channel.allocator.buffer(capacity: 64)
            buffer.writeString("421 Server shutting down at operator request\r\n")
            channel.writeAndFlush(buffer).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func countCommand() {
        state.withLock { $0.commands += 1 }
    }

    /// `up 42 s, 3 connections (1 open, 0 refused), 120 commands`.
    var summary: String {
        let uptime = started.duration(to: .now).components.seconds
        return state.withLock { state in
            "up \(uptime) s, \(state.accepted) connection\(state.accepted == 1 ? "" : "s") (\(state.open.count) open, "
                + "\(state.refused) refused), \(state.commands) command\(state.commands == 1 ? "" : "s")"
        }
    }
}
