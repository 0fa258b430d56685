import Foundation
import LexAggCore
import Testing
import WiktionaryOfflineProvider

/// Senses in the shapes real wiktextract records give them (English edition and the others), written here after
/// kaikki.org extracts: nested glosses, labels, examples, forms of other words.
@Suite struct SenseShapesTests {
    static func provider(_ lines: [String], name: String = "shapes") throws -> WiktionaryOffline {
        try WiktionaryOffline(path: WiktionaryOfflineTests.imported(lines, name: name))
    }

    /// A heading that is no sense of its own ("inflection of X:") leads its subsenses' glosses; a sense nested under
    /// one that is a sense is that sense's subsense, as Wiktionary shows it.
    @Test func aNestedSenseKeepsItsParentsGloss() async throws {
        let provider = try Self.provider([
            #"{"word": "reciba", "lang_code": "es", "pos": "verb", "senses": [{"glosses": ["inflection of recibir:", "first/third-person singular present subjunctive"], "#
                + #""tags": ["form-of", "first-person", "present", "singular", "subjunctive", "third-person"], "form_of": [{"word": "recibir"}]}, "#
                + #"{"glosses": ["inflection of recibir:", "third-person singular imperative"], "form_of": [{"word": "recibir"}]}]}"#,
            #"{"word": "pflegen", "lang_code": "de", "pos": "verb", "senses": [{"glosses": ["providing care or service for someone/something", "to nurse"]}, "#
                + #"{"glosses": ["providing care or service for someone/something", "to take care of, to maintain"]}, "#
                + #"{"glosses": ["providing care or service for someone/something", "to take care of, to maintain", "[with genitive]"], "tags": ["archaic"]}]}"#,
        ])
        let reciba = try #require(try await provider.lookup(LookupQuery("reciba")).entries.first)
        #expect(reciba.allSenses.map(\.definition) == [
            "inflection of recibir: first/third-person singular present subjunctive", "inflection of recibir: third-person singular imperative",
        ])
        #expect(reciba.allSenses.first?.formOf?.lemma == "recibir")
        let pflegen = try #require(try await provider.lookup(LookupQuery("pflegen")).entries.first)
        #expect(pflegen.allSenses.map(\.definition) == [
            "providing care or service for someone/something: to nurse",
            "providing care or service for someone/something: to take care of, to maintain",
        ])
        #expect(pflegen.allSenses.last?.subsenses.map(\.definition) == ["[with genitive]"])
        #expect(pflegen.allSenses.last?.subsenses.first?.labels == ["archaic"])
    }

    /// A sense with no gloss that names what it is a form of, on itself or on its word (the Greek edition's
    /// participles), says so, and the lemma fallback follows it: they had no entry.
    @Test func aFormWithoutAGlossNamesItsLemma() async throws {
        let provider = try Self.provider([
            #"{"word": "εκφρασμένος", "lang_code": "el", "pos": "verb", "form_of": [{"word": "εκφράζω"}], "tags": ["participle"], "#
                + #""senses": [{"tags": ["no-gloss"]}]}"#,
            #"{"word": "charitativ", "lang_code": "de", "pos": "adj", "senses": [{"alt_of": [{"word": "karitativ"}], "tags": ["alt-of", "no-gloss", "obsolete"]}]}"#,
        ], name: "no-gloss")
        let participle = try #require(try await provider.lookup(LookupQuery("εκφρασμένος")).entries.first?.senseGroups.first)
        #expect(participle.senses.map(\.definition) == ["participle of εκφράζω"] && participle.labels.isEmpty)
        #expect(participle.senses.first?.formOf == FormOf(lemma: "εκφράζω", form: "participle"))
        let spelling = try #require(try await provider.lookup(LookupQuery("charitativ")).entries.first?.allSenses.first)
        #expect(spelling.definition == "alternative form of karitativ" && spelling.labels == ["obsolete"])
        #expect(spelling.formOf == FormOf(lemma: "karitativ", form: "alternative form"))
    }

    /// A Japanese example whose `roman` is its translation (the Japanese edition's) says it once.
    @Test func anExampleSaysItsTranslationOnce() async throws {
        let provider = try Self.provider([
            #"{"word": "命令", "lang_code": "ja", "pos": "noun", "senses": [{"glosses": ["order"], "examples": ["#
                + #"{"text": "命令を下す", "roman": "to give an order", "translation": "to give an order"}, {"text": "命令する", "roman": "meirei suru", "translation": "to order"}]}]}"#,
        ], name: "examples")
        #expect(try await provider.lookup(LookupQuery("命令")).entries.first?.allSenses.first?.examples == [
            "命令を下す — to give an order", "命令する (meirei suru) — to order",
        ])
    }

    /// Labels are those Wiktionary shows, in its order: the raw gloss's, not wiktextract's sorted tags and inferred
    /// parent topics.
    @Test func labelsAreTheRawGlossesInItsOrder() async throws {
        let provider = try Self.provider([
            #"{"word": "bring", "lang_code": "en", "pos": "verb", "senses": [{"glosses": ["To transport toward somebody."], "#
                + #""raw_glosses": ["(transitive, ditransitive) To transport toward somebody."], "tags": ["ditransitive", "transitive"]}, "#
                + #"{"glosses": ["A letter."], "raw_glosses": ["(archaic, journalism) A letter."], "tags": ["archaic"], "#
                + #""topics": ["communications", "human-sciences", "journalism", "literature", "media"]}, "#
                + #"{"glosses": ["To pitch hard."], "topics": ["ball-games", "baseball", "games"]}]}"#,
        ], name: "labels")
        let senses = try #require(try await provider.lookup(LookupQuery("bring")).entries.first?.allSenses)
        #expect(senses.map(\.labels) == [["transitive", "ditransitive"], ["archaic", "journalism"], []])
    }

    /// A label of several words is shown in the raw gloss's words, as Wiktionary shows it: wiktextract's tags join
    /// them with hyphens (`not-comparable`, `Received-Pronunciation`), and were shown so. A tag the raw gloss does not
    /// name keeps its spelling.
    @Test func aLabelOfSeveralWordsIsShownInTheRawGlosssWords() async throws {
        let provider = try Self.provider([
            #"{"word": "dead", "lang_code": "en", "pos": "adj", "senses": [{"glosses": ["No longer living."], "#
                + #""raw_glosses": ["(not comparable, figuratively) No longer living."], "tags": ["figuratively", "not-comparable"]}, "#
                + #"{"glosses": ["Very."], "raw_glosses": ["(Received Pronunciation, slang) Very."], "tags": ["Received-Pronunciation", "slang"]}, "#
                + #"{"glosses": ["Exactly."], "tags": ["first-person", "informal"]}]}"#,
        ], name: "words")
        let senses = try #require(try await provider.lookup(LookupQuery("dead")).entries.first?.allSenses)
        #expect(senses.map(\.labels) == [["not comparable", "figuratively"], ["Received Pronunciation", "slang"], ["first-person", "informal"]])
    }

    /// The English edition copies the head line's tags onto every sense: its gender and inflection class are the part
    /// of speech's, its remarks on a form ("also rare") no sense's.
    @Test func headLineTagsCopiedOntoEverySenseAreThePartOfSpeechs() async throws {
        let provider = try Self.provider([
            #"{"word": "Herz", "lang_code": "de", "pos": "noun", "senses": [{"glosses": ["heart"], "tags": ["also", "neuter", "rare"]}, "#
                + #"{"glosses": ["hearts"], "raw_glosses": ["(card games) hearts"], "tags": ["also", "neuter", "rare"], "topics": ["card-games", "games"]}]}"#,
            #"{"word": "pflegen", "lang_code": "de", "pos": "verb", "senses": [{"glosses": ["to nurse"], "tags": ["class-4", "strong", "transitive", "weak"]}, "#
                + #"{"glosses": ["to perform habitually"], "tags": ["class-4", "intransitive", "strong", "weak"]}]}"#,
        ], name: "head-lines")
        let herz = try #require(try await provider.lookup(LookupQuery("Herz")).entries.first?.senseGroups.first)
        #expect(herz.labels == ["neuter"])
        #expect(herz.senses.map(\.labels) == [[], ["card games"]])
        let pflegen = try #require(try await provider.lookup(LookupQuery("pflegen")).entries.first?.senseGroups.first)
        #expect(pflegen.labels == ["class-4", "strong", "weak"] && pflegen.senses.map(\.labels) == [["transitive"], ["intransitive"]])
    }

    /// Small things the other editions write their own way: an example already quoted (shown `““…””`), the German
    /// edition's `^(→ en)` link marks in an etymology, a raw tag in parentheses (`((Canada))`), etymology paragraphs
    /// (run on), a synonym's note ("coloquial", dropped), a Japanese translation's kana `alt` (dropped).
    @Test func theOtherEditionsSmallShapesReadWell() async throws {
        let provider = try Self.provider([
            #"{"word": "Rock", "lang_code": "de", "pos": "noun", "etymology_texts": ["von englisch rock ^(→ en) entlehnt", "seit 1950 belegt"], "#
                + #""senses": [{"glosses": ["Musikstil"], "raw_tags": ["(Musik)"], "examples": [{"text": "„Filme und Rock.“"}, {"text": "“Rock,” sagte er, “bleibt.”"}]}], "#
                + #""sounds": [{"ipa": "ʁɔk", "raw_tags": ["(Canada)"]}]}"#,
            #"{"word": "comer", "lang_code": "es", "pos": "verb", "senses": [{"glosses": ["Ingerir alimentos."], "sense_index": "1"}], "#
                + #""synonyms": [{"word": "jalar", "note": "coloquial", "sense_index": "1"}]}"#,
            #"{"word": "bring", "lang_code": "en", "pos": "verb", "senses": [{"glosses": ["To carry."]}], "#
                + #""translations": [{"lang_code": "ja", "word": "持ってくる", "alt": "もってくる", "roman": "motte kuru"}]}"#,
        ], name: "small-shapes")
        let rock = try #require(try await provider.lookup(LookupQuery("Rock")).entries.first)
        #expect(rock.etymology == "von englisch rock entlehnt. seit 1950 belegt")
        #expect(rock.allSenses.first?.labels == ["Musik"] && rock.pronunciations.first?.accent == "Canada")
        #expect(rock.allSenses.first?.examples == ["Filme und Rock.", "“Rock,” sagte er, “bleibt.”"])
        let comer = try await provider.lookup(LookupQuery("comer")).entries.first
        #expect(comer?.allSenses.first?.synonyms == ["jalar (coloquial)"])
        let bring = try await provider.translate(TranslationQuery("bring", from: Language("en")!, to: Language("ja")!))
        #expect(bring.entries.first?.translations.first?.notes == ["もってくる", "motte kuru"])
    }

    /// Current dumps write the etymology tree's text before the etymology (`Etymology tree`, then a line for each of
    /// its words): it ran into the etymology as one sentence, "Etymology tree Proto-Indo-European *leǵ- … Latin legō
    /// From Proto-Italic *legō, …".
    @Test func anEtymologyTreesTextIsLeftOut() async throws {
        let provider = try Self.provider([
            #"{"word": "lego", "lang_code": "la", "pos": "verb", "senses": [{"glosses": ["to gather"]}], "#
                + #""etymology_text": "Etymology tree\nProto-Indo-European *leǵ-\nProto-Italic *legō\nLatin legō\nFrom Proto-Italic *legō, from Proto-Indo-European *léǵeti.\nCompare lēx."}"#,
            #"{"word": "arbor", "lang_code": "la", "pos": "noun", "senses": [{"glosses": ["tree"]}], "#
                + #""etymology_text": "Etymology tree\nProto-Italic *arbōs\nLatin arbor"}"#,
            #"{"word": "tree", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["a plant"]}], "#
                + #""etymology_text": "Etymology trees are drawn from Old English trēow."}"#,
        ], name: "etymology-trees")
        let lego = try #require(try await provider.lookup(LookupQuery("lego")).entries.first)
        #expect(lego.etymology == "From Proto-Italic *legō, from Proto-Indo-European *léǵeti. Compare lēx.", "\(lego.etymology ?? "nil")")
        #expect(try await provider.lookup(LookupQuery("arbor")).entries.first?.etymology == nil, "a tree alone says nothing")
        #expect(try await provider.lookup(LookupQuery("tree")).entries.first?.etymology == "Etymology trees are drawn from Old English trēow.")
    }
}
