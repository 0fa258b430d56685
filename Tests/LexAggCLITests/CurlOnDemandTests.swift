import CCurlOnDemand
import Testing

/// lexagg's own definitions of libcurl's functions (Sources/CCurlOnDemand) load libcurl.so.4 on first use and
/// forward to it: the release binary does not load libcurl at start-up, and URLSession would still work.
@Suite struct CurlOnDemandTests {
    @Test func theForwardersReachTheRealLibcurl() {
        #expect(lexagg_curl_on_demand_functions() == 23)
        let version = String(cString: lexagg_curl_on_demand_version())
        #expect(version.hasPrefix("libcurl/"), "curl_version() answered '\(version)'")
        #expect(lexagg_curl_on_demand_loaded() == 1)
    }
}
