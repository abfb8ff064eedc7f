import DocumentStore
import ScaryCreatures
import WebSupport

/// The HTTP answer for each failure of the app.
enum ErrorMapping {
    /// `error` as an API error, or nil when it is not one of the app's.
    @Sendable static func apiError(for error: any Error) -> APIError? {
        if let error = error as? TemporaryFile.TooLarge { return .tooLarge(limit: error.limit) }
        if let error = error as? TemporaryFile.CannotKeep { return .unavailable(error.message) }
        guard let error = error as? ScaryCreaturesError else { return nil }
        switch error.code {
        case .invalidTitle: return APIError(.unprocessableContent, code: "invalid_title", error.message)
        case .invalidRating: return APIError(.unprocessableContent, code: "invalid_rating", error.message)
        case .invalidImage:
            if error.message.contains("larger than") { return APIError(.contentTooLarge, code: "too_large", error.message) }
            return APIError(.unprocessableContent, code: "invalid_image", error.message)
        case .invalidImport: return APIError(.unprocessableContent, code: "invalid_import", error.message)
        case .notFound: return APIError(.notFound, code: "not_found", error.message)
        case .versionMismatch: return APIError(.preconditionFailed, code: "version_mismatch", error.message)
        case .corrupt: return APIError(.conflict, code: "corrupt", error.message)
        case .newerModel: return APIError(.conflict, code: "newer_model", error.message)
        case .noDataFolder, .storage: return APIError(.internalServerError, code: "storage", error.message)
        case .unavailable: return .unavailable(error.message)
        }
    }
}
