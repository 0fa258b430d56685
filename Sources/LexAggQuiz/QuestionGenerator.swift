import LexAggCore

/// Builds multiple-choice questions: the right answer and three distractors from other words of the same language.
///
/// Distractors of the same part of speech are preferred; when there are not enough, others fill up. A distractor is
/// never the answer's text and never repeats another distractor (compared case- and space-insensitively), so a word
/// whose definition another word shares cannot make a question with two right choices.
public struct QuestionGenerator: Sendable {
    public static let choiceCount = 4

    public let mode: QuizMode
    /// Every word distractors may come from (normally the language's whole library).
    public let pool: [QuizWord]

    public init(mode: QuizMode, pool: [QuizWord]) {
        self.mode = mode
        self.pool = pool
    }

    /// The number of different choice texts in the pool; a quiz needs at least ``choiceCount``.
    public var distinctChoiceCount: Int {
        Set(pool.map { Self.key(choiceText(of: $0)) }).count
    }

    /// A question about `word` with its choices in random order.
    ///
    /// - Throws: ``QuizSetupError`` when the pool has fewer than three other choice texts.
    public func question(about word: QuizWord, using generator: inout some RandomNumberGenerator) throws -> Question {
        let answer = choiceText(of: word)
        var used: Set<String> = [Self.key(answer)]
        let others = pool.filter { $0.id != word.id && $0.language.matches(word.language) }
        let samePart = others.filter { word.partOfSpeech != nil && $0.partOfSpeech == word.partOfSpeech }
        let rest = others.filter { !(word.partOfSpeech != nil && $0.partOfSpeech == word.partOfSpeech) }
        var distractors: [String] = []
        for group in [samePart.shuffled(using: &generator), rest.shuffled(using: &generator)] {
            for candidate in group where distractors.count < Self.choiceCount - 1 {
                let text = choiceText(of: candidate)
                guard used.insert(Self.key(text)).inserted else { continue }
                distractors.append(text)
            }
        }
        guard distractors.count == Self.choiceCount - 1 else {
            throw QuizSetupError(message: "a quiz needs at least \(Self.choiceCount) words with different "
                + (mode == .meaning ? "meanings" : "spellings") + " in \(word.language.englishName)")
        }
        let answerIndex = Int.random(in: 0..<Self.choiceCount, using: &generator)
        var choices = distractors
        choices.insert(answer, at: answerIndex)
        return Question(word: word, mode: mode, choices: choices, answerIndex: answerIndex)
    }

    func choiceText(of word: QuizWord) -> String {
        mode == .meaning ? word.definition : word.text
    }

    /// Texts that differ only in case or spacing count as the same choice.
    static func key(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
