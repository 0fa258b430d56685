import ArgumentParser
import Foundation
import LexAggCore
import LexAggDocuments
import LexAggWiktextract
import LexAggLocalization

/// `lexagg data import|list|info|remove`: local datasets imported from dumps (Wiktionary via wiktextract).
struct DataCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "data",
            abstract: localized(.helpDataAbstract),
            discussion: localized(.helpDataDiscussion),
            subcommands: [DataImportCommand.self, DataListCommand.self, DataInfoCommand.self, DataRemoveCommand.self],
            defaultSubcommand: DataListCommand.self
        )
    }

    /// A dataset's source as shown: standard input and a pipe in the reader's language (the importer records them by
    /// their English names), a file's name or path with its control characters shown, never acting (a file name may
    /// hold any byte but "/" and NUL).
    static func sourceShown(_ name: String) -> String {
        switch name {
        case standardInputName: localized(.standardInput)
        case pipeName: localized(.pipeSource)
        default: ControlCharacters.replaced(name)
        }
    }
}

extension CommandContext {
    func requireDataDirectory() throws -> String {
        guard let directory = DatasetLocation.directory(in: environment) else {
            throw CommandFailure(status: .unavailable, message: localized(.dataNoDirectory))
        }
        return directory
    }

    /// The dataset called `name`, or a failure that lists the ones there are.
    func requireDataset(_ name: String) throws -> (path: String, metadata: DatasetMetadata, bytes: Int) {
        let directory = try requireDataDirectory()
        let all = DatasetLocation.datasets(in: directory)
        guard let found = all.first(where: { $0.name == name }) else {
            let names = all.map(\.name)
            throw CommandFailure(status: .notFound, message: localized(.dataNoSuchDataset, name, directory)
                + (names.isEmpty ? localized(.dataImportOne) : localized(.dataThereAre, names.joined(separator: ", "))))
        }
        do throws(ImportError) {
            let dataset = try Dataset(path: found.path)
            return (found.path, dataset.metadata, dataset.fileBytes)
        } catch {
            throw CommandFailure(status: .unavailable, message: error.description)
        }
    }
}

/// One dataset as `data list` and `data info` print it in JSON.
struct DatasetDocument: Encodable {
    var name: String
    var path: String
    var bytes: Int
    var metadata: DatasetMetadata?
    var problem: String?
}

struct DataListCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: localized(.helpDataListAbstract))
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    var loadsConfiguration: Bool { false }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let directory = try context.requireDataDirectory()
        let documents = DatasetLocation.datasets(in: directory).map { found -> DatasetDocument in
            do throws(ImportError) {
                let dataset = try Dataset(path: found.path)
                return DatasetDocument(name: found.name, path: found.path, bytes: dataset.fileBytes, metadata: dataset.metadata)
            } catch {
                return DatasetDocument(name: found.name, path: found.path, bytes: 0, problem: error.description)
            }
        }
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = JSONOutput.schemaVersion
                var command = "data list"
                var directory: String
                var datasets: [DatasetDocument]
            }
            context.output.write(JSONOutput.encode(Document(directory: directory, datasets: documents)))
        case .text:
            guard !documents.isEmpty else {
                context.output.write(localized(.dataNone, directory) + "\n")
                return .success
            }
            let rows = documents.map { document -> [String] in
                guard let metadata = document.metadata else { return [document.name, "", "", "", document.problem ?? ""] }
                return [
                    document.name, grouped(metadata.entries), DataInfoCommand.topLanguages(metadata), formatBytes(document.bytes),
                    "\(DataCommand.sourceShown((metadata.sourceFile as NSString).lastPathComponent)) (\(DataInfoCommand.day(metadata.sourceDate)))",
                ]
            }
            context.output.write(table(header: [
                localized(.dataColumnName), localized(.dataColumnEntries), localized(.dataColumnLanguages),
                localized(.dataColumnSize), localized(.dataColumnSource),
            ], rows: rows))
        }
        return .success
    }
}

struct DataInfoCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "info", abstract: localized(.helpDataInfoAbstract))
    }

    @Argument(help: ArgumentHelp(localized(.helpDataInfoName), valueName: "name"))
    var name: String = ProviderID.wiktionaryOfflineName

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    var loadsConfiguration: Bool { false }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let found = try context.requireDataset(name)
        let metadata = found.metadata
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = JSONOutput.schemaVersion
                var command = "data info"
                var dataset: DatasetDocument
            }
            context.output.write(JSONOutput.encode(Document(
                dataset: DatasetDocument(name: name, path: found.path, bytes: found.bytes, metadata: metadata)
            )))
        case .text:
            let pairs = metadata.translations.values.reduce(0) { $0 + $1.values.reduce(0, +) }
            var text = "\(name): \(found.path) (\(formatBytes(found.bytes)))\n"
            var rows: [(label: String, value: String)] = [
                (localized(.dataLabelSource), localized(
                    .dataSourceValue, DataCommand.sourceShown(metadata.sourceFile), formatBytes(metadata.sourceBytes),
                    Self.day(metadata.sourceDate))),
                (localized(.dataLabelImported), Self.day(metadata.importedAt) + (metadata.languageFilter.isEmpty
                    ? "" : localized(.dataImportedLanguages, metadata.languageFilter.joined(separator: ",")))),
                (localized(.dataLabelEntries), localized(.dataEntriesValue, count: metadata.lines, grouped(metadata.entries),
                                                        grouped(metadata.lines), grouped(metadata.malformedLines))),
                (localized(.dataLabelIndexKeys), localized(.dataIndexKeysValue, grouped(metadata.keys))),
                (localized(.dataLabelTranslations), localized(
                    .dataTranslationsValue, grouped(pairs), Set(metadata.translations.values.flatMap(\.keys)).count)),
                (localized(.dataLabelLanguages), Self.topLanguages(metadata, limit: 20)),
            ]
            // A dataset an earlier lexagg wrote is read, but lacks what this one would have written: said, with the way out.
            if metadata.formatVersion < DatasetFormat.version {
                rows.append((localized(.dataLabelFormat), localized(.dataFormatEarlier, metadata.formatVersion)))
            }
            // Labels and values in two columns: "  source:       …" (as wide as the longest label and its colon).
            let width = (rows.map(\.label.count).max() ?? 0) + 2
            for row in rows {
                let label = row.label + ":"
                text += "  " + label + String(repeating: " ", count: max(1, width - label.count)) + row.value + "\n"
            }
            context.output.write(text)
        }
        return .success
    }

    static func topLanguages(_ metadata: DatasetMetadata, limit: Int = 3) -> String {
        let sorted = metadata.languages.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }
        let shown = sorted.prefix(limit).map { "\($0.key) (\(grouped($0.value)))" }.joined(separator: ", ")
        return sorted.count > limit ? shown + localized(.dataMoreLanguages, sorted.count - limit) : shown
    }

    static func day(_ date: Date) -> String {
        dayString(date)
    }
}

struct DataRemoveCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remove", abstract: localized(.helpDataRemoveAbstract))
    }

    @Argument(help: ArgumentHelp(localized(.helpDataInfoName), valueName: "name"))
    var name: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    var loadsConfiguration: Bool { false }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let directory = try context.requireDataDirectory()
        guard let found = DatasetLocation.datasets(in: directory).first(where: { $0.name == name }) else {
            _ = try context.requireDataset(name)
            return .notFound
        }
        // Not while an import into the name runs (its dataset would come back when it ends); the lock file goes too.
        let lock: DatasetLock?
        do throws(ImportError) {
            lock = try DatasetLock.acquire(name: name, in: directory)
        } catch {
            throw CommandFailure(status: .unavailable, message: error.description)
        }
        guard let lock else { throw CommandFailure(status: .unavailable, message: localized(.dataRemoveImportRunning, name)) }
        do {
            try FileManager.default.removeItem(atPath: found.path)
            lock.removeFile()
        } catch {
            throw CommandFailure(status: .unavailable, message: localized(.dataCannotDelete, found.path, error.localizedDescription))
        }
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = JSONOutput.schemaVersion
                var command = "data remove"
                var name: String
                var path: String
                var removed = true
            }
            context.output.write(JSONOutput.encode(Document(name: name, path: found.path)))
        case .text:
            context.output.write(localized(.dataRemoved, name, found.path) + "\n")
        }
        return .success
    }
}
