import Foundation

/// One document's folder, `N.<extension>/`, in a ``DocumentFolder``.
public struct DocumentBundle: Sendable, Hashable {
    /// The bundle's number, N.
    public var id: Int
    /// The folder's name as it is on disk (its extension may differ in case from the configured one).
    public var name: String
    /// The folder's location.
    public var url: URL

    /// Creates a bundle value.
    public init(id: Int, name: String, url: URL) {
        self.id = id
        self.name = name
        self.url = url
    }
}
