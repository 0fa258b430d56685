#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a value came from: which provider, which database or URL, and when it was read.
public struct Provenance: Sendable, Hashable, Codable {
    /// The provider that produced the value.
    public var provider: ProviderID
    /// The database path or page URL the value was read from.
    public var source: String
    /// When the value was read from its source.
    public var retrievedAt: Date

    public init(provider: ProviderID, source: String, retrievedAt: Date) {
        self.provider = provider
        self.source = source
        self.retrievedAt = retrievedAt
    }
}
