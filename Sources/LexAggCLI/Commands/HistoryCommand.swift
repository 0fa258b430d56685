import ArgumentParser
import Foundation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization

struct HistoryCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "history",
            abstract: localized(.helpHistoryAbstract),
            discussion: localized(.helpHistoryDiscussion)
        )
    }

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpHistoryLimit), valueName: "n"))
    var limit: Int = 20

    @Flag(name: .long, help: ArgumentHelp(localized(.helpHistoryClear)))
    var clear = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...1000).contains(limit) else { throw CommandFailure.usage(localized(.limitOutOfRange, limit)) }
        let library = try context.openLibrary()
        defer { library.close() }
        if clear {
            let count: Int
            do { count = try await library.clearHistory() } catch { throw CommandFailure(error) }
            context.output.write(localized(.historyForgot, count: count) + "\n")
            return .success
        }
        let items: [HistoryItem]
        do { items = try await library.history(limit: limit) } catch { throw CommandFailure(error) }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.HistoryDocument(lookups: items)))
        case .text:
            if items.isEmpty { context.output.write(localized(.historyEmpty) + "\n") }
            for item in items {
                let times = item.count == 2 ? localized(.historyTwice) : localized(.historyTimes, count: item.count)
                let language = item.language.map { " (\($0.code))" } ?? ""
                context.output.write(
                    context.style.bold(item.word) + language + localized(.historyLookedUp, times)
                        + context.style.dim(formatTime(item.last)) + "\n"
                )
            }
        }
        return .success
    }
}
