extension String {
    /// Calls `body` with the string's UTF-8 bytes: a native string's where they are, any other's made native first.
    ///
    /// `var copy = text; copy.withUTF8 { … }` retained and released the string's storage for the copy each time; an
    /// answer's writers and checks read thousands of strings (a 1,000-word offline-Wiktionary batch: 1.7 M
    /// instructions, callgrind).
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
