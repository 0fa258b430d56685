import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory new-provider <Name> [--http]`
///
/// Creates a provider that builds and passes its tests as it is, ready to be turned into the real thing:
/// - `Providers/<Name>/<Name>.swift` and `<Name>+Factory.swift`: a working provider (a small built-in glossary, or
///   with `--http` a JSON service reached through the one HTTP client with a declared response policy);
/// - `Tests/<Name>ProviderTests/<Name>ProviderTests.swift`: the conformance kit (and, with `--http`, the kit's
///   HTTP fault table) over an in-memory fixture transport;
/// - `Fixtures/<id>/README.md`: where the real responses' fixtures go;
/// - the two list entries: `ProviderModule(name: "<Name>")` in Package.swift's `providers`, and the factory in
///   Sources/lexagg/main.swift.
@main
struct NewProvider: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        let http = arguments.contains("--http")
        arguments.removeAll { $0 == "--http" }
        guard arguments.count == 1, let name = arguments.first, Self.isTypeName(name) else {
            throw ScaffoldError(
                "usage: swift package --allow-writing-to-package-directory new-provider <Name> [--http]\n"
                    + "  <Name> is a Swift type name such as MyGlossary (letters and digits, starting with a capital)"
            )
        }
        let id = Self.identifier(for: name)
        let root = context.package.directoryURL
        let files = FileManager.default
        let folder = root.appending(path: "Providers/\(name)")
        let tests = root.appending(path: "Tests/\(name)ProviderTests")
        let fixtures = root.appending(path: "Fixtures/\(id)")
        for existing in [folder, tests] where files.fileExists(atPath: existing.path()) {
            throw ScaffoldError("\(existing.path()) already exists; choose another name")
        }
        let manifest = root.appending(path: "Package.swift")
        let main = root.appending(path: "Sources/lexagg/main.swift")
        // Both list entries are checked before anything is written, so a failure leaves the package as it was.
        let newManifest = try Self.addingProvider(name: name, http: http, to: String(contentsOf: manifest, encoding: .utf8))
        let newMain = try Self.addingFactory(name: name, id: id, to: String(contentsOf: main, encoding: .utf8))

        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        try files.createDirectory(at: tests, withIntermediateDirectories: true)
        try files.createDirectory(at: fixtures, withIntermediateDirectories: true)
        let templates = http ? Templates.http(name: name, id: id) : Templates.local(name: name, id: id)
        try templates.provider.write(to: folder.appending(path: "\(name).swift"), atomically: true, encoding: .utf8)
        try templates.factory.write(to: folder.appending(path: "\(name)+Factory.swift"), atomically: true, encoding: .utf8)
        try templates.tests.write(to: tests.appending(path: "\(name)ProviderTests.swift"), atomically: true, encoding: .utf8)
        try Templates.fixturesReadme(name: name, id: id).write(
            to: fixtures.appending(path: "README.md"), atomically: true, encoding: .utf8
        )
        try newManifest.write(to: manifest, atomically: true, encoding: .utf8)
        try newMain.write(to: main, atomically: true, encoding: .utf8)
        print("""
            Created the provider '\(id)' (\(http ? "HTTP" : "local")):
              Providers/\(name)/\(name).swift, \(name)+Factory.swift
              Tests/\(name)ProviderTests/\(name)ProviderTests.swift
              Fixtures/\(id)/README.md
            and added ProviderModule(name: "\(name)") to Package.swift and .\(id) to Sources/lexagg/main.swift.
            Next: swift build && swift test --filter \(name)ProviderTests, then make it answer from your source.
            """)
    }

    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// `MyGlossary` → `myglossary` (a provider id: lower-case letters and digits).
    static func identifier(for name: String) -> String { name.lowercased() }

    /// Package.swift with the provider added at the end of the `providers` list.
    static func addingProvider(name: String, http: Bool, to manifest: String) throws -> String {
        var lines = manifest.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("let providers: [ProviderModule] = [") }),
              let end = lines[start...].firstIndex(where: { $0 == "]" })
        else { throw ScaffoldError("Package.swift has no 'let providers: [ProviderModule] = [' list ending in a line ']'") }
        if lines[start..<end].contains(where: { $0.contains("name: \"\(name)\"") }) {
            throw ScaffoldError("Package.swift already lists a provider named \(name)")
        }
        lines.insert("    ProviderModule(name: \"\(name)\"\(http ? ", http: true" : "")),", at: end)
        return lines.joined(separator: "\n")
    }

    /// main.swift with the module imported and the factory added at the end of the `factories` list.
    static func addingFactory(name: String, id: String, to main: String) throws -> String {
        var lines = main.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("let factories: [ProviderFactory] = [") }),
              let end = lines[start...].firstIndex(where: { $0 == "]" })
        else { throw ScaffoldError("main.swift has no 'let factories: [ProviderFactory] = [' list ending in a line ']'") }
        lines.insert("    .\(id),", at: end)
        let lastImport = lines.lastIndex(where: { $0.hasPrefix("import ") && $0.hasSuffix("Provider") }) ?? 0
        lines.insert("import \(name)Provider", at: lastImport + 1)
        return lines.joined(separator: "\n")
    }
}

struct ScaffoldError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
