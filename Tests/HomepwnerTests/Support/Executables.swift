import Foundation
import TestSupport

/// Runs `homepwner arguments…` to the end.
func homepwner(_ arguments: [String], environment: [String: String] = [:]) throws -> ChildRun {
    try runBuilt("homepwner", arguments, environment: environment)
}
