import LexAggCore

/// Parses `Retry-After` header values: delay seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
public enum RetryAfter {
    /// The wait the value asks for, measured from `now` (seconds since 1970) for dates; `nil` when unparseable.
    /// Dates in the past give zero.
    public static func parse(_ value: String, now: Double) -> Duration? {
        let text = value.trimmingWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            guard let seconds = Int64(text) else { return .seconds(Int64.max / 4) }
            return .seconds(seconds)
        }
        guard let date = httpDate(text) else { return nil }
        let delta = date - now
        return delta <= 0 ? .zero : .milliseconds(Int64((delta * 1000).rounded(.up)))
    }

    /// Seconds since 1970 for an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime (`Sun Nov  6 08:49:37 1994`) date.
    public static func httpDate(_ text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "," }).map(String.init)
        var day: Int?, month: Int?, year: Int?, clock: [Int]?
        for part in parts {
            if let index = months.firstIndex(of: part.lowercased().prefix(3).description), part.count >= 3,
                month == nil, Int(part) == nil
            {
                month = index + 1
            } else if part.contains(":") {
                let fields = part.split(separator: ":").compactMap { Int($0) }
                guard fields.count == 3 else { return nil }
                clock = fields
            } else if let number = Int(part) {
                if day == nil && part.count <= 2 { day = number } else { year = number }
            }
        }
        guard let day, let month, var year, let clock else { return nil }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        guard (1...31).contains(day), (0...23).contains(clock[0]), (0...59).contains(clock[1]),
            (0...60).contains(clock[2])
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Days since 1970-01-01 (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
