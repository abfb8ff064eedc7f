import Foundation
import Hex
import Homepwner

/// The imports a person has previewed and not yet confirmed (or has just applied), by a random
/// token, for the import pages: the preview is worked out once, shown, and applied as it was
/// shown. Bounded: at most ``capacity`` are kept, each for ``lifetime``; the oldest goes first.
actor PendingImports {
    /// One import: its plan, and what applying it did.
    struct Entry: Sendable {
        var plan: ItemImportPlan
        var fileName: String
        var made: ContinuousClock.Instant
        var result: ItemImportResult?
    }

    /// The most imports kept at once.
    static let capacity = 8
    /// How long a preview can be confirmed.
    static let lifetime: Duration = .seconds(30 * 60)

    private var entries: [String: Entry] = [:]

    /// Keeps `plan` and returns its token.
    func keep(_ plan: ItemImportPlan, fileName: String) -> String {
        dropExpired()
        while entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.made < $1.value.made })?.key {
            entries[oldest] = nil
        }
        let token = Hex.random(bytes: 16)
        entries[token] = Entry(plan: plan, fileName: fileName, made: .now)
        return token
    }

    /// The import of `token`, if it is still kept.
    func entry(_ token: String) -> Entry? {
        dropExpired()
        return entries[token]
    }

    /// Records what applying the import of `token` did.
    func finish(_ token: String, with result: ItemImportResult) {
        entries[token]?.result = result
    }

    private func dropExpired() {
        let now = ContinuousClock.now
        entries = entries.filter { now - $0.value.made < Self.lifetime }
    }
}
