import Foundation
import Testing
import TestSupport

/// The HTTPS promises, checked against real server processes of `tool` (`homepwner` or
/// `scary-creatures`) with certificates `openssl` makes, and `curl` and `openssl s_client` as
/// the clients: `serve(extra)` starts one with `extra` arguments. Refused: one of the two files
/// alone (usage, 64), a key that is not the certificate's (74). Served: HTTPS only (plain HTTP
/// gets no answer), HSTS on every answer, cookies `Secure` and `__Host-`; SIGHUP takes a renewed
/// certificate and keeps the one in use when the new files are broken.
public func checkHTTPS(tool: String, folder: URL, serve: ([String]) async throws -> ServedProcess) async throws {
    let certificate = folder.appendingPathComponent("cert.pem").path, key = folder.appendingPathComponent("key.pem").path
    try await makeCertificate(name: "first", certificate: certificate, key: key)
    let otherCertificate = folder.appendingPathComponent("other-cert.pem").path, otherKey = folder.appendingPathComponent("other-key.pem").path
    try await makeCertificate(name: "renewed", certificate: otherCertificate, key: otherKey)
    let data = ["--data-dir", folder.appendingPathComponent("data").path]

    let alone = try await runBuilt(tool, ["serve", "--port", "0", "--tls-cert", certificate] + data)
    #expect(alone.status == 64 && alone.errors.contains("HTTPS needs both --tls-cert and --tls-key"))
    let mismatched = try await runBuilt(tool, ["serve", "--port", "0", "--create", "--tls-cert", certificate, "--tls-key", otherKey] + data)
    #expect(mismatched.status == 74 && mismatched.errors == "\(tool): error: --tls-key \(otherKey) is not the key of the certificate in \(certificate)\n")
    let notPEM = try await runBuilt(tool, ["serve", "--port", "0", "--create", "--tls-cert", key, "--tls-key", key] + data)
    #expect(notPEM.status == 74 && notPEM.errors.contains("--tls-cert \(key): not a PEM certificate"))

    try FileManager.default.createDirectory(at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
    let server = try await serve(["--tls-cert", certificate, "--tls-key", key])
    defer { _ = server.stop() }
    #expect(server.url.scheme == "https")
    let base = "https://127.0.0.1:\(server.port)"
    let health = try await runTool(.curl, ["-sS", "--cacert", certificate, "-D", "-", "-o", "/dev/null", base + "/healthz"])
    #expect(health.status == 0 && health.output.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(health.errors)")
    #expect(health.output.contains("\r\nStrict-Transport-Security: max-age=31536000\r\n"))
    // A page's form cookie: `__Host-`, `Secure`, for this host's every path.
    let page = try await runTool(.curl, ["-sS", "--cacert", certificate, "-D", "-", "-o", "/dev/null", "-H", "Accept: text/html", base + "/"])
    let cookie = try #require(page.output.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie: __host-") }, "\(page.output)")
    #expect(cookie.contains("; Path=/; Secure; HttpOnly; SameSite=Strict") && !cookie.contains("Domain="))
    let plain = try await runTool(.curl, ["-sS", "-o", "/dev/null", "-w", "%{http_code}", "http://127.0.0.1:\(server.port)/healthz"])
    #expect(plain.status != 0 && plain.output == "000", "plain HTTP gets no HTTP answer")
    #expect(try await subject(port: server.port) == "first")

    // A renewal: the files replaced, then SIGHUP; new connections get the new certificate.
    try FileManager.default.removeItem(atPath: certificate)
    try FileManager.default.copyItem(atPath: otherCertificate, toPath: certificate)
    try FileManager.default.removeItem(atPath: key)
    try FileManager.default.copyItem(atPath: otherKey, toPath: key)
    server.child.kill(SIGHUP)
    var seen = ""
    for _ in 0..<50 where seen != "renewed" {
        seen = try await subject(port: server.port)
        if seen != "renewed" { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(seen == "renewed")
    // Broken files and SIGHUP: the certificate in use stays, and the server goes on.
    try Data("not a certificate".utf8).write(to: URL(fileURLWithPath: certificate))
    server.child.kill(SIGHUP)
    try await Task.sleep(for: .milliseconds(500))
    #expect(try await subject(port: server.port) == "renewed")
    let still = try await runTool(.curl, ["-sS", "--cacert", otherCertificate, "-o", "/dev/null", "-w", "%{http_code}", base.replacingOccurrences(of: "127.0.0.1", with: "localhost") + "/healthz"])
    #expect(still.output == "200", "\(still.errors)")
}

/// The tools the check runs.
private enum Tool: String {
    case curl = "/usr/bin/curl"
    case openssl = "/usr/bin/openssl"
}

/// Runs `tool arguments…` to the end, with nothing on its standard input.
private func runTool(_ tool: Tool, _ arguments: [String]) async throws -> ChildRun {
    let child = try ChildProcess(URL(fileURLWithPath: tool.rawValue), arguments, input: URL(fileURLWithPath: "/dev/null"))
    return await child.finish()
}

/// A self-signed P-256 certificate for `localhost` and 127.0.0.1 whose common name is `name`.
private func makeCertificate(name: String, certificate: String, key: String) async throws {
    let made = try await runTool(.openssl, [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key, "-out", certificate,
        "-subj", "/CN=\(name)", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-days", "2",
    ])
    #expect(made.status == 0, "\(made.errors)")
}

/// The common name of the certificate a new connection to `port` is answered with.
private func subject(port: Int) async throws -> String {
    let shown = try await runTool(.openssl, ["s_client", "-connect", "127.0.0.1:\(port)", "-servername", "localhost"])
    guard let range = shown.output.range(of: "subject=CN = ") ?? shown.output.range(of: "subject=CN=") else { return "" }
    return String(shown.output[range.upperBound...].prefix { !$0.isNewline })
}
