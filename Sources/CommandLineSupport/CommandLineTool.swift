import ArgumentParser
import DocumentStore
import Failures
import Foundation
import Imaging

/// What the app CLIs (`scary-creatures`, `homepwner`) share: the options every subcommand takes
/// may come before the subcommand's name, and every failure is one line on stderr with a
/// documented exit status.
public enum CommandLineTool {
    /// The options every subcommand takes (`--storage S`, `--storage=S`, `--data-dir D`,
    /// `--data-dir=D`, `--s3-path-style`, `--create`, `--json`), moved from before the
    /// subcommand's name to just after it, so `tool --storage S list` means
    /// `tool list --storage S` — and after a nested one's too: `tool --storage S users add X`
    /// means `tool users add --storage S X`. Anything else is left as it is.
    ///
    /// - Parameters:
    ///   - subcommands: the names of the tool's subcommands.
    ///   - nested: for a subcommand with subcommands of its own, their names.
    public static func commonOptionsAfterSubcommand(_ arguments: [String], subcommands: Set<String>, nested: [String: Set<String>] = [:]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--data-dir" || argument == "--storage", index + 1 < arguments.count {
                leading += arguments[index...index + 1]
                index += 2
            } else if argument.hasPrefix("--data-dir=") || argument.hasPrefix("--storage=") || argument == "--json" || argument == "--create"
                || argument == "--s3-path-style" {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.count, subcommands.contains(arguments[index]) else { return arguments }
        var path = [arguments[index]]
        if index + 1 < arguments.count, nested[arguments[index]]?.contains(arguments[index + 1]) == true { path.append(arguments[index + 1]) }
        return path + leading + arguments[(index + path.count)...]
    }

    /// Parses the arguments (common options allowed before the subcommand), calls `prepare`
    /// with the parsed command on the main thread before any task runs (where a server installs
    /// its executor: `ServeCommandSupport.ServerProcess.prepare()`), runs it, exits 0, and turns every
    /// failure into one line on stderr and its exit status (see
    /// ``fail(_:tool:command:appError:)``). Call it from a synchronous `main`.
    public static func main<Command: ParsableCommand>(
        _ command: Command.Type, tool: String,
        appError: @escaping @Sendable (any Error) -> (message: String, status: Int32)?,
        prepare: (any ParsableCommand) -> Void = { _ in }
    ) -> Never {
        let parsed: any ParsableCommand
        do {
            let subcommands = Command.configuration.subcommands
            let names = Set(subcommands.compactMap { $0.configuration.commandName })
            var nested: [String: Set<String>] = [:]
            for subcommand in subcommands {
                guard let name = subcommand.configuration.commandName, !subcommand.configuration.subcommands.isEmpty else { continue }
                nested[name] = Set(subcommand.configuration.subcommands.compactMap { $0.configuration.commandName })
            }
            parsed = try Command.parseAsRoot(commonOptionsAfterSubcommand(Array(CommandLine.arguments.dropFirst()), subcommands: names, nested: nested))
        } catch {
            fail(error, tool: tool, command: Command.self, appError: appError)
        }
        prepare(parsed)
        // The command is handed to the one task that runs it; nothing else touches it.
        nonisolated(unsafe) let running = parsed
        Task {
            var failure: (any Error)?
            do {
                if var command = running as? AsyncParsableCommand {
                    try await command.run()
                } else {
                    var command = running
                    try command.run()
                }
            } catch {
                failure = error
            }
            // What the command wrote to a bucket is told to the servers on it now, not at their
            // next full listing (a failed command may have written part of its changes).
            await BucketStorage.closeJournals(waitingAtMost: closingJournalsLimit)
            if let failure { fail(failure, tool: tool, command: Command.self, appError: appError) }
            Foundation.exit(0)
        }
        dispatchMain()
    }

    /// How long a command waits, as it ends, for its change journals' last writes.
    static let closingJournalsLimit: Duration = .seconds(5)

    /// ``main(_:tool:appError:prepare:)`` for a tool whose own errors are `failures`
    /// (`CodedFailure`s of one kind): each ends the command with its message, then the advice
    /// `advice` gives for it, and the exit status `status` gives its code.
    public static func main<Command: ParsableCommand, Code: FailureCode>(
        _ command: Command.Type, tool: String, failures: CodedFailure<Code>.Type,
        status: @escaping @Sendable (Code) -> Int32, advice: @escaping @Sendable (CodedFailure<Code>) -> String,
        prepare: (any ParsableCommand) -> Void = { _ in }
    ) -> Never {
        main(command, tool: tool, appError: failureError(status: status, advice: advice), prepare: prepare)
    }

    /// The message (with `advice`'s words after it) and exit status (`status` of its code) of a
    /// `CodedFailure<Code>`; nil for other errors.
    static func failureError<Code: FailureCode>(
        status: @escaping @Sendable (Code) -> Int32, advice: @escaping @Sendable (CodedFailure<Code>) -> String
    ) -> @Sendable (any Error) -> (message: String, status: Int32)? {
        { error in (error as? CodedFailure<Code>).map { ($0.message + advice($0), status($0.code)) } }
    }

    /// Ends the process now with `status`, without freeing `values` first: a command that has
    /// written everything has no use for taking 10,000 listed values apart one by one (a few
    /// milliseconds of a `list`), and nothing it holds needs a goodbye.
    public static func finish<Values>(status: Int32, keeping values: Values) -> Never {
        withExtendedLifetime(values) { Foundation.exit(status) }
    }

    /// The message and exit status of the errors this module's parts throw: a missing data
    /// folder or bucket (66, EX_NOINPUT), a photo file that cannot be used (65, EX_DATAERR),
    /// and storage that cannot be used: a malformed `s3://` location or environment (78,
    /// EX_CONFIG), refused credentials (77, EX_NOPERM), an endpoint that cannot be reached (69,
    /// EX_UNAVAILABLE); and of every ``CommandLineFailure`` (a server that could not start: 74,
    /// EX_IOERR).
    static func sharedError(_ error: any Error) -> (message: String, status: Int32)? {
        if let failure = error as? any CommandLineFailure { return (failure.commandLineMessage, failure.exitStatus) }
        if let missing = error as? MissingDataFolder { return (missing.message, 66) }
        if let storage = error as? StorageConnectError {
            let status: Int32 = switch storage.kind {
            case .configuration: 78
            case .refused: 77
            case .noBucket: 66
            case .unreachable: 69
            }
            return (storage.message, status)
        }
        if let photo = error as? ImagingError { return (photo.message, 65) }
        return nil
    }

    /// Prints `error` as one line, `TOOL: error: …` (made terminal-safe), and exits with its
    /// status; help and `--version` print as ArgumentParser prints them, and a usage error is its
    /// first line with ArgumentParser's status (64).
    ///
    /// - Parameters:
    ///   - command: the root command, whose parser explains usage errors.
    ///   - appError: the message and exit status of the tool's own errors, nil for others.
    ///   - escapingBackslashes: whether a backslash is printed doubled (see
    ///     ``terminalSafe(_:escapingBackslashes:)``).
    public static func fail<Command: ParsableCommand>(
        _ error: any Error, tool: String, command: Command.Type, appError: (any Error) -> (message: String, status: Int32)?,
        escapingBackslashes: Bool = true
    ) -> Never {
        if let exit = error as? ExitCode {
            Foundation.exit(exit.rawValue)  // the command has already said why
        }
        let say = { (text: String) in
            FileHandle.standardError.write(Data("\(tool): error: \(terminalSafe(text, escapingBackslashes: escapingBackslashes))\n".utf8))
        }
        if let (message, status) = sharedError(error) ?? appError(error) {
            say(message)
            Foundation.exit(status)
        }
        let code = command.exitCode(for: error)
        if code == .success { command.exit(withError: error) }
        let message = command.fullMessage(for: error)
            .split(separator: "\n").first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { String($0) } ?? "\(error)"
        say(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
        Foundation.exit(code.rawValue)
    }

}

/// Prints `value` as pretty, key-sorted JSON on stdout.
public func printJSON(_ value: some Encodable) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    FileHandle.standardOutput.write(try encoder.encode(value))
    FileHandle.standardOutput.write(Data("\n".utf8))
}
