/// A transport that adds fixed header fields (such as an API key) to every request and passes it on.
///
/// For headers every request of a transport needs. A provider's credentials belong in
/// ``ServiceRequest/credentials`` instead, where the client keeps them to their origin. The values are secrets as far as this type
/// knows: its `description`, `debugDescription` and mirror name the fields but never show their values.
public struct HeaderAddingTransport: HTTPTransport, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let base: any HTTPTransport
    private let fields: [HTTPField]

    /// Wraps `base`; `fields` are added to each request unless the request already has a field of that name.
    public init(_ base: any HTTPTransport, adding fields: [HTTPField]) {
        self.base = base
        self.fields = fields
    }

    public func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        var request = request
        let present = Set(request.headers.map { $0.name.lowercased() })
        for field in fields where !present.contains(field.name.lowercased()) { request.headers.append(field) }
        return try await base.send(request)
    }

    public var description: String {
        "HeaderAddingTransport(adding: \(fields.map { "\($0.name): <redacted>" }.joined(separator: ", ")))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["adding": fields.map(\.name)]) }
}
