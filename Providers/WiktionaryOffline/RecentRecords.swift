import LexAggCore
import LexAggWiktextract
import Synchronization

/// The last few records the lemma fallback read, whole but for their translations: `lemmas(of:)` names a form's lemma
/// and the service looks the lemma up next, which reads the same lines. Kept here, a lemma's line is read and
/// decoded once; a few are enough, as the lookup follows at once (two tasks of a batch at a time). Each is kept in a
/// box of its own: moving a record (dozens of strings and arrays) in and out of the list copied each of them.
///
/// Every lookup asks it for each of its lines, from both tasks of a batch at once: a filter of the offsets kept (a bit
/// each) answers most of them without the lock, which the two took in turns for every line (`_lockSlow` in perf).
///
/// It also keeps the rows of the last word none of whose headwords answered (it had none, or none in the language
/// asked, or none with a definition): the lemma fallback asks for its lemmas right after the lookup that did not find
/// it, and the binary search for the same key is not made twice.
final class RecentRecords: Sendable {
    final class Kept: Sendable {
        let offset: Int
        let record: WiktextractRecord

        init(offset: Int, record: WiktextractRecord) {
            self.offset = offset
            self.record = record
        }
    }

    private struct State {
        var kept: [Kept] = []
        var formRows: (key: [UInt8], spelled: [UInt8]?, language: Language?, rows: [Dataset.Row])?
    }

    private let state = Mutex(State())
    /// The bits (``bit(_:)``) of the offsets kept, set once they are there.
    private let filter = Atomic<UInt64>(0)
    static let capacity = 8

    /// One of 64 bits for a line's offset (Fibonacci hashing: lines' offsets are spread over the whole file).
    static func bit(_ offset: Int) -> UInt64 {
        1 << ((UInt64(truncatingIfNeeded: offset) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    func record(at offset: Int) -> Kept? {
        guard filter.load(ordering: .acquiring) & Self.bit(offset) != 0 else { return nil }
        return state.withLock { state in state.kept.first { $0.offset == offset } }
    }

    func keep(_ record: WiktextractRecord, at offset: Int) {
        let box = Kept(offset: offset, record: record)
        state.withLock { state in
            state.kept.removeAll { $0.offset == offset }
            state.kept.append(box)
            if state.kept.count > Self.capacity { state.kept.removeFirst() }
            filter.store(state.kept.reduce(0) { $0 | Self.bit($1.offset) }, ordering: .releasing)
        }
    }

    /// Remembers that `key`'s rows are `rows`, of which no headword answers in `language` a word spelled so
    /// (`spelled`: ``WiktionaryOffline/Spelling/strict``; `Busse` and `Buße` share a key, not an answer).
    func rememberForms(_ rows: [Dataset.Row], of key: [UInt8], spelled: [UInt8]?, language: Language?) {
        state.withLock { $0.formRows = (key, spelled, language, rows) }
    }

    /// The rows of `key` if they were the last remembered, for the same spelling and language.
    func formRows(of key: [UInt8], spelled: [UInt8]?, language: Language?) -> [Dataset.Row]? {
        state.withLock { state in
            state.formRows.flatMap { $0.key == key && $0.spelled == spelled && $0.language == language ? $0.rows : nil }
        }
    }
}
