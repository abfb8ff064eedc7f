import ArgumentParser

/// An app with a `check [--repair] [--json]` command.
public protocol CheckedApp: DataFolderApp {
    /// What `--repair` does, for its help.
    static var repairHelp: String { get }
}

/// What a `check` found, as `--json` prints it and as lines for people.
public protocol CheckResult: Encodable {
    /// Whether nothing is (still) wrong.
    var clean: Bool { get }
    /// The lines for people, before the verdict ("all good" or "problems found").
    var textLines: [String] { get }
}

/// `check`'s options in both apps — `--repair`, the storage, `--json` — and the one way a check
/// ends: its result as JSON or as lines ending in "all good" or "problems found", then exit
/// status 1 when something is (still) wrong.
public struct CheckOptions<App: CheckedApp>: ParsableArguments {
    /// Whether to repair what can be repaired.
    @Flag(help: ArgumentHelp(App.repairHelp)) public var repair = false
    /// The storage checked.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// Options as parsed from nothing: check, do not repair, print text.
    public init() {}

    /// Prints `result` (JSON, or its lines and the verdict, which after a check without
    /// `--repair` suggests it) and returns when it is clean.
    ///
    /// - Throws: `ExitCode(1)` when `result` is not clean: the report has said it all.
    public func report(_ result: some CheckResult) throws {
        if output.json {
            try printJSON(result)
        } else {
            for line in result.textLines { print(line) }
            print(result.clean ? "all good" : "problems found\(repair ? "" : " (run with --repair to fix what can be fixed)")")
        }
        if !result.clean { throw ExitCode(1) }
    }
}
