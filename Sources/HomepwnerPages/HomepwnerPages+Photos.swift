import Foundation
import Homepwner
import Hummingbird
import WebSupport

/// The plain forms of an item's photos, all of them: add several at once (multipart, fields
/// `photo`) and remove one by number, each a 303 back to the item's photos, a refusal carried
/// there in words.
extension HomepwnerPages {
    /// `POST /items/{itemKey}/photos`: adds every photo chosen, each checked before any is stored.
    func addPhotos(_ request: Request, key: String) async throws -> Response {
        _ = try await store.item(key)
        do {
            let form = try await Self.multipart(of: request, limit: maxPhotoBytes + 1_000_000)
            let images = form.parts(named: "photo").map(\.data).filter { !$0.isEmpty }
            guard !images.isEmpty else { return await refusedPhotos(request, key: key, "Choose one or more photos first.") }
            _ = try await store.addPhotos(images, toItem: key)
            return redirect(to: "/items/\(key)#photos")
        } catch let error as HomepwnerError where Self.isRefusal(error) {
            return await refusedPhotos(request, key: key, Self.formMessage(error))
        } catch let error as MultipartForm.Failure {
            return await refusedPhotos(request, key: key, Self.sentence(error.description))
        }
    }

    /// `POST /items/{itemKey}/photos/{number}/delete` (version: the photo's version the page
    /// showed): removes the photo only if that number still holds it, so a photo added or
    /// removed meanwhile (numbers shifted) never costs the wrong one.
    func removeNumberedPhoto(_ request: Request, key: String, number: String) async throws -> Response {
        let form = try await Self.form(of: request)
        guard let number = ItemRules.listNumber(parsing: number) else {
            throw HTTPError(.notFound, message: "There is no photo \(number.prefix(20)).")
        }
        do {
            _ = try await store.removePhoto(number: number, fromItem: key, ifVersion: form["version"].flatMap { $0.isEmpty ? nil : $0 })
        } catch let error as HomepwnerError where error.code == .versionMismatch {
            return await refusedPhotos(request, key: key, "The photos changed elsewhere since the page was shown, so nothing was removed. Here they are as they are now.")
        } catch let error as HomepwnerError where error.code == .notFound {
            // The item is there, the photo is not: say so on its page; a missing item is a 404.
            guard (try? await store.item(key)) != nil else { throw error }
            return await refusedPhotos(request, key: key, Self.sentence(error.message))
        } catch let error as HomepwnerError where Self.isReadOnlyRefusal(error) {
            return await refusedPhotos(request, key: key, Self.formMessage(error))
        }
        return redirect(to: "/items/\(key)#photos")
    }

    /// The item's photos, by way of a redirect, showing `message` beside them.
    private func refusedPhotos(_ request: Request, key: String, _ message: String) async -> Response {
        await carrier.redirect(to: ItemPageSection.photos.path(of: key), carrying: .section(.photos, message), request: request)
    }

    /// The photos of `item` as its page shows them; none when they cannot be
    /// listed (the page still shows the item).
    func photoGallery(of item: Item, refusal: String?) async -> PhotoGalleryModel {
        let key = item.itemKey
        let photos = (try? await store.images.photos(forKey: key)) ?? []
        let base = "/api/items/\(key)/photos/"
        let rows = photos.map { listed in
            PhotoTile(
                number: listed.number, name: listed.photo.storedName, version: listed.version, isFirst: listed.number == 1,
                alt: "Photo \(listed.number) of \(item.itemName)",
                url: base + "\(listed.number)?v=\(listed.version)", thumbnailURL: base + "\(listed.number)/thumbnail?v=\(listed.version)"
            )
        }
        return PhotoGalleryModel(
            tiles: rows, countText: photos.isEmpty ? nil : "\(photos.count)", canAdd: photos.count < ItemPhoto.maxPerItem,
            maxPerItem: ItemPhoto.maxPerItem, error: refusal
        )
    }
}

/// An item's photos on its page, with the form that adds more.
struct PhotoGalleryModel: Sendable, Encodable {
    /// Each photo, by number.
    var tiles: [PhotoTile]
    /// How many there are, for the heading; nil for none.
    var countText: String?
    /// Whether another photo may be added.
    var canAdd: Bool
    /// The most photos an item can have.
    var maxPerItem: Int
    /// Why the last form was refused, in words.
    var error: String?
}

/// One photo on an item's page.
struct PhotoTile: Sendable, Encodable {
    var number: Int
    /// Its stored name: what keeps its tile when the gallery is refreshed.
    var name: String
    /// Its version: the removal's condition.
    var version: String
    /// Whether it is the first photo (the one the 2014 app shows).
    var isFirst: Bool
    /// What it shows, for those who cannot see it: "Photo 2 of Piano".
    var alt: String
    var url: String
    var thumbnailURL: String
}
