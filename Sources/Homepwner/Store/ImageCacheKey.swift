/// What the image cache holds for a photo, by its stored name (``ItemPhoto/storedName``: the
/// item key for an item's first photo).
public enum ImageCacheKey: Hashable, Sendable {
    /// The full photo's bytes.
    case photo(String)
    /// The PNG thumbnail.
    case thumbnail(String)
}
