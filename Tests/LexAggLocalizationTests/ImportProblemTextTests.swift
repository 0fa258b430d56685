import LexAggLocalization
import Testing

/// The importer's problems with a dump's lines, in Russian (they were shown in English: `строка 1: the line is not a
/// JSON object at byte 1`); English as the importer words them.
@Suite struct ImportProblemTextTests {
    @Test(arguments: [
        ("the line is not a JSON object at byte 1", "строка — не объект JSON, байт 1"),
        ("a string is not closed at byte 2041", "строка в кавычках не закрыта, байт 2041"),
        ("expected ':' at byte 9", "ожидался символ ':', байт 9"),
        ("nested more than 512 levels deep at byte 600", "вложенность глубже 512 уровней, байт 600"),
        ("the line is 20000000 bytes, longer than the limit of 16777216 (--max-line-mb raises it)",
         "строка длиной 20000000 байт, длиннее предела в 16777216 (его поднимает --max-line-mb)"),
        ("something new at byte 3", "something new at byte 3"),
    ])
    func russian(english: String, russian: String) {
        #expect(ImportProblemText.text(english, in: .russian) == russian)
        #expect(ImportProblemText.text(english, in: .english) == english)
    }
}
