import Foundation
import LexAggCore
import LexAggQuiz
import Synchronization
import Testing

@Suite struct TextPresenterTests {
    final class Screen: Sendable {
        let text = Mutex("")
        func write(_ s: String) { text.withLock { $0 += s } }
        var contents: String { text.withLock { $0 } }
    }

    func play(terminal: Bool, colour: Bool) throws -> String {
        let screen = Screen()
        let presenter = TextPresenter(terminal: terminal, colour: colour, write: screen.write)
        var random = SeededGenerator(seed: 2)
        let question = try QuestionGenerator(mode: .meaning, pool: Words.all).question(about: Words.all[8], using: &random)
        presenter.show(.question(number: 1, total: 2, question: question, right: 0, asked: 0, seconds: 3))
        presenter.show(.tick(remaining: 2))
        presenter.show(.hint(key: "x"))
        let answer = AnsweredQuestion(wordID: 9, word: "happy", prompt: "happy", choices: question.choices,
                                      answer: question.answerIndex + 1, chosen: nil, outcome: .timedOut, grade: 0,
                                      seconds: 3, review: ReviewSchedule())
        presenter.show(.answered(answer, question: question, right: 0, asked: 1))
        presenter.show(.finished(QuizResult(kind: "quiz", mode: .meaning, language: "en", started: Words.start,
                                            finished: Words.start.addingTimeInterval(3), durationSeconds: 3,
                                            planned: 2, end: .interrupted, answers: [answer])))
        return screen.contents
    }

    /// A write that fails (the output closed) closes the presenter: it is the last one tried.
    @Test func aFailedWriteClosesThePresenter() throws {
        let attempts = Mutex<[String]>([])
        let presenter = TextPresenter(terminal: false, colour: false, attempt: { text in
            attempts.withLock { $0.append(text) }
            return attempts.withLock { $0.count } < 2
        })
        #expect(!presenter.isClosed)
        presenter.show(.hint(key: "x"))
        #expect(!presenter.isClosed)
        presenter.show(.hint(key: "y"))
        #expect(presenter.isClosed)
        presenter.show(.hint(key: "z"))
        #expect(attempts.withLock { $0.count } == 2)
    }

    @Test func plainOutputHasNoEscapesAndNamesTheAnswerOnTimeout() throws {
        let text = try play(terminal: false, colour: false)
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("Question 1 of 2  ·  score 0/0"))
        #expect(text.contains("happy (adjective)"))
        #expect(text.contains("Time's up — the answer is"))
        #expect(text.contains("feeling or showing pleasure"))
        #expect(text.contains("'x' is not an answer: press 1, 2, 3 or 4"))
        #expect(text.contains("Stopped early after 1 of 2 questions"))
        #expect(text.contains("Score: 0/1 (0%) — 0 right, 0 wrong, 1 missed in 3 s"))
        #expect(text.contains("To review: happy"))
        #expect(!text.contains("⏱ 2 s"), "no countdown lines off a terminal")
    }

    @Test func aTerminalRewritesTheCountdownLineAndColoursOnlyWhenAsked() throws {
        let plain = try play(terminal: true, colour: false)
        #expect(plain.contains("\r\u{1B}[2K  ⏱ 3 s"))
        #expect(plain.contains("\r\u{1B}[2K  ⏱ 2 s"))
        #expect(!plain.contains("\u{1B}[3"))
        let coloured = try play(terminal: true, colour: true)
        #expect(coloured.contains("\u{1B}[31m  ⏱ Time's up\u{1B}[0m"))
    }

    @Test func answersListsParse() throws {
        #expect(try ScriptedAnswers(parsing: "1, 3,-,t,4").answers
            == [.choice(1), .choice(3), .pass, .pass, .choice(4)])
        #expect(throws: QuizSetupError.self) { try ScriptedAnswers(parsing: "1,5") }
        #expect(throws: QuizSetupError.self) { try ScriptedAnswers(parsing: "1,q") }
    }
}
