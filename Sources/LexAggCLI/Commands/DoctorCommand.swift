import ArgumentParser
import Foundation
import LexAggAggregation
import LexAggCache
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggPostgres
import LexAggLocalization

/// `lexagg doctor`: is everything a lookup needs in working order, and if not, how to fix it.
struct DoctorCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "doctor",
            abstract: localized(.helpDoctorAbstract),
            discussion: localized(.helpDoctorDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpDoctorTimeout), valueName: "seconds"))
    var timeout: Double?

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }
    /// An invalid configuration is a finding, not a reason not to run.
    var loadsConfiguration: Bool { false }

    struct Check: Encodable {
        var name: String
        /// `ok`, `notice`, `failed` or `unreachable` (an online source while the machine is offline).
        var status: String
        var message: String
        var hint: String?
        /// Whether this check failing makes `doctor` fail.
        var required: Bool
        /// The message and hint in the reader's language, for the text report; the JSON keeps the English ones
        /// (JSON never changes with the language).
        var shownMessage: String? = nil
        var shownHint: String? = nil

        enum CodingKeys: String, CodingKey { case name, status, message, hint, required }

        init(name: String, status: String, message: String, hint: String? = nil, required: Bool) {
            self.name = name
            self.status = status
            self.message = message
            self.hint = hint
            self.required = required
        }

        init(name: String, status: String, message: Phrase, hint: Phrase? = nil, required: Bool) {
            self.init(name: name, status: status, message: message.english, hint: hint?.english, required: required)
            shownMessage = message.shown
            shownHint = hint?.shown
        }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let deadline = try parseTimeout(timeout) ?? .seconds(4)
        var checks: [Check] = []
        var configurationFailed = false

        // The configuration.
        let location = ConfigLocation.resolve(environment: context.environment)
        do {
            let settings = try context.settings
            let file = settings.file.exists ? (location?.path ?? localized(.doctorTheConfigurationFile)) : nil
            checks.append(Check(name: "configuration", status: "ok",
                                message: file.map { Phrase(.doctorConfigValid, $0) }
                                    ?? Phrase(.doctorNoConfigFile, location?.path ?? localized(.doctorNoLocation)),
                                required: true))
        } catch {
            configurationFailed = true
            checks.append(Check(name: "configuration", status: "failed",
                                message: Phrase(english: error.description, shown: ErrorText.text(error)),
                                hint: Phrase(.doctorFixConfig), required: true))
        }

        // The providers, through the lookup service (the configured defaults decide which ones lookups need).
        let service = (try? context.lookupService()) ?? LookupService(
            registry: context.registry, configuration: .init(), cache: nil, logger: context.logger
        )
        for problem in context.registry.problems {
            checks.append(Check(name: "providers", status: "failed", message: problem, required: false))
        }
        let diagnoses = await service.diagnose(deadline: deadline)
        for diagnosis in diagnoses {
            var check = Check(name: diagnosis.provider.rawValue, status: diagnosis.status.rawValue,
                              message: diagnosis.message, hint: diagnosis.hint, required: diagnosis.usedByDefault)
            check.shownMessage = diagnosis.finding.map(Self.text)
            check.shownHint = diagnosis.advice.map(Self.text)
            checks.append(check)
        }
        if !diagnoses.contains(where: { $0.usedByDefault && $0.status == .ok }) {
            checks.append(Check(name: "lookup", status: "failed", message: Phrase(.doctorNoDictionary),
                                hint: Phrase(.doctorInstallDictionary), required: true))
        }

        if context.configuredStoreURL != nil {
            // The shared store holds both the cache and the library.
            checks.append(await storeCheck(context))
        } else {
            checks.append(await cacheCheck(context))
            checks.append(libraryCheck(context))
        }

        let failed = checks.contains { $0.status == "failed" && $0.required }
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = JSONOutput.schemaVersion
                var command = "doctor"
                var ok: Bool
                var checks: [Check]
            }
            context.output.write(JSONOutput.encode(Document(ok: !failed && !configurationFailed, checks: checks)))
        case .text:
            let style = context.style
            let width = min(24, checks.map(\.name.count).max() ?? 0)
            var text = ""
            for check in checks {
                let mark = switch check.status {
                case "ok": style.good("✓")
                case "failed": style.warning("✗")
                case "unreachable": style.warning("!")
                default: style.dim("·")
                }
                text += "\(mark) \(check.name.padding(toLength: max(width, check.name.count), withPad: " ", startingAt: 0))  \(check.shownMessage ?? check.message)\n"
                if let hint = check.shownHint ?? check.hint, check.status != "ok" { text += "  \(String(repeating: " ", count: width))  ↳ \(hint)\n" }
            }
            let offline = checks.contains { $0.status == "unreachable" }
            text += "\n" + localized(failed || configurationFailed ? .doctorBroken : offline ? .doctorOfflineWorks : .doctorAllWorks) + "\n"
            context.output.write(text)
        }
        if configurationFailed { return .configuration }
        return failed ? .unavailable : .success
    }

    /// The lookup service's finding about a provider, in the reader's language (the JSON keeps its English).
    static func text(_ finding: ProviderDiagnosis.Finding) -> String {
        switch finding {
        case .notConfigured: localized(.doctorNotConfigured)
        case .ready(let source): localized(.doctorReady, source)
        case .metered(let quota): localized(.doctorMetered, quota)
        case .reachable(let source, let milliseconds): localized(.doctorReachable, source, milliseconds)
        case .failed(let code, let message, let reason):
            // The code is English data (JSON has it): in another language, the phrase alone when there is one.
            UILanguage.current == .english ? "\(code): \(message)" : reason.map(ErrorText.phrase) ?? "\(code): \(message)"
        }
    }

    static func text(_ advice: ProviderDiagnosis.Advice) -> String {
        switch advice {
        case .checkTheKey: localized(.doctorAdviceCheckKey)
        case .didNotAnswerInTime(let source): localized(.doctorAdviceTimeout, source)
        case .throttled: localized(.doctorAdviceThrottled)
        case .checkTheNetwork(let source): localized(.doctorAdviceCheckNetwork, source)
        case .tryALookup(let provider): localized(.doctorAdviceTryLookup, provider)
        case .offline: localized(.doctorAdviceOffline)
        }
    }

    private func cacheCheck(_ context: CommandContext) async -> Check {
        guard let path = CacheLocation.file(in: context.environment) else {
            return Check(name: "cache", status: "failed", message: Phrase(.doctorNoCacheDirectory),
                         hint: Phrase(.doctorSetCacheDir), required: true)
        }
        if !FileManager.default.fileExists(atPath: path) {
            return Self.notCreatedYet("cache", path: path, variable: "LEXAGG_CACHE_DIR")
        }
        guard let store = context.cacheStore else {
            return Check(name: "cache", status: "failed", message: Phrase(.doctorCannotOpen, path), required: true)
        }
        do {
            let stats = try await store.stats(ttl: { context.cacheTTL($0) }, now: Date())
            let writable = access(path, W_OK) == 0
            return Check(name: "cache", status: writable ? "ok" : "failed",
                         message: Phrase(.doctorCacheAnswers, path, stats.entries)
                            + (writable ? Phrase(same: "") : Phrase(.doctorReadOnly)),
                         hint: writable ? nil : Phrase(.doctorMakeWritableOrClear), required: true)
        } catch {
            return Check(name: "cache", status: "failed", message: Phrase(same: "\(path): \(error.message)"),
                         hint: Phrase(.doctorCacheClearStartsNew), required: true)
        }
    }

    /// The shared PostgreSQL store: reachable, logged in, its schema current (read only: nothing is migrated).
    private func storeCheck(_ context: CommandContext) async -> Check {
        let database: PostgresStore?
        do { database = try context.sharedDatabase() } catch {
            return Check(name: "store", status: "failed", message: Phrase(.storeURLUnusable, error.message),
                         hint: Phrase(.doctorFixStoreURL), required: true)
        }
        guard let database else { return Check(name: "store", status: "notice", message: Phrase(.doctorNotSet), required: false) }
        let status: PostgresStore.Status
        do { status = try await database.inspect() } catch {
            return Check(name: "store", status: "failed", message: Phrase(same: error.message),
                         hint: Phrase(.doctorStartServer), required: true)
        }
        let where_ = database.url.redacted
        if status.schemaVersion > status.currentVersion {
            return Check(name: "store", status: "failed",
                         message: Phrase(.doctorNewerSchema, where_, status.schemaVersion),
                         hint: Phrase(.doctorUpdateLexagg), required: true)
        }
        if status.schemaVersion < status.currentVersion {
            return Check(name: "store", status: "ok",
                         message: Phrase(.doctorMigratedOnFirstUse, where_, status.schemaVersion, status.currentVersion),
                         hint: Phrase(same: "lexagg store migrate"), required: true)
        }
        return Check(name: "store", status: "ok",
                     message: Phrase(.doctorStoreContents, where_, status.answers ?? 0, status.words ?? 0), required: true)
    }

    private func libraryCheck(_ context: CommandContext) -> Check {
        guard let directory = Library.dataDirectory(environment: context.environment) else {
            return Check(name: "library", status: "failed", message: Phrase(.doctorNoDataDirectory),
                         hint: Phrase(.doctorSetDataDir), required: true)
        }
        let diagnosis = Library.diagnose(path: directory + "/" + Library.fileName)
        switch diagnosis.state {
        case .healthy:
            return Check(name: "library", status: "ok",
                         message: diagnosis.words.map { Phrase(.doctorLibraryWords, diagnosis.path, $0) }
                            ?? Phrase(.doctorHealthy, diagnosis.path), required: true)
        case .missing:
            return Self.notCreatedYet("library", path: diagnosis.path, variable: "LEXAGG_DATA_DIR")
        case .corrupt, .foreign, .newer:
            return Check(name: "library", status: "failed", message: Phrase(same: "\(diagnosis.path): \(diagnosis.detail)"),
                         // The library's own doctor explains the recovery step by step: its first step alone ("keep
                         // the file") left out the way back.
                         hint: diagnosis.state == .foreign ? diagnosis.advice.first.map { Phrase(same: $0) } ?? Phrase(.doctorRunLibraryDoctor)
                            : Phrase(.doctorRunLibraryDoctor),
                         required: true)
        }
    }

    /// A file that does not exist yet: fine when its directory exists and is writable or could be created.
    static func notCreatedYet(_ name: String, path: String, variable: String) -> Check {
        let directory = (path as NSString).deletingLastPathComponent
        let writable = canCreate(directory)
        return Check(name: name, status: writable ? "ok" : "failed",
                     message: writable ? Phrase(.doctorNotCreatedYet, path) : Phrase(.doctorCannotCreate, directory),
                     hint: writable ? nil : Phrase(.doctorMakeWritableOrSet, variable), required: true)
    }

    /// Whether `directory` exists and is writable, or could be created.
    static func canCreate(_ directory: String) -> Bool {
        var path = directory
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return false }
            path = parent
        }
        // The nearest existing ancestor must be a directory we may write in (a file there blocks creation).
        return isDirectory.boolValue && access(path, W_OK) == 0
    }
}
