import LexAggJSON
import LexAggWiktextract

extension JSONReader {
    /// Calls `read` with each member's key of the object at the reader (which must be one), as
    /// ``members(_:)`` does, up to the first member whose group (``RecordLayout``) comes after `last`, when `last`
    /// is given: true when it stopped there (that member and the rest of the object unread).
    /// (`read` returns whether to stop after the member it read, the reader wherever it left it: then true.)
    mutating func entryMembers(
        stoppingAfter last: RecordLayout.Group?,
        _ read: (inout JSONReader, UnsafeRawBufferPointer) throws(Malformed) -> Bool
    ) throws(Malformed) -> Bool {
        guard try enterObject() else { return false }
        repeat {
            let key = try key()
            if let last, RecordLayout.group(of: key) > last { return true }
            if try read(&self, key) { return true }
        } while try nextMember()
        return false
    }

    /// Calls `read` with each member's key of the object at the reader, which must read or skip the value; false
    /// (and the value skipped) when it is not an object.
    @discardableResult
    mutating func members(
        _ read: (inout JSONReader, UnsafeRawBufferPointer) throws(Malformed) -> Void
    ) throws(Malformed) -> Bool {
        guard kind() == .object else { try skip(); return false }
        _ = try entryMembers(stoppingAfter: nil) { (reader, key) throws(Malformed) in try read(&reader, key); return false }
        return true
    }

    /// The first element of the array at the reader that `make` accepts (the rest are read too); nil when there is
    /// none or it is not an array.
    mutating func firstElement<T>(_ make: (inout JSONReader) throws(Malformed) -> T?) throws(Malformed) -> T? {
        var first: T?
        guard try enterArray() else { return nil }
        repeat {
            let item = try make(&self)
            if first == nil { first = item }
        } while try nextElement()
        return first
    }

    /// The elements of the array at the reader that `make` accepts; none when it is not an array.
    mutating func elements<T>(_ make: (inout JSONReader) throws(Malformed) -> T?) throws(Malformed) -> [T] {
        var found: [T] = []
        guard try enterArray() else { return found }
        repeat { if let item = try make(&self) { found.append(item) } } while try nextElement()
        return found
    }

    /// An array whose elements are all strings (as decoding `[String]` requires), else none.
    mutating func strings() throws(Malformed) -> [String] {
        var found: [String] = []
        var all = true
        guard try enterArray() else { return found }
        repeat {
            if kind() == .string, all { found.append(try string()!) } else { all = false; try skip() }
        } while try nextElement()
        return all ? found : []
    }
}

extension JSONReader {
    /// The last string of the array at the reader, the one before it, and how many strings the array holds — all
    /// nil and 0 unless every element is a string (as decoding `[String]` requires). Only those two are made
    /// `String`s (a sense's nested glosses: its own and its parent's).
    mutating func lastTwoStringsAndCount() throws(Malformed) -> (last: String?, previous: String?, count: Int) {
        var last: String?, previous: String?, count = 0, all = true
        guard try enterArray() else { return (nil, nil, 0) }
        repeat {
            if all, kind() == .string {
                previous = last
                last = try string()
                count += 1
            } else {
                all = false
                try skip()
            }
        } while try nextElement()
        return all ? (last, previous, count) : (nil, nil, 0)
    }
}
