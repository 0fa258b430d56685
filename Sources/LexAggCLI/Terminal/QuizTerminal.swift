#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CDispatch)
// With swift-service-lifecycle linked, Glibc's `struct stat` is seen as Dispatch's clang module's (it includes
// <sys/stat.h> first); MemberImportVisibility then wants that module named.
import CDispatch
#endif
import LexAggLocalization
import LexAggQuiz

/// Where a quiz's answers come from, decided once from `--answers` and what standard input is.
enum QuizInput {
    /// `--answers 1,3,-,2`.
    case scripted(ScriptedAnswers)
    /// Standard input is a terminal: keys in raw mode.
    case keys
    /// Standard input is a pipe or a file: one answer a line.
    case lines

    /// Chooses the input, or explains why there is none (standard input is neither a terminal nor a pipe or file,
    /// e.g. `/dev/null` under cron, and no `--answers` were given).
    static func choose(answers: String?, descriptor: Int32 = STDIN_FILENO) throws -> QuizInput {
        if let answers {
            do { return .scripted(try ScriptedAnswers(parsing: answers)) } catch {
                throw CommandFailure.usage("\(error)")
            }
        }
        if isatty(descriptor) == 1 { return .keys }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFREG || type == S_IFSOCK { return .lines }
        }
        throw CommandFailure.usage(
            localized(.quizNotATerminal)
        )
    }

    /// Runs `body` with the answer source; for keys the terminal is in raw mode until `body` returns or throws.
    /// SIGINT, SIGTERM and SIGHUP end the quiz like Ctrl-C (answers kept, the run recorded) rather than killing the
    /// process, whatever the answers come from (`--answers` too: a question let go waits for its timeout).
    func withSource<T>(_ body: (any AnswerSource) async throws -> T) async throws -> T {
        switch self {
        case .scripted(let answers):
            return try await body(InterruptibleAnswers(answers))
        case .lines:
            return try await body(InterruptibleAnswers(LineAnswers()))
        case .keys:
            let terminal = RawTerminal()
            defer { terminal?.restore() }
            return try await body(InterruptibleAnswers(KeyAnswers()))
        }
    }
}
