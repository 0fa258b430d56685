/// What extraction met on a page that it could not reproduce: templates lexagg does not know, and how many
/// definition lines were rendered faithfully (every template on them known). Tests and the corpus report read it;
/// lookups pass none.
package final class WikitextLog {
    /// Unknown template names (lower-cased) and how often each was met.
    package private(set) var unknownTemplates: [String: Int] = [:]
    /// `#` definition lines read in the sections of wanted languages.
    package internal(set) var definitionLines = 0
    /// Definition lines that became a sense.
    package internal(set) var senses = 0
    /// Definition lines that became a sense with no unknown template on them.
    package internal(set) var faithfulSenses = 0
    /// The definition lines that met an unknown template, as rendered (for the report).
    package internal(set) var unfaithful: [String] = []
    /// Every definition line read and the definition it became (`nil`: none), for review.
    package internal(set) var renderings: [(line: String, definition: String?)] = []

    package init() {}

    /// Every unknown template met so far.
    package var unknownCount: Int { unknownTemplates.values.reduce(0, +) }

    /// The unknown templates, most frequent first (ties by name).
    package var unknownByFrequency: [(name: String, count: Int)] {
        unknownTemplates.map { (name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
    }

    func recordUnknown(_ name: String) {
        unknownTemplates[name, default: 0] += 1
    }
}
