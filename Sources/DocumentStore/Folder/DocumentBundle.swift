import Foundation

/// One document's folder, `N.<extension>/`, in a ``DocumentFolder``.
///
/// Cheap to hold by the hundred thousand: the number, the folder name and a reference to the
/// store's root (the full URL is made only when asked for).
public struct DocumentBundle: Sendable, Hashable {
    /// The bundle's number, N.
    public var id: Int
    /// The folder's name as it is on disk (its extension may differ in case from the configured one).
    public var name: String
    /// The folder holding the bundle (the store's root).
    public var root: URL

    /// The bundle folder's location.
    public var url: URL { root.appendingPathComponent(name, isDirectory: true) }
}
