import Foundation
import Homepwner
import Imaging
import OpenAPIRuntime
import WebSupport

/// All of an item's photos (``Homepwner/ItemPhoto``), by number: list, add several at once,
/// read one or its thumbnail, remove one.
extension ItemsAPI {
    func listPhotos(_ input: Operations.ListPhotos.Input) async throws -> Operations.ListPhotos.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        return .ok(.init(body: .json(Self.photoList(key, try await store.photos(ofItem: key)))))
    }

    func addPhotos(_ input: Operations.AddPhotos.Input) async throws -> Operations.AddPhotos.Output {
        let key = try ItemKey.parse(input.path.itemKey)
        _ = try await store.item(key)
        let images = try await input.body.upload.images(limit: maxBodyBytes, maxCount: ItemPhoto.maxPerItem)
        let (photos, added) = try await store.addPhotos(images, toItem: key)
        var list = Self.photoList(key, photos)
        list.added = added
        return .created(.init(body: .json(list)))
    }

    func getNumberedPhoto(_ input: Operations.GetNumberedPhoto.Input) async throws -> Operations.GetNumberedPhoto.Output {
        let (key, number) = try Self.photoPath(input.path.itemKey, input.path.number)
        let headers = input.headers
        return try await PhotoAnswer.answer(ifNoneMatch: headers.ifNoneMatch, range: headers.range, ifRange: headers.ifRange, noPhoto: Self.noPhoto(key, number)) {
            try await photos.photoFile(number: number, of: key)
        }
    }

    func getNumberedThumbnail(_ input: Operations.GetNumberedThumbnail.Input) async throws -> Operations.GetNumberedThumbnail.Output {
        let (key, number) = try Self.photoPath(input.path.itemKey, input.path.number)
        let headers = input.headers
        return try await PhotoAnswer.answer(ifNoneMatch: headers.ifNoneMatch, range: headers.range, ifRange: headers.ifRange, noPhoto: Self.noPhoto(key, number)) {
            try await photos.thumbnailFile(number: number, of: key)
        }
    }

    func deleteNumberedPhoto(_ input: Operations.DeleteNumberedPhoto.Input) async throws -> Operations.DeleteNumberedPhoto.Output {
        let (key, number) = try Self.photoPath(input.path.itemKey, input.path.number)
        let ifMatch = RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch)
        try APIError.checkLength(ifMatch, of: "If-Match", max: 200)
        var version: String?
        if let ifMatch, let versions = try EntityTag.versions(fromIfMatch: ifMatch) {
            // Of several, the one the photo has now, if any (else any: the removal is refused).
            let current = try await store.photos(ofItem: key).first { $0.number == number }?.version
            version = versions.first { tag in current.map { tag.utf8.elementsEqual($0.utf8) } ?? false } ?? versions.first
        }
        let (photos, _) = try await store.removePhoto(number: number, fromItem: key, ifVersion: version)
        return .ok(.init(body: .json(Self.photoList(key, photos))))
    }

    /// The item key and photo number of a photo's path.
    ///
    /// - Throws: ``WebSupport/APIError`` 400 for a key or number that cannot be one.
    private static func photoPath(_ itemKey: String, _ text: String) throws -> (key: String, number: Int) {
        let key = try ItemKey.parse(itemKey)
        guard let number = ItemRules.listNumber(parsing: text) else {
            throw APIError.badRequest("a photo's number is a whole number from 1, as the item's photos list them, not \"\(text.prefix(20))\"")
        }
        return (key, number)
    }

    private static func noPhoto(_ key: String, _ number: Int) -> APIError {
        .notFound("item \(key) has no photo \(number)")
    }

    /// The JSON form of an item's photos.
    static func photoList(_ key: String, _ photos: [ListedPhoto]) -> Components.Schemas.PhotoList {
        let base = BasePath.at(Representation.path(of: key) + "/photos/")
        return .init(itemKey: key, photos: photos.map { listed in
            .init(number: listed.number, name: listed.photo.storedName, version: listed.version,
                  links: .init(_self: base + "\(listed.number)", thumbnail: base + "\(listed.number)/thumbnail"))
        })
    }
}

/// A numbered photo `GET` answered as ``WebSupport/StoredFileAnswer`` decides, with the photo's media type.
extension Operations.GetNumberedPhoto.Output: StoredFileResponse {
    static func notModifiedAnswer() -> Self { .notModified(.init()) }

    static func partialAnswer(_ body: HTTPBody, of kind: ImageFormat, contentRange: String) -> Self {
        .partialContent(.init(headers: .init(contentRange: contentRange), body: kind == .png ? .png(body) : .jpeg(body)))
    }

    static func wholeAnswer(_ body: HTTPBody, of kind: ImageFormat, eTag: String) -> Self {
        .ok(.init(headers: .init(eTag: eTag, cacheControl: "no-cache"), body: kind == .png ? .png(body) : .jpeg(body)))
    }
}

/// A numbered photo's thumbnail `GET` answered as ``WebSupport/StoredFileAnswer`` decides: always a PNG.
extension Operations.GetNumberedThumbnail.Output: StoredFileResponse {
    static func notModifiedAnswer() -> Self { .notModified(.init()) }

    static func partialAnswer(_ body: HTTPBody, of kind: ImageFormat, contentRange: String) -> Self {
        .partialContent(.init(headers: .init(contentRange: contentRange), body: .png(body)))
    }

    static func wholeAnswer(_ body: HTTPBody, of kind: ImageFormat, eTag: String) -> Self {
        .ok(.init(headers: .init(eTag: eTag, cacheControl: "no-cache"), body: .png(body)))
    }
}

extension Operations.AddPhotos.Input.Body {
    /// The upload as ``WebSupport/PhotoUpload`` reads it: the raw JPEG or PNG, or each of the
    /// form's `photo` fields.
    var upload: PhotoUpload<MultipartFormPayload> {
        switch self {
        case .jpeg(let body), .png(let body):
            .file(body)
        case .multipartForm(let parts):
            .form(parts) { part in
                switch part {
                case .photo(let field): (true, field.payload.body)
                case .undocumented(let raw): (false, raw.body)
                }
            }
        }
    }
}
