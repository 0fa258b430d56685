/// ANSI styling that switches itself off when colour is not wanted.
public struct TerminalStyle: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func italic(_ text: String) -> String { wrap(text, "3") }
    func accent(_ text: String) -> String { wrap(text, "36") }
    func warning(_ text: String) -> String { wrap(text, "33") }
    func good(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The styles, for writing into a string being built (``start(_:_:)``, ``end(_:_:)``, ``append(_:_:to:)``): the
    /// same escape sequences as the functions above.
    enum Code {
        case bold, dim, italic, accent

        var sequence: String {
            switch self {
            case .bold: "\u{1B}[1m"
            case .dim: "\u{1B}[2m"
            case .italic: "\u{1B}[3m"
            case .accent: "\u{1B}[36m"
            }
        }
    }

    func start(_ code: Code, _ out: inout String) {
        if enabled { out.append(code.sequence) }
    }

    func end(_ code: Code, _ out: inout String) {
        if enabled { out.append("\u{1B}[0m") }
    }

    func append(_ text: String, _ code: Code, to out: inout String) {
        start(code, &out)
        out.append(text)
        end(code, &out)
    }
}
