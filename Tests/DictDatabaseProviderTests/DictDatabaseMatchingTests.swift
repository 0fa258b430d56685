@testable import DictDatabaseProvider
import LexAggDictFormats
import LexAggCore
import ProviderConformance
import Testing

/// `MATCH` strategies and close spellings on the embedded WordNet (147,311 headwords) and FreeDict fixtures.
@Suite struct DictDatabaseMatchingTests {
    static let wordNet = DictDatabaseDiscovery.database(indexPath: TestDatabases.embeddedWordNet + ".index")

    static func match(_ pattern: String, _ strategy: MatchStrategy, limit: Int = 100, in database: DictDatabase = wordNet)
        async throws -> [String]
    {
        try await database.match(MatchQuery(pattern, strategy: strategy, limit: limit))
    }

    /// Back-references hold with several groups: glibc checks them only with room for every group's match, and the
    /// pattern, compiled with REG_NOSUB as those without references are, matched every headword.
    @Test func aBackReferenceIsCheckedWithSeveralGroups() throws {
        var expression = try POSIXRegularExpression(#"^(.*)(.*)(.*)\3\2\1$"#)
        defer { expression.free() }
        for word in ["abba", "11", "Otto", "abccba", "hood", "tween", "abcba", "house"] {
            let matched = expression.matches(word)
            #expect(matched == (word.lowercased() == String(word.lowercased().reversed()) && word.count % 2 == 0), "\(word)")
        }
        // One glibc gets wrong however it is asked (grep -E too): every headword matched. Swift's engine checks it.
        var twoGroups = try POSIXRegularExpression(#"^(.*)(.*)\2\1$"#)
        defer { twoGroups.free() }
        for (word, expected) in [("abba", true), ("11", true), ("abab", true), ("hood", false), ("1", false), ("house", false)] {
            let matched = twoGroups.matches(word)
            #expect(matched == expected, "\(word)")
        }
    }

    @Test func wordNetMatchesByEveryStrategy() async throws {
        #expect(Self.wordNet.matchStrategies == MatchStrategy.allCases)
        #expect(try await Self.match("House", .exact) == ["house"])
        #expect(try await Self.match("qqqzzz", .exact).isEmpty)

        let prefix = try await Self.match("hous", .prefix)
        #expect(prefix.first == "housatonic", "index order: 'housatonic' sorts before 'house'")
        #expect(prefix.contains("house") && prefix.contains("household"))
        #expect(prefix.allSatisfy { $0.hasPrefix("hous") })
        #expect(prefix == prefix.sorted(), "index order")
        let house = try await Self.match("house", .prefix)
        #expect(house.first == "house", "the exact headword first")

        let substring = try await Self.match("dipit", .substring)
        #expect(substring.contains("serendipity"))
        #expect(substring.allSatisfy { $0.contains("dipit") })

        let suffix = try await Self.match("ndipity", .suffix)
        #expect(suffix == ["serendipity"])

        let regex = try await Self.match("^hou.e$", .regex)
        #expect(regex.contains("house") && regex.allSatisfy { $0.count == 5 && $0.hasPrefix("hou") && $0.hasSuffix("e") })
        #expect(try await Self.match("^col(o|ou)r$", .regex) == ["color", "colour"])

        let soundex = try await Self.match("recieve", .soundex)
        #expect(soundex.contains("receive"))
        #expect(soundex.allSatisfy { Soundex.code($0) == "R210" })

        let lev = try await Self.match("recieve", .lev)
        #expect(lev.contains("receive"), "a swap of neighbouring letters is one edit, as in dictd")
        #expect(lev.contains("relieve"))
        #expect(!lev.contains("recieve"))
        #expect(try await Self.match("hous", .lev).contains("house"))
    }

    @Test func resultsAreDistinctAndCappedAtTheLimit() async throws {
        for strategy in MatchStrategy.allCases {
            let pattern = strategy == .regex ? "^ho" : "ho"
            let words = try await Self.match(pattern, strategy, limit: 7)
            #expect(words.count <= 7, "\(strategy)")
            #expect(Set(words.map { $0.lowercased() }).count == words.count, "\(strategy) repeats a headword")
            #expect(!words.contains { $0.hasPrefix("00-database") || $0.hasPrefix("00database") }, "\(strategy) lists metadata")
        }
        #expect(try await Self.match("ho", .prefix, limit: 7).count == 7)
        #expect(try await Self.match("ness", .suffix, limit: 3).count == 3)
    }

    @Test func malformedRegularExpressionIsAnInvalidQueryThatSaysWhy() async throws {
        do {
            _ = try await Self.match("hou(se", .regex)
            Issue.record("a malformed expression was accepted")
        } catch let error as ProviderError {
            #expect(error.code == .invalidQuery)
            #expect(error.message.contains("'hou(se' is not a valid POSIX extended regular expression"))
            #expect(error.message.contains("unmatched ("), "regerror's reason: \(error.message)")
        }
    }

    @Test func freeDictMatchesItsFoldedHeadwords() async throws {
        let freeDict = TestDatabases.fixture("freedict-eng-deu")
        #expect(try await Self.match("HOUSE", .exact, in: freeDict) == ["house"])
        #expect(try await Self.match("hou", .prefix, in: freeDict).contains("house"))
        #expect(try await Self.match("zard", .suffix, in: freeDict) == ["wizard"])
        #expect(try await Self.match("and a half", .exact, in: freeDict) == ["and a half"], "the leading space is not shown")
        #expect(try await Self.match("^wiz", .regex, in: freeDict) == ["wizard"])
        #expect(try await Self.match("wizzard", .lev, in: freeDict) == ["wizard"])
    }

    @Test func closeSpellingsReachTwoEditsAnywhereInTheIndex() async throws {
        let index = try DictIndex(path: TestDatabases.embeddedWordNet + ".index")
        // Whole-index scans take seconds in a debug build: off the test pool's two threads.
        let (acommodate, recieve, xerendipity, teh) = try await offThePool {
            (try index.suggestions("acommodate", limit: 20), try index.suggestions("recieve", limit: 20),
             try index.suggestions("xerendipity", limit: 20), try index.suggestions("teh", limit: 50))
        }
        // A typo early in the word sorts it far from the word meant: the neighbourhood alone missed these.
        #expect(acommodate.contains("accommodate"))
        #expect(recieve.contains("receive"))
        #expect(xerendipity.contains("serendipity"))
        // Short words: one edit only, or everything of three letters would be a candidate.
        #expect(teh.contains("tea"))
        #expect(teh.allSatisfy { $0.count <= 4 || $0.hasPrefix("teh") }, "one edit, or a completion: \(teh)")
    }

    @Test func scansHonourCancellation() async throws {
        for strategy in [MatchStrategy.substring, .suffix, .regex, .soundex, .lev] {
            let failure = await Task { () async -> String? in
                withUnsafeCurrentTask { $0?.cancel() }
                do {
                    _ = try await Self.match(strategy == .regex ? "zzz$" : "zzzq", strategy)
                    return "answered"
                } catch let error as ProviderError {
                    return error.code == .cancelled ? nil : "\(error.code)"
                } catch {
                    return "\(error)"
                }
            }.value
            #expect(failure == nil, "\(strategy): \(failure ?? "")")
        }
        // The scans themselves stop once cancelled (every 4,096 lines), not only the provider's first check.
        let index = try DictIndex(path: TestDatabases.embeddedWordNet + ".index")
        let stopped = await Task { () -> [MatchStrategy] in
            withUnsafeCurrentTask { $0?.cancel() }
            var stopped: [MatchStrategy] = []
            for strategy in [MatchStrategy.substring, .suffix, .soundex, .lev] {
                do { _ = try index.match("zzzq", strategy: strategy, limit: 10) } catch { stopped.append(strategy) }
            }
            do { _ = try index.suggestions("zzzqx", limit: 10) } catch { stopped.append(.exact) }
            return stopped
        }.value
        #expect(stopped == [.substring, .suffix, .soundex, .lev, .exact])
        // Off the pool there is no task to ask: the scans read the flag the waiting task's cancellation sets.
        let flag = CancellationFlag()
        flag.cancel()
        var flagged: [MatchStrategy] = []
        for strategy in [MatchStrategy.substring, .suffix, .soundex, .lev, .regex] {
            do { _ = try index.match(strategy == .regex ? "zzz$" : "zzzq", strategy: strategy, limit: 10, cancellation: flag) } catch {
                flagged.append(strategy)
            }
        }
        do { _ = try index.suggestions("zzzqx", limit: 10, cancellation: flag) } catch { flagged.append(.exact) }
        #expect(flagged == [.substring, .suffix, .soundex, .lev, .regex, .exact])
    }

    @Test func wordNetPassesTheMatchingChecks() async throws {
        try await ProviderConformance.verifyMatching(
            { Self.wordNet }, expectedID: .wordnet,
            known: [(query: "acommodate", expected: "accommodate"), (query: "serendipty", expected: "serendipity")],
            patterns: [
                .init("hous", .prefix, expected: "household"), .init("house", .exact, expected: "house"),
                .init("ousehold", .suffix, expected: "household"), .init("^househ", .regex, expected: "household"),
                .init("housse", .lev, expected: "house"),
            ]
        )
    }
}
