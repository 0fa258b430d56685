import ArgumentParser
import LexAggAggregation
import LexAggCore
import LexAggDocuments

struct ProvidersCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers",
        abstract: "List every provider: what it can do, its languages, and whether it is set up.",
        discussion: """
            STATUS says what lexagg knows without asking anyone: 'ready' for a local dictionary it can read, \
            'configured' for an online one that is set up (whether it answers is for 'lexagg doctor' to check), \
            'not configured' or 'unavailable' with the reason.

            Examples:
              lexagg providers
              lexagg providers --format json
              lexagg doctor          (checks that the online ones answer)
            """
    )

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let registry = context.registry
        let infos = await JSONOutput.ProviderInfo.listing(of: registry)
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.ProvidersDocument(providers: infos, problems: registry.problems)))
        case .text:
            context.reportRegistryProblems()
            context.output.write(table(infos, style: context.style))
        }
        return .success
    }

    /// Languages, or translation directions; a long list is summarised (the JSON output has all of it).
    private func languagesCell(_ info: JSONOutput.ProviderInfo) -> String {
        let items = info.translations.isEmpty ? info.languages.map(\.code) : info.translations
        if items.isEmpty { return "any" }
        if items.count <= 4 { return items.joined(separator: ",") }
        let languages = Set(info.languages.map(\.code) + info.translations.flatMap { $0.split(separator: "→").map(String.init) })
        return info.translations.isEmpty
            ? items.prefix(3).joined(separator: ",") + ",… (\(items.count))"
            : "\(items.count) directions, \(languages.count) languages"
    }

    private func table(_ infos: [JSONOutput.ProviderInfo], style: TerminalStyle) -> String {
        guard !infos.isEmpty else { return "No providers found.\n" }
        let header = ["ID", "NAME", "CAN", "LANGUAGES", "MODE", "KEY", "STATUS"]
        let rows = infos.map { info in
            [
                info.id.rawValue, info.name, info.capabilities.joined(separator: ","),
                languagesCell(info),
                info.mode, info.requiresCredentials ? "needs key" : "-",
                info.status,
            ]
        }
        let widths = header.indices.map { column in
            ([header[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }
        var out = style.bold(line(header)) + "\n"
        for (row, info) in zip(rows, infos) {
            out += line(row) + "\n"
            if let reason = info.unavailableReason { out += "  " + style.warning("↳ \(reason)") + "\n" }
        }
        let sources = infos.map { "  \($0.id): \($0.description.map { "\($0) — " } ?? "")\($0.source)" }
        out += "\n" + style.dim("sources:") + "\n" + sources.joined(separator: "\n") + "\n"
        return out
    }
}
