import LexAggCore

/// A lookup's document written from its fields, in exactly the bytes its `Codable` conformance gives through
/// ``FastJSONEncoder`` (members in UTF-8 order of their keys, optionals left out when nil).
///
/// `lookup --batch --format json` writes one of these a word: through `Codable` its query, outcomes and errors were
/// encoders, containers and tree nodes, a fifth of a 1,000-word WordNet batch (callgrind). `scores` (`--explain`)
/// still goes through `Codable`. A change to these documents' fields must be made here too:
/// `FastJSONEncoderTests` compares this writer with Foundation's encoder.
extension JSONTreeWriter {
    mutating func write(lookup document: JSONOutput.LookupDocument, depth: Int) throws {
        var members = open(UInt8(ascii: "{"))
        key("command", &members, depth); writeString(document.command)
        key("entries", &members, depth)
        var items = open(UInt8(ascii: "["))
        document.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices { element(&items, depth + 1); write(entry: entries[index], depth: depth + 2) }
        }
        close(UInt8(ascii: "]"), depth: depth + 1)
        key("found", &members, depth); literal(document.found ? "true" : "false")
        key("outcomes", &members, depth)
        items = open(UInt8(ascii: "["))
        for outcome in document.outcomes { element(&items, depth + 1); try write(outcome, depth: depth + 2) }
        close(UInt8(ascii: "]"), depth: depth + 1)
        key("query", &members, depth); write(document.query, depth: depth + 1)
        key("schemaVersion", &members, depth); literal(String(document.schemaVersion))
        if let scores = document.scores {
            key("scores", &members, depth)
            write(try JSONTreeEncoder.box(scores, parent: nil, key: nil), depth: depth + 1)
        }
        key("suggestions", &members, depth); write(strings: document.suggestions, depth: depth + 1)
        if let translatable = document.translatableBy {
            key("translatableBy", &members, depth)
            var items = open(UInt8(ascii: "["))
            for hint in translatable {
                element(&items, depth + 1)
                var fields = open(UInt8(ascii: "{"))
                key("provider", &fields, depth + 2); writeString(hint.provider.rawValue)
                key("source", &fields, depth + 2); writeString(hint.source.code)
                key("target", &fields, depth + 2); writeString(hint.target.code)
                close(UInt8(ascii: "}"), depth: depth + 2)
            }
            close(UInt8(ascii: "]"), depth: depth + 1)
        }
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ query: JSONOutput.Query, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        if let language = query.language { key("language", &members, depth); writeString(language.code) }
        if let lemma = query.lemma {
            key("lemma", &members, depth)
            write(lemma, depth: depth + 1)
        }
        if let lemmas = query.lemmas {
            key("lemmas", &members, depth)
            var items = open(UInt8(ascii: "["))
            for lemma in lemmas { element(&items, depth + 1); write(lemma, depth: depth + 2) }
            close(UInt8(ascii: "]"), depth: depth + 1)
        }
        if let matchedAs = query.matchedAs { key("matchedAs", &members, depth); writeString(matchedAs) }
        if let target = query.targetLanguage { key("targetLanguage", &members, depth); writeString(target.code) }
        key("term", &members, depth); writeString(query.term)
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ lemma: JSONOutput.Lemma, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        if let form = lemma.form { key("form", &members, depth); writeString(form) }
        key("foundBy", &members, depth); writeString(lemma.foundBy)
        key("provider", &members, depth); writeString(lemma.provider.rawValue)
        key("word", &members, depth); writeString(lemma.word)
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ outcome: JSONOutput.Outcome, depth: Int) throws {
        var members = open(UInt8(ascii: "{"))
        if let cachedAt = outcome.cachedAt { key("cachedAt", &members, depth); writeString(JSONLiteral.iso8601(cachedAt)) }
        key("entries", &members, depth); literal(String(outcome.entries))
        if let error = outcome.error { key("error", &members, depth); try write(error, depth: depth + 1) }
        key("latencyMs", &members, depth); literal(try JSONLiteral.number(outcome.latencyMs))
        key("origin", &members, depth); writeString(outcome.origin)
        key("provider", &members, depth); writeString(outcome.provider.rawValue)
        if let stale = outcome.staleBecause { key("staleBecause", &members, depth); try write(stale, depth: depth + 1) }
        key("status", &members, depth); writeString(outcome.status)
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ error: JSONOutput.ErrorInfo, depth: Int) throws {
        var members = open(UInt8(ascii: "{"))
        key("code", &members, depth); writeString(error.code)
        if let status = error.httpStatus { key("httpStatus", &members, depth); literal(String(status)) }
        if let location = error.location { key("location", &members, depth); writeString(location) }
        key("message", &members, depth); writeString(error.message)
        if let retry = error.retryAfterSeconds {
            key("retryAfterSeconds", &members, depth); literal(try JSONLiteral.number(retry))
        }
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func literal(_ text: String) {
        bytes.append(utf8: text)
    }
}
