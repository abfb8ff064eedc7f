import DocumentStore
import Foundation
import Imaging

/// Each item's photo in a file of its own beside `items.archive`, named by the item key with no
/// extension (as the 2014 app's `BNRImageStore` wrote them), read through a ``MemoryCache``.
///
/// A photo is checked completely (decoded into its thumbnail) before anything is stored, then
/// stored whole and durably at once (a ``DocumentStore/BlobStore`` write: in a folder a
/// temporary file, `fsync`, rename, `fsync` of the folder; in a bucket the object
/// `PREFIX/<itemKey>`, one PUT). A reader sees the old photo or the new, never a mix. The bytes
/// are kept as uploaded (JPEG or PNG; readers sniff them). Only keys that pass
/// ``ItemRules/isValidKey(_:)`` name a photo. Thumbnails are made on demand and only cached.
public struct ImageStore: Sendable {
    /// Where the photos are: the data folder, or a prefix in a bucket.
    public let storage: Storage
    /// The data folder (the original's `Documents/`); in a bucket, its `s3://BUCKET/PREFIX` URL.
    public let folder: URL
    /// Full photos and thumbnails, bounded by the cache's budget; purge it under memory pressure.
    public let cache: MemoryCache<ImageCacheKey, Data>
    /// How thumbnails are made.
    public let thumbnailer: Thumbnailer
    /// What a photo may be.
    public let limits: ImageLimits
    /// The longest side of a thumbnail unless told otherwise, in pixels.
    public static let defaultThumbnailSize = 88
    /// The photos, as blobs named by item key.
    let blobs: any BlobStore
    let pool: BlockingPool

    /// Creates a store for the photos in `storage`.
    ///
    /// - Parameters:
    ///   - cacheBudget: the bytes the cache may hold (32 MiB by default).
    ///   - thumbnailSize: the longest side of a thumbnail, in pixels.
    public init(
        storage: Storage,
        cacheBudget: Int = 32 << 20,
        thumbnailSize: Int = ImageStore.defaultThumbnailSize,
        limits: ImageLimits = .default,
        writer: DurableFileWriter = .system,
        pool: BlockingPool = .shared
    ) {
        self.init(storage: storage, blobs: storage.blobs(writer: writer, pool: pool), cacheBudget: cacheBudget, thumbnailSize: thumbnailSize, limits: limits, pool: pool)
    }

    /// A store of the photos among `blobs` (the storage's, shared with the other stores of one
    /// inventory, so that their conditional writes take turns under one store's locks).
    init(
        storage: Storage, blobs: any BlobStore, cacheBudget: Int,
        thumbnailSize: Int = ImageStore.defaultThumbnailSize, limits: ImageLimits = .default, pool: BlockingPool
    ) {
        self.storage = storage
        self.folder = storage.url
        self.blobs = blobs
        self.cache = MemoryCache(budget: cacheBudget)
        self.thumbnailer = Thumbnailer(size: thumbnailSize, limits: limits)
        self.limits = limits
        self.pool = pool
    }

    /// The photo file of the item with `key`.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for a key that is not a UUID.
    public func url(forKey key: String) throws -> URL {
        try checkKey(key)
        return folder.appendingPathComponent(key, isDirectory: false)
    }

    /// Refuses a key that cannot name a photo.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for a key that is not a UUID.
    private func checkKey(_ key: String) throws {
        guard ItemRules.isValidKey(key) else {
            throw HomepwnerError(.notFound, "\"\(key)\" is not an item key (a UUID), so it has no photo file")
        }
    }

    /// Checks `image` completely (format, size, every pixel decodes) and returns what it is.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidImage` with Imaging's reason; nothing is written.
    public func validate(_ image: Data) async throws -> ImageInfo {
        let thumbnailer = self.thumbnailer, limits = self.limits
        return try await pool.run {
            do {
                guard image.count <= limits.maxEncodedBytes else {
                    throw ImagingError(.tooLarge, "this photo is \(image.count) bytes, more than the \(limits.encodedLimitDescription) a photo may have")
                }
                let info = try ImageInfo.read(image)
                _ = try thumbnailer.thumbnail(of: image)
                return info
            } catch let error as ImagingError {
                throw HomepwnerError(.invalidImage, error.message)
            }
        }
    }

    /// Durably writes `image` as the photo of the item with `key`, after checking it.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidImage` (nothing written), `.notFound` for a key that
    ///   is not a UUID, `.storage` when the write fails (the old photo, if any, is then intact).
    public func setImage(_ image: Data, forKey key: String) async throws {
        try checkKey(key)
        let info = try await validate(image)
        await invalidate(key)
        do {
            try await blobs.write(key, image, contentType: Self.contentType(info))
        } catch {
            await invalidate(key)
            throw HomepwnerError(.storage, "the photo of item \(key) could not be saved: \(error)")
        }
        await invalidate(key)
    }

    /// The first photo of the item with `key` as stored, through the cache; nil when it has none.
    ///
    /// - Throws: what ``image(of:)`` throws.
    public func image(forKey key: String) async throws -> Data? {
        guard let photo = ItemPhoto(firstOf: key) else { return nil }
        return try await image(of: photo)
    }

    /// `photo` as stored, through the cache; nil when it is not there.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the file is not an image (or not a regular
    ///   file), `.storage` when it cannot be read.
    public func image(of photo: ItemPhoto) async throws -> Data? {
        let name = photo.storedName
        if let cached = await cache.value(for: .photo(name)) { return cached }
        let generation = await cache.generation(for: .photo(name))
        guard let data = try await readPhoto(photo) else { return nil }
        await cache.insert(data, for: .photo(name), generation: generation)
        return data
    }

    /// A PNG thumbnail of the item's first photo, through the cache; nil when it has none.
    ///
    /// - Throws: what ``thumbnail(of:)`` throws.
    public func thumbnail(forKey key: String) async throws -> Data? {
        guard let photo = ItemPhoto(firstOf: key) else { return nil }
        return try await thumbnail(of: photo)
    }

    /// A PNG thumbnail of `photo`, through the cache; nil when it is not there.
    ///
    /// - Throws: what ``image(of:)`` throws, or ``HomepwnerError`` `.corrupt` when the photo
    ///   cannot be decoded.
    public func thumbnail(of photo: ItemPhoto) async throws -> Data? {
        let name = photo.storedName
        if let cached = await cache.value(for: .thumbnail(name)) { return cached }
        let generation = await cache.generation(for: .thumbnail(name))
        guard let data = try await image(of: photo) else { return nil }
        let thumbnailer = self.thumbnailer
        let thumbnail = try await pool.run {
            do {
                return try thumbnailer.thumbnail(of: data)
            } catch let error as ImagingError {
                throw HomepwnerError(.corrupt, "\(Self.describe(photo)) cannot be decoded: \(error.message)")
            }
        }
        await cache.insert(thumbnail, for: .thumbnail(name), generation: generation)
        return thumbnail
    }

    /// Whether the item with `key` has a photo (for many items at once, ``photoTags(forKeys:)``
    /// looks once).
    public func hasImage(forKey key: String) async -> Bool {
        guard ItemRules.isValidKey(key) else { return false }
        return ((try? await blobs.version(of: key)) ?? nil) != nil
    }

    /// Durably removes the photo of the item with `key` (nothing to do if it has none).
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when it cannot be removed.
    public func deleteImage(forKey key: String) async throws {
        guard ItemRules.isValidKey(key) else { return }
        await invalidate(key)
        try await Self.storageWork("the photo of item \(key) cannot be removed") { try await blobs.delete(key) }
        await invalidate(key)
    }

    /// The keys of the items that have a photo, from one listing. Photos are named by UUIDs,
    /// which are ASCII, so `String` equality is code-point equality for them.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the photos cannot be listed.
    public func photoKeys() async throws -> Set<String> {
        Set(try await storedKeys())
    }

    /// The stored names that look like photos (UUID names), sorted, for `check`.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the photos cannot be listed.
    public func storedKeys() async throws -> [String] {
        try await Self.storageWork("the photos cannot be listed") { try await blobs.names(startingWith: "") }.filter(ItemRules.isValidKey).sorted()
    }

    /// For each key with a photo, an opaque token that changes whenever the photo does (the
    /// blob's version: ``DocumentStore/FileVersionTag`` of a file, never following a link; an
    /// object's ETag): the pages' `?v=` for photo and thumbnail URLs, and the same value the API
    /// sends as the photo's `ETag`. Keys without a photo — or whose photo is not a regular
    /// file, or cannot be looked at — are left out.
    public func photoTags(forKeys keys: [String]) async -> [String: String] {
        (try? await blobs.versions(of: keys.filter(ItemRules.isValidKey))) ?? [:]
    }

    /// Drops the cached photo and thumbnail stored as `name` (an item key names its first photo).
    func invalidate(_ name: String) async {
        await cache.invalidate(.photo(name))
        await cache.invalidate(.thumbnail(name))
    }

    /// `photo` as stored, not through the cache (an export reads each once); nil when it is
    /// not there.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for one larger than a photo may be, that is not a
    ///   regular file or not a JPEG or PNG; `.storage` when it cannot be read.
    func readPhoto(_ photo: ItemPhoto) async throws -> Data? {
        let blobs = self.blobs, limits = self.limits, name = photo.storedName
        guard let blob = try await StoredReading.refusals(Self.describe(photo), tooLarge: tooLarge(photo), { try await blobs.read(name, maxBytes: limits.maxEncodedBytes) }) else { return nil }
        guard ImageFormat.sniff(Array(blob.data.prefix(32))) != nil, (try? ImageInfo.read(blob.data)) != nil else {
            throw HomepwnerError(.corrupt, "the photo \(blobs.address(of: name)) is not a usable JPEG or PNG")
        }
        return blob.data
    }

    /// The first photo of the item with `key` opened for streaming, or nil when it has none.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for a key that is not a UUID, and what
    ///   ``photoFile(of:)`` throws.
    public func photoFile(forKey key: String) async throws -> PhotoFile? {
        try checkKey(key)
        return try await photoFile(of: ItemPhoto(firstOf: key)!)
    }

    /// `photo` opened for streaming (never through a symbolic link), or nil when it is not
    /// there: it keeps reading the version that was current when it was opened, whatever
    /// replaces it afterwards (a photo object in a bucket is held whole in memory).
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` for one that is not a regular file holding a JPEG
    ///   or PNG, `.storage` when it cannot be read.
    public func photoFile(of photo: ItemPhoto) async throws -> PhotoFile? {
        guard let (file, header) = try await StoredReading.open(
            photo.storedName, in: blobs, maxBytes: limits.maxEncodedBytes, what: Self.describe(photo), tooLarge: tooLarge(photo), pool: pool
        ) else { return nil }
        guard let format = ImageFormat.sniff(header) else {
            throw HomepwnerError(.corrupt, "\(Self.describe(photo)) is not a JPEG or PNG")
        }
        return PhotoFile(kind: format, file: file, pool: pool)
    }

    /// What messages call `photo`: "the photo of item KEY", or "photo FILE of item KEY" for a
    /// further one.
    static func describe(_ photo: ItemPhoto) -> String {
        photo.isFirst ? "the photo of item \(photo.itemKey)" : "the photo \(photo.storedName) of item \(photo.itemKey)"
    }

    /// What is said of `photo` when it is larger than a photo may be.
    private func tooLarge(_ photo: ItemPhoto) -> String {
        "\(Self.describe(photo)) is larger than the \(limits.encodedLimitDescription) a photo may have"
    }

    /// Runs `body`, a failure becoming ``HomepwnerError`` `.storage` (`.unavailable` when a
    /// bucket cannot be reached) that says `what` could not be done.
    @discardableResult
    static func storageWork<Value: Sendable>(_ what: String, _ body: @Sendable () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch {
            throw storageError(what, error)
        }
    }

    /// `error` as a ``HomepwnerError`` saying `what` could not be done (one already is passes).
    static func storageError(_ what: String, _ error: any Error) -> HomepwnerError {
        if let error = error as? HomepwnerError { return error }
        if let error = error as? DocumentStoreError, error.code == .unavailable { return HomepwnerError(.unavailable, "\(what): \(error)") }
        return HomepwnerError(.storage, "\(what): \(error)")
    }
}
