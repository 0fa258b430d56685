/// One thing the player did.
public enum InputEvent: Sendable, Hashable {
    /// Chose answer 1–4.
    case choice(Int)
    /// Scripted answers only: give no answer and let this question time out.
    case pass
    /// Pressed something else (shown back with a hint, otherwise ignored).
    case invalid(String)
    /// Ctrl-C or `q`: end the quiz early, keeping the answers given.
    case interrupt
    /// The input closed: end the quiz, keeping the answers given.
    case endOfInput
}

/// Where answers come from: the keyboard, an `--answers` list or lines on standard input.
///
/// ## Implementing an answer source
/// ``events()`` returns a stream of what the player does, in order, and finishes when the input ends (the session
/// treats a finished stream as ``InputEvent/endOfInput``). Sources produce events as they happen, without waiting
/// for questions: the session holds back what arrives while a scripted ``InputEvent/pass`` waits for its timeout.
public protocol AnswerSource: Sendable {
    func events() -> AsyncStream<InputEvent>
}

/// Answers given up front, as with `--answers 1,3,-,2`.
public struct ScriptedAnswers: AnswerSource {
    public let answers: [InputEvent]

    public init(_ answers: [InputEvent]) {
        self.answers = answers
    }

    /// Parses a comma-separated list of `1`–`4`, or `-` (or `t`) for "let this one time out".
    ///
    /// - Throws: ``QuizSetupError`` naming the first item that is neither.
    public init(parsing text: String) throws {
        var answers: [InputEvent] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = item.trimmingCharacters(in: " ")
            // An empty item (`--answers ''`, `1,,2`) is a slip, not a question let go: typed, an empty line is.
            guard !item.isEmpty else {
                throw QuizSetupError(message: "--answers has an empty item; use 1, 2, 3 or 4, or - to let a question time out, separated by commas")
            }
            if let event = Self.event(for: item), event != .interrupt, event != .endOfInput,
               !(event.isInvalid) {
                answers.append(event)
            } else {
                throw QuizSetupError(
                    message: "'\(item)' is not an answer in --answers; use 1, 2, 3 or 4, or - to let a question time out"
                )
            }
        }
        self.answers = answers
    }

    public func events() -> AsyncStream<InputEvent> {
        AsyncStream { continuation in
            for answer in answers { continuation.yield(answer) }
            continuation.finish()
        }
    }

    /// The event one typed line or list item stands for.
    static func event(for item: String) -> InputEvent? {
        switch item.lowercased() {
        case "1", "2", "3", "4": .choice(Int(item)!)
        case "-", "t", "": .pass
        case "q", "quit": .interrupt
        default: .invalid(item)
        }
    }
}

extension InputEvent {
    var isInvalid: Bool {
        if case .invalid = self { return true }
        return false
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set || $0.isWhitespace }.reversed().drop { $0 == set || $0.isWhitespace }.reversed())
    }
}
