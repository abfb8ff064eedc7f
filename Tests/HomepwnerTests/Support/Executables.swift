import Foundation
import TestSupport

/// Runs `homepwner arguments…` to the end.
func homepwner(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildRun {
    try await runBuilt("homepwner", arguments, environment: environment)
}
