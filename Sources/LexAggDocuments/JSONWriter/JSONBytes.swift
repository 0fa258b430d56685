import LexAggCore

/// The bytes a ``JSONTreeWriter`` writes, in one buffer it owns.
///
/// An answer is written a byte or a short run at a time (a key, a bracket, a comma): through `[UInt8]` every one of
/// those was a uniqueness check and a capacity check, and a run went through the generic `append(contentsOf:)`; in a
/// 1,000-word offline Wiktionary batch that was most of writing the JSON (callgrind: a key cost ~250 instructions).
/// Here an append is a comparison and a store. Not copyable, so one buffer has one owner, who frees it.
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count &+ 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf run: UnsafeBufferPointer<UInt8>) {
        guard let start = run.baseAddress, run.count > 0 else { return }
        if capacity &- count < run.count { grow(toHold: count &+ run.count) }
        (base + count).initialize(from: start, count: run.count)
        count &+= run.count
    }

    mutating func append(contentsOf text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(utf8 text: String) {
        text.withUTF8Bytes { append(contentsOf: $0) }
    }

    mutating func append(_ byte: UInt8, times: Int) {
        guard times > 0 else { return }
        if capacity &- count < times { grow(toHold: count &+ times) }
        (base + count).initialize(repeating: byte, count: times)
        count &+= times
    }

    /// `"name":`, after a comma when `comma`: a compact member's key in one capacity check.
    @inline(__always)
    mutating func appendKey(_ name: StaticString, comma: Bool) {
        let length = name.utf8CodeUnitCount
        if capacity &- count < length &+ 4 { grow(toHold: count &+ length &+ 4) }
        var at = base + count
        if comma { at.pointee = UInt8(ascii: ","); at += 1 }
        at.pointee = UInt8(ascii: "\"")
        (at + 1).initialize(from: name.utf8Start, count: length)
        (at + 1 + length).pointee = UInt8(ascii: "\"")
        (at + 2 + length).pointee = UInt8(ascii: ":")
        count = at + 3 + length - base
    }

    /// Appends a copy of `count` bytes already written, from `start`.
    mutating func appendCopy(from start: Int, count length: Int) {
        precondition(start >= 0 && length >= 0 && start + length <= count, "copying bytes not written")
        if capacity &- count < length { grow(toHold: count &+ length) }
        (base + count).initialize(from: base + start, count: length)
        count &+= length
    }

    /// What was written, as an array (one copy, at the end).
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inline(never)
    private mutating func grow(toHold needed: Int) {
        capacity = max(needed, capacity &* 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
    }
}
