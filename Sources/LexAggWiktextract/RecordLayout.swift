import LexAggJSON
/// How an entry's members are ordered in a dataset (format 2): grouped by what reads them, so that a reader that
/// needs only some groups stops at the first member of a later one instead of checking and skipping the rest of the
/// line (head templates, categories, inflection tables, and for a definition the forms and translations: most of a
/// well-documented word's line).
///
/// The importer writes each line's object with its members in group order, each group in the line's order (so the
/// last of a repeated key is still the last), no white space between members; a member's own text is kept byte for
/// byte. Format 1 datasets kept the lines as they were: their readers read to the end.
public enum RecordLayout {
    /// The groups, in the order they are written.
    public enum Group: UInt8, Comparable, Sendable {
        /// What an answer shows: `word`, `lang_code`, `pos`, `etymology_number`, `etymology_text`, `sounds`,
        /// `senses` (every key the offline provider's record decoder reads but the two below).
        case answer = 0
        /// `forms`: read by the lemma fallback (with `word` and `lang_code`) and by nothing else.
        case forms = 1
        /// `translations`: read by `translate` and the reverse lookup.
        case translations = 2
        /// Everything else, which no reader reads.
        case other = 3

        public static func < (left: Group, right: Group) -> Bool { left.rawValue < right.rawValue }
    }

    /// The group of a top-level member with the (unescaped) key `key`.
    public static func group(of key: UnsafeRawBufferPointer) -> Group {
        func equals(_ name: StaticString) -> Bool { JSONReader.equals(key, name) }
        switch key.count {
        case 3: return equals("pos") ? .answer : .other
        case 4: return equals("word") ? .answer : .other
        case 5: return equals("forms") ? .forms : .other
        case 6: return equals("senses") || equals("sounds") ? .answer : .other
        case 9: return equals("lang_code") ? .answer : .other
        case 12: return equals("translations") ? .translations : .other
        case 14: return equals("etymology_text") ? .answer : .other
        case 16: return equals("etymology_number") ? .answer : .other
        default: return .other
        }
    }

    /// `line`'s object (`members` are its top-level members' ranges, key to end of value, in order, with their
    /// groups) written with its members in group order into `output` (replacing what it held).
    public static func write(
        _ line: UnsafeRawBufferPointer, members: [(range: Range<Int>, group: Group)], into output: inout [UInt8]
    ) {
        output = [UInt8](unsafeUninitializedCapacity: line.count + 2) { buffer, count in
            count = write(line, members: members, to: buffer.baseAddress!)
        }
    }

    /// The same written at `output`, which has room for the line's length (the object is never longer: its members
    /// joined by one comma each, without the white space between them); returns the bytes written.
    public static func write(
        _ line: UnsafeRawBufferPointer, members: [(range: Range<Int>, group: Group)], to output: UnsafeMutableRawPointer
    ) -> Int {
        output.storeBytes(of: UInt8(ascii: "{"), as: UInt8.self)
        var written = 1
        for group in [Group.answer, .forms, .translations, .other] {
            for member in members where member.group == group {
                if written > 1 {
                    (output + written).storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
                    written += 1
                }
                (output + written).copyMemory(from: line.baseAddress! + member.range.lowerBound, byteCount: member.range.count)
                written += member.range.count
            }
        }
        (output + written).storeBytes(of: UInt8(ascii: "}"), as: UInt8.self)
        return written + 1
    }
}
