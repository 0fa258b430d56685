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
    /// Whether the pattern refers back to a group (`\1`): glibc then checks the references only when asked for
    /// every group's position (without, `^(.*)(.*)\2\1$` matched every headword), so it is compiled without
    /// `REG_NOSUB` and searched with room for them.
    private let hasBackReference: Bool
    /// For a pattern with back-references, the same pattern in Swift's backtracking engine, which checks what glibc
    /// matched: glibc's own check is wrong for some (`^(.*)(.*)\2\1$` matched `hood` and every other headword, in
    /// `grep -E` too). Nil when Swift's syntax refuses the pattern; glibc's answer then stands.
    private let verifier: Regex<AnyRegexOutput>?
    /// Room for every group's match, made once (`matches` runs for each of 147,311 headwords).
    private var slots: [regmatch_t] = []

    /// - Throws: ``Invalid`` saying what is wrong with `pattern`.
    package init(_ pattern: String) throws(Invalid) {
        var escaped = false
        var backReference = false
        for byte in pattern.utf8 {
            if escaped, (0x31...0x39).contains(byte) { backReference = true; break }
            escaped = !escaped && byte == UInt8(ascii: "\\")
        }
        hasBackReference = backReference
        verifier = backReference ? (try? Regex(pattern))?.ignoresCase() : nil
        let status = regcomp(&compiled, pattern, REG_EXTENDED | REG_ICASE | (backReference ? 0 : REG_NOSUB))
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
        guard hasBackReference else { return regexec(&compiled, text, 0, nil, 0) == 0 }
        // Room for every group's match: with fewer, glibc checked the references no better than without.
        if slots.isEmpty { slots = [regmatch_t](repeating: regmatch_t(), count: compiled.re_nsub + 1) }
        guard regexec(&compiled, text, slots.count, &slots, 0) == 0 else { return false }
        guard let verifier else { return true }
        // In lower case: Swift compares a back-reference's text case-sensitively even when ignoring case (`Otto`).
        return (try? verifier.firstMatch(in: text.lowercased())) != nil
    }

    package mutating func free() { regfree(&compiled) }
}
