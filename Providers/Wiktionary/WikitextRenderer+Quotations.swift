/// Quotation templates (`{{quote-book}}`, `{{quote-journal}}`, `{{RQ:…}}`, `{{cite-…}}`): the passage, its translation
/// and the source its citation line begins with.
extension WikitextRenderer {
    static func isQuotation(_ name: String) -> Bool {
        name.hasPrefix("quote-") || name.hasPrefix("rq:") || name.hasPrefix("cite-")
    }

    /// What a quotation template's positional argument holds.
    enum QuotationField {
        case year, author, title, work, url, page, text, translation
    }

    /// The positional arguments Wiktionary defines for a quotation template, in order after the language: only
    /// `{{quote-book}}` and `{{quote-journal}}` have them (Module:quote's `type_alias_specs`, which its documentation
    /// shows as `{{quote-book|[lang]|[year]|[author]|[title]|[url]|[page]|[text]|[translation]}}` and
    /// `{{quote-journal|[lang]|[year]|[author]|[title]|[journal]|[url]|[page]|[text]|[translation]}}`, the title being
    /// the article's); `{{quote-news}}` and `{{quote-magazine}}` are older names of `{{quote-journal}}`. The other
    /// templates (`{{quote-web}}`, `{{quote-text}}`, `{{quote-song}}`, `{{quote-av}}`, `{{quote-newsgroup}}`, …) take
    /// named arguments only.
    static let quotationPositions: [String: [QuotationField]] = {
        let journal: [QuotationField] = [.year, .author, .title, .work, .url, .page, .text, .translation]
        return [
            "quote-book": [.year, .author, .title, .url, .page, .text, .translation],
            "quote-journal": journal, "quote-news": journal, "quote-magazine": journal,
        ]
    }()

    /// A quotation template's positional argument for `field`, where its layout has one: after the language, or from
    /// the first on older pages that give the language as `lang=` (Module:quote shifts them by one then).
    static func quotationArgument(_ template: Template, _ field: QuotationField) -> Range<Int>? {
        guard let layout = quotationPositions[template.name], let offset = layout.firstIndex(of: field) else { return nil }
        return template.positional(offset + (template.named("lang") != nil ? 0 : 1))
    }

    /// A quotation template's passage and its translation: `passage=`/`text=` and `t=`/`translation=`, or the
    /// positional ones.
    func quotationText(_ template: Template) -> (passage: Range<Int>?, translation: Range<Int>?) {
        (template.named("passage") ?? template.named("text") ?? template.named("quote") ?? Self.quotationArgument(template, .text),
         template.named("translation") ?? template.named("t") ?? Self.quotationArgument(template, .translation))
    }

    /// A quotation template's year, author and title: `1590, Edmund Spenser, The Faerie Queene` (a journal's article
    /// by its title, else the journal's), named or positional; an `{{RQ:…}}` template names its work in its own name
    /// (`RQ:Browne Pseudodoxia Epidemica`), which is shown when it gives none of these.
    func quotationSource(_ template: Template) -> String {
        func text(_ keys: String...) -> String? {
            for key in keys { if let range = template.named(key), hasText(range) { return render(range) } }
            return nil
        }
        func positional(_ field: QuotationField) -> String? {
            Self.quotationArgument(template, field).flatMap { hasText($0) ? render($0) : nil }
        }
        var author = text("author", "authors", "last")
        if let last = author, template.named("author") == nil, let first = text("first") { author = first + " " + last }
        // A translation's original author (`by=Arthur Schopenhauer|type=translation|author=R. B. Haldane`), not its
        // translator.
        if let original = text("by") { author = original }
        let title = text("title", "work", "journal", "newspaper") ?? positional(.title) ?? positional(.work)
        let parts = [text("year", "date") ?? positional(.year), author ?? positional(.author), title]
            .compactMap { $0 }.filter { !$0.isEmpty }
        if parts.isEmpty, template.name.hasPrefix("rq:"), let work = workName(template) { return work }
        return parts.joined(separator: ", ")
    }

    /// The work an `{{RQ:…}}` template's name gives, without a language prefix (`RQ:ga-Finck` is Finck's); `nil` for a
    /// name abbreviated past reading (`RQ:Mlry MrtDrthr`, `RQ:WBsnt IvryGt`: a word without a vowel) or not a title's.
    private func workName(_ template: Template) -> String? {
        guard let range = template.nameRange else { return nil }
        var name = String(source.string(range).dropFirst(3).drop { $0 == " " })
        if let separator = name.firstIndex(where: { $0 == "-" || $0 == ":" }),
            WikitextRenderer.looksLikeLanguageCode(String(name[..<separator]))
        {
            name = String(name[name.index(after: separator)...])
        }
        guard name.first?.isUppercase == true else { return nil }  // `RQ:sga-gloss` names no work
        let words = name.split(separator: " ")
        let vowels = Set("aeiouAEIOUéèáíóúäöü")
        guard !words.isEmpty, words.allSatisfy({ word in word.count < 2 || word.allSatisfy(\.isNumber) || word.contains(where: vowels.contains) })
        else { return nil }
        return name
    }
}
