extension Array where Element == String {
    /// The strings with `separator` between them, as the standard library's `joined(separator:)` gives them.
    ///
    /// This concrete overload is what `[String]` calls in this module. The standard library's is generic over
    /// `BidirectionalCollection`: its first call in a process looks up an associated type, which scans the binary's
    /// conformance records (0.57 million instructions, callgrind), a tenth of a cached lookup, paid by the renderer.
    func joined(separator: String) -> String {
        var result = ""
        for index in indices {
            if index > startIndex { result += separator }
            result += self[index]
        }
        return result
    }
}
