import LexAggCore

/// Parses `data import wiktextract FILE [--languages CODES] [--name ID] [--max-malformed N] [--max-line-mb MB]
/// [--quiet] [--format text|json]` without ArgumentParser, as ``FastLookupParser`` does `lookup`: ArgumentParser's
/// reflection over the commands and its check for a completion-script request cost 31 million instructions (callgrind),
/// three quarters of importing a small dump and 10 ms of a 100 MB one. Each option at most once; anything else (help,
/// `--opt=value`, `--`, unknown options, bad values, values the command's validation refuses) returns nil and goes
/// through ArgumentParser, so errors and help look the same either way. `FastImportParserTests` checks both parsers
/// agree.
enum FastImportParser {
    static func parse(_ arguments: [String]) -> DataImportWiktextractCommand? {
        guard arguments.count >= 4, arguments[0] == "data", arguments[1] == "import", arguments[2] == "wiktextract" else {
            return nil
        }
        // Every property is set before any is read: an ArgumentParser property wrapper not parsed holds no value.
        var command = DataImportWiktextractCommand()
        var file: String?
        var languages: String?
        var name = ProviderID.wiktionaryOfflineName
        var maxMalformed = 1000, maxLineMB = 16
        var quiet = false
        var format = OutputFormat.text
        var seen = Set<String>()
        var index = 3
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--quiet" {
                guard seen.insert(argument).inserted else { return nil }
                quiet = true
                index += 1
            } else if argument.hasPrefix("-") && argument != "-" {
                guard ["--languages", "--name", "--max-malformed", "--max-line-mb", "--format"].contains(argument),
                      seen.insert(argument).inserted, index + 1 < arguments.count
                else { return nil }
                let value = arguments[index + 1]
                guard !value.hasPrefix("-") else { return nil }
                switch argument {
                case "--languages": languages = value
                case "--name": name = value
                case "--max-malformed":
                    guard let number = Int(value) else { return nil }
                    maxMalformed = number
                case "--max-line-mb":
                    guard let number = Int(value) else { return nil }
                    maxLineMB = number
                default:
                    guard let chosen = OutputFormat(rawValue: value) else { return nil }
                    format = chosen
                }
                index += 2
            } else {
                guard file == nil else { return nil }
                file = argument
                index += 1
            }
        }
        guard let file else { return nil }
        command.file = file
        command.languages = languages
        command.name = name
        command.maxMalformed = maxMalformed
        command.maxLineMB = maxLineMB
        command.quiet = quiet
        command.format = format
        do { try command.validate() } catch { return nil }
        return command
    }
}
