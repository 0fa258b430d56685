/// A broken rule of the provider contract, as a value (and an error, to fail a test by throwing it).
///
/// The kit imports no test framework: a test target turns these into issues by throwing them from a test, or
/// by recording each one with its own framework.
public struct ConformanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule's short name (`known`, `unknown`, `cancellation`, `http-fault`, …).
    public var rule: String
    /// What was found.
    public var detail: String

    public init(rule: String, detail: String) {
        self.rule = rule
        self.detail = detail
    }

    /// One line: `[rule] detail`.
    public var description: String { "[\(rule)] \(detail)" }

    /// The message, for frameworks that want one.
    public var message: String { description }

    /// Throws one failure listing all of `failures`, one a line, when there are any.
    public static func throwing(_ failures: [ConformanceFailure], subject: String) throws {
        guard !failures.isEmpty else { return }
        if failures.count == 1, let only = failures.first {
            throw ConformanceFailure(rule: only.rule, detail: "\(subject): \(only.detail)")
        }
        throw ConformanceFailure(
            rule: "conformance",
            detail: "\(subject): \(failures.count) broken rules:\n" + failures.map { "  \($0)" }.joined(separator: "\n")
        )
    }
}
