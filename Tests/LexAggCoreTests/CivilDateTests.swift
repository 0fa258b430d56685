import Foundation
import LexAggCore
import Testing

/// `CivilDate` stands in for Foundation's ISO 8601 formatting (the offline Wiktionary's dump date, JSON's dates): the
/// day it gives must be the formatter's, on leap days, century years, the epoch and a spread of moments up to 9999.
@Suite struct CivilDateTests {
    @Test func daysAreWhatFoundationsFormatterWrites() {
        var generator = SeededGenerator(seed: 8601)
        let fixed: [TimeInterval] = [0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_456_000, -12_219_292_800, 253_402_300_799]
        let moments = fixed + (0..<600).map { _ in TimeInterval(Int64.random(in: -12_200_000_000...253_402_300_799, using: &generator)) }
        for moment in moments {
            let date = Date(timeIntervalSince1970: moment)
            let expected = ISO8601DateFormatter.string(from: date, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            #expect(CivilDate(date).isoDay == expected, "\(moment)")
            let seconds = Int64(moment.rounded(.down)) - Int64((moment / 86_400).rounded(.down)) * 86_400
            #expect(CivilDate(date).secondOfDay == seconds, "\(moment)")
        }
    }

    /// `moment(iso8601:)` reads what Foundation's ISO 8601 formatter writes as that formatter reads it, and nothing
    /// else: other forms, days and times that do not exist.
    @Test func momentsAreReadAsFoundationsFormatterReadsThem() {
        var generator = SeededGenerator(seed: 3339)
        let fixed: [TimeInterval] = [0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 4_107_456_000, -12_212_553_600, 253_402_300_799]
        let moments = fixed + (0..<600).map { _ in TimeInterval(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator)) }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        for moment in moments {
            let text = formatter.string(from: Date(timeIntervalSince1970: moment))
            #expect(CivilDate.moment(iso8601: text) == formatter.date(from: text), "\(text)")
            #expect(CivilDate.moment(iso8601: text) == Date(timeIntervalSince1970: moment), "\(text)")
        }
        for text in ["2026-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2026-11-27T24:00:00Z", "2026-11-27T05:23:24",
                     "2026-11-27T05:23:24+01:00", "2026-11-27 05:23:24Z", "2026-11-27T05:23:2xZ", "", "2026-04-31T00:00:00Z",
                     "1582-12-31T00:00:00Z", "0001-01-01T00:00:00Z"] {
            #expect(CivilDate.moment(iso8601: text) == nil, "\(text)")
        }
        #expect(CivilDate.moment(iso8601: "2024-02-29T23:59:59Z") == formatter.date(from: "2024-02-29T23:59:59Z"))
    }
}
