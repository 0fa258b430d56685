/// ANSI styling that switches itself off when colour is not wanted.
public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    /// The styles and their escape sequences, for text returned styled (``bold(_:)`` …) and for text written into a
    /// buffer being built (``start(_:_:)``, ``end(_:_:)``, ``append(_:_:to:)``).
    enum Code {
        case bold, dim, italic, accent, warning, good

        var sequence: String {
            switch self {
            case .bold: "\u{1B}[1m"
            case .dim: "\u{1B}[2m"
            case .italic: "\u{1B}[3m"
            case .accent: "\u{1B}[36m"
            case .warning: "\u{1B}[33m"
            case .good: "\u{1B}[32m"
            }
        }
    }

    private static let reset = "\u{1B}[0m"

    func bold(_ text: String) -> String { wrap(text, .bold) }
    func dim(_ text: String) -> String { wrap(text, .dim) }
    func italic(_ text: String) -> String { wrap(text, .italic) }
    func accent(_ text: String) -> String { wrap(text, .accent) }
    func warning(_ text: String) -> String { wrap(text, .warning) }
    func good(_ text: String) -> String { wrap(text, .good) }

    private func wrap(_ text: String, _ code: Code) -> String {
        enabled ? code.sequence + text + Self.reset : text
    }

    func start(_ code: Code, _ out: inout TextBuffer) {
        if enabled { out.append(code.sequence) }
    }

    func end(_ code: Code, _ out: inout TextBuffer) {
        if enabled { out.append(Self.reset) }
    }

    func append(_ text: String, _ code: Code, to out: inout TextBuffer) {
        start(code, &out)
        out.append(text)
        end(code, &out)
    }
}
