/// Dates and times as each language writes them, from calendar fields (UTC), without Foundation's locale data:
/// English `2026-11-22` and `2026-11-22 09:30 UTC` (ISO 8601, as before), Russian `22.11.2026` and
/// `22.11.2026 09:30 UTC`.
public enum DateText {
    public static func day(year: Int, month: Int, day: Int, in language: UILanguage = UILanguage.current) -> String {
        switch language {
        case .english: "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        case .russian: "\(pad(day, 2)).\(pad(month, 2)).\(pad(year, 4))"
        }
    }

    public static func time(hour: Int, minute: Int) -> String { "\(pad(hour, 2)):\(pad(minute, 2))" }

    public static func dayAndTime(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, in language: UILanguage = UILanguage.current
    ) -> String {
        Self.day(year: year, month: month, day: day, in: language) + " " + time(hour: hour, minute: minute) + " UTC"
    }

    private static func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
