import Foundation

/// Where an app keeps its data for the user by default, as the XDG base-directory rules say.
public enum UserDataFolder {
    /// `$XDG_DATA_HOME/APP/FOLDER` (an absolute `XDG_DATA_HOME` only), else
    /// `~/.local/share/APP/FOLDER`.
    public static func url(app: String, folder: String) -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
        }
        return base.appendingPathComponent(app, isDirectory: true).appendingPathComponent(folder, isDirectory: true)
    }
}
