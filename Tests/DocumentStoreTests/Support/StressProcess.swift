import Foundation
import TestSupport

/// Starts a `document-store-stress` child with `arguments`; what it acknowledged is read from
/// its run's ``TestSupport/ChildRun/lines``.
func startStress(_ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(built: "document-store-stress", arguments)
}

extension ChildRun {
    /// The complete lines the child printed (one per acknowledged change); a line cut by a kill
    /// is left out.
    var lines: [String] { completeLines.split(separator: "\n").map(String.init) }
}
