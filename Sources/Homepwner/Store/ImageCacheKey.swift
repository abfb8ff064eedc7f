/// What the image cache holds for an item key.
public enum ImageCacheKey: Hashable, Sendable {
    /// The full photo's bytes.
    case photo(String)
    /// The PNG thumbnail.
    case thumbnail(String)
}
