import Foundation
import ObjectStorage

/// What a watch of a ``DocumentFolder``'s bundles reports (``DocumentFolder/watch(_:settings:)``):
/// the changes other processes make — the CLI beside a server, other servers sharing a bucket.
public enum BundleWatchEvent: Sendable, Hashable {
    /// The watch is set, and every change from now on will be reported: `existing` are the
    /// bundles there now. `readExisting` says whether to read their states now to tell later
    /// updates from creations (true for a folder, where that is cheap; false for a bucket, where
    /// it would cost requests per bundle: remember them as unread). `recentlyChanged` are those
    /// written since shortly before the watch began (a page loaded before may not have them).
    case ready(existing: [Int], readExisting: Bool, recentlyChanged: [Int])
    /// These bundles changed (created, edited, deleted), in increasing order.
    case changed([Int])
    /// Only the data file of each of these bundles was written, in increasing order: what the
    /// writers' change journals told, so the data file alone can be read again (one request in a
    /// bucket) where the watcher knows the rest of the bundle. A watcher that does not know it
    /// reads the bundle as for ``changed(_:)``. `digests` has, for those whose latest write the
    /// journals make sure of, the ``Hex/FNV1a`` of the bytes written
    /// (``ObjectStorage/ChangeFollower/Pass/digests``): a watcher that needs no more than that
    /// reads nothing at all.
    case dataChanged([Int], digests: [Int: String])
    /// A pass failed: changes made elsewhere go unseen until ``caughtUp``.
    case behind
    /// A pass worked: every change made elsewhere until now has been reported.
    case caughtUp
    /// A bundle could not be watched, or events were lost: changes may go unseen from now on.
    case incomplete
}

/// How a watch paces itself where it must look again and again (a bucket is listed; a folder
/// is told by the kernel and ignores these).
public struct BundleWatchSettings: Sendable {
    /// The time between two reads of a bucket's change journals (``BucketFollow``).
    public var pollInterval: Duration
    /// The time between two full listings of a bucket (what no journal tells: writes by other
    /// programs).
    public var fullInterval: Duration
    /// How far the storage's clock may be from this machine's: bundles written up to this long
    /// before the watch began count as recently changed.
    public var clockMargin: TimeInterval
    /// How long after one writer told of a bundle's data file another writer's digest of it is
    /// not taken (``BucketFollow/digestWindow``).
    public var digestWindow: Duration = ChangeFollower.defaultDigestWindow
    /// What the first listing waits for after its interval (the full listings a server's first
    /// answers read, so neither queues behind the other on the storage).
    public var beforeFirstPass: @Sendable () async -> Void

    /// Settings; the defaults read a bucket's journals once a second, list it once a minute, and
    /// allow its clock 5 seconds.
    public init(
        pollInterval: Duration = .seconds(1), fullInterval: Duration = .seconds(60), clockMargin: TimeInterval = 5,
        beforeFirstPass: @escaping @Sendable () async -> Void = {}
    ) {
        self.pollInterval = pollInterval
        self.fullInterval = fullInterval
        self.clockMargin = clockMargin
        self.beforeFirstPass = beforeFirstPass
    }
}

extension DocumentFolder {
    /// Watches the bundles until the task is cancelled (then it returns), handing each event to
    /// `handle` and waiting for it before looking again. A folder is watched with inotify (the
    /// root, and each bundle's files), its events gathered for a moment, the steps of this
    /// store's own writes left out; in a bucket the other writers' journals are read every
    /// ``BundleWatchSettings/pollInterval`` and the prefix listed every
    /// ``BundleWatchSettings/fullInterval`` (``BucketFollow``).
    ///
    /// - Throws: ``DocumentStoreError`` when the watch cannot be set up (no inotify, the folder or
    ///   the bucket cannot be read at first).
    public func watch(_ settings: BundleWatchSettings = BundleWatchSettings(), _ handle: @escaping @Sendable (BundleWatchEvent) async -> Void) async throws {
        try await place.watch(in: self, settings: settings, handle)
    }
}
