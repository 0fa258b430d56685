#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

/// `lexagg config path|show|set|reset`.
struct ConfigCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "config",
            abstract: localized(.helpConfigAbstract),
            discussion: localized(.helpConfigDiscussion),
            subcommands: [Path.self, Show.self, Set.self, Reset.self],
            defaultSubcommand: Show.self
        )
    }

    /// The file's location, or an error saying which variables to set.
    static func location(_ context: CommandContext) throws(ConfigError) -> ConfigLocation {
        guard let location = ConfigLocation.resolve(environment: context.environment) else {
            throw ConfigError(.noPath, location: "configuration",
                              message: localized(.configNoPath))
        }
        return location
    }

    /// A secret as `config show` and `set` print it: never its characters.
    static func masked(_ value: ConfigValue) -> String {
        localized(.configMasked, count: value.displayText.count)
    }

    struct Path: ParsableCommand, ContextCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "path",
                abstract: localized(.helpConfigPathAbstract),
                discussion: localized(.helpConfigPathDiscussion)
            )
        }

        @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
        var format: OutputFormat = .text

        var loadsConfiguration: Bool { false }

        func run(in context: CommandContext) async throws -> ExitStatus {
            let location = try ConfigCommand.location(context)
            let info = ConfigFileStatus.of(location.path)
            switch format {
            case .json:
                context.output.write(JSONOutput.encode(PathDocument(
                    path: location.path, exists: info == .file, source: location.source.rawValue
                )))
            case .text:
                context.output.write(location.path + "\n")
                if info == .missing { context.output.writeError(localized(.configNoFileYet) + "\n") }
                if info == .directory { context.warn(localized(.configIsDirectory, location.path)) }
            }
            return .success
        }
    }

    struct Show: ParsableCommand, ContextCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "show",
                abstract: localized(.helpConfigShowAbstract),
                discussion: localized(.helpConfigShowDiscussion)
            )
        }

        @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
        var format: OutputFormat = .text

        func run(in context: CommandContext) async throws -> ExitStatus {
            let settings = try context.settings
            let known = Swift.Set(context.registry.ids)
            var warnings: [Phrase] = []
            var flagged = Swift.Set<String>()
            for entry in settings.orderedEntries where entry.key.name.hasPrefix("providers.") {
                let id = entry.key.name.split(separator: ".")[1]
                guard let provider = ProviderID(String(id)), !known.contains(provider), flagged.insert(String(id)).inserted
                else { continue }
                // The JSON keeps the English warning; the screen shows the reader's language.
                let nearest = context.registry.nearestID(to: provider.rawValue).map { "\($0)" }
                warnings.append(Phrase(
                    english: localized(.configProviderTableUnknown, in: .english, arguments: [
                        String(id), nearest.map { localized(.unknownCommandDidYouMean, in: .english, arguments: [$0]) } ?? "",
                    ]),
                    shown: localized(.configProviderTableUnknown, id, nearest.map { localized(.unknownCommandDidYouMean, $0) } ?? "")
                ))
            }
            if let ids = settings.providers {
                for id in ids where !known.contains(id) {
                    warnings.append(Phrase(.configLookupProvidersUnknown, id))
                }
            }
            let path = settings.file.location?.path
            switch format {
            case .json:
                context.output.write(JSONOutput.encode(ShowDocument(
                    path: path, exists: settings.file.exists,
                    settings: settings.orderedEntries.map(ShowDocument.Setting.init), warnings: warnings.map(\.english)
                )))
            case .text:
                let style = context.style
                var text = "# " + (path ?? localized(.configNoPathHomeUnset))
                text += settings.file.exists ? "\n" : localized(.configNoFileDefaults) + "\n"
                let rows = settings.orderedEntries.map { entry in
                    (entry.key.name, Self.display(entry), Self.origin(entry.origin))
                }
                let keyWidth = rows.map(\.0.count).max() ?? 0
                let valueWidth = min(40, rows.map(\.1.count).max() ?? 0)
                for (key, value, origin) in rows {
                    let padding = String(repeating: " ", count: max(1, valueWidth - value.count + 2))
                    text += key.padding(keyWidth + 2) + value + padding + style.dim(origin) + "\n"
                }
                context.output.write(text)
                for warning in warnings { context.warn(warning.shown) }
            }
            return .success
        }

        /// Where a value comes from, in the reader's language (the JSON has `Settings.Origin`'s own words).
        static func origin(_ origin: Settings.Origin) -> String {
            switch origin {
            case .defaultValue: localized(.originDefault)
            case .file(let line?): localized(.originFileLine, line)
            case .file(nil): localized(.originFile)
            case .environment(let variable): localized(.originEnvironment, variable)
            }
        }

        static func display(_ entry: Settings.Entry) -> String {
            guard let value = entry.value else {
                return localized(entry.key.name == "lookup.providers" ? .configEveryProvider : .configNone)
            }
            return entry.key.isSecret ? ConfigCommand.masked(value) : value.displayText
        }
    }

    struct Set: ParsableCommand, ContextCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "set",
                abstract: localized(.helpConfigSetAbstract),
                discussion: localized(.helpConfigSetDiscussion)
            )
        }

        @Argument(help: ArgumentHelp(localized(.helpConfigSetKey), valueName: "key"))
        var key: String

        @Argument(help: ArgumentHelp(localized(.helpConfigSetValue), valueName: "value"))
        var value: String

        var loadsConfiguration: Bool { false }

        func run(in context: CommandContext) async throws -> ExitStatus {
            let location = try ConfigCommand.location(context)
            let text = try ConfigFile.read(location.path) ?? ""
            let edit: ConfigEditor.Edit
            do {
                edit = try ConfigEditor.setting(key, to: value, in: text, location: location.path)
            } catch {
                // A bad key or value is a usage error; a problem in the file is a configuration error.
                guard error.location == key else { throw error }
                throw CommandFailure.usage(ErrorText.message(error))
            }
            // The ids lookup will ask: checked against the providers this lexagg has, as lookup checks them (an
            // unknown one would make every later lookup a configuration error).
            if edit.key.kind == .providerList, case .strings(let ids) = edit.value {
                for id in ids where ProviderID(id).flatMap({ context.registry.provider($0) }) == nil {
                    let hint = context.registry.nearestID(to: id).map { localized(.unknownCommandDidYouMean, $0) } ?? ""
                    throw CommandFailure.usage(localized(.configSetUnknownProvider, edit.key.name, id, hint))
                }
            }
            try ConfigEditor.write(edit.text, to: location.path)
            let shown = edit.key.isSecret ? ConfigCommand.masked(edit.value) : edit.value.tomlLiteral
            context.output.write(localized(.configSetDone, edit.key.name, shown, location.path) + "\n")
            if !edit.keptLayout {
                context.warn(localized(.configRewritten))
            }
            if let variable = edit.key.variable, let set = context.environment[variable], !set.isEmpty {
                context.warn(localized(.configOverriddenByVariable, variable))
            }
            let parts = edit.key.name.split(separator: ".")
            if parts.first == "providers", let id = ProviderID(String(parts[1])), context.registry.provider(id) == nil {
                let hint = context.registry.nearestID(to: id.rawValue).map { localized(.unknownCommandDidYouMean, $0) } ?? ""
                context.warn(localized(.configUnknownProviderTable, id, hint))
            }
            return .success
        }
    }

    struct Reset: ParsableCommand, ContextCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "reset",
                abstract: localized(.helpConfigResetAbstract),
                discussion: localized(.helpConfigResetDiscussion)
            )
        }

        var loadsConfiguration: Bool { false }

        func run(in context: CommandContext) async throws -> ExitStatus {
            let location = try ConfigCommand.location(context)
            if let backup = try ConfigEditor.reset(location.path) {
                context.output.write(localized(.configMoved, location.path, backup) + "\n")
            } else {
                context.output.write(localized(.configNothingToReset, location.path) + "\n")
            }
            return .success
        }
    }

    struct PathDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "config path"
        var path: String
        var exists: Bool
        /// The variable that chose the path: LEXAGG_CONFIG, XDG_CONFIG_HOME or HOME.
        var source: String
    }

    struct ShowDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "config show"
        var path: String?
        var exists: Bool
        var settings: [Setting]
        var warnings: [String]

        struct Setting: Encodable {
            var key: String
            var value: JSONValue?
            /// `default`, `file` or `env`.
            var origin: String
            var line: Int?
            var variable: String?
            var secret: Bool?

            init(_ entry: Settings.Entry) {
                key = entry.key.name
                if entry.key.isSecret, let value = entry.value {
                    self.value = .string(ConfigCommand.masked(value))
                    secret = true
                } else {
                    value = entry.value.map(JSONValue.init)
                }
                switch entry.origin {
                case .defaultValue: origin = "default"
                case .file(let line): (origin, self.line) = ("file", line)
                case .environment(let name): (origin, variable) = ("env", name)
                }
            }
        }
    }

    /// A setting's value in JSON: strings, numbers, booleans and lists as themselves, durations in seconds.
    enum JSONValue: Encodable {
        case string(String)
        case strings([String])
        case number(Double)
        case bool(Bool)

        init(_ value: ConfigValue) {
            switch value {
            case .string(let text): self = .string(text)
            case .strings(let list): self = .strings(list)
            case .number(let number): self = .number(number)
            case .bool(let flag): self = .bool(flag)
            case .duration(let seconds): self = .number(Double(seconds))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .strings(let list): try container.encode(list)
            case .number(let number):
                if number == number.rounded() && abs(number) < 1e15 { try container.encode(Int(number)) } else { try container.encode(number) }
            case .bool(let flag): try container.encode(flag)
            }
        }
    }
}

/// What is at a path: nothing, a file, or a directory.
enum ConfigFileStatus {
    case missing, file, directory

    static func of(_ path: String) -> ConfigFileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
