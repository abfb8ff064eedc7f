import DocumentStore

/// The stream of changes a store makes: every item created, updated, given or losing a photo,
/// or deleted. Its subjects are the items' keys; see ``DocumentStore/ChangeFeed``. Only the
/// process holding the folder can change it (see ``ItemStore``), so this process's own changes
/// are all there are.
public typealias ItemChangeFeed = ChangeFeed<String>

extension DocumentStore.Change where Subject == String {
    /// The item's key.
    public var itemKey: String { subject }
}
