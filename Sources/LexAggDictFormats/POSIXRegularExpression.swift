#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A compiled POSIX extended regular expression (`regcomp`), searched for case-insensitively in each headword (found
/// anywhere in it; anchors `^`/`$` mean the headword's start and end), as dictd's `re` strategy does: the C library's own
/// engine, the one dictd uses, so a pattern means here what it means to a DICT server.
package struct POSIXRegularExpression {
    /// A pattern `regcomp` refuses, with its reason (`regerror`).
    package struct Invalid: Error, Sendable {
        package var message: String
    }

    private var compiled = regex_t()

    /// - Throws: ``Invalid`` saying what is wrong with `pattern`.
    package init(_ pattern: String) throws(Invalid) {
        let status = regcomp(&compiled, pattern, REG_EXTENDED | REG_ICASE | REG_NOSUB)
        guard status == 0 else {
            var buffer = [CChar](repeating: 0, count: 256)
            regerror(status, &compiled, &buffer, buffer.count)
            let reason = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            regfree(&compiled)
            throw Invalid(message: "'\(pattern)' is not a valid POSIX extended regular expression: \(reason.lowercased())")
        }
    }

    /// Checks `pattern` without keeping it compiled.
    package static func validate(_ pattern: String) throws(Invalid) {
        var expression = try POSIXRegularExpression(pattern)
        expression.free()
    }

    package mutating func matches(_ text: String) -> Bool {
        regexec(&compiled, text, 0, nil, 0) == 0
    }

    package mutating func free() { regfree(&compiled) }
}
