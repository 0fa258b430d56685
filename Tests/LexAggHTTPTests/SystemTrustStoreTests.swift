@testable import LexAggHTTP
import Testing

/// HTTPS trusts the system's certificate authorities through their hashed directory when it has one.
@Suite struct SystemTrustStoreTests {
    @Test func hashNamesAreEightHexDigitsADotAndANumber() {
        for name in ["9d04f354.0", "2055eac9.1", "00000000.12"] { #expect(SystemTrustStore.isHashName(name)) }
        for name in ["ca-certificates.crt", "9d04f354", "9d04f354.", "9D04F354.0", "9d04f35g.0", "9d04f354.0a", "README"] {
            #expect(!SystemTrustStore.isHashName(name), "\(name)")
        }
    }
}
