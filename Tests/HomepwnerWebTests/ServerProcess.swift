import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import WebTestSupport

/// Runs `homepwner arguments…` to the end.
func runHomepwner(_ arguments: [String]) async throws -> ChildRun { try await runBuilt("homepwner", arguments) }

extension ServedProcess {
    /// `homepwner serve` on `dataDir` and a free port, once it has printed its two lines (its
    /// standard error discarded), with `environment` added to ours.
    static func homepwner(dataDir: URL, extra: [String] = [], environment: [String: String] = [:]) async throws -> ServedProcess {
        try await start(
            "homepwner", ["serve", "--port", "0", "--log-level", "error", "--data-dir", dataDir.path] + extra, bannerLines: 2, discardingErrors: true,
            environment: environment
        )
    }
}

/// A JSON object from bytes.
func jsonObject(_ data: Data) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
