import DocumentStore
import HTTPTypes
import Homepwner
import WebSupport

/// The HTTP answer for each failure of the inventory.
enum ErrorMapping {
    /// `error` as an API error, or nil when it is not one of the app's.
    ///
    /// A damaged archive is 409 `read_only`: the request was fine, the inventory cannot take it
    /// until `homepwner check --repair` has been run (the store's message says so). An archive of
    /// a newer model version is 409 `newer_model`, its message naming both versions.
    @Sendable static func apiError(for error: any Error) -> APIError? {
        if let error = error as? TemporaryFile.TooLarge { return .tooLarge(limit: error.limit) }
        if let error = error as? TemporaryFile.CannotKeep { return .unavailable(error.message) }
        if let error = error as? SharedTemporaryFilesFull {
            var answer = APIError(.tooManyRequests, code: "too_many_requests", error.message)
            answer.headers[.retryAfter] = String(error.retryAfterSeconds)
            return answer
        }
        guard let error = error as? HomepwnerError else { return nil }
        switch error.code {
        case .invalidName: return APIError(.unprocessableContent, code: "invalid_name", error.message)
        case .invalidValue: return APIError(.unprocessableContent, code: "invalid_value", error.message)
        case .invalidSerialNumber: return APIError(.unprocessableContent, code: "invalid_serial_number", error.message)
        case .invalidImage:
            if error.message.contains("more than the") || error.message.contains("over the limit") {
                return APIError(.contentTooLarge, code: "too_large", error.message)
            }
            return APIError(.unprocessableContent, code: "invalid_image", error.message)
        case .invalidAttachment: return APIError(.unprocessableContent, code: "invalid_attachment", error.message)
        case .tooLarge: return APIError(.contentTooLarge, code: "too_large", error.message)
        case .notFound, .noDataFolder: return APIError(.notFound, code: "not_found", error.message)
        case .ambiguousKey: return APIError(.badRequest, code: "bad_request", error.message)
        case .versionMismatch: return APIError(.preconditionFailed, code: "version_mismatch", error.message)
        case .damagedArchive:
            return APIError(.conflict, code: "read_only", "\(error.message). \(repairAdvice)")
        case .newerModel: return APIError(.conflict, code: "newer_model", error.message)
        case .corrupt: return APIError(.conflict, code: "unusable_file", error.message)
        case .inUse: return APIError(.conflict, code: "in_use", error.message)
        case .invalidImport: return APIError(.unprocessableContent, code: "invalid_import", error.message)
        case .notEmpty: return APIError(.conflict, code: "not_empty", error.message)
        case .storage: return APIError(.internalServerError, code: "storage", error.message)
        case .unavailable: return .unavailable(error.message)
        }
    }

    /// What to do about a damaged archive while this server holds the folder.
    static let repairAdvice = "The server holds the data folder: stop it, run homepwner check --repair, and start it again"
}
