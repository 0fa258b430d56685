import LexAggCore

/// What a question shows and what the choices are.
public enum QuizMode: String, Sendable, CaseIterable, Codable {
    /// Show a word, choose its meaning.
    case meaning
    /// Show a meaning, choose the word.
    case word
}

/// One multiple-choice question about a library word.
public struct Question: Sendable, Hashable {
    public var word: QuizWord
    public var mode: QuizMode
    /// Four texts, all different; exactly one (at ``answerIndex``) is right.
    public var choices: [String]
    /// Index of the right choice in ``choices`` (0-based; the key is `answerIndex + 1`).
    public var answerIndex: Int

    /// The text the question asks about: the word, or in `word` mode its meaning.
    public var prompt: String { mode == .meaning ? word.text : word.definition }
    /// The right choice's text.
    public var answer: String { choices[answerIndex] }
}

/// Why a quiz cannot be built from the words given.
public struct QuizSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
