/// lexagg's exit codes. Each outcome has its own, so scripts can tell them apart.
///
/// | code | meaning |
/// |------|---------|
/// | 0    | found: at least one provider answered |
/// | 1    | not found: every provider asked answered, none knew the word |
/// | 64   | usage error: bad flag or argument, unknown provider or language, invalid word |
/// | 69   | unavailable: every provider asked failed (missing or corrupt database, network down) |
/// | 70   | internal error (a bug: please report it) |
/// | 74   | input/output error: standard output or error, or a file named by `--output`, could not be written (EX_IOERR) |
/// | 78   | configuration error: the config file or a `LEXAGG_*` variable is invalid (EX_CONFIG) |
/// | 130  | interrupted (Ctrl-C) |
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case notFound = 1
    case usage = 64
    case unavailable = 69
    case internalError = 70
    case ioError = 74
    case configuration = 78
    case interrupted = 130
}
