import Foundation
import Hummingbird

/// The page files both apps share, shipped in WebSupport's resources (`Resources/common`): the
/// base stylesheet (`base.css`: colours light and dark, type, header, controls, thumbnails, the
/// photo drop zone, save states, toasts) and the script modules `common.js` (API errors,
/// debounce, toasts with undo, the change stream), `autosave.js` (fields saved as you type, sent
/// as the page is left, re-read on every connection, *Keep mine* / *Load theirs* on a 412) and
/// `upload.js` (a photo by picker or drop, with preview, progress and errors in words). Served under ``prefix``; an app's own scripts
/// import them from there, so both apps load one copy.
public enum CommonAssets {
    /// Where the shared files are served: `/assets/common/NAME`.
    public static let prefix = "/assets/common"

    /// The shared files, read from WebSupport's bundle.
    ///
    /// - Throws: when the resources are missing from the build.
    public static func load() throws -> StaticAssets {
        guard let folder = Bundle.module.url(forResource: "Resources", withExtension: nil)?.appendingPathComponent("common") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try StaticAssets(folder: folder)
    }

    /// Adds `GET`/`HEAD` of ``prefix``/NAME for the shared files to `router`.
    ///
    /// - Throws: when the resources are missing from the build.
    public static func addRoutes<Context: RequestContext>(to router: Router<Context>) throws {
        try load().addRoutes(to: router, prefix: prefix)
    }
}
