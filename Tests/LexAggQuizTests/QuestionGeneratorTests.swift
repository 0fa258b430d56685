import LexAggCore
import LexAggQuiz
import Testing

@Suite struct QuestionGeneratorTests {
    @Test(arguments: QuizMode.allCases)
    func everyQuestionHasFourDifferentChoicesAndOneRightAnswer(mode: QuizMode) async throws {
        // Two words share a definition (modulo case and spaces), two share a spelling: neither may give a
        // question two right choices or a repeated choice.
        var pool = Words.all
        pool.append(Words.word(11, "stream", .noun, "A large  natural stream of WATER"))
        pool.append(Words.word(12, "Apple", .noun, "a computer company"))
        let generator = QuestionGenerator(mode: mode, pool: pool)
        for seed in 0..<300 as Range<UInt64> {
            if seed % 50 == 0 { await Task.yield() }
            var random = SeededGenerator(seed: seed)
            for word in pool {
                let question = try generator.question(about: word, using: &random)
                let keys = question.choices.map { $0.lowercased().split(separator: " ").joined(separator: " ") }
                #expect(question.choices.count == 4)
                #expect(Set(keys).count == 4, "duplicate choice in \(question.choices)")
                let right = mode == .meaning ? word.definition : word.text
                #expect(question.answer == right)
                #expect(question.choices.filter { $0 == right }.count == 1)
            }
        }
    }

    @Test func distractorsOfTheSamePartOfSpeechComeFirst() throws {
        let generator = QuestionGenerator(mode: .meaning, pool: Words.all)
        let nouns = Set(Words.all.filter { $0.partOfSpeech == .noun }.map(\.definition))
        let verbs = Set(Words.all.filter { $0.partOfSpeech == .verb }.map(\.definition))
        for seed in 0..<50 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            // Five nouns: the other four give the three distractors.
            let apple = try generator.question(about: Words.all[0], using: &random)
            #expect(apple.choices.allSatisfy { nouns.contains($0) })
            // Three verbs: both other verbs are distractors, and one more of another part of speech fills up.
            let run = try generator.question(about: Words.all[5], using: &random)
            #expect(run.choices.filter { verbs.contains($0) }.count == 3)
        }
    }

    @Test func distractorsComeFromTheSameLanguage() throws {
        let german = Language("de")!
        var pool = Array(Words.all.prefix(4))
        pool += (20..<30).map {
            QuizWord(id: Int64($0), text: "Wort\($0)", language: german, partOfSpeech: .noun, definition: "Bedeutung \($0)")
        }
        var random = SeededGenerator(seed: 7)
        let question = try QuestionGenerator(mode: .meaning, pool: pool).question(about: pool[0], using: &random)
        #expect(Set(question.choices) == Set(pool.prefix(4).map(\.definition)))
    }

    @Test func fewerThanFourDifferentChoicesIsAClearError() {
        let pool = Array(Words.all.prefix(3)) + [Words.word(40, "brook", .noun, "A large natural stream of water")]
        let generator = QuestionGenerator(mode: .meaning, pool: pool)
        #expect(generator.distinctChoiceCount == 3)
        var random = SeededGenerator(seed: 1)
        #expect(throws: QuizSetupError.self) { try generator.question(about: pool[0], using: &random) }
    }

    @Test func theSameSeedGivesTheSameQuestions() throws {
        let generator = QuestionGenerator(mode: .word, pool: Words.all)
        var first = SeededGenerator(seed: 42), second = SeededGenerator(seed: 42)
        for word in Words.all {
            #expect(try generator.question(about: word, using: &first) == generator.question(about: word, using: &second))
        }
    }
}
