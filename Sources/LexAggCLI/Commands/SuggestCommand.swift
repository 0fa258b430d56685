import ArgumentParser
import Foundation
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization

struct SuggestCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "suggest",
            abstract: localized(.helpSuggestAbstract),
            discussion: localized(.helpSuggestDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpSuggestLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpSuggestDate), valueName: "date"))
    var date: String?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpSuggestNotify)))
    var notify = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLookupTimeout), valueName: "seconds"))
    var timeout: Double?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    /// How many random words are considered, and at most how many are looked up, to find one with a definition.
    static let candidateCount = 40
    static let maximumLookups = 15

    func run(in context: CommandContext) async throws -> ExitStatus {
        let day = try date.map(Self.validDay) ?? isoDayString(Date())
        let language = try await chooseLanguage(day: day, context: context)
        let limit = try parseTimeout(timeout)
        let lookup = try await context.definitions(language: language, timeout: limit)
        let library = try context.openLibrary()
        defer { library.close() }
        var chosen: (word: String, entries: [Entry])?
        do {
            if let word = try await library.wordOfTheDay(day, language: language),
               let query = try? LookupQuery(word, language: language)
            {
                chosen = (word, await lookup.lookUp(query).entries)
            }
        } catch { throw CommandFailure(error) }
        if chosen == nil {
            let batch = try await context.randomWords(language: language, timeout: limit).next(Self.candidateCount)
            if batch.provider == nil {
                for failure in batch.failures { context.warn(ErrorText.text(failure)) }
                context.fail(localized(.randomNoProvider, language.displayName))
                return .unavailable
            }
            // The order depends only on the day and the words, so the choice among them is the day's.
            let ordered = batch.words.sorted { Self.hash(day + "\u{1}" + $0) < Self.hash(day + "\u{1}" + $1) }
            var lookups = 0
            for word in ordered where lookups < Self.maximumLookups {
                let inLibrary: Bool
                do { inLibrary = try await library.contains(word, language: language) } catch { throw CommandFailure(error) }
                guard !inLibrary, let query = try? LookupQuery(word, language: language) else { continue }
                lookups += 1
                let answer = await lookup.lookUp(query)
                let entries = answer.entries
                if answer.hasDefinition {
                    // Another process may have chosen first: its choice is the day's.
                    let kept: String
                    do { kept = try await library.setWordOfTheDay(word, day: day, language: language) } catch {
                        throw CommandFailure(error)
                    }
                    if kept == word {
                        chosen = (word, entries)
                    } else if let query = try? LookupQuery(kept, language: language) {
                        chosen = (kept, await lookup.lookUp(query).entries)
                    }
                    break
                }
            }
        }
        guard let chosen else {
            context.fail(localized(.suggestNoDefinition, Self.maximumLookups, language.displayName))
            return .notFound
        }
        let inLibrary = (try? await library.contains(chosen.word, language: language)) ?? false
        let pos = chosen.entries.lazy.flatMap(\.senseGroups).compactMap(\.partOfSpeech).first?.name
        let definition = chosen.entries.lazy.flatMap(\.allSenses).map(\.definition).first { !$0.isEmpty }
        let add = BinaryQuote.quote(chosen.word) + (language == .english ? "" : " --lang \(language.code)")
        let hint = inLibrary ? localized(.suggestInLibrary) : localized(.suggestAddIt, add)
        var notified = false
        if notify {
            notified = Self.sendNotification(
                title: localized(.suggestWordOfTheDay, chosen.word), body: [pos.map(partOfSpeechLabel), definition].compactMap { $0 }.joined(separator: " — "),
                context: context
            )
        }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.SuggestDocument(
                date: day, language: language, word: chosen.word, partOfSpeech: pos, definition: definition,
                inLibrary: inLibrary, notified: notified
            )))
        case .text:
            let style = context.style
            // The day as the reader's language writes dates (28.11.2026 in Russian); JSON keeps ISO 8601.
            let shown = CivilDate.moment(iso8601: day + "T00:00:00Z").map(dayString) ?? day
            var text = style.dim(localized(.suggestWordOfTheDayOn, shown)) + style.bold(chosen.word) + "\n"
            if let definition { text += "  " + (pos.map { style.italic(partOfSpeechLabel($0)) + " — " } ?? "") + definition + "\n" }
            text += "\n" + hint + "\n"
            context.output.write(text)
        }
        return .success
    }

    /// `--lang`, else one of the learner's languages (configuration `learner.languages`) that has random words,
    /// the same one all day; else the configured default language, else English.
    func chooseLanguage(day: String, context: CommandContext) async throws -> Language {
        if let lang { return try parseLanguage(lang) }
        let settings = try context.settings
        let learner = settings.learnerLanguages
        let ordered = learner.sorted { Self.hash(day + $0.code) < Self.hash(day + $1.code) }
        for language in ordered where (try? await context.randomWords(language: language)) != nil {
            return language
        }
        return settings.language ?? learner.first ?? .english
    }

    static func validDay(_ text: String) throws -> String {
        // A day that exists (not 2026-02-30), written YYYY-MM-DD.
        guard text.count == 10, CivilDate.moment(iso8601: text + "T00:00:00Z") != nil else {
            throw CommandFailure.usage(localized(.suggestBadDate, text))
        }
        return text
    }

    /// FNV-1a: a stable hash (Swift's `hashValue` changes from run to run).
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// Runs `notify-send` when it is on PATH; says so otherwise. Returns whether the notification was sent.
    static func sendNotification(title: String, body: String, context: CommandContext) -> Bool {
        let path = context.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        guard let tool = path.split(separator: ":").map({ "\($0)/notify-send" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else {
            context.warn(localized(.suggestNoNotifySend))
            return false
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--app-name=lexagg", title, body]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            context.warn(localized(.suggestNotifyFailed, error.localizedDescription))
            return false
        }
        if process.terminationStatus != 0 {
            context.warn(localized(.suggestNotifyStatus, process.terminationStatus))
            return false
        }
        return true
    }
}
