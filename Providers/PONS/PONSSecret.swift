import LexAggCore

/// The PONS API key. It is never shown: `description`, `debugDescription` and the mirror say `<redacted>`.
public struct PONSSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The key itself; read only to build the `X-Secret` credential (which the HTTP client keeps out of logs and
    /// errors).
    let value: String

    /// Wraps a key; `nil` when `value` is empty or only white space.
    public init?(_ value: String) {
        let trimmed = value.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        self.value = trimmed
    }

    /// Whether the key can be sent as an HTTP header value (visible ASCII only).
    var isSendable: Bool { value.utf8.allSatisfy { (0x21...0x7E).contains($0) } }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "PONSSecret(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
