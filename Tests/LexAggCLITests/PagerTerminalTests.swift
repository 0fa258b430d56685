import Foundation
import LexAggFixtures
import Testing

/// The pager in a real terminal: `lookup` longer than the screen waits in `less` until q; `--no-pager` does not.
@Suite(.serialized) struct PagerTerminalTests {
    func command(_ arguments: [String]) -> String {
        let environment = "env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME=\(BinaryRun.shellQuote(TemporaryFiles.directory())) LEXAGG_NO_HISTORY=1"
        return environment + " " + ([BinaryRun.binary, "lookup", "run", "--all", "--providers", "wordnet"] + arguments)
            .map(BinaryRun.shellQuote).joined(separator: " ")
    }

    @Test(.enabled(if: Tmux.available && access("/usr/bin/less", X_OK) == 0))
    func aLongAnswerWaitsInThePagerUntilQ() async throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try #require(tmux.start(command([])))
        let paged = await tmux.wait(thenSend: "q") { $0.contains("\n:") || $0.contains("QUIZ-EXIT") }
        #expect(!paged.contains("QUIZ-EXIT"), "lexagg returned before the pager was quit")
        #expect(paged.contains("run"))
        let done = await tmux.wait { $0.contains("QUIZ-EXIT") }
        #expect(done.contains("QUIZ-EXIT=0"))
    }

    @Test(.enabled(if: Tmux.available))
    func noPagerWritesStraightThrough() async throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        try #require(tmux.start(command(["--no-pager"])))
        let done = await tmux.wait { $0.contains("QUIZ-EXIT") }
        #expect(done.contains("QUIZ-EXIT=0"))
        #expect(done.contains("sources: wordnet"))
    }
}
