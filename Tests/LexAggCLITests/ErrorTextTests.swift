import Foundation
import LexAggAggregation
@testable import LexAggCLI
import LexAggConfig
import LexAggCore
import LexAggLibrary
import LexAggLocalization
import Testing

/// Other modules' errors phrased by the CLI: in English the catalogue says exactly what the module's message says
/// (the words JSON documents keep in every language), and in Russian every reason reads in Russian.
@Suite struct ErrorTextTests {
    static func english<T>(_ body: () throws -> T) rethrows -> T { try UILanguage.$current.withValue(.english, operation: body) }
    static func russian<T>(_ body: () throws -> T) rethrows -> T { try UILanguage.$current.withValue(.russian, operation: body) }

    static func configError(_ key: String, _ value: String, in text: String = "") -> ConfigError? {
        do {
            _ = try ConfigEditor.setting(key, to: value, in: text, location: "/tmp/config.toml")
            return nil
        } catch { return error }
    }

    static func libraryError(_ text: String) -> LibraryError? {
        do {
            _ = try LibraryImporter.parse(text)
            return nil
        } catch { return error }
    }

    static var configErrors: [ConfigError] {
        [
            configError("lookup.timeout", "abc"), configError("lookup.timeout", "0"), configError("lookup.strategy", "best"),
            configError("ui.language", "tlh"), configError("lookup.tiemout", "5"), configError("providers.pons.secrett", "x"),
            configError("providers.Bad!.endpoint", "x"), configError("providers.pons.secret", "\u{7}"),
            configError("lookup.timeout", "5", in: "[lookup]\nstrategy = 3\n"),
            configError("lookup.timeout", "5", in: "[lookup]\nstrategy = \"merge\"\nlanguages = [1]\n"),
            configError("lookup.timeout", "5", in: "[lokup]\nx = 1\n"), configError("lookup.timeout", "5", in: "[lookup]\nfoo = 1\n"),
            configError("lookup.timeout", "5", in: "cache = 3\n"), configError("lookup.timeout", "5", in: "[lookup\n"),
            configError("lookup.timeout", "5", in: "[lookup]\nfoo = 1\nbar = 2\nbaz = 3\n"),
        ].compactMap { $0 }
    }

    static var libraryErrors: [LibraryError] {
        let header = "word,language,starred,added,definition,examples,ipa,translation,sources"
        return [
            libraryError("hello"), libraryError("{\"a\": 1}"), libraryError("{\"format\": \"lexagg-library\", \"version\": 99}"),
            libraryError(header + "\na,b\n"), libraryError(header + "\n,en,false,,,,,,\n"), libraryError(header + "\nx,??,false,,,,,,\n"),
            libraryError(header + "\nx,en,false,yesterday,,,,,\n"), libraryError(header + "\nx\"y,en,false,,,,,,\n"),
            libraryError(header + "\n\"x\"y,en,false,,,,,,\n"), libraryError(header + "\n\"x,en,false,,,,,,\n"),
            libraryError("#separator:colon\nx:y\n"), libraryError("#separator:tab\n\tmeaning\n"),
        ].compactMap { $0 }
    }

    @Test func theEnglishCatalogueSaysWhatTheModulesSay() {
        Self.english {
            let registry: [RegistryError] = [
                .duplicateID(ProviderID("wordnet")!), .unknownID("wordnett", suggestion: ProviderID("wordnet")),
                .unknownID("zz", suggestion: nil), .noneSelected,
            ]
            for error in registry { #expect(ErrorText.phrase(error) == error.description) }
            let queries: [QueryError] = [.empty, .tooLong(300), .controlCharacter(7), .invalidCharacter(0xE000), .sameLanguage(.english)]
            for error in queries { #expect(ErrorText.phrase(error) == error.description) }
            let config = Self.configErrors
            #expect(config.count == 15, "\(config.map(\.message))")
            for error in config {
                #expect(error.reason != nil, "\(error)")
                let more = error.moreProblems > 0 ? localized(.configMoreProblems, count: error.moreProblems) : ""
                #expect(error.reason.map { ErrorText.phrase($0) + more } == error.message)
            }
            let library = Self.libraryErrors
            #expect(library.count == 12)
            for error in library {
                #expect(error.reason != nil, "\(error)")
                // JSON that is not an export has two English messages (unreadable, or without its format); the
                // catalogue gives one.
                guard error.reason != .notAnExportJSON else { continue }
                #expect(error.reason.map(ErrorText.phrase) == error.message, "\(error)")
            }
        }
    }

    @Test func everyReasonReadsInRussian() {
        let reasons: [ProviderError.Reason] = [
            .hostNotFound(host: "en.wiktionary.org"), .connectionRefused(address: "127.0.0.1:9"),
            .connectionClosed(address: "127.0.0.1:9"), .unreachable(address: "example.org"),
            .timedOut(host: "example.org", seconds: .seconds(5)), .noAnswerWithin(seconds: .milliseconds(2500)),
            .deadlinePassed, .httpStatus(host: "example.org", status: 503), .rateLimited(host: "example.org", retryAfter: nil),
            .rateLimited(host: "example.org", retryAfter: .seconds(30)), .credentialsRefused(host: "example.org"),
            .htmlPage(host: "example.org", status: 200), .emptyBody(host: "example.org", status: 200),
            .unexpectedData(host: "example.org"), .tooLarge(host: "example.org", limit: 8_388_608),
            .badRedirect(host: "example.org"), .plainHTTPCredentials(host: "example.org"), .cancelled,
        ]
        Self.russian {
            var texts = reasons.map(ErrorText.phrase)
            texts += Self.configErrors.map(ErrorText.text) + Self.libraryErrors.map(ErrorText.text)
            texts.append(ErrorText.phrase(.unknownID("wordnett", suggestion: ProviderID("wordnet"))))
            texts += [QueryError.empty, .tooLong(300), .controlCharacter(7)].map(ErrorText.text)
            for text in texts {
                #expect(text.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(text)")
                for english in ["must be", "cannot", "unknown", "not a", "answered", " the "] {
                    #expect(!text.contains(english), "\(text)")
                }
            }
            #expect(ErrorText.phrase(.timedOut(host: "example.org", seconds: .seconds(5))) == "example.org не ответил за 5 с")
            #expect(ErrorText.phrase(.noAnswerWithin(seconds: .milliseconds(2500))) == "нет ответа за 2.5 с")
            #expect(ErrorText.phrase(.unknownID("wordnett", suggestion: ProviderID("wordnet")))
                == "неизвестный источник «wordnett»; может быть, вы имели в виду «wordnet»? (список источников: lexagg providers)")
            let timeout = Self.configError("lookup.timeout", "abc")!
            #expect(ErrorText.message(timeout) == "lookup.timeout: нужно указать число секунд больше 0 и не больше 600, а не «abc»")
        }
    }

    /// An error with no reason (a provider's own words) keeps its English message in every language, and a
    /// provider's message never changes with the language: it is what JSON carries.
    @Test func aMessageWithoutAReasonStaysAsItIs() {
        let own = ProviderError(.unavailable, provider: ProviderID("dict")!, message: "dict.org answered 420 server busy")
        let phrased = ProviderError(.timeout, provider: ProviderID("wiktionary")!, message: "en.wiktionary.org did not answer within 5 s",
                                    reason: .timedOut(host: "en.wiktionary.org", seconds: .seconds(5)))
        Self.russian {
            #expect(ErrorText.text(own) == "dict: dict.org answered 420 server busy")
            #expect(ErrorText.text(phrased) == "wiktionary: en.wiktionary.org не ответил за 5 с")
        }
        Self.english { #expect(ErrorText.text(phrased) == "wiktionary: en.wiktionary.org did not answer within 5 s") }
        #expect(phrased.message == "en.wiktionary.org did not answer within 5 s")
    }

    /// The sources footer names a failed provider's outcome by its code: JSON's names in English (the text output
    /// reads as before), Russian words in Russian.
    @Test func theFooterNamesAFailureInTheReadersLanguage() {
        let codes: [ProviderError.Code] = [
            .invalidQuery, .unsupportedLanguage, .credentials, .rateLimited, .unavailable, .timeout,
            .malformedResponse, .cancelled, .offline,
        ]
        Self.english { #expect(codes.map(TextRenderer.failure) == codes.map(\.description)) }
        Self.russian {
            for code in codes {
                let text = TextRenderer.failure(code)
                #expect(!text.contains { $0.isASCII && $0.isLetter }, "\(code): \(text)")
            }
        }
    }
}
