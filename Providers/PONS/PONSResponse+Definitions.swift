#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// The monolingual `dede` dictionary's answers: definitions in German, `target` empty.
extension PONSResponse {
    /// Entries for a definition query in `dede`: definitions in `source`, `target` empty.
    package static func definitionEntries(
        from directions: [Direction], query: String, provenanceSource: String, retrievedAt: Date
    ) -> [Entry] {
        let provenance = Provenance(provider: .pons, source: provenanceSource, retrievedAt: retrievedAt)
        var entries: [Entry] = []
        for direction in directions {
            let language = direction.lang.flatMap(Language.init) ?? .german
            for hit in direction.hits {
                var wireEntries: [WireEntry] = []
                switch hit {
                case .entry(let entry): wireEntries = [entry]
                case .withSecondaryEntries(let primary, let secondary): wireEntries = (primary.map { [$0] } ?? []) + secondary
                case .translation, .other: continue
                }
                for rom in wireEntries.flatMap(\.roms) {
                    if let entry = definitionEntry(rom, language: language, provenance: provenance) {
                        entries.append(entry)
                    } else if headword(of: rom).isEmpty, let note = cultureNote(rom, provenance: provenance),
                        let last = entries.indices.last
                    {
                        // A rom without a headword after an entry is that entry's culture note (Bier's "Eines der
                        // beliebtesten Getränke …"): a block of its own, with no part of speech.
                        entries[last].senseGroups.append(SenseGroup(partOfSpeech: nil, senses: [note]))
                    }
                }
            }
        }
        // A definition lookup is about the word asked for; related headwords only when nothing matches exactly.
        let exact = entries.filter { $0.headword.lowercased() == normalizedHeadword(query).lowercased() }
        return exact.isEmpty ? entries : exact
    }

    /// One rom as an entry with senses; `nil` for roms without a headword (culture notes) or definitions. A rom
    /// whose arabs are empty has its definition in `headword_full` (`bi̱ ADJ inf (bisexuell)`).
    static func definitionEntry(_ rom: Rom, language: Language, provenance: Provenance) -> Entry? {
        let headword = headword(of: rom)
        guard !headword.isEmpty else { return nil }
        var senses: [Sense] = []
        var compounds: [String] = []
        for arab in rom.arabs {
            for item in arab.translations {
                let extraction = split(item.source)
                let text = extraction.text
                guard !text.isEmpty else { continue }
                if text.hasPrefix("■") {
                    // The compound list (`■ -abend, -bauch, …, Weizen-`): words, not an example sentence.
                    compounds += self.compounds(text, of: headword)
                    continue
                }
                let kind = leadingClass(item.source)
                if kind != "definition", kind != nil, let last = senses.indices.last {
                    // Its labels spelled out after it ("das ist nicht mein Bier (informal, …)"; it read "… Bier inf").
                    senses[last].examples.append(labelled(extraction))
                    continue
                }
                let labels = extraction.notes.filter { $0.className != "sense" }.map(\.text)
                senses.append(Sense(definition: text, labels: deduplicated(labels), sources: [provenance]))
            }
        }
        if senses.isEmpty {
            let full = split(rom.headwordFull)
            let meaning = full.notes.filter { $0.className == "sense" }.map { stripParentheses($0.text) }
                .joined(separator: ", ")
            if !meaning.isEmpty {
                let labels = full.notes.filter { ["style", "region", "topic", "rhetoric", "restriction"].contains($0.className) }
                senses.append(Sense(definition: meaning, labels: deduplicated(labels.map(\.text)), sources: [provenance]))
            }
        }
        if !compounds.isEmpty {
            senses.append(Sense(definition: compounds.joined(separator: ", "), labels: ["compounds"], sources: [provenance]))
        }
        guard !senses.isEmpty else { return nil }
        let partOfSpeech = rom.wordclass.map(HTMLText.collapse).flatMap { $0.isEmpty ? nil : PartOfSpeech($0) }
        return Entry(
            headword: headword, language: language, pronunciations: pronunciations(of: rom, provenance: provenance),
            senseGroups: [SenseGroup(partOfSpeech: partOfSpeech, senses: senses, labels: genders(of: rom))],
            provenance: provenance
        )
    }

    /// The headword's grammatical gender as `headword_full` gives it: dede's article (`<span class="genus">das</span>
    /// Bi̱e̱r` → neuter), a bilingual dictionary's abbreviation (`<acronym title="masculine">m</acronym>` → masculine).
    static func genders(of rom: Rom) -> [String] {
        let articles = ["der": "masculine", "die": "feminine", "das": "neuter"]
        let parts = HTMLText.extract(rom.headwordFull, options: HTMLText.Options(
            expandAcronyms: true, setAsideClasses: ["genus"]
        )).setAside
        return deduplicated(parts.map { part in
            let text = stripParentheses(part.text)
            return articles[text.lowercased()] ?? text
        })
    }

    /// `■ -abend, -trinker(in), Weizen-` under Bier → Bierabend, Biertrinker(in), Weizenbier: the dash stands for
    /// the headword, which leads a compound in lower case only when it follows.
    package static func compounds(_ text: String, of headword: String) -> [String] {
        let list = text.drop { $0 == "■" || $0 == " " }
        return list.split(separator: ",").compactMap { item -> String? in
            let item = HTMLText.collapse(String(item))
            guard !item.isEmpty else { return nil }
            if item.hasPrefix("-") { return headword + item.dropFirst() }
            if item.hasSuffix("-") { return item.dropLast() + headword.prefix(1).lowercased() + headword.dropFirst() }
            return item
        }
    }

    /// A culture note's text (a rom with `headword: ""`), white space collapsed.
    static func cultureNote(_ rom: Rom, provenance: Provenance) -> Sense? {
        let text = rom.arabs.flatMap(\.translations).map { cleanText($0.source) }.filter { !$0.isEmpty }
            .joined(separator: "\n")
        return text.isEmpty ? nil : Sense(definition: text, sources: [provenance])
    }
}
