import LexAggCore
import LexAggDictFormats

/// Random words of a FreeDict database's source language, from its index: `random --lang de` offline, where the
/// only German dictionary on the machine is FreeDict's German–English. Only the databases with
/// ``ProviderCapabilities/randomWords`` are asked (the lookup service chooses by capability): FreeDict's from a
/// language other than English. English has the `wordlist` provider; WordNet and GCIDE give none.
///
/// The words are the index's headwords that are one word of letters (no phrases, abbreviations, numbers or
/// acronyms), each shown as its entry heads it: lower case, or capitalised in a language that capitalises its nouns
/// (German; a German name such as *Nürnberg* cannot be told from a noun). The lines are found on the first request
/// and kept for the provider's lifetime; each is equally likely.
extension DictDatabase: RandomWordProviding {
    public func randomWords(_ request: RandomWordRequest) async throws -> [String] {
        var generator = SystemRandomNumberGenerator()
        return try randomWords(request, using: &generator)
    }

    /// ``randomWords(_:)`` with a chosen random number generator (tests use a seeded one).
    package func randomWords(_ request: RandomWordRequest, using generator: inout some RandomNumberGenerator) throws(ProviderError)
        -> [String]
    {
        guard case .freedict(let pair) = format, request.language.map({ pair.source.matches($0) }) ?? true else {
            throw ProviderError(.unsupportedLanguage, provider: descriptor.id, message: "gives no random \(request.language?.englishName ?? "") words")
        }
        guard request.count >= 1 else {
            throw ProviderError(.invalidQuery, provider: descriptor.id, message: "ask for at least one word")
        }
        let index = try open().index
        let lines = randomWordLines.withValue { lines in
            // (The keys are folded to lower case: which are names is seen in their entries.)
            if lines == nil { lines = Self.wordLines(of: index, capitalisedNouns: true) }
            return lines ?? []
        }
        guard !lines.isEmpty else {
            throw ProviderError(.unavailable, provider: descriptor.id, message: "its index has no single words to choose from")
        }
        // The index's keys are folded (`haus`): each word is shown as its entry heads it (`Haus`), and a name
        // (French `guinée`, headed *Guinée*) is passed over for another.
        let capitalised = Self.capitalisesNouns(pair.source)
        var picked = Set<Int>()
        var words: [String] = []
        let wanted = min(request.count, lines.count)
        var attempts = 0
        while words.count < wanted && attempts < wanted * 20 + 100 && picked.count < lines.count {
            try checkCancellation()
            attempts += 1
            let line = lines[Int.random(in: 0..<lines.count, using: &generator)]
            guard picked.insert(line).inserted else { continue }
            let key = String(decoding: index.headwordBytes(line, index.lineEnd(from: line)), as: UTF8.self)
            let headwords = ((try? entries(for: key))?.entries ?? []).map(\.headword)
            guard let word = headwords.first(where: { Self.isWord(ArraySlice($0.utf8), capitalisedNouns: capitalised) }),
                  !words.contains(word)
            else { continue }
            words.append(word)
        }
        guard !words.isEmpty else {
            throw ProviderError(.unavailable, provider: descriptor.id, message: "found no single words in its index to choose from")
        }
        return words
    }

    /// Languages whose nouns are written with a capital: there a capitalised headword is a word, elsewhere a name.
    static func capitalisesNouns(_ language: Language) -> Bool { ["de", "lb", "gsw"].contains(language.primary) }

    /// Where each usable headword's line starts; a headword listed on several lines once.
    static func wordLines(of index: DictIndex, capitalisedNouns: Bool) -> [Int] {
        let bytes = index.file.bytes
        var lines: [Int] = []
        var previous: ArraySlice<UInt8> = []
        var start = 0
        while start < bytes.count {
            let end = index.lineEnd(from: start)
            let headword = index.headwordBytes(start, end)
            if headword != previous, isWord(headword, capitalisedNouns: capitalisedNouns) { lines.append(start) }
            previous = headword
            start = end + 1
        }
        return lines
    }

    /// One word of two to thirty letters; its first lower case (or a capital where nouns have one), the rest lower
    /// case: not `ab.`, `z. B.`, `ABC`, `Paris` in French, `2CV` or `zu Hause`.
    static func isWord(_ headword: ArraySlice<UInt8>, capitalisedNouns: Bool) -> Bool {
        guard headword.count >= 2, headword.count <= 120, headword.first != UInt8(ascii: " ") else { return false }
        if headword.allSatisfy({ $0 >= 0x61 && $0 <= 0x7A }) { return true }  // the usual case: ASCII lower case
        let text = String(decoding: headword, as: UTF8.self)
        var count = 0
        for character in text {
            count += 1
            guard character.isLetter, count <= 30 else { return false }
            if character.isUppercase && !(count == 1 && capitalisedNouns) { return false }
        }
        return count >= 2 && !text.contains("\u{FFFD}")
    }
}
