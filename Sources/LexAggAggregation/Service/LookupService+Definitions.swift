import LexAggCore
import Logging

extension LookupService {
    // MARK: Definitions

    /// Providers chosen for defining words of one language: look up one word, or many.
    public struct Definitions: Sendable {
        let service: LookupService
        public let language: Language?
        public let target: Language?
        let options: AggregationOptions
        /// The providers asked, in priority order, behind the cache.
        public let definers: [any DefinitionProviding]
        /// The providers that know lemmas of inflected forms (WordNet's morphology), for the lemma fallback.
        let lemmatizers: LazyLemmatizers
        let translators: [any TranslationProviding]
        /// Offline translating dictionaries not asked to define, told of when nothing defined the word.
        let elsewhere: [any TranslationProviding]
        /// Providers left out, and why.
        public let notes: [ServiceNote]
        let suggest: Bool
        /// Entries in these languages come first (the word's language when it is given, else the reader's).
        let readerLanguages: [Language]

        /// The ids of the providers asked.
        public var providerIDs: [ProviderID] { definers.map { $0.descriptor.id } }
        /// The ids of the providers asked for translations (``LookupService/definitions(language:translatingTo:options:)``).
        public var translatorIDs: [ProviderID] { translators.map { $0.descriptor.id } }

        /// Looks `query` up: every provider within the time limits; when nothing knew it, the lemma the providers that
        /// did not know it give for the word as typed, then looser spellings, then the other lemma fallbacks; exact
        /// spellings first, a merge when several providers answered, and close spellings when none did — all within
        /// one deadline.
        @_specialize(exported: true, where C == ContinuousClock)
        public func lookUp(_ query: LookupQuery) async -> LookupAnswer {
            let clock = service.clock
            let logger = service.logger
            let end = clock.now.advanced(by: options.deadline)
            var result = await Aggregator(options: options, clock: clock).define(query, using: definers)
            var matchedAs: String?
            var lemmas: [LemmaNote] = []
            // Lemmas: an inflected form a provider did not know is looked up as its lemma there (`walked` → `walk`),
            // and a form-of entry brings its lemma's entries (`plural of house` → `house`), within the deadline.
            // A form the dictionary that lacks the word lists itself (its morphology, an imported dump's `forms`) is
            // the word as typed, and comes before a looser spelling, which may be another word (French `mangé` is a
            // form of `manger`; `mange`, an English noun).
            let ownAskedAsTyped = !result.isFound && !result.allFailed
            if ownAskedAsTyped {
                (result, lemmas) = await followLemmas(of: query, in: result, matchedAs: nil, onlyOwnAsTyped: true, until: end)
            }
            if !result.isFound && !result.allFailed {
                // Nothing as typed: try looser spellings with the providers that said "not found", within what is
                // left of the deadline.
                let retry = notFound(in: result).providers
                for variant in Normalization.looserVariants(of: query.term) {
                    guard !retry.isEmpty, let remaining = remainingOptions(asking: retry, until: end),
                          let looser = try? LookupQuery(variant, language: query.language)
                    else { break }
                    logger.info("'\(query.term)' not found; trying '\(variant)' (\(formatSeconds(remaining.deadline)) left)")
                    let second = await Aggregator(options: remaining, clock: clock).define(looser, using: retry)
                    if second.isFound {
                        result = second
                        // (Unless the spelling differs by more than case and every entry is headed as typed: GCIDE's
                        // index has `Cafe`, its entry *Café*.)
                        let typed = query.term.lowercased()
                        let headedAsTyped = variant.lowercased() != typed && !second.entries.isEmpty
                            && second.entries.allSatisfy { $0.headword.lowercased() == typed }
                        matchedAs = headedAsTyped ? nil : variant
                        break
                    }
                }
            }
            if !result.allFailed, lemmas.isEmpty {
                // A dictionary that lacks the word asks its own morphology for it as typed too when the others found
                // it only under another headword (GCIDE answers `walked` with its entry *Walk*) — not when one has
                // it as a headword of its own (WordNet's *means* is no plural of *mean*; README's `glasses`) — unless
                // that dictionary also files the word under another headword (GCIDE answers `was` with *Was* and *Be*).
                // (Only asked when some provider said "not found": most lookups have none to ask again.)
                let knownAsItself = result.outcomes.contains { $0.status == .empty } && hasOwnEntry(for: query.term, in: result.entries)
                    && !filedUnderAnotherHeadword(query.term, in: result.entries)
                (result, lemmas) = await followLemmas(
                    of: query, in: result, matchedAs: matchedAs, ownAskedAsTyped: ownAskedAsTyped || knownAsItself,
                    until: end
                )
            }
            if let target, let source = query.language, !translators.isEmpty,
               let translation = try? TranslationQuery(query.term, from: source, to: target)
            {
                var remaining = options
                remaining.deadline = max(.zero, clock.now.duration(to: end))
                var translated = await Aggregator(options: remaining, clock: clock).translate(translation, using: translators)
                // An inflected form the translators do not know: its lemmas' translations (`mangé` → manger's;
                // `leaves` → leaf's and leave's).
                if translated.entries.isEmpty, !lemmas.isEmpty, let (found, _) = await service.translate(
                    lemmas: lemmas.map(\.formOf.lemma), of: translation.pair, using: translators, limits: options, until: end
                ) {
                    translated = found
                }
                result.entries += translated.entries
                result.outcomes += translated.outcomes
            }
            service.log(result)
            result.entries.removeAll { $0.isEmpty }
            result.entries = Normalization.exactFirst(result.entries, term: matchedAs ?? query.term)
            // One provider's answer is shown as it gave it (its entries already are its own structure); several
            // providers' answers are merged and ranked (see SenseMerger for the rules).
            var scores: [[[SenseScore]]] = []
            if Set(result.entries.map { $0.provenance.provider }).count > 1 {
                // The merger takes entries in provider priority order (its "best source first" breaks ties by it);
                // the lemma fallback appended a lemma's entries after the form's, so they are put back in that order.
                let priority = Dictionary(definers.enumerated().map { ($1.descriptor.id, $0) }) { first, _ in first }
                let ordered = result.entries.enumerated().sorted {
                    (priority[$0.element.provenance.provider] ?? definers.count, $0.offset)
                        < (priority[$1.element.provenance.provider] ?? definers.count, $1.offset)
                }.map { $0.element }
                let merged = SenseMerger(configuration: service.configuration.merge).merge(ordered, query: query.term)
                logger.debug("merged \(result.entries.count) entries into \(merged.entries.count)")
                result.entries = merged.entries
                scores = merged.scores
            }
            if !readerLanguages.isEmpty {
                let order = Normalization.readersFirst(result.entries.map { $0.language }, readerLanguages)
                if !order.elementsEqual(result.entries.indices) {  // else nothing to move (and copy)
                    result.entries = order.map { result.entries[$0] }
                    if !scores.isEmpty { scores = order.map { scores[$0] } }
                }
            }
            var suggestions: [String] = []
            // A word without a letter or digit (an emoji, punctuation) has no close spellings: every one-letter word
            // is one edit from it.
            if suggest && !result.isFound && !result.allFailed
                && query.term.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                suggestions = await self.suggestions(for: query, until: end)
            }
            var answer = LookupAnswer(
                term: query.term, language: query.language, targetLanguage: target, result: result, scores: scores,
                matchedAs: matchedAs, lemmas: lemmas, suggestions: suggestions, notes: notes
            )
            if !result.isFound { answer.translatableBy = await translatable(query) }
            return answer
        }

        /// The offline translating dictionaries that have `query` in a direction from its language (from any, when
        /// it is not given), each once: `lookup Haus --lang de` found nothing to define it where FreeDict's
        /// German–English has it.
        func translatable(_ query: LookupQuery) async -> [TranslationHint] {
            var hints: [TranslationHint] = []
            for translator in elsewhere {
                for pair in translator.descriptor.translationPairs where query.language.map(pair.source.matches) ?? true {
                    guard let asked = try? TranslationQuery(query.term, from: pair.source, to: pair.target),
                          let found = try? await translator.translate(asked), !found.isEmpty
                    else { continue }
                    hints.append(TranslationHint(provider: translator.descriptor.id, pair: pair))
                    break
                }
            }
            return hints
        }

        /// Close spellings from every matching provider — offline ones inline, online ones concurrently, all within
        /// what is left of the deadline — ranked together by ``SpellingRanker`` (typing cost with swaps, keyboard
        /// neighbours and doubled letters, sound, agreement), with the English function words WordNet lacks as one
        /// more source for a word that may be English.
        func suggestions(for query: LookupQuery, until end: C.Instant) async -> [String] {
            let clock = service.clock
            let limit = service.configuration.suggestionLimit
            // Each provider gives more candidates than are shown: the ranking, not the provider, decides.
            let candidates = max(limit * 4, 20)
            let matchers = definers.compactMap { $0.asMatcher }
            guard !matchers.isEmpty else { return [] }
            var lists = [[String]](repeating: [], count: matchers.count)
            let online = matchers.indices.filter { !matchers[$0].descriptor.runsInline }
            for index in matchers.indices where matchers[index].descriptor.runsInline {
                lists[index] = (try? await matchers[index].suggestions(for: query, limit: candidates)) ?? []
            }
            let left = clock.now.duration(to: end)
            if !online.isEmpty && left > .zero {
                let found = await withTaskGroup(of: (Int, [String]).self) { group in
                    for index in online {
                        let matcher = matchers[index]
                        group.addTask { @concurrent in
                            let words = try? await Aggregator<C>.withTimeout(left, clock: clock, provider: matcher.descriptor.id) {
                                try await matcher.suggestions(for: query, limit: candidates)
                            }
                            return (index, words ?? [])
                        }
                    }
                    var found: [(Int, [String])] = []
                    for await pair in group { found.append(pair) }
                    return found
                }
                for (index, words) in found { lists[index] = words }
            } else if !online.isEmpty {
                service.logger.info("no time left to ask \(online.map { matchers[$0].descriptor.id.rawValue }.joined(separator: ", ")) for close spellings")
            }
            if query.language.map({ $0.primary == Language.english.primary }) ?? true {
                lists.append(EnglishFunctionWords.near(query.term))
            }
            let ranked = SpellingRanker.scored(query.term, candidates: lists, language: query.language)
            service.logger.debug("close spellings of '\(query.term)': \(ranked.prefix(limit * 2).map { "\($0.word) \(($0.score * 100).rounded() / 100)" }.joined(separator: ", "))")
            return Array(ranked.prefix(limit).map(\.word))
        }
    }

    /// Providers chosen for random words of one language: the first that answers gives the words.
}

/// Whether a provider that has an entry headed by `term` (case aside) also answered it with an entry of another
/// headword: the dictionary files the word under its lemma too (GCIDE's `was`: *Was* and *Be*).
private func filedUnderAnotherHeadword(_ term: String, in entries: [Entry]) -> Bool {
    let lowered = term.lowercased()
    let own = Set(entries.filter { $0.headword.lowercased() == lowered }.map(\.provenance.provider))
    return entries.contains { $0.headword.lowercased() != lowered && own.contains($0.provenance.provider) }
}

/// Whether `entries` have one headed by `term` itself (case aside) with a sense that is not only a form of another
/// word, and none that is only a form: then `term` is a word of its own there, not an inflected form. A dictionary
/// that has both (GCIDE's *Went*: an obsolete noun, and the past tense of *wend*) says it is a form too, and the
/// morphology of the others is asked (`went` → *go*). By index: `allSenses` copies every sense.
private func hasOwnEntry(for term: String, in entries: [Entry]) -> Bool {
    let lowered = term.lowercased()
    var own = false
    for index in entries.indices where entries[index].headword.lowercased() == lowered {
        let groups = entries[index].senseGroups
        var senses = 0, forms = 0
        for group in groups.indices {
            senses += groups[group].senses.count
            forms += groups[group].senses.count { $0.formOf != nil }
        }
        if senses > 0, forms == senses {
            // A form of itself (GCIDE's `Read: imp. & p. p. of {Read}`) or an obsolete one (`Red: obs. imp. of
            // {Read}`) says nothing of what the word is now.
            guard let first = groups.lazy.flatMap(\.senses).first?.formOf,
                  first.lemma.lowercased() != lowered, !isObsolete(first, in: groups)
            else { continue }
            return false
        }
        if forms < senses { own = true }
    }
    return own
}
