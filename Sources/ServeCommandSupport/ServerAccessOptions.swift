import ArgumentParser
import Foundation
import WebSupport

/// Who may reach a server, the options both apps' `serve` take: the access token (`--token`,
/// `--token-file`, or the app's environment variable) and the names the server answers to
/// besides its own (`--allowed-host`, repeatable, or the app's `…_ALLOWED_HOSTS` variable,
/// comma-separated).
public struct ServerAccessOptions: ParsableArguments {
    /// The token given on the command line (visible to every user in the process list).
    @Option(help: ArgumentHelp("The access token every request must carry. Visible to other users in the process list: prefer --token-file or the environment variable.", valueName: "token"))
    public var token: String?

    /// A file holding the token.
    @Option(name: .customLong("token-file"), help: ArgumentHelp("A file whose first line is the access token.", valueName: "path"))
    public var tokenFile: String?

    /// Names the server answers to besides its own.
    @Option(name: .customLong("allowed-host"), help: ArgumentHelp("Also answer requests for this host name (repeatable): a name the server is reached by through a proxy, or one of this machine's names. Requests for other names get 421.", valueName: "name"))
    public var allowedHosts: [String] = []

    /// Creates the options with their defaults.
    public init() {}

    /// Refuses `--token` together with `--token-file`.
    public func validate() throws {
        if token != nil, tokenFile != nil {
            throw ValidationError("give the access token once: --token or --token-file, not both")
        }
    }

    /// The token (from `--token`, `--token-file`, or the environment variable `tokenVariable`)
    /// and the allowed names (`--allowed-host`, then the comma-separated `allowedHostsVariable`).
    /// Warns on stderr when the token came from `--token`.
    ///
    /// - Throws: ``WebStartError`` for a token file that cannot be read.
    public func resolve(
        tokenVariable: String, allowedHostsVariable: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> (token: String?, allowedHosts: [String]) {
        var resolvedToken = environment[tokenVariable]
        if let token {
            FileHandle.standardError.write(Data("warning: --token shows the access token to every user of this machine (ps); use --token-file or \(tokenVariable)\n".utf8))
            resolvedToken = token
        } else if let tokenFile {
            resolvedToken = try Self.readToken(from: tokenFile)
        }
        let fromEnvironment = (environment[allowedHostsVariable] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return (resolvedToken, allowedHosts + fromEnvironment)
    }

    /// The first line of the regular file at `path` (at most 4 KiB), without surrounding white
    /// space.
    static func readToken(from path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
        guard values?.isRegularFile == true else {
            throw WebStartError("--token-file \(path): no such file (or not a regular file)")
        }
        guard (values?.fileSize ?? 0) <= 4096, let data = try? Data(contentsOf: url), data.count <= 4096 else {
            throw WebStartError("--token-file \(path): cannot be read, or is larger than 4 KiB")
        }
        let firstLine = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let token = firstLine.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw WebStartError("--token-file \(path) is empty") }
        return token
    }
}
