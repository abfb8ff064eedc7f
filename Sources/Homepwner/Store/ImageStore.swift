import DocumentStore
import Foundation
import Imaging

/// Each item's photo in a file of its own beside `items.archive`, named by the item key with no
/// extension (as the 2014 app's `BNRImageStore` wrote them), read through a ``MemoryCache``.
///
/// A photo is checked completely (decoded into its thumbnail) before anything touches the disk,
/// then written durably at once (temporary file, `fsync`, rename, `fsync` of the folder). The
/// bytes are kept as uploaded (JPEG or PNG; readers sniff them). Only keys that pass
/// ``ItemRules/isValidKey(_:)`` name a file. Thumbnails are made on demand and only cached.
///
/// In a bucket each photo is the object `PREFIX/<itemKey>`, the same name as on disk, stored
/// whole by one PUT (a reader sees the old photo or the new, never a mix).
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
    private let writer: DurableFileWriter
    let pool: BlockingPool

    /// Creates a store for the photos in `folder`.
    ///
    /// The parameters are those of ``init(storage:cacheBudget:thumbnailSize:limits:writer:pool:)``.
    public init(
        folder: URL,
        cacheBudget: Int = 32 << 20,
        thumbnailSize: Int = 88,
        limits: ImageLimits = .default,
        writer: DurableFileWriter = .system,
        pool: BlockingPool = .shared
    ) {
        self.init(storage: .folder(folder.standardizedFileURL), cacheBudget: cacheBudget, thumbnailSize: thumbnailSize, limits: limits, writer: writer, pool: pool)
    }

    /// Creates a store for the photos in `storage`.
    ///
    /// - Parameters:
    ///   - cacheBudget: the bytes the cache may hold (32 MiB by default).
    ///   - thumbnailSize: the longest side of a thumbnail, in pixels.
    public init(
        storage: Storage,
        cacheBudget: Int = 32 << 20,
        thumbnailSize: Int = 88,
        limits: ImageLimits = .default,
        writer: DurableFileWriter = .system,
        pool: BlockingPool = .shared
    ) {
        self.storage = storage
        self.folder = storage.url
        self.cache = MemoryCache(budget: cacheBudget)
        self.thumbnailer = Thumbnailer(size: thumbnailSize, limits: limits)
        self.limits = limits
        self.writer = writer
        self.pool = pool
    }

    /// The photo file of the item with `key`.
    ///
    /// - Throws: ``HomepwnerError`` `.notFound` for a key that is not a UUID.
    public func url(forKey key: String) throws -> URL {
        guard ItemRules.isValidKey(key) else {
            throw HomepwnerError(.notFound, "\"\(key)\" is not an item key (a UUID), so it has no photo file")
        }
        return folder.appendingPathComponent(key, isDirectory: false)
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
        let url = try url(forKey: key)
        let info = try await validate(image)
        let writer = self.writer
        await invalidate(key)
        do {
            if let bucket {
                try await bucket.write(key, image, contentType: info.format == .png ? "image/png" : "image/jpeg")
            } else {
                try await pool.run { try writer.write(image, to: url) }
            }
        } catch {
            await invalidate(key)
            throw HomepwnerError(.storage, "the photo of item \(key) could not be saved: \(error)")
        }
        await invalidate(key)
    }

    /// The photo of the item with `key` as stored, through the cache; nil when it has none.
    ///
    /// - Throws: ``HomepwnerError`` `.corrupt` when the file is not an image (or not a regular
    ///   file), `.storage` when it cannot be read.
    public func image(forKey key: String) async throws -> Data? {
        guard ItemRules.isValidKey(key) else { return nil }
        if let cached = await cache.value(for: .photo(key)) { return cached }
        let generation = await cache.generation(for: .photo(key))
        guard let data = try await readPhoto(key) else { return nil }
        await cache.insert(data, for: .photo(key), generation: generation)
        return data
    }

    /// A PNG thumbnail of the item's photo, through the cache; nil when it has none.
    ///
    /// - Throws: what ``image(forKey:)`` throws, or ``HomepwnerError`` `.corrupt` when the photo
    ///   cannot be decoded.
    public func thumbnail(forKey key: String) async throws -> Data? {
        guard ItemRules.isValidKey(key) else { return nil }
        if let cached = await cache.value(for: .thumbnail(key)) { return cached }
        let generation = await cache.generation(for: .thumbnail(key))
        guard let photo = try await image(forKey: key) else { return nil }
        let thumbnailer = self.thumbnailer
        let thumbnail = try await pool.run {
            do {
                return try thumbnailer.thumbnail(of: photo)
            } catch let error as ImagingError {
                throw HomepwnerError(.corrupt, "the photo of item \(key) cannot be decoded: \(error.message)")
            }
        }
        await cache.insert(thumbnail, for: .thumbnail(key), generation: generation)
        return thumbnail
    }

    /// Whether the item with `key` has a photo file (looked up on the blocking pool; for many
    /// items at once, ``storedKeys()`` lists the folder once).
    public func hasImage(forKey key: String) async -> Bool {
        guard let url = try? url(forKey: key) else { return false }
        if let bucket { return (try? await bucket.tag(of: key)) != nil }
        return (try? await pool.run {
            var status = stat()
            return lstat(url.path, &status) == 0
        }) ?? false
    }

    /// Durably removes the photo of the item with `key` (nothing to do if it has none): the
    /// file is unlinked and the folder synced.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` when the file cannot be removed.
    public func deleteImage(forKey key: String) async throws {
        guard ItemRules.isValidKey(key) else { return }
        let folder = self.folder
        await invalidate(key)
        if let bucket {
            try await Self.bucketWork("the photo of item \(key) cannot be removed") { try await bucket.delete(key) }
        } else {
            try await pool.run { try DurableRemoval.remove(key, in: folder) }
        }
        await invalidate(key)
    }

    /// The keys of the items that have a photo file, from one listing of the folder. Photo files
    /// are named by UUIDs, which are ASCII, so `String` equality is code-point equality for them.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the folder cannot be listed.
    public func photoKeys() async throws -> Set<String> {
        Set(try await storedKeys())
    }

    /// The names in the folder that look like photo files (UUID names), for `check`.
    ///
    /// - Throws: ``HomepwnerError`` `.storage` if the folder cannot be listed.
    public func storedKeys() async throws -> [String] {
        if let bucket {
            return try await Self.bucketWork("the photos cannot be listed") { try await bucket.names() }.keys.filter(ItemRules.isValidKey).sorted()
        }
        let folder = self.folder
        return try await pool.run {
            do {
                return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(ItemRules.isValidKey).sorted()
            } catch {
                throw HomepwnerError(.storage, "\(folder.path) cannot be listed: \(error.localizedDescription)")
            }
        }
    }

    /// Drops the cached photo and thumbnail of the item with `key`.
    func invalidate(_ key: String) async {
        await cache.invalidate(.photo(key))
        await cache.invalidate(.thumbnail(key))
    }

    /// The photo of the item with `key` as stored, not through the cache (an export reads each
    /// once); nil when it has none.
    func readPhoto(_ key: String) async throws -> Data? {
        let url = try url(forKey: key), limits = self.limits
        if bucket != nil { return try await photoObject(key)?.data }
        return try await pool.run {
            do {
                return try ImageUpload.read(contentsOf: url.path, limits: limits, followingSymlinks: false).data
            } catch let error as ImagingError {
                var status = stat()
                if error.code == .unreadable, lstat(url.path, &status) != 0, errno == ENOENT { return nil }
                if error.code == .unreadable { throw HomepwnerError(.storage, error.message) }
                throw HomepwnerError(.corrupt, "the photo file \(url.path) is not a usable image: \(error.message)")
            }
        }
    }
}
