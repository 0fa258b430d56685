/// What was wrong with a line of a dump the importer could not read (`the line is not a JSON object at byte 1`), in
/// the reader's language: the importer words its problems in English (they are also the JSON's data), and the Russian
/// interface showed them so (`строка 1: the line is not a JSON object at byte 1`).
public enum ImportProblemText {
    /// `message` in `language`, when it is a problem the importer words; as it is otherwise.
    public static func text(_ message: String, in language: UILanguage = UILanguage.current) -> String {
        guard language == .russian else { return message }
        // `… at byte 17`
        if let (problem, place) = split(message, at: " at byte "), let byte = Int(place),
           let phrase = russian[problem] ?? nested(problem) {
            return "\(phrase), байт \(byte)"
        }
        // `the line is 20000000 bytes, longer than the limit of 16777216 (--max-line-mb raises it)`
        if message.hasPrefix("the line is "), let bytes = message.dropFirst("the line is ".count).split(separator: " ").first,
           let (_, rest) = split(message, at: "longer than the limit of "), let limit = rest.split(separator: " ").first {
            return "строка длиной \(bytes) байт, длиннее предела в \(limit) (его поднимает --max-line-mb)"
        }
        return russian[message] ?? message
    }

    /// `text` before and after the last `marker` in it.
    private static func split(_ text: String, at marker: String) -> (String, String)? {
        guard let index = text.indices.last(where: { text[$0...].hasPrefix(marker) }) else { return nil }
        return (String(text[..<index]), String(text[text.index(index, offsetBy: marker.count)...]))
    }

    /// `nested more than 512 levels deep`, `expected ':'`.
    private static func nested(_ phrase: String) -> String? {
        if phrase.hasPrefix("nested more than "), let levels = phrase.dropFirst("nested more than ".count).split(separator: " ").first {
            return "вложенность глубже \(levels) уровней"
        }
        if phrase.hasPrefix("expected '"), phrase.hasSuffix("'"), phrase.count == "expected 'x'".count {
            return "ожидался символ \(phrase.dropFirst("expected ".count))"
        }
        return nil
    }

    static let russian: [String: String] = [
        "the line is not a JSON object": "строка — не объект JSON",
        "unexpected text after the JSON object": "лишний текст после объекта JSON",
        "a string is not closed": "строка в кавычках не закрыта",
        "a control character in a string": "управляющий символ в строке",
        "an unknown escape in a string": "неизвестная escape-последовательность в строке",
        "a bad \\u escape": "неверная последовательность \\u",
        "a truncated \\u escape": "оборванная последовательность \\u",
        "a bad number": "неверное число",
        "a number with a leading zero": "число с ведущим нулём",
        "a truncated literal": "оборванный литерал",
        "an unknown literal": "неизвестный литерал",
        "a value is missing": "пропущено значение",
        "an unexpected character": "неожиданный символ",
        "expected ',' or ']' in an array": "в массиве ожидалась ',' или ']'",
        "expected ',' or '}' in an object": "в объекте ожидалась ',' или '}'",
        "expected a quoted key": "ожидался ключ в кавычках",
        "the array is not closed": "массив не закрыт",
        "the object is not closed": "объект не закрыт",
        "the word is not valid UTF-8": "слово — не корректный UTF-8",
    ]
}
