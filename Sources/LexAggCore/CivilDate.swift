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

    /// The moment written `2026-11-27T05:23:24Z` (what Foundation's `.iso8601` strategies write: UTC, whole
    /// seconds, a four-digit year from 1583, the first whole Gregorian year); nil for any other text, or a day or time
    /// that does not exist.
    public static func moment(iso8601 text: String) -> Date? {
        var text = text
        return text.withUTF8 { bytes -> Date? in
            guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z")
            else { return nil }
            func number(_ from: Int, _ count: Int) -> Int64? {
                var value: Int64 = 0
                for index in from..<(from + count) {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int64(digit)
                }
                return value
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60,
                  year >= 1583   // before the Gregorian reform Foundation's calendar is Julian
            else { return nil }
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            let lengths: [Int64] = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
            guard day <= lengths[Int(month) - 1] else { return nil }
            // Howard Hinnant's days-from-civil, the inverse of `init(_:)`.
            let shiftedYear = month <= 2 ? year - 1 : year
            let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
            let yearOfEra = shiftedYear - era * 400
            let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
            let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            let days = era * 146_097 + dayOfEra - 719_468
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
    }

    /// `2026-11-27T05:23:24Z`: ISO 8601 as Foundation's `.iso8601` strategies write it (UTC, whole seconds).
    public var iso8601: String {
        if year >= 0 && year < 10_000 {
            // The usual case, digit by digit (string interpolation cost thousands of instructions a date).
            var text = [UInt8](repeating: 0, count: 20)
            func put(_ value: Int64, _ digits: Int, at offset: Int) {
                var rest = value
                for place in stride(from: offset + digits - 1, through: offset, by: -1) {
                    text[place] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, 4, at: 0); put(month, 2, at: 5); put(day, 2, at: 8)
            put(secondOfDay / 3600, 2, at: 11); put(secondOfDay / 60 % 60, 2, at: 14); put(secondOfDay % 60, 2, at: 17)
            (text[4], text[7], text[10], text[13], text[16], text[19]) =
                (UInt8(ascii: "-"), UInt8(ascii: "-"), UInt8(ascii: "T"), UInt8(ascii: ":"), UInt8(ascii: ":"), UInt8(ascii: "Z"))
            return String(decoding: text, as: UTF8.self)
        }
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(isoDay)T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }

    /// `2026-11-27` (years before 0 or after 9999 written in full, as Foundation writes them).
    public var isoDay: String {
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = year >= 0 && year < 10_000 ? String(repeating: "0", count: 4 - "\(year)".count) + "\(year)" : "\(year)"
        return "\(yearText)-\(two(month))-\(two(day))"
    }
}
