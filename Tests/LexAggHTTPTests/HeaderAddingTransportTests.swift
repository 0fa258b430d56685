import LexAggHTTP
import Synchronization
import Testing

struct HeaderAddingTransportTests {
    final class Recorder: HTTPTransport {
        let seen = Mutex<[HTTPRequestSpec]>([])
        func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
            seen.withLock { $0.append(request) }
            return HTTPResponseData(status: 200)
        }
    }

    @Test func addsFieldsWithoutReplacingOnesAlreadyThere() async throws {
        let recorder = Recorder()
        let transport = HeaderAddingTransport(recorder, adding: [HTTPField("X-Secret", "k3y"), HTTPField("Accept", "x/y")])
        _ = try await transport.send(
            HTTPRequestSpec(url: "http://127.0.0.1/", headers: [HTTPField("accept", "application/json")], timeout: .seconds(1), maximumBodyBytes: 10)
        )
        let headers = try #require(recorder.seen.withLock { $0.first?.headers })
        #expect(headers == [HTTPField("accept", "application/json"), HTTPField("X-Secret", "k3y")])
    }

    @Test func descriptionsNeverShowTheValues() {
        let transport = HeaderAddingTransport(Recorder(), adding: [HTTPField("X-Secret", "k3y-value")])
        var dumped = ""
        dump(transport, to: &dumped)
        for text in [String(describing: transport), String(reflecting: transport), dumped] {
            #expect(!text.contains("k3y-value"), "\(text)")
            #expect(text.contains("X-Secret"))
        }
    }
}
