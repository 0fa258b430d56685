#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import Synchronization

/// Random English words from a local word list, with no network: `/usr/share/dict/words` (Debian `wamerican`)
/// when present, otherwise the headwords of the WordNet index lexagg embeds (`wn.index`).
///
/// Only single words of lower-case letters are used (no proper nouns, possessives or phrases). The list is read on
/// the first request and kept for the provider's lifetime. Other languages are refused: there is no offline list
/// for them.
public struct OfflineWordList: RandomWordProviding {
    /// Where to look for word lists.
    public struct Configuration: Sendable {
        /// The system word list (`wamerican`).
        public static let systemWordList = "/usr/share/dict/words"

        /// Plain word lists (one word a line), tried in order; the first readable one wins.
        public var wordLists: [String]
        /// dictd index files whose headword column (before the first tab) is used when no word list is readable;
        /// `nil` for the embedded WordNet index, found beside the executable or in the source tree.
        public var wordNetIndexes: [String]?

        public init(wordLists: [String] = [Configuration.systemWordList], wordNetIndexes: [String]? = nil) {
            self.wordLists = wordLists
            self.wordNetIndexes = wordNetIndexes
        }
    }

    public let configuration: Configuration
    private let store = WordStore()
    /// The list it will read, as a warning or `providers` names it: the first readable word list, else WordNet's index.
    private let listName: String

    /// Creates the provider; no file is read until the first request (only whether a word list is there).
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        let list = configuration.wordLists.first { access($0, R_OK) == 0 }
        listName = list ?? "the embedded WordNet index"
    }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: .wordlist,
            displayName: "Local English word list (\(listName))",
            capabilities: [.randomWords],
            languages: [.english],
            requiresNetwork: false,
            source: listName,
            formatVersion: 1
        )
    }

    public func availability() async -> ProviderAvailability {
        candidates().contains { access($0.path, R_OK) == 0 } ? .available : .unavailable(reason: OfflineWordList.noListMessage)
    }

    static let noListMessage =
        "no local word list: install Debian's wamerican (/usr/share/dict/words) or keep lexagg's embedded WordNet index"

    public func randomWords(_ request: RandomWordRequest) async throws -> [String] {
        var generator = SystemRandomNumberGenerator()
        return try randomWords(request, using: &generator)
    }

    /// ``randomWords(_:)`` with a chosen random number generator (tests use a seeded one).
    package func randomWords(_ request: RandomWordRequest, using generator: inout some RandomNumberGenerator) throws
        -> [String]
    {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .wordlist, message: "the request was cancelled") }
        if let language = request.language, !language.matches(.english) {
            throw ProviderError(
                .unsupportedLanguage, provider: .wordlist,
                message: "no offline word list exists for \(language.englishName) (\(language.code)); "
                    + "the local list is English only"
            )
        }
        guard request.count >= 1 else {
            throw ProviderError(.invalidQuery, provider: .wordlist, message: "ask for at least one word")
        }
        let words = try loadWords()
        return OfflineWordList.sample(words, count: request.count, using: &generator)
    }

    /// `count` distinct items of `words` in random order (all of them when there are fewer).
    static func sample(_ words: [String], count: Int, using generator: inout some RandomNumberGenerator) -> [String] {
        if count >= words.count { return words.shuffled(using: &generator) }
        var picked = Set<Int>()
        var result: [String] = []
        while result.count < count {
            let index = Int.random(in: 0..<words.count, using: &generator)
            if picked.insert(index).inserted { result.append(words[index]) }
        }
        return result
    }

    // MARK: Loading

    package enum Kind: Sendable { case wordList, dictIndex }

    /// The files to try, in order.
    func candidates() -> [(path: String, kind: Kind)] {
        configuration.wordLists.map { ($0, .wordList) }
            + (configuration.wordNetIndexes ?? OfflineWordList.embeddedIndexCandidates()).map { ($0, .dictIndex) }
    }

    /// The words of the first readable, non-empty candidate.
    package func loadWords() throws -> [String] {
        if let words = store.words.withLock({ $0 }) { return words }
        for candidate in candidates() {
            guard access(candidate.path, R_OK) == 0,
                let data = try? Data(contentsOf: URL(fileURLWithPath: candidate.path))
            else { continue }
            let words = OfflineWordList.words(in: Array(data), kind: candidate.kind)
            guard !words.isEmpty else { continue }
            store.words.withLock { $0 = words }
            return words
        }
        throw ProviderError(.unavailable, provider: .wordlist, message: OfflineWordList.noListMessage)
    }

    /// The usable words of a word list (one per line) or dictd index (headword before the first tab).
    package static func words(in bytes: [UInt8], kind: Kind) -> [String] {
        var words: [String] = []
        var seen = Set<String>()
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var field = line[...]
            if kind == .dictIndex, let tab = field.firstIndex(of: UInt8(ascii: "\t")) { field = field[..<tab] }
            if field.last == UInt8(ascii: "\r") { field = field.dropLast() }
            guard field.count >= 2, field.allSatisfy({ (0x61...0x7A).contains($0) }) else { continue }
            let word = String(decoding: field, as: UTF8.self)
            if seen.insert(word).inserted { words.append(word) }
        }
        return words
    }

    /// Where the embedded WordNet index may be: beside an installed binary (`../share/lexagg/dictd/wn.index`),
    /// or in the source tree this file was built from (`Providers/DictDatabase/Embedded/wn.index`).
    static func embeddedIndexCandidates() -> [String] {
        var candidates: [String] = []
        if let executable = executablePath(), let slash = executable.lastIndex(of: "/") {
            let bin = String(executable[..<slash])
            candidates.append(bin + "/../share/lexagg/dictd/wn.index")
            candidates.append(bin + "/share/lexagg/dictd/wn.index")
        }
        let source = #filePath
        if let slash = source.lastIndex(of: "/") {
            let providers = String(source[..<slash]).split(separator: "/", omittingEmptySubsequences: false)
                .dropLast().joined(separator: "/")
            candidates.append(providers + "/DictDatabase/Embedded/wn.index")
        }
        return candidates
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The words once loaded, shared by copies of one provider.
final class WordStore: Sendable {
    let words = Mutex<[String]?>(nil)
}
