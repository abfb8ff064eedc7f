/// What `check` found in a data folder, and what `repair` did.
public struct ItemCheckReport: Sendable, Hashable {
    /// An item that breaks a rule.
    public struct RuleProblem: Sendable, Hashable {
        /// The item's key.
        public var key: String
        /// What is wrong.
        public var problem: ItemProblem
    }

    /// A photo file that cannot be used.
    public struct PhotoProblem: Sendable, Hashable {
        /// The file's stored name (``ItemPhoto/storedName``: the item key for an item's first photo).
        public var key: String
        /// What is wrong.
        public var message: String
    }

    /// How many items were read.
    public var itemCount = 0
    /// How many root entries are not items (kept as they are; not a problem).
    public var otherEntryCount = 0
    /// Why the archive cannot be read, if it cannot (then the store is read-only).
    public var archiveProblem: String?
    /// Why the archive is read-only here though it reads: it was written by a newer model
    /// version (names both versions). Not a problem to fix: another homepwner wrote it.
    public var newerModel: String?
    /// Items that break a rule (fixed by `update`).
    public var ruleProblems: [RuleProblem] = []
    /// Keys that more than one item has.
    public var duplicateKeys: [String] = []
    /// Photo files that are not usable images.
    public var photoProblems: [PhotoProblem] = []
    /// Photo files (their stored names) whose item is gone (left by a crash between deleting an
    /// item and its photos).
    public var orphanPhotos: [String] = []
    /// Keys of items that have further photos but no first photo (the 2014 app's file was
    /// removed by another program): `repair` makes the next photo the first.
    public var photosWithoutFirst: [String] = []
    /// Attachment files (their stored names) whose item is gone (left by a crash between
    /// deleting an item and its attachments).
    public var orphanAttachments: [String] = []
    /// Why `locations.plist` (the list of locations) cannot be read, if it cannot.
    public var locationsProblem: String?
    /// Why `owner.plist` (the report's owner and policy block) cannot be read, if it cannot.
    public var ownerProblem: String?
    /// What a repair did, one sentence each.
    public var repairs: [String] = []

    /// Whether nothing is wrong (after the repairs, if any).
    public var isClean: Bool {
        archiveProblem == nil && ruleProblems.isEmpty && duplicateKeys.isEmpty && photoProblems.isEmpty && orphanPhotos.isEmpty && orphanAttachments.isEmpty
            && photosWithoutFirst.isEmpty
            && locationsProblem == nil && ownerProblem == nil
    }
}
