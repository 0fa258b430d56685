#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A moment as a UTC calendar date and time of day (whole seconds; a fraction is dropped), by Howard Hinnant's
/// days-to-civil algorithm: what ISO 8601 text needs without a date formatter (Foundation's `ISO8601DateFormatter`
/// cost 2.5 million instructions the first time, a third of opening an offline Wiktionary dataset).
public struct CivilDate: Sendable, Hashable {
    public var year: Int64
    public var month: Int64
    public var day: Int64
    /// Seconds since midnight, 0..<86,400.
    public var secondOfDay: Int64

    public init(_ date: Date) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shifted + 2) / 5 + 1
        month = shifted < 10 ? shifted + 3 : shifted - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        secondOfDay = rest
    }

    /// `2026-11-27` (years before 0 or after 9999 written in full, as Foundation writes them).
    public var isoDay: String {
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
        return "\(yearText)-\(two(month))-\(two(day))"
    }
}
