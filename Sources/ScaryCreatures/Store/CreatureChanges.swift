import DocumentStore

/// The stream of changes to a data folder: every creature created, updated, given or losing a
/// photo, or deleted — by this process (the database publishes its own writes) or by another
/// (``FolderWatch`` notices them). Its subjects are the creatures' numbers; see
/// ``DocumentStore/ChangeFeed``.
public typealias CreatureChanges = ChangeFeed<Int>

extension DocumentStore.Change where Subject == Int {
    /// The creature's number.
    public var id: Int { subject }
}

/// What identifies a creature's state for the change stream: its data's version and its photo
/// files (names, sizes and times).
typealias CreatureState = DocumentState
