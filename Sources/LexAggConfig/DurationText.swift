/// Durations as the configuration file writes them: whole seconds (`3600`) or a number and a unit
/// (`"90s"`, `"30m"`, `"12h"`, `"7d"`, `"2w"`).
public enum DurationText {
    /// The longest duration accepted: ten years.
    public static let maximumSeconds = 3650 * 86_400

    /// The number of seconds `text` means, or `nil` when it is not a duration.
    public static func seconds(_ text: String) -> Int? {
        let text = text.trimmingWhitespace().lowercased()
        guard let last = text.last else { return nil }
        let multiplier: Int
        var digits = Substring(text)
        switch last {
        case "s": multiplier = 1
        case "m": multiplier = 60
        case "h": multiplier = 3600
        case "d": multiplier = 86_400
        case "w": multiplier = 7 * 86_400
        default:
            guard last.isNumber else { return nil }
            multiplier = 1
        }
        if !last.isNumber { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 10,
              let value = Int(digits), value <= maximumSeconds / multiplier
        else { return nil }
        return value * multiplier
    }

    /// `7d`, `12h`, `30m`, `45s`: the largest unit up to days that divides `seconds` exactly.
    public static func format(seconds: Int) -> String {
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60)]
        where seconds >= size && seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice = slice.dropFirst() }
        while let last = slice.last, last.isWhitespace { slice = slice.dropLast() }
        return String(slice)
    }
}
