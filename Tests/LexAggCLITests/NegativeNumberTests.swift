import LexAggCLI
import Testing

/// A negative number after a numeric option is that option's value, refused with the option's own rule, not read as
/// an unknown option ("Missing value for '--count <n>'" told the user nothing about the number).
@Suite struct NegativeNumberTests {
    @Test(arguments: [
        ["random", "--count", "-5"],
        ["lookup", "walk", "--timeout", "-1"],
        ["lookup", "walk", "--senses", "-2"],
        ["lookup", "--batch", "-", "--jobs", "-1"],
        ["library", "list", "--page", "-1"],
        ["library", "list", "--limit", "-3"],
        ["match", "wal", "--limit", "-1"],
        ["history", "--limit", "-1"],
        ["quiz", "--count", "-3"],
        ["translate", "house", "--from", "en", "--to", "de", "--timeout", "-2"],
    ])
    func aNegativeValueIsRefusedByItsOption(arguments: [String]) async {
        let run = await CLIRun.run(arguments)
        #expect(run.status == ExitStatus.usage.rawValue, "\(run.stderr)")
        #expect(!run.stderr.contains("Missing value"), "\(run.stderr)")
        #expect(run.stderr.contains(arguments.last!), "the message names the value: \(run.stderr)")
    }
}
