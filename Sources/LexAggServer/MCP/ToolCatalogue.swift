import LexAggCore
import MCP

/// The tools `lexagg mcp` offers, with their input schemas (JSON Schema) and annotations.
enum ToolCatalogue {
    static let lookup = "lookup"
    static let translate = "translate"
    static let randomWords = "random_words"
    static let match = "match"
    static let libraryAdd = "library_add"
    static let librarySearch = "library_search"

    static var tools: [Tool] {
        [
            Tool(
                name: lookup, title: "Look a word up",
                description: """
                    Definitions of a word or phrase from every dictionary lexagg has for its language (offline \
                    WordNet and dictd databases, and online ones when configured), merged, each sense with its \
                    source. When nothing knows the word, close spellings are suggested.
                    """,
                inputSchema: schema(
                    ["word": text("The word or phrase, e.g. serendipity."), "lang": languageCode("The word's language"),
                     "providers": providerList],
                    required: ["word"]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: true)
            ),
            Tool(
                name: translate, title: "Translate a word",
                description: "Translations of a word from one language into another, from every dictionary that translates in that direction.",
                inputSchema: schema(
                    ["word": text("The word or phrase to translate, e.g. house."),
                     "from": languageCode("The word's language"), "to": languageCode("The language to translate into"),
                     "providers": providerList],
                    required: ["word", "from", "to"]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: true)
            ),
            Tool(
                name: randomWords, title: "Random words",
                description: "Random words in a language (for practice or inspiration), from the first source that gives them.",
                inputSchema: schema(
                    ["count": number("How many words (1–1000, default 10).", minimum: 1, maximum: 1000, default: 10),
                     "lang": languageCode("Their language (default: the configured lookup language, else en)")],
                    required: []
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: true)
            ),
            Tool(
                name: match, title: "Find headwords matching a pattern",
                description: """
                    Headwords that match a pattern by a strategy (the DICT protocol's): exact, prefix, substring, \
                    suffix, regex (POSIX extended), soundex or lev (one edit away), from every dictionary that \
                    matches by it.
                    """,
                inputSchema: schema(
                    ["pattern": text("The pattern, e.g. serend (prefix) or ^un.*able$ (regex)."),
                     "strategy": .object([
                         "type": "string", "enum": .array(MatchStrategy.allCases.map { .string($0.rawValue) }),
                         "description": "How the pattern is compared with headwords.",
                     ]),
                     "lang": languageCode("The headwords' language"), "providers": providerList,
                     "limit": number("At most this many headwords from each dictionary (1–1000, default 100).",
                                     minimum: 1, maximum: 1000, default: 100)],
                    required: ["pattern", "strategy"]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: true)
            ),
            Tool(
                name: libraryAdd, title: "Save a word to the library",
                description: """
                    Looks a word up like lookup does and saves what the dictionaries said in the user's lexagg \
                    library (for review and quizzes). Adding a saved word again refreshes its entries; a word no \
                    dictionary knows is not saved.
                    """,
                inputSchema: schema(
                    ["word": text("The word to save, e.g. serendipity."), "lang": languageCode("The word's language"),
                     "translate_to": languageCode("Also save translations into this language (needs lang)")],
                    required: ["word"]
                ),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true)
            ),
            Tool(
                name: librarySearch, title: "Search the library",
                description: """
                    Searches the user's saved words, their translations and definitions. Case and accents are \
                    ignored and each word of the query matches word beginnings; best matches first.
                    """,
                inputSchema: schema(
                    ["query": text("What to look for, e.g. luck."), "lang": languageCode("Only words in this language"),
                     "favourites": .object(["type": "boolean", "description": "Only starred words (default false)."]),
                     "limit": number("The most results (1–1000, default 20).", minimum: 1, maximum: 1000, default: 20)],
                    required: ["query"]
                ),
                annotations: .init(readOnlyHint: true, openWorldHint: false)
            ),
        ]
    }

    /// The argument names each tool accepts (its schema's properties, and accepted aliases).
    static func accepted(by tool: Tool) -> [String] {
        tool.inputSchema.objectValue?["properties"]?.objectValue?.keys.sorted() ?? []
    }

    // MARK: Schema pieces

    private static func schema(_ properties: [String: Value], required: [String]) -> Value {
        .object([
            "type": "object",
            "properties": .object(properties),
            "required": .array(required.map { .string($0) }),
            "additionalProperties": false,
        ])
    }

    private static func text(_ description: String) -> Value {
        .object(["type": "string", "minLength": 1, "description": .string(description)])
    }

    private static func languageCode(_ description: String) -> Value {
        .object(["type": "string", "description": .string(description + ": an ISO 639 code such as en, de, fr, es.")])
    }

    private static func number(_ description: String, minimum: Int, maximum: Int, default value: Int) -> Value {
        .object([
            "type": "integer", "minimum": .int(minimum), "maximum": .int(maximum), "default": .int(value),
            "description": .string(description),
        ])
    }

    private static let providerList: Value = .object([
        "type": "array", "items": .object(["type": "string"]),
        "description": "Provider ids to ask, in order (e.g. [\"wordnet\"]); default: every available one. A comma-separated string works too.",
    ])
}
