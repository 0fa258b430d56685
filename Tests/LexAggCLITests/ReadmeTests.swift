import Foundation
import LexAggFixtures
import Testing

/// README.md stays true about what the binary has.
@Suite struct ReadmeTests {
    static let readme = (try? String(contentsOfFile: FixtureStore.repositoryRoot + "/README.md", encoding: .utf8)) ?? ""

    /// Every provider the composition root registers is named (as `id`) in README's provider table; dictd databases
    /// found on the machine are covered by its "any dictd database" row.
    @Test func namesEveryRegisteredProvider() async throws {
        #expect(!Self.readme.isEmpty)
        let run = await BinaryRun.run(["providers", "--format", "json"], environment: ["HOME": TemporaryFiles.directory()])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.count >= 7)
        for provider in providers {
            let id = try #require(provider["id"] as? String)
            let source = provider["source"] as? String ?? ""
            if source.hasPrefix("/usr/share/dictd/") && id != "wordnet" { continue }
            #expect(Self.readme.contains("`\(id)`"), "README.md does not name the provider '\(id)' (add it to the Providers table)")
        }
    }

    /// Every command is documented.
    @Test func documentsEveryCommand() async {
        let help = await BinaryRun.run(["--help"])
        // Command lines are indented by two spaces; their wrapped descriptions by more.
        let commands = (help.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? "").split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.contains("See 'lexagg help") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 10, "\(help.stdout)")
        for command in commands where command != "help" {
            #expect(Self.readme.contains("lexagg \(command)"), "README.md does not document 'lexagg \(command)'")
        }
    }
}
