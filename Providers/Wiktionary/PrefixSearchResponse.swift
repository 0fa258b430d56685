import LexAggHTTP

/// The body of `action=query&list=prefixsearch` (formatversion 2): page titles that start with the search string,
/// best first, as the wiki's search engine ranks them.
///
/// `{"batchcomplete": true, "continue": {"psoffset": 10, "continue": "-||"}, "query": {"prefixsearch": [{"ns": 0,
/// "title": "house", "pageid": 9071}, …]}}`; `continue` is there only when more titles follow, and an empty search
/// gives `"prefixsearch": []`. Errors are the Action API's error bodies (``ParseResponse/policy``).
package struct PrefixSearchResponse: Decodable {
    var query: Query

    struct Query: Decodable {
        var prefixsearch: [Page]
    }

    struct Page: Decodable {
        var ns: Int?
        var title: String
    }

    /// The titles in the main namespace (entries, not appendices or talk pages), in the engine's order.
    package var titles: [String] {
        query.prefixsearch.filter { ($0.ns ?? 0) == 0 }.map(\.title)
    }
}
