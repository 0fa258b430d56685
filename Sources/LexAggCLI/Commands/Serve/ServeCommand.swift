import ArgumentParser

/// `lexagg serve http|dict`: lexagg's lookups for other programs, over the same lookup service and cache as the
/// command line (README.md, "Servers").
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve lookups to other programs: an HTTP API or a DICT protocol (RFC 2229) server.",
        subcommands: [
            ServeHTTPCommand.self,
            ServeDICTCommand.self,
        ]
    )
}
