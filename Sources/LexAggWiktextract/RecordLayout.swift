import LexAggJSON
/// How an entry's members are ordered in a dataset (format 2): grouped by what reads them, so that a reader that
/// needs only some groups stops at the first member of a later one instead of checking and skipping the rest of the
/// line (head templates, categories, inflection tables, and for a definition the forms and translations: most of a
/// well-documented word's line).
///
/// The importer writes each line's object with its members in group order, each group in the line's order (so the
/// last of a repeated key is still the last), no white space between members; a member's own text is kept byte for
/// byte, but for the senses' members no answer shows (``isShownSenseKey(_:)``), left out of each sense object, and
/// the members of ``Group/other``, which nothing reads, left out of the object. Format 1 datasets kept the lines as
/// they were: their readers read to the end.
public enum RecordLayout {
    /// The groups, in the order they are written.
    public enum Group: UInt8, Comparable, Sendable {
        /// What an answer shows: `word`, `lang_code`, `pos`, `etymology_number`, `etymology_text` (`etymology_texts`
        /// in the other editions), `sounds`, `senses`, the word-level `synonyms`, `antonyms`, `tags` and `raw_tags`,
        /// and the word-level `form_of` and `alt_of` some editions write (a Greek participle's lemma)
        /// (every key the offline provider's record decoder reads but the two below; datasets imported before the
        /// word-level linkages, tags and `etymology_texts` were read keep them with the others, unread, or left them
        /// out).
        case answer = 0
        /// `forms`: read by the lemma fallback (with `word` and `lang_code`) and by nothing else.
        case forms = 1
        /// `translations`: read by `translate` and the reverse lookup.
        case translations = 2
        /// Everything else, which no reader reads (templates, categories, derived terms, descendants: a tenth of
        /// the benchmark's lines, more of a real dump's): not written. Datasets imported before kept it, last.
        case other = 3

        public static func < (left: Group, right: Group) -> Bool { left.rawValue < right.rawValue }
    }

    /// The group of a top-level member with the (unescaped) key `key`.
    public static func group(of key: UnsafeRawBufferPointer) -> Group {
        func equals(_ name: StaticString) -> Bool { JSONReader.equals(key, name) }
        switch key.count {
        case 3: return equals("pos") ? .answer : .other
        case 4: return equals("word") || equals("tags") ? .answer : .other
        case 5: return equals("forms") ? .forms : .other
        case 6: return equals("senses") || equals("sounds") || equals("alt_of") ? .answer : .other
        case 7: return equals("form_of") ? .answer : .other
        case 8: return equals("synonyms") || equals("antonyms") || equals("raw_tags") ? .answer : .other
        case 9: return equals("lang_code") ? .answer : .other
        case 12: return equals("translations") ? .translations : .other
        case 14: return equals("etymology_text") ? .answer : .other
        case 15: return equals("etymology_texts") ? .answer : .other
        case 16: return equals("etymology_number") ? .answer : .other
        default: return .other
        }
    }

    /// Whether a member of a sense object (inside `senses`) with the (unescaped) key `key` is one an answer shows:
    /// every key the offline provider's sense reader reads (`Sense(wiktextract:sources:)`). The importer leaves the
    /// others out of the entries it keeps (a real sense's `categories`, `links`, `id`, … are most of its bytes, and
    /// a lookup had to step over them).
    public static func isShownSenseKey(_ key: UnsafeRawBufferPointer) -> Bool {
        func equals(_ name: StaticString) -> Bool { JSONReader.equals(key, name) }
        switch key.count {
        case 4: return equals("tags")
        case 6: return equals("topics") || equals("alt_of")
        case 7: return equals("glosses") || equals("form_of")
        case 8: return equals("examples") || equals("synonyms") || equals("antonyms") || equals("raw_tags")
        case 9: return equals("qualifier")
        case 11: return equals("raw_glosses") || equals("sense_index")
        default: return false
        }
    }

    /// A piece of a member written in parts (a `senses` member, its senses' unshown members left out): bytes of the
    /// line, or one byte between them.
    public enum Piece: Sendable, Equatable {
        case line(Range<Int>)
        case byte(UInt8)
    }

    /// `line`'s object written with its members in group order, those of ``Group/other`` left out, into `output`
    /// (replacing what it held).
    ///
    /// - Parameters:
    ///   - members: the line's top-level members, in order: their bytes (key to end of value), their group, and the
    ///     range of `pieces` to write instead of the bytes, if any.
    ///   - pieces: what members written in parts are made of.
    public static func write(
        _ line: UnsafeRawBufferPointer, members: [RecordScanner.Member], pieces: [Piece] = [], into output: inout [UInt8]
    ) {
        output = [UInt8](unsafeUninitializedCapacity: line.count + 2) { buffer, count in
            count = write(line, members: members, pieces: pieces, to: buffer.baseAddress!)
        }
    }

    /// The same written at `output`, which has room for the line's length (the object is never longer: its members
    /// joined by one comma each, without the white space between them, a member in parts no longer than its bytes);
    /// returns the bytes written.
    public static func write(
        _ line: UnsafeRawBufferPointer, members: [RecordScanner.Member], pieces: [Piece] = [],
        to output: UnsafeMutableRawPointer
    ) -> Int {
        output.storeBytes(of: UInt8(ascii: "{"), as: UInt8.self)
        var written = 1
        func copy(_ range: Range<Int>) {
            (output + written).copyMemory(from: line.baseAddress! + range.lowerBound, byteCount: range.count)
            written += range.count
        }
        for group in [Group.answer, .forms, .translations] {
            for member in members where member.group == group {
                if written > 1 {
                    (output + written).storeBytes(of: UInt8(ascii: ","), as: UInt8.self)
                    written += 1
                }
                guard let parts = member.pieces else { copy(member.range); continue }
                for piece in pieces[parts] {
                    switch piece {
                    case .line(let range): copy(range)
                    case .byte(let byte):
                        (output + written).storeBytes(of: byte, as: UInt8.self)
                        written += 1
                    }
                }
            }
        }
        (output + written).storeBytes(of: UInt8(ascii: "}"), as: UInt8.self)
        return written + 1
    }
}
