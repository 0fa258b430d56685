#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggDictFormats

/// The lemmas of an English database (WordNet, GCIDE): Morphy's rules and WordNet's exception lists, kept to the
/// candidates this database has as headwords.
extension DictDatabase: LemmaProviding {
    public func lemmas(of query: LookupQuery) async throws -> [FormOf] {
        guard descriptor.capabilities.contains(.lemmas) else { return [] }
        try checkCancellation()
        let opened = try open()
        // A word the database knows is its own lemma: `glasses` (spectacles) is not looked up as `glass`.
        guard opened.index.lookup(query.term).isEmpty else { return [] }
        // WordNet says which parts of speech a lemma has: a form is kept only as one of those (`lies` is no verb form
        // of the noun *li*).
        let partsOfSpeech: ((String) -> Set<WordNetMorphology.PartOfSpeech>?)? = format != .wordnet ? nil : { lemma in
            var found = Set<WordNetMorphology.PartOfSpeech>()
            for location in opened.index.lookup(lemma) {
                guard let bytes = try? opened.body.read(offset: location.offset, length: location.length) else { return nil }
                found.formUnion(WordNetMorphology.partsOfSpeech(ofWordNetEntry: String(decoding: bytes, as: UTF8.self), for: query.term))
            }
            return found
        }
        return morphology.get().knownCandidates(for: query.term, isKnown: { !opened.index.lookup($0).isEmpty }, partsOfSpeech: partsOfSpeech)
            .map { FormOf(lemma: $0.lemma, form: $0.form) }
    }
}

/// WordNet's exception lists (`noun.exc`, `verb.exc`, `adj.exc`, `adv.exc`), read once, on the first lemma request,
/// from beside the index (the embedded WordNet carries them, also when built into the executable) or from Debian's
/// `wordnet-base` (/usr/share/wordnet).
/// Without them the detachment rules still apply.
final class MorphologyOnce: Sendable {
    private let indexPath: String
    private let state = MutexBox<WordNetMorphology?>(nil)

    /// Nothing is looked for until the first ``get()``: every database discovered at start-up has one of these.
    init(indexPath: String) {
        self.indexPath = indexPath
    }

    func get() -> WordNetMorphology {
        state.withValue { value in
            if let value { return value }
            let own = indexPath.lastIndex(of: "/").map { String(indexPath[..<$0]) } ?? "."
            // A system WordNet (Debian's dict-wn in /usr/share/dictd) has no exception lists beside it: the embedded
            // copy's serve it as well.
            let directories = [own, "/usr/share/wordnet"] + (DictDatabaseDiscovery.embeddedWordNet().map { [$0] } ?? [])
            var lists: [WordNetMorphology.PartOfSpeech: String] = [:]
            for directory in directories {
                for pos in WordNetMorphology.PartOfSpeech.allCases where lists[pos] == nil {
                    if let text = BuiltInFiles.text(atPath: directory + "/" + pos.rawValue + ".exc") {
                        lists[pos] = text
                    }
                }
            }
            let morphology = WordNetMorphology(exceptionLists: lists)
            value = morphology
            return morphology
        }
    }
}
