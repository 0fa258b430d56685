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
}
