#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// What PONS's HTML strings hold: labels and grammar notes, headwords, pronunciations, segments.
extension PONSResponse {
    /// Classes whose text is a grammatical or usage note rather than part of a translation.
    /// (`category`: "prov", "idiom" after a phrase; `grammar SUBST`: a compound's gender; `restriction`: "spec",
    /// "childspeak"; `object-case`: the case a translation governs, defr's `nach +Dat`; `explanation`: a gloss beside
    /// a translation, deen's `Katzentür (klappenartiger enger Durchlass …)`.)
    static let noteClasses: Set<String> = [
        "genus", "style", "region", "topic", "rhetoric", "sense", "number", "info", "category", "grammar",
        "restriction", "object-case", "explanation",
    ]

    /// The text of `html` without its notes (abbreviations kept as PONS prints them: `sb`, `qn`, `etw`), and the
    /// notes with abbreviations expanded (`f` → `feminine`, `inf` → `informal`).
    /// A target that is only an explanation (alley cat's `jd mit lockerem Lebenswandel`, the Big Apple's `New York`)
    /// keeps it as its text.
    static func split(_ html: String) -> (text: String, notes: [HTMLText.Extraction.Part]) {
        let html = spellingOutCases(html)
        var classes = noteClasses
        var text = HTMLText.extract(html, options: HTMLText.Options(setAsideClasses: classes)).text
        if text.isEmpty, hasClass(html, "explanation") {
            classes.remove("explanation")
            text = HTMLText.extract(html, options: HTMLText.Options(setAsideClasses: classes)).text
        }
        let notes = HTMLText.extract(html, options: HTMLText.Options(expandAcronyms: true, setAsideClasses: classes))
        return (withoutSpaceBeforeCommas(text), notes.setAside)
    }

    /// Classes that say what a translation is said of: `collocator` (`cut <span class="collocator">grass</span>` ⇒
    /// tondre), `subject` (`tomber <span class="subject">personne:</span>` ⇒ [hin]fallen) and `colloc` (`tomber
    /// <span class="colloc">(femme)</span>` ⇒ erobern).
    static let collocatorClasses: Set<String> = ["collocator", "colloc", "subject"]

    /// An example's or phrase's text with its notes, what it is said of among them (`after 6 May <span
    /// class="collocator">since then</span>` → "after 6 May" and "since then"; it ran into the phrase).
    static func phraseSplit(_ html: String) -> (text: String, notes: [HTMLText.Extraction.Part]) {
        let html = spellingOutCases(html)
        let classes = noteClasses.union(collocatorClasses)
        let text = HTMLText.extract(html, options: HTMLText.Options(setAsideClasses: classes)).text
        var notes = HTMLText.extract(html, options: HTMLText.Options(expandAcronyms: true, setAsideClasses: classes))
            .setAside
        for index in notes.indices where collocatorClasses.contains(notes[index].className) {
            notes[index].text = collocatorText(notes[index].text)
        }
        return (withoutSpaceBeforeCommas(text), notes.filter { !$0.text.isEmpty })
    }

    /// `personne, bouteille, chaise:` → `personne, bouteille, chaise`; `(femme)` → `femme`.
    static func collocatorText(_ text: String) -> String {
        var text = Substring(text.trimmingWhitespace())
        while let last = text.last, last == ":" || last == " " { text = text.dropLast() }
        return stripParentheses(String(text))
    }

    /// A grammatical case inside a phrase spelled out where it stands: `sich <span class="case"><acronym
    /// title="accusative">acc</acronym></span> freuen` → "sich (accusative) freuen" (it read "sich acc freuen").
    static func spellingOutCases(_ html: String) -> String {
        guard html.contains("case") else { return html }
        var out = ""
        var rest = Substring(html)
        while let start = openingTags(in: rest).first(where: { $0.name == "span" && $0.classes.contains("case") }) {
            let after = rest[start.end...]
            guard let end = after.firstRange(of: "</span>") else { break }
            out += rest[..<start.start]
            let name = HTMLText.plainText(String(after[..<end.lowerBound]), options: HTMLText.Options(expandAcronyms: true))
            if !name.isEmpty { out += "(" + name + ")" }
            rest = after[end.upperBound...]
        }
        return out + rest
    }

    /// Clean text, abbreviations kept as PONS prints them (`sb`, `sth`).
    static func cleanText(_ html: String) -> String { withoutSpaceBeforeCommas(HTMLText.plainText(html)) }

    /// `triste , mais` → `triste, mais`: the space a note taken out of the text leaves before a comma (`triste
    /// <span class="info">(subj)</span>, mais`), and the one dezh writes between Chinese translations (`房屋 fángwū ,
    /// 房子 fángzi`). Spaces before other marks are a language's own (French `dégage !`) and stay, as does `but ...`.
    package static func withoutSpaceBeforeCommas(_ text: String) -> String {
        guard text.contains(" ,") else { return text }
        var out = ""
        var pendingSpaces = ""
        for character in text {
            if character == " " {
                pendingSpaces.append(character)
                continue
            }
            if character != "," { out += pendingSpaces }
            pendingSpaces = ""
            out.append(character)
        }
        return out + pendingSpaces
    }

    /// A sense header without its numbering and final colon (`1. Test (Versuch):` → `Test (Versuch)`).
    package static func headerContext(_ header: String, dropping classes: Set<String> = []) -> String? {
        let options = HTMLText.Options(expandAcronyms: true, dropClasses: classes)
        var text = Substring(withoutSpaceBeforeCommas(HTMLText.plainText(header, options: options)))
        let digits = text.prefix { $0.isNumber }
        if !digits.isEmpty, text.dropFirst(digits.count).first == "." {
            text = text.dropFirst(digits.count + 1).drop { $0 == " " }
        }
        while text.last == ":" || text.last == " " { text = text.dropLast() }
        return text.isEmpty ? nil : String(text)
    }

    /// A rom's headword, normalised; from `headword_full` when `headword` is empty.
    static func headword(of rom: Rom) -> String {
        let fromHeadword = normalizedHeadword(rom.headword)
        if !fromHeadword.isEmpty { return fromHeadword }
        let full = HTMLText.extract(rom.headwordFull, options: HTMLText.Options(
            setAsideClasses: ["phonetics", "flexion", "wordclass", "genus", "verbclass", "style", "region", "topic"]
        ))
        return normalizedHeadword(full.text)
    }

    /// PONS headword quirks removed: syllable dots (`tes·ten`), the stress marks U+0331 (`Bi̱e̱r`) and ˈ ˌ
    /// (`ˈal·ley cat`), the stem bar (`kráv|a`), the
    /// `_CDMBB_`/`_CDMBE_` markers (`H_CDMBB_au_CDMBE_s`), markup, and surrounding white space.
    package static func normalizedHeadword(_ text: String) -> String {
        var text = HTMLText.plainText(text)
        text = text.replacing("_CDMBB_", with: "").replacing("_CDMBE_", with: "")
        var scalars = String.UnicodeScalarView()
        // Also the stress marks ˈ ˌ of English compounds (`ˈal·ley cat`, `mad ˈcow disease`) and the inflection
        // stem bar of Slovene ones (`kráv|a`).
        let marks: Set<Unicode.Scalar> = ["\u{00B7}", "\u{0331}", "\u{02C8}", "\u{02CC}", "|"]
        for scalar in text.unicodeScalars where !marks.contains(scalar) {
            scalars.append(scalar)
        }
        return HTMLText.collapse(String(scalars))
    }

    /// The pronunciations in `headword_full` (`<span class="phonetics">[tɛst]</span>`), brackets removed. A list
    /// is split: `[ədˈvɜ:tɪsmənt, <region>Am</region> ˌædvərˈtaɪzmənt]` is the transcription and its American one
    /// (accent "American English"); a variant with another label (`[ˈapfəl, <info>Plː</info> ˈɛpfəl]`, the plural's)
    /// or a fragment of one (`Am -ˈkɑ:z`) is not a pronunciation of the headword and is left out.
    static func pronunciations(of rom: Rom, provenance: Provenance) -> [Pronunciation] {
        var result: [Pronunciation] = []
        for inner in spanContents(rom.headwordFull, className: "phonetics") {
            var html = Substring(inner.trimmingWhitespace())
            if html.first == "[", html.last == "]" { html = html.dropFirst().dropLast() }
            for (index, segment) in topLevelSegments(String(html)).enumerated() {
                let parts = HTMLText.extract(segment, options: HTMLText.Options(
                    expandAcronyms: true, setAsideClasses: ["region", "info", "style", "number"]
                ))
                let text = HTMLText.collapse(parts.text)
                guard !text.isEmpty else { continue }
                if index > 0 {
                    let isFragment = text.hasPrefix("-") || text.hasSuffix("-")
                    guard !isFragment, !parts.setAside.contains(where: { $0.className != "region" }) else { continue }
                }
                let accent = parts.setAside.filter { $0.className == "region" }.map(\.text).joined(separator: ", ")
                result.append(Pronunciation(
                    text: text, notation: .ipa, accent: accent.isEmpty ? nil : accent, provenance: provenance
                ))
            }
        }
        return result
    }

    /// The inner HTML of each `<span>` of class `className` in `html`, nested spans included.
    static func spanContents(_ html: String, className: String) -> [String] {
        var result: [String] = []
        var rest = Substring(html)
        while let start = openingTags(in: rest).first(where: { $0.name == "span" && $0.classes.contains(className) }) {
            var index = start.end
            var depth = 1
            var contentEnd = rest.endIndex
            while index < rest.endIndex {
                let tail = rest[index...]
                if tail.hasPrefix("<span") { depth += 1 } else if tail.hasPrefix("</span>") {
                    depth -= 1
                    if depth == 0 { contentEnd = index; break }
                }
                index = rest.index(after: index)
            }
            result.append(String(rest[start.end..<contentEnd]))
            rest = contentEnd < rest.endIndex ? rest[rest.index(contentEnd, offsetBy: 7)...] : ""
        }
        return result
    }

    /// `html` split at the commas of its text (not those inside tags: `title="film, cinema"`).
    static func topLevelSegments(_ html: String) -> [String] {
        var segments: [String] = []
        var current = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false }
            if character == ",", !inTag {
                segments.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        segments.append(current)
        return segments
    }

    /// The class of the element that starts `html` (`<span class="example">…` → `example`), if any.
    static func leadingClass(_ html: String) -> String? {
        let trimmed = Substring(html.trimmingWhitespace())
        guard trimmed.hasPrefix("<"), let first = openingTags(in: trimmed).first, first.start == trimmed.startIndex
        else { return nil }
        return first.classes.first
    }

    /// Whether an element of `html` has the class `name` (`<strong class="headword">`, or in single quotes).
    static func hasClass(_ html: String, _ name: String) -> Bool {
        html.contains(name) && openingTags(in: Substring(html)).contains { $0.classes.contains(name) }
    }

    /// The opening tags of `html`: name, classes, and where the tag starts and ends. The class attribute may be in
    /// double or single quotes (`dept` writes `<span class='phonetics'>`); a misspelt attribute (`classs="…"`) is
    /// none.
    static func openingTags(in html: Substring) -> [OpeningTag] {
        var tags: [OpeningTag] = []
        var rest = html
        while let open = rest.firstIndex(of: "<") {
            let afterOpen = rest[rest.index(after: open)...]
            guard let close = afterOpen.firstIndex(of: ">") else { break }
            let inside = afterOpen[..<close]
            let name = String(inside.prefix { $0.isLetter || $0.isNumber }).lowercased()
            if !name.isEmpty { tags.append((name, classAttribute(inside), open, afterOpen.index(after: close))) }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return tags
    }

    /// An opening tag: its name, its classes, and where it starts and ends.
    typealias OpeningTag = (name: String, classes: [String], start: Substring.Index, end: Substring.Index)

    /// The classes a tag's `class="…"` or `class='…'` names.
    private static func classAttribute(_ tag: Substring) -> [String] {
        var rest = tag
        while let range = rest.firstRange(of: "class") {
            let before = range.lowerBound > tag.startIndex ? tag[tag.index(before: range.lowerBound)] : " "
            var value = rest[range.upperBound...].drop { $0 == " " }
            rest = rest[range.upperBound...]
            guard before.isWhitespace, value.first == "=" else { continue }
            value = value.dropFirst().drop { $0 == " " }
            guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
            return value.dropFirst().prefix { $0 != quote }.split(separator: " ").map(String.init)
        }
        return []
    }

    static func stripParentheses(_ text: String) -> String {
        var text = Substring(text)
        if text.first == "(", text.last == ")" { text = text.dropFirst().dropLast() }
        return String(text)
    }

    static func deduplicated(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Entries whose headword is the query (after normalisation, ignoring case) first, otherwise in PONS order.
    static func exactMatchesFirst(_ entries: [Entry], query: String) -> [Entry] {
        let wanted = normalizedHeadword(query).lowercased()
        let exact = entries.filter { $0.headword.lowercased() == wanted }
        let rest = entries.filter { $0.headword.lowercased() != wanted }
        return exact + rest
    }
}
