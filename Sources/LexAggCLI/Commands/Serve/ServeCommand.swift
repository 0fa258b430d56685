import ArgumentParser
import LexAggLocalization

/// `lexagg serve http|dict`: lexagg's lookups for other programs, over the same lookup service and cache as the
/// command line (README.md, "Servers").
struct ServeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve",
            abstract: localized(.helpServeAbstract),
            subcommands: [
                ServeHTTPCommand.self,
                ServeDICTCommand.self,
            ]
        )
    }
}
