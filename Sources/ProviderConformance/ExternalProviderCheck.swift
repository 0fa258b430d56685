import ExternalProvider
import Foundation
import LexAggCore

/// The conformance check of an external provider (docs/external-providers.md), as `lexagg provider check` runs it.
///
/// It starts the executable, talks the protocol to it and reports one ``Outcome`` per check: `initialize` answers a
/// valid descriptor in time, the id matches the file name, each declared capability answers shape-correctly, an
/// unknown word is an empty answer, entries carry the provider's own id, an unknown method is a JSON-RPC error,
/// standard output carries nothing but JSON-RPC lines, and `shutdown` ends the process in time.
public struct ExternalProviderCheck: Sendable {
    /// One check: what was checked, whether it passed, and what went wrong.
    public struct Outcome: Sendable, Hashable, Codable {
        public var check: String
        public var passed: Bool
        public var detail: String?

        public init(check: String, passed: Bool, detail: String? = nil) {
            self.check = check
            self.passed = passed
            self.detail = detail
        }
    }

    public var executable: String
    /// A word the provider knows (defined, translated and used as a prefix for suggestions).
    public var word: String
    /// A word no provider knows.
    public var unknownWord: String
    /// How long each answer may take.
    public var timeout: Duration
    public var environment: [String: String]

    public init(
        executable: String, word: String = "house", unknownWord: String = "qxzvkwjqxz", timeout: Duration = .seconds(5),
        environment: [String: String] = [:]
    ) {
        self.executable = executable
        self.word = word
        self.unknownWord = unknownWord
        self.timeout = timeout
        self.environment = environment
    }

    /// Runs every check against a fresh process and ends it.
    public func run() async -> [Outcome] {
        var outcomes: [Outcome] = []
        var streamViolation: String?
        func note(_ failure: ExternalFailure) {
            if case .malformed(let message, let excerpt) = failure, message.hasPrefix("the provider wrote") {
                streamViolation = streamViolation ?? ExternalFailure.malformed(message, excerpt: excerpt).description
            }
        }
        let seconds = ProviderProcessFormat.seconds(timeout)

        let process: ProviderProcess
        do {
            process = try ProviderProcess.start(.executable(executable, environment: environment))
        } catch {
            return [Outcome(check: "starts", passed: false, detail: error.description)]
        }
        defer { if !process.hasEnded { process.end(grace: .milliseconds(200)) } }

        // initialize
        let initialize = await process.call(
            "initialize", params: ["protocolVersion": .number(Double(ExternalProtocol.version)), "client": .string("lexagg")],
            timeout: timeout
        )
        let descriptor: ProviderDescriptor
        let initializeCheck = "initialize answers a valid descriptor within \(seconds) s"
        do {
            let line = try initialize.get()
            let wire = try ExternalProtocol.result(ExternalProtocol.Descriptor.self, of: "initialize", from: line)
            descriptor = try wire.validated(source: executable).get()
            outcomes.append(Outcome(check: initializeCheck, passed: true,
                                    detail: "\(descriptor.id): \(descriptor.capabilities.names.joined(separator: ", "))"))
        } catch {
            note(error)
            outcomes.append(Outcome(check: initializeCheck, passed: false, detail: detail(error, process)))
            if streamViolation != nil {
                outcomes.append(Outcome(check: "writes only JSON-RPC lines to standard output", passed: false, detail: streamViolation))
            }
            return outcomes
        }

        // The id a providers directory would give it.
        let name = executable.split(separator: "/").last.map(String.init) ?? executable
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? name
        outcomes.append(Outcome(
            check: "id matches the file name", passed: stem == descriptor.id.rawValue,
            detail: stem == descriptor.id.rawValue ? nil : "initialize says '\(descriptor.id)', the file is named '\(stem)'"
        ))

        func ask<T: Decodable>(_ method: String, _ params: [String: JSONValue], as type: T.Type) async -> Result<T, ExternalFailure> {
            switch await process.call(method, params: params, timeout: timeout) {
            case .failure(let failure):
                note(failure)
                return .failure(failure)
            case .success(let line):
                return Result { () throws(ExternalFailure) -> T in try ExternalProtocol.result(T.self, of: method, from: line) }
            }
        }
        func provenanceProblem(_ entries: [Entry]) -> String? {
            for entry in entries {
                let sources = [entry.provenance] + entry.allSenses.flatMap(\.sources) + entry.pronunciations.map(\.provenance)
                    + entry.translations.map(\.provenance)
                if let other = sources.first(where: { $0.provider != descriptor.id }) {
                    return "'\(entry.headword)' carries the provenance of '\(other.provider)', not '\(descriptor.id)'"
                }
            }
            return nil
        }
        func entriesChecks(_ method: String, _ params: [String: JSONValue], what: String) async {
            let check = "\(method) '\(word)' answers entries in lexagg's schema"
            switch await ask(method, params, as: ExternalProtocol.EntriesResult.self) {
            case .failure(let failure):
                outcomes.append(Outcome(check: check, passed: false, detail: detail(failure, process)))
            case .success(let result) where result.entries.isEmpty:
                outcomes.append(Outcome(check: check, passed: false,
                                        detail: "no entries for '\(word)' (name a word it knows with --word)"))
            case .success(let result):
                let count = result.entries.count
                outcomes.append(Outcome(check: check, passed: true, detail: "\(count) \(count == 1 ? "entry" : "entries")\(what)"))
                let problem = provenanceProblem(result.entries)
                outcomes.append(Outcome(check: "\(method) entries carry the provenance of '\(descriptor.id)'",
                                        passed: problem == nil, detail: problem))
            }
        }

        if descriptor.capabilities.contains(.define) {
            await entriesChecks("define", ["word": .string(word)], what: "")
            let check = "define of an unknown word answers empty entries, not an error"
            switch await ask("define", ["word": .string(unknownWord)], as: ExternalProtocol.EntriesResult.self) {
            case .failure(let failure):
                outcomes.append(Outcome(check: check, passed: false, detail: detail(failure, process)))
            case .success(let result):
                outcomes.append(Outcome(check: check, passed: result.entries.isEmpty,
                                        detail: result.entries.isEmpty ? nil : "\(result.entries.count) entries for '\(unknownWord)'"))
            }
        }
        if descriptor.capabilities.contains(.translate), let pair = descriptor.translationPairs.first {
            await entriesChecks(
                "translate", ["word": .string(word), "from": .string(pair.source.code), "to": .string(pair.target.code)],
                what: " (\(pair))"
            )
        }
        if descriptor.capabilities.contains(.randomWords) {
            let check = "random answers at most 'count' words"
            switch await ask("random", ["count": .number(3)], as: ExternalProtocol.WordsResult.self) {
            case .failure(let failure):
                outcomes.append(Outcome(check: check, passed: false, detail: detail(failure, process)))
            case .success(let result):
                let good = !result.words.isEmpty && result.words.count <= 3 && result.words.allSatisfy { !$0.isEmpty }
                outcomes.append(Outcome(check: check, passed: good,
                                        detail: good ? result.words.joined(separator: ", ") : "asked for 3, got \(result.words)"))
            }
        }
        if descriptor.capabilities.contains(.match) {
            let prefix = String(word.prefix(3))
            let check = "suggest '\(prefix)' answers at most 'limit' words"
            switch await ask("suggest", ["word": .string(prefix), "limit": .number(5)], as: ExternalProtocol.WordsResult.self) {
            case .failure(let failure):
                outcomes.append(Outcome(check: check, passed: false, detail: detail(failure, process)))
            case .success(let result):
                let good = result.words.count <= 5
                outcomes.append(Outcome(check: check, passed: good,
                                        detail: good ? result.words.joined(separator: ", ") : "asked for 5, got \(result.words.count)"))
            }
        }

        // An unknown method is a JSON-RPC error, not silence and not a crash.
        let unknownCheck = "an unsupported method answers a JSON-RPC error"
        switch await process.call("lexagg.unsupported", params: [:], timeout: timeout) {
        case .failure(let failure):
            note(failure)
            outcomes.append(Outcome(check: unknownCheck, passed: false, detail: detail(failure, process)))
        case .success(let line):
            let answer = Result { () throws(ExternalFailure) -> JSONValue in
                try ExternalProtocol.result(JSONValue.self, of: "lexagg.unsupported", from: line)
            }
            if case .failure(.rpcError(let code, _, _)) = answer {
                outcomes.append(Outcome(check: unknownCheck, passed: true, detail: "error \(code)"))
            } else {
                outcomes.append(Outcome(check: unknownCheck, passed: false, detail: "answered \(ExternalProtocol.excerpt(line))"))
            }
        }

        outcomes.append(Outcome(check: "writes only JSON-RPC lines to standard output", passed: streamViolation == nil,
                                detail: streamViolation))

        // shutdown, then end of input: the process exits by itself.
        let shutdownCheck = "shutdown ends the process within \(seconds) s"
        if process.hasEnded {
            outcomes.append(Outcome(check: shutdownCheck, passed: false, detail: "the process had already ended"))
        } else {
            let answer = await process.call("shutdown", params: nil, timeout: timeout)
            process.closeInput()
            let exited = process.waitForExit(within: timeout)
            if case .failure(let failure) = answer, case .timeout = failure {
                outcomes.append(Outcome(check: shutdownCheck, passed: false, detail: failure.description))
            } else if !exited {
                outcomes.append(Outcome(check: shutdownCheck, passed: false,
                                        detail: "still running \(seconds) s after shutdown and the end of its input"))
            } else if let code = process.exitCode, code != 0 {
                outcomes.append(Outcome(check: shutdownCheck, passed: false, detail: "exited with status \(code)"))
            } else {
                outcomes.append(Outcome(check: shutdownCheck, passed: true))
            }
        }
        return outcomes
    }

    private func detail(_ error: ExternalFailure, _ process: ProviderProcess) -> String {
        if case .exited = error { return error.description }
        let tail = process.stderrTail
        return tail.isEmpty ? error.description : "\(error.description) (standard error: \(tail))"
    }
}

private enum ProviderProcessFormat {
    static func seconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
