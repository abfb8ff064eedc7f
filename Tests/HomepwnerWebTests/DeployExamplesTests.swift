import Foundation
import TestSupport
import Testing

/// The deployment examples in docs/deploy/ are real configurations: systemd and nginx accept
/// them, and every option they give the server is one it has.
@Suite("The deployment examples in docs/deploy/", .timeLimit(.minutes(4)))
struct DeployExamplesTests {
    /// The repository's folder.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("the systemd unit passes systemd-analyze verify (with the built binary where it says /usr/local/bin), and every serve option it gives exists")
    func systemdUnit() async throws {
        let unit = try String(contentsOf: root.appendingPathComponent("docs/deploy/homepwner.service"), encoding: .utf8)
        let binary = try builtExecutable("homepwner")
        #expect(unit.contains("ExecStart=/usr/local/bin/homepwner serve "))
        try await withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("homepwner.service")
            try Data(unit.replacingOccurrences(of: "/usr/local/bin/homepwner", with: binary.path).utf8).write(to: file)
            let verified = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/systemd-analyze"), ["verify", "--man=no", file.path]).finish()
            #expect(verified.status == 0 && verified.errors.isEmpty && verified.output.isEmpty, "\(verified.errors)")
        }
        let help = try await runBuilt("homepwner", ["serve", "--help"])
        let execStart = try #require(unit.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        let options = execStart.split(separator: " ").filter { $0.hasPrefix("--") }
        #expect(options.count >= 5)
        for option in options { #expect(help.output.contains(String(option)), "serve has no \(option)") }
    }

    @Test("the nginx site passes nginx -t (with a certificate made here where it names Let's Encrypt's), and the server command it names has those options")
    func nginxSite() async throws {
        let site = try String(contentsOf: root.appendingPathComponent("docs/deploy/nginx-inventory.conf"), encoding: .utf8)
        let nginx = try #require(["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }, "nginx is installed (.ci/run does)")
        try await withTemporaryFolder { folder in
            let made = try await ChildProcess(URL(fileURLWithPath: "/usr/bin/openssl"), [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", folder.appendingPathComponent("key.pem").path,
                "-out", folder.appendingPathComponent("cert.pem").path, "-subj", "/CN=home.example", "-days", "2",
            ], input: URL(fileURLWithPath: "/dev/null")).finish()
            #expect(made.status == 0, "\(made.errors)")
            let local = site.replacingOccurrences(of: "/etc/letsencrypt/live/home.example/fullchain.pem", with: folder.appendingPathComponent("cert.pem").path)
                .replacingOccurrences(of: "/etc/letsencrypt/live/home.example/privkey.pem", with: folder.appendingPathComponent("key.pem").path)
                .replacingOccurrences(of: "listen 443 ssl;", with: "listen 127.0.0.1:18443 ssl;")  // nginx -t binds nothing
            try Data(local.utf8).write(to: folder.appendingPathComponent("site.conf"))
            let main = """
                \(getuid() == 0 ? "user root root;" : "")
                pid \(folder.path)/nginx.pid;
                error_log \(folder.path)/error.log;
                events { worker_connections 16; }
                http {
                    access_log off;
                    client_body_temp_path \(folder.path)/body;
                    proxy_temp_path \(folder.path)/proxy;
                    fastcgi_temp_path \(folder.path)/fastcgi;
                    uwsgi_temp_path \(folder.path)/uwsgi;
                    scgi_temp_path \(folder.path)/scgi;
                    include \(folder.path)/site.conf;
                }
                """
            try Data(main.utf8).write(to: folder.appendingPathComponent("nginx.conf"))
            let tested = try await ChildProcess(URL(fileURLWithPath: nginx), [
                "-t", "-p", folder.path, "-c", folder.appendingPathComponent("nginx.conf").path, "-e", folder.appendingPathComponent("error.log").path,
            ]).finish()
            #expect(tested.status == 0 && tested.errors.contains("test is successful"), "\(tested.errors)")
        }
        let help = try await runBuilt("homepwner", ["serve", "--help"])
        let command = try #require(site.split(separator: "\n").first { $0.contains("homepwner serve ") })
        for option in command.split(separator: " ").filter({ $0.hasPrefix("--") }) { #expect(help.output.contains(String(option)), "serve has no \(option)") }
    }
}
