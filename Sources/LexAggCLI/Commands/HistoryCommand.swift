import ArgumentParser
import Foundation
import LexAggCore
import LexAggDocuments
import LexAggLibrary

struct HistoryCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the words you looked up recently, with how often.",
        discussion: """
            Every 'lexagg lookup' that finds its word is counted in the library's data directory (set \
            LEXAGG_NO_HISTORY=1 to keep no history).

            Examples:
              lexagg history
              lexagg history --limit 50 --format json
              lexagg history --clear
            """
    )

    @Option(name: .long, help: ArgumentHelp("How many words (1–1000).", valueName: "n"))
    var limit: Int = 20

    @Flag(name: .long, help: "Forget the whole history.")
    var clear = false

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...1000).contains(limit) else { throw CommandFailure.usage("--limit must be between 1 and 1000, not \(limit)") }
        let library = try context.openLibrary()
        defer { library.close() }
        if clear {
            let count: Int
            do { count = try await library.clearHistory() } catch { throw CommandFailure(error) }
            context.output.write("forgot \(count) word\(count == 1 ? "" : "s") from the history\n")
            return .success
        }
        let items: [HistoryItem]
        do { items = try await library.history(limit: limit) } catch { throw CommandFailure(error) }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.HistoryDocument(lookups: items)))
        case .text:
            if items.isEmpty { context.output.write("No lookups yet. Try: lexagg lookup serendipity\n") }
            for item in items {
                let times = item.count == 1 ? "once" : item.count == 2 ? "twice" : "\(item.count) times"
                let language = item.language.map { " (\($0.code))" } ?? ""
                context.output.write(
                    context.style.bold(item.word) + language + " — looked up \(times), last "
                        + context.style.dim(Self.time(item.last)) + "\n"
                )
            }
        }
        return .success
    }

    static func time(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date) + " UTC"
    }
}
