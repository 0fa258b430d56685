import Foundation
import LexAggCore
import LexAggHTTP
import ProviderConformance
import RandomWordProvider
import Testing

struct OfflineWordListTests {
    @Test func conforms() async throws {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]
        let path = try Fixtures.temporaryWordList(words.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await ProviderConformance.verifyRandomWords(
            { OfflineWordList(configuration: .init(wordLists: [path], wordNetIndexes: [])) }, expectedID: .wordlist,
            language: .english, counts: [1, 5]
        )
    }

    @Test func wordsComeFromTheListWithoutRepeats() async throws {
        let path = try Fixtures.temporaryWordList("apple\nbanana\ncherry\nDamson\nelder's\nfig\ngrape\nx\nhoney dew\nkiwi\napple\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let provider = OfflineWordList(configuration: .init(wordLists: [path], wordNetIndexes: []))
        #expect(await provider.availability().isAvailable)
        let usable = ["apple", "banana", "cherry", "fig", "grape", "kiwi"]
        let words = try await provider.randomWords(RandomWordRequest(count: 4))
        #expect(words.count == 4)
        #expect(Set(words).count == 4)
        #expect(words.allSatisfy { usable.contains($0) })
        // Asking for more than there are gives all of them once.
        let all = try await provider.randomWords(RandomWordRequest(count: 50, language: .english))
        #expect(all.sorted() == usable)
    }

    @Test func samplingIsRepeatableWithASeededGenerator() throws {
        let path = try Fixtures.temporaryWordList((1...200).map { "w" + String(repeating: "a", count: $0 % 7 + 1) + String(UnicodeScalar(97 + $0 % 26)!) }.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let provider = OfflineWordList(configuration: .init(wordLists: [path], wordNetIndexes: []))
        var first = SeededGenerator(seed: 42), second = SeededGenerator(seed: 42), other = SeededGenerator(seed: 7)
        let a = try provider.randomWords(RandomWordRequest(count: 10), using: &first)
        let b = try provider.randomWords(RandomWordRequest(count: 10), using: &second)
        let c = try provider.randomWords(RandomWordRequest(count: 10), using: &other)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func wordNetIndexHeadwordsWhenThereIsNoWordList() async throws {
        let provider = OfflineWordList(
            configuration: .init(wordLists: ["/nonexistent/words"], wordNetIndexes: [Fixtures.wordNetIndex])
        )
        let words = try provider.loadWords()
        #expect(!words.isEmpty)
        #expect(words.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isLowercase && $0.isLetter } })
        #expect(!words.contains { $0.hasPrefix("00") })
        let picked = try await provider.randomWords(RandomWordRequest(count: 3))
        #expect(picked.allSatisfy { words.contains($0) })
    }

    @Test func theEmbeddedWordNetIndexIsFound() throws {
        let provider = OfflineWordList(configuration: .init(wordLists: []))
        let words = try provider.loadWords()
        #expect(words.count > 50_000)
        #expect(words.contains("house"))
        #expect(!words.contains("'hood") && !words.contains("1-dodecanol"))
    }

    @Test(arguments: [(OfflineWordList.Kind.wordList, "cat\nDog\ncat\n\nfish's\r\nemu\r\n", ["cat", "emu"]),
                      (.dictIndex, "00-database-info\tA\tB\ncat\tC\tD\nice cream\tE\tF\nemu\tG\tH\n", ["cat", "emu"])])
    func fileFormats(kind: OfflineWordList.Kind, contents: String, expected: [String]) {
        #expect(OfflineWordList.words(in: Array(contents.utf8), kind: kind) == expected)
    }

    @Test func otherLanguagesHaveNoOfflineList() async throws {
        let provider = OfflineWordList()
        let error = try await providerError { _ = try await provider.randomWords(RandomWordRequest(count: 2, language: .german)) }
        #expect(error?.code == .unsupportedLanguage)
        #expect(error?.message.contains("no offline word list exists for German") == true)
        #expect(error?.provider == .wordlist)
    }

    @Test func noListAtAllIsUnavailable() async throws {
        let provider = OfflineWordList(configuration: .init(wordLists: ["/nonexistent/words"], wordNetIndexes: ["/nonexistent/wn.index"]))
        #expect(await provider.availability().isAvailable == false)
        let error = try await providerError { _ = try await provider.randomWords(RandomWordRequest(count: 2)) }
        #expect(error?.code == .unavailable)
    }

    @Test func descriptorSaysOfflineAndEnglish() {
        let descriptor = OfflineWordList().descriptor
        #expect(descriptor.id == .wordlist)
        #expect(!descriptor.requiresNetwork)
        #expect(descriptor.languages == [.english])
        #expect(descriptor.capabilities == [.randomWords])
    }
}

struct RandomWordFallbackTests {
    static func local() throws -> (OfflineWordList, String) {
        let path = try Fixtures.temporaryWordList("apple\nbanana\ncherry\nfig\n")
        return (OfflineWordList(configuration: .init(wordLists: [path], wordNetIndexes: [])), path)
    }

    @Test func theServiceAnswersWhenItCan() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let (local, path) = try Self.local()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try await RandomWordFallback(service: RandomWordReplay.provider(server), local: local)
            .randomWords(RandomWordRequest(count: 5))
        #expect(outcome.source == .service(.randomword))
        #expect(!outcome.isFallback)
        #expect(outcome.words == (try Fixtures.strings("word-number-5.json")))
    }

    @Test(arguments: [
        ReplayResponse.text("<html>Application error</html>", status: 503, contentType: "text/html"),
        ReplayResponse.json(#"{"Error":"You hit the rate limit, try again in a few seconds"}"#, status: 403),
        ReplayResponse.json("[").with(.cutShort(afterBytes: 1)),
        ReplayResponse.json("[]").with(.reset),
    ])
    func theLocalListAnswersWhenTheServiceIsDown(response: ReplayResponse) async throws {
        let server = try await ReplayServer.start(fallback: response)
        defer { Task { await server.shutdown() } }
        let (local, path) = try Self.local()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try await RandomWordFallback(service: RandomWordReplay.provider(server), local: local)
            .randomWords(RandomWordRequest(count: 2))
        guard case .fallback(let provider, let reason) = outcome.source else {
            Issue.record("expected the fallback, got \(outcome.source)")
            return
        }
        #expect(provider == .wordlist)
        #expect(reason.provider == .randomword)
        #expect(RandomWordFallback.fallsBack(on: reason))
        #expect(outcome.words.count == 2)
        #expect(outcome.words.allSatisfy { ["apple", "banana", "cherry", "fig"].contains($0) })
    }

    @Test func aRefusedServiceFallsBackToo() async throws {
        let closed = try ClosedPort()
        let endpoint = closed.baseURL
        defer { withExtendedLifetime(closed) {} }
        let (local, path) = try Self.local()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try await RandomWordFallback(
            service: RandomWord(endpoint: endpoint, http: .init(timeout: .seconds(2))), local: local
        ).randomWords(RandomWordRequest(count: 1))
        #expect(outcome.isFallback)
    }

    @Test func anUnsupportedLanguageIsTheAnswerNotAReasonToFallBack() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        server.route("/word", query: ["lang": "hu"], .json(try Fixtures.bytes("error-403-no-translation.json"), status: 403))
        let (local, path) = try Self.local()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try await providerError {
            _ = try await RandomWordFallback(service: RandomWordReplay.provider(server), local: local)
                .randomWords(RandomWordRequest(count: 1, language: Language("hu")))
        }
        #expect(error?.code == .unsupportedLanguage)
        #expect(error?.provider == .randomword)
    }

    @Test func serviceDownAndNoOfflineListForTheLanguage() async throws {
        let server = try await ReplayServer.start(fallback: .text("<html>Application error</html>", status: 503, contentType: "text/html"))
        defer { Task { await server.shutdown() } }
        let (local, path) = try Self.local()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try await providerError {
            _ = try await RandomWordFallback(service: RandomWordReplay.provider(server), local: local)
                .randomWords(RandomWordRequest(count: 1, language: .german))
        }
        #expect(error?.code == .unavailable)
        #expect(error?.provider == .randomword)
        #expect(error?.message.contains("no offline word list exists for German") == true)
    }
}
