import LexAggCore
import Logging

/// A consumer's rendering of an answer — the HTTP API's response body, say — which the service's memo keeps beside
/// the answer it renders (``AnswerMemo``), so a server asked the same word again and again renders it once per kept
/// answer instead of once per request.
///
/// `render` must be a function of the answer alone: two renderings with the same `name` must give the same output for
/// the same answer (a server's fixed settings may go into it; anything that differs per request may not).
public struct AnswerRendering<Output: Sendable>: Sendable {
    /// Tells renderings apart in the memo (`http:/api/v2/entries`).
    public let name: String
    let render: @Sendable (LookupAnswer) -> Output

    public init(name: String, render: @escaping @Sendable (LookupAnswer) -> Output) {
        self.name = name
        self.render = render
    }
}

/// An answer and its rendering.
public struct RenderedAnswer<Output: Sendable>: Sendable {
    public var answer: LookupAnswer
    public var output: Output
}

extension LookupService {
    /// ``define(_:options:)``, with `rendering`'s output of the answer. An answer from the memo comes with the output
    /// the memo keeps for it (made the first time it is asked for); an answer worked out afresh is rendered as it is.
    public func define<Output: Sendable>(
        _ query: LookupQuery, options: RequestOptions = .init(), rendering: AnswerRendering<Output>
    ) async throws(LookupServiceError) -> RenderedAnswer<Output> {
        let key = AnswerMemo<C>.Key(kind: .define, term: query.term, language: query.language, options: options)
        if let kept = remembered(key, rendering) { return kept }
        let answer = try await define(query, options: options)
        return RenderedAnswer(answer: answer, output: rendering.render(answer))
    }

    /// ``translate(_:options:)``, with `rendering`'s output of the answer (as ``define(_:options:rendering:)``).
    public func translate<Output: Sendable>(
        _ query: TranslationQuery, options: RequestOptions = .init(), rendering: AnswerRendering<Output>
    ) async throws(LookupServiceError) -> RenderedAnswer<Output> {
        let key = AnswerMemo<C>.Key(
            kind: .translate, term: query.term, language: query.pair.source, target: query.pair.target, options: options
        )
        if let kept = remembered(key, rendering) { return kept }
        let answer = try await translate(query, options: options)
        return RenderedAnswer(answer: answer, output: rendering.render(answer))
    }

    /// The memo's answer to the request `key` with its rendering (made and kept now if the memo has none yet),
    /// unless the request asks the sources again (`refresh`).
    private func remembered<Output>(_ key: AnswerMemo<C>.Key, _ rendering: AnswerRendering<Output>) -> RenderedAnswer<Output>? {
        guard let memo, !key.options.refresh,
              let kept = memo.kept(for: key, rendering: rendering.name, providers: registry.replacements)
        else { return nil }
        logger.debug("\(key.kind) '\(key.term)': answered from the memo")
        if let output = kept.rendering as? Output {
            return RenderedAnswer(answer: kept.answer, output: output)
        }
        let output = rendering.render(kept.answer)
        memo.attach(output, named: rendering.name, to: key, serial: kept.serial)
        return RenderedAnswer(answer: kept.answer, output: output)
    }
}
