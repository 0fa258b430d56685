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
}
