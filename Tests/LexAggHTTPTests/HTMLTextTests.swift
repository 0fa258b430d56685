import LexAggHTTP
import Testing

struct HTMLTextTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("  padded \n text\t", "padded text"),
        ("<strong class=\"headword\">Test</strong>", "Test"),
        ("it&#39;s &amp; &lt;b&gt; &quot;q&quot; &#x2019; &#8212; &nbsp;x", "it's & <b> \"q\" ’ — x"),
        ("<span class=\"grammatical_construction\">jdn <strong class=\"tilde\">testen\n</strong>               </span>", "jdn testen"),
        ("tes<span class=\"separator\">·</span>ten", "tes·ten"),
        ("<span classs=\"verbclass\"><acronym title=\"transitives Verb\">trans</acronym></span>", "trans"),
        ("a <b>bold</b> and <i>italic</i>", "a bold and italic"),
        ("x<br>y<br/>z", "x y z"),
        ("<style>.a{color:red}</style>text<script>alert(1)</script>", "text"),
        ("<!-- comment -->kept", "kept"),
        ("a < b and c > d", "a < b and c > d"),
        ("unclosed <span class=\"x\"", "unclosed <span class=\"x\""),
        ("<span>open only", "open only"),
        ("closing only</span> text", "closing only text"),
        ("&unknown; &amp &#; &#xZZ;", "&unknown; &amp &#; &#xZZ;"),
        ("&#0; &#x110000;", "\u{FFFD} \u{FFFD}"),
        ("", ""),
        ("<span class=\"zphrase\"><span class=\"zhu\">房屋</span></span> <span class=\"zpinyin\">fángwū</span>", "房屋 fángwū"),
    ])
    func plainText(html: String, text: String) {
        #expect(HTMLText.plainText(html) == text)
    }

    @Test func acronymsExpandToTheirTitleWhenAsked() {
        let html = "to test <acronym title=\"somebody\">sb</acronym>/<acronym title='something'>sth</acronym>"
        #expect(HTMLText.plainText(html) == "to test sb/sth")
        #expect(HTMLText.plainText(html, options: .init(expandAcronyms: true)) == "to test somebody/something")
        #expect(HTMLText.plainText("<acronym title=\"\">x</acronym>", options: .init(expandAcronyms: true)) == "x")
        #expect(HTMLText.plainText("<acronym title=\"quelqu&#39;un\">qn</acronym>", options: .init(expandAcronyms: true)) == "quelqu'un")
    }

    @Test func classesCanBeSetAside() {
        let html = "publicité <span class=\"genus\"><acronym title=\"feminine\">f</acronym></span> <span class=\"style\">inf</span>"
        let plain = HTMLText.extract(html, options: .init(setAsideClasses: ["genus", "style"]))
        #expect(plain.text == "publicité")
        #expect(plain.setAside.map(\.text) == ["f", "inf"])
        #expect(plain.setAside.map(\.className) == ["genus", "style"])
        let expanded = HTMLText.extract(html, options: .init(expandAcronyms: true, setAsideClasses: ["genus"]))
        #expect(expanded.text == "publicité inf")
        #expect(expanded.setAside.map(\.text) == ["feminine"])
        let dropped = HTMLText.extract(html, options: .init(dropClasses: ["genus"]))
        #expect(dropped.text == "publicité inf")
        #expect(dropped.setAside.isEmpty)
    }

    @Test func hostileInputNeverCrashes() {
        for html in ["<", "&", "<<<>>>", "&#", "&#x", "<a href=\"unterminated", "</", "<!--", "<!", "<a/", "<span class=>x</span>",
                     String(repeating: "<b>", count: 5_000), String(repeating: "&amp;", count: 5_000)]
        {
            _ = HTMLText.plainText(html)
            _ = HTMLText.extract(html, options: .init(expandAcronyms: true, setAsideClasses: ["x"]))
        }
    }
}
