import Imaging
import OpenAPIRuntime
import WebSupport

// The generated photo operations' types, as WebSupport's photo answers make and read them: each
// app's OpenAPI document makes its own, so these adapters are all an app writes for them.

/// A photo `GET` answered as ``WebSupport/StoredFileAnswer`` decides, with the photo's media type.
extension Operations.GetPhoto.Output: StoredFileResponse {
    static func notModifiedAnswer() -> Self { .notModified(.init()) }

    static func partialAnswer(_ body: HTTPBody, of kind: ImageFormat, contentRange: String) -> Self {
        .partialContent(.init(headers: .init(contentRange: contentRange), body: kind == .png ? .png(body) : .jpeg(body)))
    }

    static func wholeAnswer(_ body: HTTPBody, of kind: ImageFormat, eTag: String) -> Self {
        .ok(.init(headers: .init(eTag: eTag, cacheControl: "no-cache"), body: kind == .png ? .png(body) : .jpeg(body)))
    }
}

/// A thumbnail `GET` answered as ``WebSupport/StoredFileAnswer`` decides: always a PNG.
extension Operations.GetThumbnail.Output: StoredFileResponse {
    static func notModifiedAnswer() -> Self { .notModified(.init()) }

    static func partialAnswer(_ body: HTTPBody, of kind: ImageFormat, contentRange: String) -> Self {
        .partialContent(.init(headers: .init(contentRange: contentRange), body: .png(body)))
    }

    static func wholeAnswer(_ body: HTTPBody, of kind: ImageFormat, eTag: String) -> Self {
        .ok(.init(headers: .init(eTag: eTag, cacheControl: "no-cache"), body: .png(body)))
    }
}

extension Operations.PutPhoto.Input.Body {
    /// The upload as ``WebSupport/PhotoUpload`` reads it: the raw JPEG or PNG, or the form's
    /// `photo` field.
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
