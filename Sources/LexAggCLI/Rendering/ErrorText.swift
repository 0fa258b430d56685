#if canImport(Glibc)
import Glibc
#endif
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggLibrary
import LexAggLocalization

/// Other modules' errors as the user reads them. The modules report what happened as data (a `reason` beside one
/// English `message`) and never depend on the CLI; here the reason is phrased from the catalogues
/// (``LexAggLocalization/ErrorKey``).
///
/// In English the module's own message is the text: the same words JSON documents and the servers carry, whatever
/// the language. In another language an error with a reason is phrased from the catalogue; one without a reason (a
/// provider's own words, such as a DICT server's reply) keeps its English message.
enum ErrorText {
    // MARK: Whole messages

    /// `provider: what happened`.
    static func text(_ error: ProviderError) -> String {
        UILanguage.current == .english ? error.description : "\(error.provider): \(reasonText(error))"
    }

    /// What happened to a provider, without its name.
    static func reasonText(_ error: ProviderError) -> String {
        guard UILanguage.current != .english, let reason = error.reason else { return error.message }
        return phrase(reason)
    }

    static func text(_ error: RegistryError) -> String {
        UILanguage.current == .english ? error.description : phrase(error)
    }

    static func text(_ error: QueryError) -> String {
        UILanguage.current == .english ? error.description : phrase(error)
    }

    static func text(_ error: LookupServiceError) -> String {
        guard UILanguage.current != .english, let reason = error.reason else { return error.message }
        return phrase(reason)
    }

    static func text(_ error: LibraryError) -> String {
        guard UILanguage.current != .english, let reason = error.reason else { return error.message }
        return phrase(reason)
    }

    /// What is wrong, without where.
    static func message(_ error: ConfigError) -> String {
        guard UILanguage.current != .english, let reason = error.reason else { return error.message }
        return phrase(reason) + (error.moreProblems > 0 ? localized(.configMoreProblems, count: error.moreProblems) : "")
    }

    /// `where: what is wrong`, where is the file and line, or the variable.
    static func text(_ error: ConfigError) -> String {
        guard UILanguage.current != .english else { return error.description }
        var place = error.variable.map { localized(.configEnvironmentVariable, $0) }
            ?? (error.location == "configuration" ? localized(.configPlace) : error.location)
        if let line = error.line { place += ":\(line)" }
        if let line = error.line, let column = error.column, line > 0 { place += ":\(column)" }
        guard let reason = error.reason else { return "\(place): \(error.message)" }
        let more = error.moreProblems > 0 ? localized(.configMoreProblems, count: error.moreProblems) : ""
        return "\(place): \(phrase(reason))\(more)"
    }

    // MARK: Reasons

    static func phrase(_ reason: ProviderError.Reason) -> String {
        switch reason {
        case .hostNotFound(let host): localized(.providerHostNotFound, host)
        case .connectionRefused(let address): localized(.providerRefused, address)
        case .connectionClosed(let address): localized(.providerClosed, address)
        case .unreachable(let address): localized(.providerUnreachable, address)
        case .timedOut(let host, let limit): localized(.providerTimedOut, host, seconds(limit))
        case .noAnswerWithin(let limit): localized(.providerNoAnswerWithin, seconds(limit))
        case .deadlinePassed: localized(.providerDeadlinePassed)
        case .httpStatus(let host, let status): localized(.providerHTTPStatus, host, status)
        case .rateLimited(let host, let wait?): localized(.providerRateLimitedFor, host, seconds(wait))
        case .rateLimited(let host, nil): localized(.providerRateLimited, host)
        case .credentialsRefused(let host): localized(.providerCredentialsRefused, host)
        case .htmlPage(let host, let status): localized(.providerHTMLPage, host, status)
        case .emptyBody(let host, let status): localized(.providerEmptyBody, host, status)
        case .unexpectedData(let host): localized(.providerUnexpectedData, host)
        case .tooLarge(let host, let limit): localized(.providerTooLarge, count: limit, host)
        case .badRedirect(let host): localized(.providerBadRedirect, host)
        case .plainHTTPCredentials(let host): localized(.providerPlainHTTPKey, host)
        case .cancelled: localized(.providerCancelled)
        }
    }

    static func phrase(_ error: QueryError) -> String {
        switch error {
        case .empty: localized(.queryEmpty)
        case .tooLong(let count): localized(.queryTooLong, count: count, LookupQuery.maximumLength)
        case .controlCharacter(let value): localized(.queryControlCharacter, scalarName(value))
        case .invalidCharacter(0xFFFD): localized(.queryNotUTF8)
        case .invalidCharacter(let value): localized(.queryInvalidCharacter, scalarName(value))
        case .sameLanguage(let language): localized(.querySameLanguage, language.code)
        }
    }

    static func phrase(_ error: RegistryError) -> String {
        switch error {
        case .duplicateID(let id): localized(.registryDuplicateID, id)
        case .unknownID(let name, let suggestion?): localized(.registryUnknownDidYouMean, name, suggestion)
        case .unknownID(let name, nil): localized(.registryUnknown, name)
        case .noneSelected: localized(.registryNoneSelected)
        }
    }

    static func phrase(_ reason: LookupServiceError.Reason) -> String {
        func list(_ items: [String]) -> String { items.joined(separator: ", ") }
        func notes(_ items: [String]) -> String { items.map { "\n  " + $0 }.joined() }
        switch reason {
        case .registry(let error):
            return phrase(error)
        case .cannotLookUp(let ids):
            return localized(.serviceCannotLookUp, count: ids.count, list(ids.map(\.rawValue)))
        case .noDefiner(let language, let isKnown, let known):
            return localized(.serviceNoDefiner, language.displayName)
                + (isKnown ? "" : localized(.serviceIsItISO, language.code))
                + (known.isEmpty ? "" : localized(.serviceLanguagesAvailable, list(known)))
        case .noDictionaryUsable(let reasons):
            return reasons.isEmpty ? localized(.serviceNoDictionary) : localized(.serviceNoDictionaryBecause) + notes(reasons)
        case .noTranslatorSetUp(let pair, let reasons, let package):
            return localized(.serviceNoTranslatorSetUp, pair.source.displayName, pair.target.displayName) + notes(reasons)
                + "\n  " + localized(.serviceInstallFreeDictFor, package)
        case .noTranslator(let pair, let directions):
            return localized(.serviceNoTranslator, pair.source.displayName, pair.target.displayName)
                + (directions.isEmpty ? localized(.serviceInstallFreeDict) : localized(.serviceDirectionsAvailable, list(directions)))
        case .noRandomSource(let language, let offline, let languages):
            return localized(offline ? .serviceNoOfflineRandomSource : .serviceNoRandomSource, language.displayName)
                + (languages.isEmpty ? "" : localized(.serviceLanguagesAvailable, list(languages)))
        case .namedNoTranslator(let pair, let named, let others):
            return localized(.serviceNamedNoTranslator, list(named.map(\.rawValue)), pair.source.displayName, pair.target.displayName)
                + (others.isEmpty ? "" : localized(.serviceTheseCan, list(others.map(\.rawValue))))
        case .namedNoRandomSource(let language, let named, let others):
            return localized(.serviceNamedNoRandomSource, list(named.map(\.rawValue)), language.displayName)
                + (others.isEmpty ? "" : localized(.serviceTheseCan, list(others.map(\.rawValue))))
        case .offlineWithoutCache(let ids):
            return localized(.serviceOfflineWithoutCache, count: ids.count, list(ids.map(\.rawValue)))
        case .refreshConflict(let offline):
            return localized(.serviceRefreshConflict, offline ? "--offline" : "--no-cache")
        case .cannotMatch(let id, let strategy, let can):
            return localized(.serviceCannotMatch, id, strategy)
                + (can.isEmpty ? localized(.serviceDoesNotMatch) : localized(.serviceItCan, list(can)))
        case .matchNeedsNetwork(let id):
            return localized(.serviceMatchNeedsNetwork, id)
        case .noMatcher(let strategy, let language, let offline, let known, let reasons):
            return localized(offline ? .serviceNoOfflineMatcher : .serviceNoMatcher, strategy)
                + (language.map { localized(.serviceInLanguage, $0.displayName) } ?? "")
                + (known.isEmpty ? "" : localized(.serviceStrategiesAvailable, list(known)))
                + (reasons.isEmpty ? "" : ":" + notes(reasons))
        }
    }

    static func phrase(_ reason: ConfigError.Reason) -> String {
        switch reason {
        case .cannotRead(let code): localized(.configCannotRead, systemText(code))
        case .isDirectory: localized(.configFileIsDirectory)
        case .tooLarge: localized(.configTooLarge)
        case .notUTF8: localized(.configNotUTF8)
        case .syntax(let detail?): localized(.configSyntaxDetail, detail)
        case .syntax(nil): localized(.configSyntax)
        case .controlCharacter(let name): localized(.configControlCharacter, name)
        case .badValue(let key, let kind, let found?, _): localized(.configMustBeNotType, key, expected(kind), typeName(found))
        case .badValue(let key, let kind, nil, let quoted?): localized(.configMustBeNotValue, key, expected(kind), quoted)
        case .badValue(let key, let kind, nil, nil): localized(.configMustBe, key, expected(kind))
        case .controlCharacterInVariable(let variable, let kind): localized(.configControlInVariable, variable, expected(kind))
        case .unknownKey(let name, let suggestion, let providerKeys):
            (name.map { localized(.configUnknownKeyNamed, $0) } ?? localized(.configUnknownKey))
                + (suggestion.map { localized(.configDidYouMeanKey, $0) }
                    ?? providerKeys.map { localized(.configProviderKeys, $0.joined(separator: "|")) }
                    ?? localized(.configSeeShow))
        case .notAProviderID(let id): localized(.configNotAProviderID, id)
        case .unknownKeyInTable(let name, let table, let suggestion, let known):
            localized(.configUnknownKeyInTable, name, table)
                + (suggestion.map { localized(.configDidYouMeanKey, $0) }
                    ?? localized(.configKnownKeys, known.joined(separator: ", ")))
        case .unknownTable(let name, let suggestion, let tables):
            localized(.configUnknownTable, name)
                + (suggestion.map { localized(.configDidYouMeanTable, $0) }
                    ?? localized(.configTablesAre, tables.map { "[\($0)]" }.joined(separator: ", ")))
        case .notATable(let name, let found): localized(.configNotATable, name, typeName(found))
        case .otherProblem(let inner): localized(.configOtherProblem, phrase(inner))
        case .cannotWrite(let code): localized(.configCannotWrite, systemText(code))
        case .notADirectory(let path): localized(.configNotADirectory, path)
        case .tooManyBackups(let path): localized(.configTooManyBackups, path)
        }
    }

    static func phrase(_ reason: LibraryError.Reason) -> String {
        switch reason {
        case .corrupt(let path, let detail): localized(.libraryCorrupt, path, detail)
        case .emptyFile(let path): localized(.libraryEmptyFile, path)
        case .foreign(let path, let tables): localized(.libraryForeign, path, tables.joined(separator: ", "))
        case .newerVersion(let path, let schema): localized(.libraryNewerVersion, path, schema)
        case .interruptedWrite(let path): localized(.libraryInterruptedWrite, path)
        case .busy(let path): localized(.libraryBusy, path)
        case .diskFull(let path): localized(.libraryDiskFull, path)
        case .cannotWrite(let path, let detail): localized(.libraryCannotWrite, path, detail)
        case .locked(let path, let waited): localized(.libraryLocked, path, seconds(.seconds(waited)))
        case .cannotCreateDirectory(let path, let detail): localized(.libraryCannotCreateDirectory, path, detail)
        case .directoryNotWritable(let path, let directory): localized(.libraryDirectoryNotWritable, path, directory)
        case .emptyWord: localized(.libraryEmptyWord)
        case .invalidImportWord(let index, let word, let problem):
            localized(.libraryInvalidImportWord, index, word, phrase(problem))
        case .notAnExport(let header): localized(.libraryNotAnExport, header)
        case .notAnExportJSON: localized(.libraryNotAnExportJSON)
        case .newerExport(let version): localized(.libraryNewerExport, version)
        case .damagedExport(let detail): localized(.libraryDamagedExport, detail)
        case .csvQuoting(let line, .quoteInsideField): localized(.libraryCSVQuoteInside, line)
        case .csvQuoting(let line, .textAfterQuote): localized(.libraryCSVTextAfterQuote, line)
        case .csvQuoting(let line, .unclosed): localized(.libraryCSVUnclosed, line)
        case .csvFieldCount(let line, let fields, let expected): localized(.libraryCSVFieldCount, line, fields, expected)
        case .csvEmptyWord(let line): localized(.libraryCSVEmptyWord, line)
        case .csvBadLanguage(let line, let value): localized(.libraryCSVBadLanguage, line, value)
        case .csvBadDate(let line, let value): localized(.libraryCSVBadDate, line, value)
        case .csvBadStarred(let line, let value): localized(.libraryCSVBadStarred, line, value)
        case .ankiSeparator(let line, let header): localized(.libraryAnkiSeparator, line, header)
        case .ankiEmptyWord(let line): localized(.libraryAnkiEmptyWord, line)
        }
    }

    // MARK: Parts

    /// What a configuration key holds, as its messages say it.
    static func expected(_ kind: ConfigSchema.Kind) -> String {
        switch kind {
        case .providerList: localized(.expectProviderList)
        case .strategy: localized(.expectOneOf, LookupStrategy.allCases.map(\.rawValue).joined(separator: ", "))
        case .seconds: localized(.expectSeconds)
        case .language: localized(.expectLanguage)
        case .languageList: localized(.expectLanguageList)
        case .bool: localized(.expectBool)
        case .duration: localized(.expectDuration)
        case .weight: localized(.expectWeight)
        case .endpoint: localized(.expectEndpoint)
        case .secret, .text: localized(.expectText)
        case .databaseName: localized(.expectDatabaseName)
        case .pathList: localized(.expectPathList)
        case .count: localized(.expectCount)
        case .uiLanguage: localized(.expectOneOf, UILanguage.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    static func typeName(_ type: ConfigError.ValueType) -> String {
        switch type {
        case .string: localized(.typeString)
        case .integer: localized(.typeInteger)
        case .float: localized(.typeFloat)
        case .boolean: localized(.typeBoolean)
        case .array: localized(.typeArray)
        case .table: localized(.typeTable)
        case .date: localized(.typeDate)
        case .time: localized(.typeTime)
        case .dateTime: localized(.typeDateTime)
        case .arrayHolding(let inner): localized(.typeArrayHolding, typeName(inner))
        }
    }

    /// The system's words for an `errno`: the catalogue's for the common ones, strerror's for the rest.
    static func systemText(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: localized(.systemPermissionDenied)
        case ENOSPC: localized(.systemNoSpace)
        case EROFS: localized(.systemReadOnly)
        case ENOENT: localized(.systemNoSuchFile)
        case EISDIR: localized(.systemIsDirectory)
        case ENOTDIR: localized(.systemNotDirectory)
        default: String(cString: strerror(code))
        }
    }

    /// "5 s", "0.5 s" ("5 с" in Russian).
    static func seconds(_ duration: Duration) -> String {
        localized(.secondsShort, secondsText(duration))
    }

    /// `U+0007`.
    static func scalarName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
