import Foundation
import LexAggFixtures
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `lexagg mcp` as MCP clients meet it: the built binary on standard input and output, driven by the real Python
/// `mcp` package (pip; installed by .ci/run) and by raw JSON-RPC lines. HOME and the XDG directories are temporary,
/// so no user data is read or written; `--offline` keeps the network out (the embedded WordNet answers).
@Suite struct MCPBinaryTests {
    static let inCI = (ProcessInfo.processInfo.environment["CI"] ?? "").lowercased() == "true"
    static let pythonClientInstalled = system("python3 -c 'import mcp' >/dev/null 2>&1") == 0

    /// The Python client's session, reported as one JSON object for the assertions below.
    static let clientScript = #"""
        import asyncio, json, sys
        from mcp import ClientSession, StdioServerParameters
        from mcp.client.stdio import stdio_client

        def result(r):
            text = "".join(c.text for c in r.content if getattr(c, "type", "") == "text")
            return {"isError": bool(r.is_error), "text": text, "structured": r.structured_content}

        async def main():
            binary, home = sys.argv[1], sys.argv[2]
            env = {"HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
                   "XDG_CONFIG_HOME": home + "/config", "XDG_STATE_HOME": home + "/state", "PATH": "/usr/bin:/bin"}
            server = StdioServerParameters(command=binary, args=["mcp", "--offline"], env=env)
            report = {}
            with open(home + "/server-stderr.log", "w") as errlog:
                async with stdio_client(server, errlog=errlog) as (read, write):
                    async with ClientSession(read, write) as session:
                        init = await session.initialize()
                        report["server"] = init.server_info.name
                        report["tools"] = sorted(tool.name for tool in (await session.list_tools()).tools)
                        report["lookup"] = result(await session.call_tool("lookup", {"word": "serendipity"}))
                        report["badCount"] = result(await session.call_tool("random_words", {"count": -3}))
                        report["missingWord"] = result(await session.call_tool("lookup", {}))
                        report["add"] = result(await session.call_tool("library_add", {"word": "serendipity", "lang": "en"}))
                        report["search"] = result(await session.call_tool("library_search", {"query": "serendipity"}))
                        report["resources"] = [str(r.uri) for r in (await session.list_resources()).resources]
                        word = await session.read_resource("lexagg://library/words/en/serendipity")
                        report["resource"] = [c.text for c in word.contents]
            print(json.dumps(report))

        asyncio.run(main())
        """#

    @Test(.enabled(if: pythonClientInstalled || inCI, "the Python mcp package is not installed (pip install mcp==2.3.0; .ci/run does)"))
    func thePythonMCPClientDrivesLexaggMCP() async throws {
        guard Self.pythonClientInstalled else {
            Issue.record("CI must have the Python mcp package: .ci/run installs it with pip install mcp==2.3.0")
            return
        }
        let home = TemporaryFiles.directory()
        let script = home + "/client.py"
        try Data(Self.clientScript.utf8).write(to: URL(fileURLWithPath: script))
        let run = await Self.run(["python3", script, BinaryRun.binary, home], input: nil)
        let log = TemporaryFiles.read(home + "/server-stderr.log")
        #expect(run.status == 0, "client: \(run.stderr)\nserver: \(log)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)\n\(run.stderr)"
        )
        #expect(report["server"] as? String == "lexagg")
        #expect(report["tools"] as? [String] == ["library_add", "library_search", "lookup", "match", "random_words", "translate"])

        let lookup = try #require(report["lookup"] as? [String: Any])
        #expect(lookup["isError"] as? Bool == false)
        #expect((lookup["text"] as? String)?.contains("good luck in making unexpected and fortunate discoveries") == true, "\(lookup)")
        let document = try #require(lookup["structured"] as? [String: Any])
        #expect(document["command"] as? String == "lookup")
        #expect(document["found"] as? Bool == true)

        let badCount = try #require(report["badCount"] as? [String: Any])
        #expect(badCount["isError"] as? Bool == true)
        #expect((badCount["text"] as? String)?.contains("'count' must be between 1 and 1000, not -3") == true, "\(badCount)")
        let missingWord = try #require(report["missingWord"] as? [String: Any])
        #expect(missingWord["isError"] as? Bool == true)
        #expect((missingWord["text"] as? String)?.contains("lookup needs 'word'") == true, "\(missingWord)")

        let add = try #require(report["add"] as? [String: Any])
        #expect(add["isError"] as? Bool == false, "\(add)")
        #expect((add["text"] as? String)?.hasPrefix("added serendipity (en)") == true, "\(add)")
        let search = try #require(report["search"] as? [String: Any])
        let found = (search["structured"] as? [String: Any])?["words"] as? [[String: Any]]
        #expect(found?.first?["word"] as? String == "serendipity", "\(search)")
        #expect(report["resources"] as? [String] == ["lexagg://library/words", "lexagg://library/words/en/serendipity"])
        #expect((report["resource"] as? [String])?.first?.contains("fortunate discoveries") == true)

        // The library is in the temporary XDG data directory, nowhere else.
        #expect(FileManager.default.fileExists(atPath: home + "/data/lexagg/library.sqlite"))
    }

    /// A session's first lines: `initialize` (id 1), `initialized`, and a lookup of *serendipity* (id 2).
    static let opening = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}"#,
        #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"lookup","arguments":{"word":"serendipity"}}}"#,
    ]

    /// A client that writes its requests and closes standard input at once still gets every answer, and the server
    /// then exits 0; standard output carries nothing but JSON-RPC (the --verbose log goes to standard error).
    @Test func theEndOfInputEndsTheServerAfterItHasAnswered() async throws {
        let home = TemporaryFiles.directory()
        let requests = Self.opening + [
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"lookup","arguments":{"word":7}}}"#,
            "not json at all",
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call"}"#,
            #"{"jsonrpc":"2.0","id":"five","method":"resources/read","params":{}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"lookup","arguments":"x"}}"#,
        ]
        let input = home + "/input"
        try Data((requests.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: input))
        let run = await Self.run(
            ["env", "-i", "HOME=\(home)", "XDG_DATA_HOME=\(home)/data", "XDG_CACHE_HOME=\(home)/cache",
             "XDG_CONFIG_HOME=\(home)/config", "PATH=/usr/bin:/bin", BinaryRun.binary, "mcp", "--offline", "--verbose"],
            input: input
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("[info]"), "the log is on standard error")
        var answers: [Int: [String: Any]] = [:]
        var parseErrors: [[String: Any]] = []
        for line in run.stdout.split(separator: "\n") {
            let message = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            if let id = message["id"] as? Int { answers[id] = message }
            if message["id"] as? String == "five" { answers[5] = message }
            if (message["error"] as? [String: Any])?["code"] as? Int == -32700 { parseErrors.append(message) }
        }
        // A line that is not JSON: JSON-RPC's parse error, with the id null (JSON-RPC 2.0, §5.1).
        #expect(parseErrors.count == 1, "\(run.stdout)")
        #expect(parseErrors.first?["id"] is NSNull, "\(parseErrors)")
        #expect(Set(answers.keys) == [1, 2, 3, 4, 5, 6], "\(run.stdout)")
        // A request without the parameters its method needs: invalid params (-32602), with its own id (it was an
        // internal error in Foundation's words).
        for id in [4, 5, 6] {
            let error = answers[id]?["error"] as? [String: Any]
            #expect(error?["code"] as? Int == -32602, "\(answers[id] ?? [:])")
            #expect((error?["message"] as? String)?.hasPrefix("Invalid params: ") == true, "\(answers[id] ?? [:])")
        }
        let lookup = answers[2]?["result"] as? [String: Any]
        #expect(lookup?["isError"] as? Bool == false)
        #expect((lookup?["structuredContent"] as? [String: Any])?["found"] as? Bool == true)
        let bad = answers[3]?["result"] as? [String: Any]
        #expect(bad?["isError"] as? Bool == true, "a bad argument is a tool error, not a protocol error: \(answers[3] ?? [:])")
    }

    /// SIGTERM (what an MCP client sends when the user quits) ends the server as the end of input does: it answers
    /// what was asked and exits 0. It was killed by the signal, with the call in flight unanswered.
    @Test func sigtermEndsTheServerAfterItHasAnswered() async throws {
        let directory = TemporaryFiles.directory()
        let lines = Self.opening
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: directory + "/input"))
        let home = directory + "/home"
        let script = """
            export HOME=\(home) XDG_DATA_HOME=\(home)/data XDG_CACHE_HOME=\(home)/cache XDG_CONFIG_HOME=\(home)/config
            mkfifo \(directory)/in
            \(BinaryRun.shellQuote(BinaryRun.binary)) mcp --offline <\(directory)/in >\(directory)/out 2>\(directory)/err &
            pid=$!
            exec 3>\(directory)/in
            cat \(directory)/input >&3
            for _ in $(seq 100); do grep -q '"id":2' \(directory)/out 2>/dev/null && break; sleep 0.1; done
            kill -TERM $pid
            wait $pid
            echo $? >\(directory)/status
            exec 3>&-
            """
        _ = await BinaryRun.sh("timeout 120 sh -c " + BinaryRun.shellQuote(script))
        #expect(TemporaryFiles.read(directory + "/status").trimmingCharacters(in: .whitespacesAndNewlines) == "0",
                "\(TemporaryFiles.read(directory + "/err"))")
        #expect(TemporaryFiles.read(directory + "/out").contains("serendipity"))
    }

    /// Runs `command` with standard input from `input` (or none), within two minutes.
    static func run(_ command: [String], input: String?) async -> (status: Int32, stdout: String, stderr: String) {
        let directory = TemporaryFiles.directory()
        let line = command.map(BinaryRun.shellQuote).joined(separator: " ")
            + " <\(input.map(BinaryRun.shellQuote) ?? "/dev/null") >\(directory)/out 2>\(directory)/err"
        let status = await BinaryRun.sh("timeout 120 " + line)
        return (status, TemporaryFiles.read(directory + "/out"), TemporaryFiles.read(directory + "/err"))
    }

}
