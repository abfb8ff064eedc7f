import ArgumentParser

/// An app with a `check [--repair] [--json]` command: what its help says, and how it checks.
public protocol CheckedApp: DataFolderApp {
    /// What a check finds.
    associatedtype Findings: CheckResult

    /// `check`'s one-line summary.
    static var checkAbstract: String { get }
    /// What `--repair` does, for its help.
    static var repairHelp: String { get }

    /// Checks the storage `data` names, and with `repair` repairs what can be repaired.
    ///
    /// - Throws: what opening the store throws (a check's findings are not failures).
    static func check(_ data: DataFolderOptions<Self>, repair: Bool) async throws -> Findings
}

/// What a `check` found, as `--json` prints it and as lines for people.
public protocol CheckResult: Encodable {
    /// Whether nothing is (still) wrong.
    var clean: Bool { get }
    /// The lines for people, before the verdict ("all good" or "problems found").
    var textLines: [String] { get }
}

/// `check [--repair] [--json]`, both apps' way to verify their storage: the app checks (and
/// repairs), and the findings are printed as JSON, or as lines ending in "all good" or
/// "problems found"; exit status 1 when something is (still) wrong.
public struct CheckCommand<App: CheckedApp>: AsyncParsableCommand {
    /// `check`, with the app's summary.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "check", abstract: App.checkAbstract)
    }

    /// Whether to repair what can be repaired.
    @Flag(help: ArgumentHelp(App.repairHelp)) public var repair = false
    /// The storage checked.
    @OptionGroup public var data: DataFolderOptions<App>
    /// `--json`.
    @OptionGroup public var output: OutputOptions

    /// The command as parsed from nothing: check, do not repair, print text.
    public init() {}

    /// Checks (or repairs) and reports what was found.
    ///
    /// - Throws: what ``CheckedApp/check(_:repair:)`` and ``report(_:)`` throw.
    public func run() async throws {
        try report(try await App.check(data, repair: repair))
    }

    /// Prints `findings` (JSON, or their lines and the verdict, which after a check without
    /// `--repair` suggests it) and returns when they are clean.
    ///
    /// - Throws: `ExitCode(1)` when `findings` are not clean: the report has said it all.
    public func report(_ findings: some CheckResult) throws {
        if output.json {
            try printJSON(findings)
        } else {
            for line in findings.textLines { print(line) }
            print(findings.clean ? "all good" : "problems found\(repair ? "" : " (run with --repair to fix what can be fixed)")")
        }
        if !findings.clean { throw ExitCode(1) }
    }
}
