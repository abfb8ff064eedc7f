import Foundation
import NIOSSL
import Synchronization

/// The certificate and key a server answers HTTPS with (`serve --tls-cert FILE --tls-key FILE`),
/// read from their PEM files when the server starts and again on ``reload()`` (SIGHUP): a renewed
/// certificate is taken without a restart, by every connection made after it. A reload that
/// fails (a file half-written, a key that does not match) keeps the certificate in use.
///
/// TLS 1.2 at least; HTTP/1.1 is offered by ALPN (the connection guard that bounds every
/// connection's time and size speaks HTTP/1.1).
public final class TLSCertificates: Sendable {
    /// The certificate chain's file (the server's certificate first).
    public let certificateFile: String
    /// The private key's file.
    public let keyFile: String
    private let context: Mutex<NIOSSLContext>

    /// The largest certificate or key file read.
    static let maxFileBytes = 1 << 20

    /// Reads `certificateFile` (PEM: the server's certificate, then any intermediates) and
    /// `keyFile` (PEM: the private key, unencrypted).
    ///
    /// - Throws: ``WebStartError`` naming the file and what is wrong with it.
    public init(certificateFile: String, keyFile: String) throws {
        self.certificateFile = certificateFile
        self.keyFile = keyFile
        context = Mutex(try Self.load(certificateFile: certificateFile, keyFile: keyFile))
    }

    /// Reads the files again and uses them for new connections.
    ///
    /// - Throws: ``WebStartError`` (the certificate in use stays).
    public func reload() throws {
        let loaded = try Self.load(certificateFile: certificateFile, keyFile: keyFile)
        context.withLock { $0 = loaded }
    }

    /// A handler that answers one new connection with the current certificate.
    func serverHandler() -> NIOSSLServerHandler {
        NIOSSLServerHandler(context: context.withLock { $0 })
    }

    private static func load(certificateFile: String, keyFile: String) throws -> NIOSSLContext {
        let chainBytes = try read(certificateFile, option: "--tls-cert")
        let keyBytes = try read(keyFile, option: "--tls-key")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(chainBytes)
        } catch {
            throw WebStartError("--tls-cert \(certificateFile): not a PEM certificate (\"-----BEGIN CERTIFICATE-----\")")
        }
        guard !chain.isEmpty else { throw WebStartError("--tls-cert \(certificateFile): holds no certificate") }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
        } catch {
            throw WebStartError("--tls-key \(keyFile): not an unencrypted PEM private key")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["http/1.1"]
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            // BoringSSL refuses a key whose public half is not the certificate's.
            throw WebStartError("--tls-key \(keyFile) is not the key of the certificate in \(certificateFile)")
        }
    }

    /// The bytes of the regular file at `path`, at most ``maxFileBytes``.
    private static func read(_ path: String, option: String) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw WebStartError("\(option) \(path): no such file, or it cannot be read") }
        defer { try? handle.close() }
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            throw WebStartError("\(option) \(path): not a regular file")
        }
        guard status.st_size <= maxFileBytes, let data = try? handle.read(upToCount: maxFileBytes + 1), data.count <= maxFileBytes else {
            throw WebStartError("\(option) \(path): larger than \(maxFileBytes >> 20) MiB, so not a certificate or key")
        }
        return Array(data)
    }
}
