#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggDictFormats

extension ProviderID {
    /// WordNet 3.0, the database lexagg embeds.
    public static let wordnet = ProviderID("wordnet")!
}

/// A provider backed by one dictd database: an `.index` file and its `.dict` or `.dict.dz` text.
///
/// Files are opened on first use. WordNet's text is structured into senses by part of speech; FreeDict's
/// bilingual databases yield translations; any other database's entry becomes one tidy sense.
public struct DictDatabase: DefinitionProviding, TranslationProviding, MatchProviding, DescribedProvider {
    public typealias Format = DictTextFormat

    public let descriptor: ProviderDescriptor
    public let indexPath: String
    /// The `.dict.dz` or `.dict` file, or `nil` when neither exists beside the index.
    public let bodyPath: String?
    public let format: Format
    private let files: OpenOnce
    /// WordNet's exception lists, read on the first lemma request (DictDatabase+Lemmas.swift).
    let morphology: MorphologyOnce
    /// A FreeDict database's single-word headwords, as positions of their index lines, once asked for random words
    /// (DictDatabase+Random.swift).
    let randomWordLines = MutexBox<[Int]?>(nil)

    /// Creates a provider for the database at `indexPath`; nothing is opened until first use.
    public init(id: ProviderID, indexPath: String, bodyPath: String?, format: Format, displayName: String) {
        self.indexPath = indexPath
        self.bodyPath = bodyPath
        self.format = format
        self.files = OpenOnce(indexPath: indexPath, bodyPath: bodyPath)
        self.morphology = MorphologyOnce(indexPath: indexPath)
        var capabilities: ProviderCapabilities = [.match]
        var languages: [Language] = []
        var pairs: [LanguagePair] = []
        var license: String?
        switch format {
        case .wordnet:
            capabilities.formUnion([.define, .examples, .lemmas])
            languages = [.english]
            license = "WordNet 3.0 License (Princeton University)"
        case .freedict(let pair):
            capabilities.formUnion([.translate, .pronunciations])
            // Random words of its language from its index (DictDatabase+Random.swift); English has `wordlist`.
            if !pair.source.matches(.english) { capabilities.insert(.randomWords) }
            languages = [pair.source]
            pairs = [pair]
            license = "FreeDict: GPL or CC BY-SA, per dictionary (its 00-database-info says which)"
        case .gcide:
            license = "GPL 3.0 or later (GCIDE)"
            // WordNet's morphology serves any English dictionary: GCIDE keeps the candidates it has as headwords
            // (`deodorizers` → `deodorizer`, which WordNet lacks).
            capabilities.formUnion([.define, .examples, .pronunciations, .etymology, .lemmas])
            languages = [.english]
        case .plain(let language):
            capabilities.insert(.define)
            languages = language.map { [$0] } ?? []
        }
        self.descriptor = ProviderDescriptor(
            id: id, displayName: displayName, capabilities: capabilities, languages: languages,
            translationPairs: pairs, requiresNetwork: false, requiresCredentials: false,
            source: bodyPath ?? indexPath, license: license, formatVersion: 1
        )
    }

    /// Whether its index or text file has been replaced or removed since it was opened.
    public var isOutdated: Bool { files.isOutdated }

    public func availability() async -> ProviderAvailability {
        switch files.get() {
        case .success: .available
        case .failure(let error): .unavailable(reason: error.description)
        }
    }

    /// The database's own one-line description (`00-database-short`), once it can be read.
    public func shortDescription() -> String? {
        guard case .success(let opened) = files.get(), let location = opened.index.metadata("short"),
              let bytes = try? opened.body.read(offset: location.offset, length: location.length)
        else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        // The text repeats the key on its first line when dictfmt wrote it with headers.
        let text = lines.first { !$0.contains("00-database-short") && !$0.contains("00databaseshort") } ?? lines.first
        return text.map { collapse(String($0)) }
    }

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        if let language = query.language, !descriptor.languages.isEmpty,
           !descriptor.languages.contains(where: { $0.matches(language) })
        {
            throw ProviderError(
                .unsupportedLanguage, provider: descriptor.id,
                message: "has only \(descriptor.languages.map(\.englishName).joined(separator: ", ")) words, not \(language.englishName)"
            )
        }
        return try entries(for: query.term)
    }

    public func translate(_ query: TranslationQuery) async throws -> LookupResult {
        guard case .freedict(let pair) = format, pair.source.matches(query.pair.source), pair.target.matches(query.pair.target)
        else {
            throw ProviderError(.unsupportedLanguage, provider: descriptor.id, message: "does not translate \(query.pair)")
        }
        return try entries(for: query.term)
    }

    /// How many index lines a binary search for `word` compares (for benchmarks; opens the files if needed).
    public func searchProbes(for word: String) -> Int {
        guard case .success(let opened) = files.get() else { return 0 }
        return opened.index.lowerBoundCountingProbes(opened.index.order.foldQuery(word)).probes
    }

    // MARK: Reading entries

    func entries(for term: String) throws -> LookupResult {
        try checkCancellation()
        let opened = try open()
        var locations = opened.index.lookup(term)
        if opened.index.order == .legacy {
            // dictd's legacy order ignores every byte that is not ASCII, so "naïve" finds GCIDE's "nave". Keep only
            // entries whose headword is the query under a Unicode-aware folding.
            let wanted = IndexOrder.fold(term, keepAll: false)
            locations = locations.filter { IndexOrder.fold($0.headword, keepAll: false) == wanted }
        }
        let now = Date()
        let provenance = Provenance(provider: descriptor.id, source: opened.body.path, retrievedAt: now)
        var entries: [Entry] = []
        // GCIDE's entries are checked against the word (``gcideEntriesOf(_:_:texts:)``), with their text.
        let gcide: Bool
        if case .gcide = format { gcide = true } else { gcide = false }
        var texts: [String] = []
        // An index may list one entry twice under a headword (GCIDE's `Fish`): it is shown once.
        var read: [(Int, Int)] = []
        for location in locations {
            try checkCancellation()
            if read.contains(where: { $0 == (location.offset, location.length) }) { continue }
            read.append((location.offset, location.length))
            let bytes: [UInt8]
            do {
                bytes = try opened.body.read(offset: location.offset, length: location.length)
            } catch {
                throw providerError(error)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let indexKey = opened.index.order.foldHeadword(Array(location.headword.utf8)[...])
            let fallback = PlainTextFormat.displayHeadword(
                firstLine: text.split(separator: "\n", maxSplits: 1).first ?? "", indexKey: indexKey,
                order: opened.index.order
            ) ?? location.headword.trimmingWhitespace()
            let entry = DictEntryBuilder.entry(
                text: text, headword: fallback, format: format, language: descriptor.languages.first,
                provenance: provenance, term: term
            )
            // The index sets punctuation aside (`c#at` finds *cat*, `U.S.` GCIDE's *Us*): an entry whose headword
            // writes other punctuation between its letters is another word's. The index's headword (GCIDE files
            // *Gastropoda* under `a`; a `utf8` index keeps no punctuation to compare) or the entry's (GCIDE's index
            // writes *Café* `Caf'e`) may say so.
            let written = opened.index.order == .utf8 ? [fallback, entry.headword] : [location.headword, entry.headword]
            guard written.contains(where: { IndexOrder.punctuationAgrees(term, $0) }) else { continue }
            entries.append(entry)
            if gcide { texts.append(text) }
        }
        if gcide { entries = Self.gcideEntriesOf(term, entries, texts: texts) }
        if case .freedict = format, entries.count > 1 { entries = Self.usualFirst(entries) }
        return LookupResult(entries: entries.filter { !$0.isEmpty })
    }

    /// A FreeDict word's entries (one per meaning, in the database's order, which is alphabetical by translation:
    /// `house` began with *Geschlecht* and *Familie*, `Haus` with *establishment*), the one with the most examples
    /// first — the usual meaning, the one the dictionary illustrates (*Haus*: six; *house*: eight) — ties in the
    /// database's order. A card saved from the answer takes its first translation for the meaning.
    static func usualFirst(_ entries: [Entry]) -> [Entry] {
        let examples = entries.map { $0.translations.reduce(0) { $0 + $1.examples.count } }
        let order = entries.indices.sorted { (examples[$0], $1) > (examples[$1], $0) }
        return order.elementsEqual(entries.indices) ? entries : order.map { entries[$0] }
    }

    /// GCIDE's index files an entry under words that only occur in it — a compound's plural (`men`: *Henchman*,
    /// *Keelman*, pl. *-men*), a suffix's form (`goes`: *Archipelago*, pl. *-goes*), a cross-reference. Of the entries
    /// headed otherwise than the word, those that name it as a word they define (``namesTerm(_:in:)``: *Eat* for
    /// `ate`, *Man* for `men`, *Caliber* for `calibre`) are kept; and an affix (*-ate*, *Is-*) only when no entry is
    /// headed by the word itself. Of 3,000 GCIDE index words (every eighth of the index), 4 lose their answer (filed
    /// under a word only another entry's text mentions), 2,995 keep one.
    static func gcideEntriesOf(_ term: String, _ entries: [Entry], texts: [String]) -> [Entry] {
        // Case and accents aside (`cafe` is headed *Café*), and hyphens as spaces (*Ice-cream*).
        func folded(_ text: String) -> String {
            let lower = text.lowercased()
            let plain = DiacriticFolding.fold(lower) ?? lower
            return plain.split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: " ")
        }
        let wanted = folded(term), affix = isAffix(term)
        let headedAsTyped = entries.map { folded($0.headword) == wanted }
        // An entry headed as typed, affix or not: then the other kind goes (`ate` is not *-ate*, `-ate` not *Ate*).
        let exact = entries.indices.contains { headedAsTyped[$0] && isAffix(entries[$0].headword) == affix }
        var kept: [Entry] = []
        for (index, (entry, text)) in zip(entries, texts).enumerated() {
            if headedAsTyped[index] {
                if isAffix(entry.headword) != affix && exact { continue }
                kept.append(entry)
            } else if namesTerm(term, in: text) {
                kept.append(entry)
            }
        }
        return kept
    }

    private static func isAffix(_ word: String) -> Bool { word.hasPrefix("-") || word.hasSuffix("-") }

    /// Whether GCIDE's entry `text` names `term` in braces anywhere — as a form (`[imp. {Ate}`, `pl. {Men}`), a variant
    /// (`{Calibre}`), a run-on derivative (`-- {Can"cer*ous*ly}`) or a phrase (`{Canal lock}`), its markup aside — as
    /// its index's filing of a word it defines does; a word that only occurs in its text (`{Henchmen}`, `{-goes}`,
    /// `{Light wine}`) is not named so.
    static func namesTerm(_ term: String, in text: String) -> Bool {
        // Letters, digits and spaces, lower case, accents and markup (stress `"`, syllables `*`, `[ae]`) aside.
        func key(_ text: Substring) -> String {
            var lower = text.lowercased()
            if lower.contains("æ") || lower.contains("œ") || lower.contains("[ae]") || lower.contains("[oe]") {
                for (ligature, letters) in [("æ", "ae"), ("œ", "oe"), ("[ae]", "ae"), ("[oe]", "oe")] {
                    lower = lower.replacing(ligature, with: letters)
                }
            }
            let plain = DiacriticFolding.fold(lower) ?? lower
            let kept = String(plain.unicodeScalars.filter { $0 == " " || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
                .map(Character.init))
            return kept.split(separator: " ").joined(separator: " ")
        }
        let wanted = key(Substring(term))
        guard !wanted.isEmpty else { return false }
        // The names of its heads, each before its respelling (`Caliber \Cal"i*ber\, Calibre \Cal"ibre\, n.`; `Classic
        // \Clas"sic\ (kl[a^]s"s[i^]k), Classical \Clas"sic*al\`; `space bar \space bar\ or space key \space key\`),
        // wherever a head starts (`[Webster 1913 Suppl.] blue-pencil \blue-pencil\ v. t.`).
        let parts = text.split(separator: "\\", omittingEmptySubsequences: false)
        for index in stride(from: 0, to: parts.count - 1, by: 2) {
            var name = parts[index]
            while name.last == " " || name.last == "\n" { name = name.dropLast() }  // `Catadioptrical\n   \Cat…\`
            if let end = name.lastIndex(where: { $0 == ")" || $0 == "]" || $0 == "\n" || $0 == "." }) {
                name = name[name.index(after: end)...]
            }
            name = name.drop { $0 == "," || $0 == " " }
            if name.hasPrefix("or ") { name = name.dropFirst(3) }
            // (An affix named in the head, `-art`, is no word, nor a word an affix.)
            if isAffix(String(name)) == isAffix(term), key(name) == wanted { return true }
        }
        // A synonym the entry lists (`Syn: internalize, internalise, interiorize.`).
        for line in text.split(separator: "\n") where line.drop(while: { $0 == " " }).hasPrefix("Syn:") {
            let items = line.drop(while: { $0 == " " }).dropFirst(4).split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "." })
            if items.contains(where: { key($0) == wanted }) { return true }
        }
        // A name in braces the entry defines — a form (`[imp. {Ate}`, `pl. {Men}`), a run-on derivative (`--
        // {Can"cer*ous*ly}`), a phrase (`{Canal lock}, a lock …`), a name it is called by (`called also {calico bug}`)
        // — but not a cross-reference (`See {Go}.`, `Cf. {Go}`, `See {Am} and {Is}`) nor the word it is a form of
        // (`p. pr. of {Go}`).
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let named = after[..<close]
            rest = after[after.index(after: close)...]
            // A form of an affix (`{-goes}`, `pl. -{men}`) is no word of its own, nor a word an affix.
            let affix = isAffix(String(named)) || (open > text.startIndex && text[text.index(before: open)] == "-")
            guard affix == isAffix(term), key(named) == wanted else { continue }
            // A list's marker (`({a}) The Streptoneura …`, `{(b)} Libration in latitude`), or a letter the text
            // mentions (`as, {p}, {b}, {d}`, `{C} for carbon`): a name of one character is never a word it defines.
            if wanted.count == 1 || isListMarker(named, in: text, open: open, close: after.index(after: close)) { continue }
            // The clause before it, back to the last period, semicolon or bracket.
            let clause = text[..<open].reversed().prefix { $0 != "." && $0 != ";" && $0 != "[" && $0 != "]" }
            let words = String(clause.reversed()).split(whereSeparator: { $0 == " " || $0 == "\n" })
            // A cross-reference: `See {Go}`, `See {Am} and {Is}`, `cf. {Go}`, `under {China}`; the lemma of a form:
            // `p. pr. of {Go}` (its clause, after the abbreviation's period, is `of` alone).
            if ["See", "see", "Cf", "cf", "under"].contains(words.last ?? "") || ["See", "Cf"].contains(words.first ?? "")
                || words == ["of"] {
                continue
            }
            return true
        }
        return false
    }

    /// Whether the braces `text[open..<close]` around `named` mark an item of a list, in parentheses inside or out:
    /// `({a})`, `{(iv)}`.
    private static func isListMarker(_ named: Substring, in text: String, open: String.Index, close: String.Index) -> Bool {
        let inner = named.hasPrefix("(") && named.hasSuffix(")") ? named.dropFirst().dropLast()
            : open > text.startIndex && text[text.index(before: open)] == "(" && close < text.endIndex && text[close] == ")" ? named
            : nil
        // (Lower-case letters or digits: `({HgO})` is a formula.)
        guard let inner, !inner.isEmpty, inner.count <= 4 else { return false }
        return inner.allSatisfy { $0.isASCII && $0.isLowercase } || inner.allSatisfy { $0.isASCII && $0.isNumber }
    }

    func open() throws(ProviderError) -> OpenOnce.Files {
        switch files.get() {
        case .success(let files): return files
        case .failure(let error): throw providerError(error)
        }
    }

    private func providerError(_ error: DictFileError) -> ProviderError {
        ProviderError(
            error.kind == .unreadable ? .unavailable : .malformedResponse,
            provider: descriptor.id, message: error.description, location: error.path
        )
    }

    func checkCancellation() throws(ProviderError) {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: descriptor.id, message: "cancelled") }
    }
}

/// Opens a database's files the first time they are needed, once, and remembers the outcome.
final class OpenOnce: Sendable {
    struct Files: Sendable {
        let index: DictIndex
        let body: any DictBody
    }

    private let indexPath: String
    private let bodyPath: String?
    private let state = MutexBox<Result<Files, DictFileError>?>(nil)
    /// When the files could not be opened: what was at their paths then (nil: nothing), compared by ``isOutdated``
    /// (a database met half-way through a package upgrade is opened again once the files are in place).
    private let failedWith = MutexBox<[FileIdentity?]>([])

    /// The paths whose files make the database: the index, and the text (either name when none was found).
    private var paths: [String] {
        let base = indexPath.hasSuffix(".index") ? String(indexPath.dropLast(6)) : indexPath
        return [indexPath] + (bodyPath.map { [$0] } ?? [base + ".dict.dz", base + ".dict"])
    }

    init(indexPath: String, bodyPath: String?) {
        self.indexPath = indexPath
        self.bodyPath = bodyPath
    }

    func get() -> Result<Files, DictFileError> {
        state.withValue { value in
            if let value { return value }
            let result = Result<Files, DictFileError> { () throws(DictFileError) -> Files in
                guard let bodyPath else {
                    let base = indexPath.hasSuffix(".index") ? String(indexPath.dropLast(6)) : indexPath
                    throw DictFileError(
                        path: indexPath, problem: "no \(base).dict.dz or \(base).dict beside it", kind: .unreadable
                    )
                }
                let index = try DictIndex(path: indexPath)
                let body: any DictBody = bodyPath.hasSuffix(".dz")
                    ? try DictzipBody(path: bodyPath) : try PlainDictBody(path: bodyPath)
                return Files(index: index, body: body)
            }
            value = result
            if case .failure = result { failedWith.withValue { $0 = paths.map { FileIdentity(path: $0) } } }
            return result
        }
    }

    /// Whether a file opened has since been replaced at its path or removed (a package upgrade while a server
    /// runs), or files that could not be opened have changed since; false before they are opened, and for built-in
    /// files.
    var isOutdated: Bool {
        switch state.withValue({ $0 }) {
        case nil: return false
        case .success(let files):
            return [(files.index.file.identity, files.index.file.path), (files.body.identity, files.body.path)]
                .contains { identity, path in identity?.isReplaced(at: path) ?? false }
        case .failure:
            return failedWith.withValue { $0 } != paths.map { FileIdentity(path: $0) }
        }
    }
}
