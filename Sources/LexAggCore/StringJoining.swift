extension Array where Element == String {
    /// The strings with `separator` between them, as the standard library's `joined(separator:)` gives them.
    ///
    /// This concrete overload is what `[String]` calls in every module that imports LexAggCore. The standard
    /// library's is generic over `BidirectionalCollection`: its first call in a process looks up an associated type,
    /// which scans the binary's conformance records (0.57 to 0.8 million instructions, callgrind): a tenth of a cached
    /// lookup when the renderer called it, and of an offline-Wiktionary lookup when its lemma fallback did.
    public func joined(separator: String) -> String {
        if count == 1 { return self[startIndex] }
        var result = ""
        for index in indices {
            if index > startIndex { result += separator }
            result += self[index]
        }
        return result
    }
}
