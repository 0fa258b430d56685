import ArgumentParser
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct ProvidersCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "providers",
            abstract: localized(.helpProvidersAbstract),
            discussion: localized(.helpProvidersDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Flag(name: .long, help: ArgumentHelp(localized(.helpProvidersWide)))
    var wide = false

    func run(in context: CommandContext) async throws -> ExitStatus {
        let registry = context.registry
        let infos = await JSONOutput.ProviderInfo.listing(of: registry)
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.ProvidersDocument(providers: infos, problems: registry.problems)))
        case .text:
            context.reportRegistryProblems(everything: true)
            context.output.write(wide ? table(infos, style: context.style) : narrowTable(infos, style: context.style))
        }
        return .success
    }

    /// Languages, or translation directions; a long list is summarised (the JSON output has all of it).
    private func languagesCell(_ info: JSONOutput.ProviderInfo) -> String {
        let items = info.translations.isEmpty ? info.languages.map(\.code) : info.translations
        if items.isEmpty { return localized(.providersAny) }
        if items.count <= 4 { return Self.definingAny(info) + items.joined(separator: ",") }
        let languages = Set(info.languages.map(\.code) + info.translations.flatMap { $0.split(separator: "→").map(String.init) })
        return info.translations.isEmpty
            ? items.prefix(3).joined(separator: ",") + ",… (\(items.count))"
            : Self.definingAny(info) + localized(.providersDirectionsAndLanguages, items.count, languages.count)
    }

    /// The table that fits 80 columns: what each provider does (not what its entries carry), languages in short,
    /// and status; `--wide` and JSON have the rest.
    private func narrowTable(_ infos: [JSONOutput.ProviderInfo], style: TerminalStyle) -> String {
        guard !infos.isEmpty else { return localized(.providersNone) + "\n" }
        let operations: Set = ["define", "translate", "random", "match"]
        let rows = infos.map { info in
            [
                info.id.rawValue, info.capabilities.filter(operations.contains).joined(separator: ","),
                shortLanguages(info), Self.label(info.mode), Self.label(info.status),
            ]
        }
        var out = Self.layout(header: [localized(.columnID), localized(.columnCan), localized(.columnLanguages), localized(.columnMode), localized(.columnStatus)], rows: rows, infos: infos, style: style, width: 80)
        out += "\n" + style.dim(localized(.providersHint)) + "\n"
        return out
    }

    /// A status or mode of the JSON (`ready`, `not configured`, `online`) in the reader's language, for the tables.
    static func label(_ value: String) -> String {
        switch value {
        case "ready": localized(.providerReady)
        case "configured": localized(.providerConfigured)
        case "not configured": localized(.providerNotConfigured)
        case "unavailable": localized(.providerUnavailable)
        case "online": localized(.providerOnline)
        case "offline": localized(.providerOffline)
        default: value
        }
    }

    /// At most 3 languages, else how many.
    private func shortLanguages(_ info: JSONOutput.ProviderInfo) -> String {
        let items = info.translations.isEmpty ? info.languages.map(\.code) : info.translations
        if items.isEmpty { return localized(.providersAny) }
        if items.count <= 3 { return Self.definingAny(info) + items.joined(separator: ",") }
        return Self.definingAny(info) + localized(info.translations.isEmpty ? .providersLanguages : .providersDirections, items.count)
    }

    /// "any; " before the directions of a provider that also defines words of any language (Wiktionary: its
    /// directions alone read as if it knew only those languages).
    static func definingAny(_ info: JSONOutput.ProviderInfo) -> String {
        info.languages.isEmpty && !info.translations.isEmpty && info.capabilities.contains("define")
            ? localized(.providersAny) + "; " : ""
    }

    /// - Parameter width: wrap the reason lines to this many columns.
    private static func layout(
        header: [String], rows: [[String]], infos: [JSONOutput.ProviderInfo], style: TerminalStyle, width: Int? = nil
    ) -> String {
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
            guard let reason = info.unavailableReason else { continue }
            for (index, part) in wrap("↳ " + reason, width: (width ?? Int.max) - 2).enumerated() {
                out += "  " + (index == 0 ? "" : "  ") + style.warning(part) + "\n"
            }
        }
        return out
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole); later lines are
    /// two characters narrower, for their indent.
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let limit = lines.isEmpty ? width : width - 2
            if !line.isEmpty && line.count + 1 + word.count > limit {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private func table(_ infos: [JSONOutput.ProviderInfo], style: TerminalStyle) -> String {
        guard !infos.isEmpty else { return localized(.providersNone) + "\n" }
        let header = [
            localized(.columnID), localized(.columnName), localized(.columnCan), localized(.columnLanguages),
            localized(.columnMode), localized(.columnKey), localized(.columnStatus),
        ]
        let rows = infos.map { info in
            [
                info.id.rawValue, info.name, info.capabilities.joined(separator: ","),
                languagesCell(info),
                Self.label(info.mode), info.requiresCredentials ? localized(.providersNeedsKey) : "-",
                Self.label(info.status),
            ]
        }
        var out = Self.layout(header: header, rows: rows, infos: infos, style: style)
        let sources = infos.map { "  \($0.id): \($0.description.map { "\($0) — " } ?? "")\($0.source)" }
        out += "\n" + style.dim(localized(.providersSources)) + "\n" + sources.joined(separator: "\n") + "\n"
        return out
    }
}
