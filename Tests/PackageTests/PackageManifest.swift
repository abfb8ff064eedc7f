import Foundation
import TestSupport

/// The package's targets as SwiftPM reads them from `Package.swift` (`swift package
/// dump-package`, with a scratch folder of its own so that it never waits on the `.build` lock
/// the running `swift test` holds). Anything in the dump this reader does not know is an error,
/// never skipped.
struct PackageManifest {
    /// A target and what it declares.
    struct Target {
        /// The target's name, which is its module's name.
        var name: String
        /// `regular`, `executable`, `test`, `system` or `plugin`.
        var kind: String
        /// Its folder, relative to the package root (`Sources/Name`, `Tests/Name` for a test and
        /// `Plugins/Name` for a plugin, unless `path:` says).
        var path: String
        /// The targets of this package it depends on.
        var targets: [String]
        /// The products of other packages it depends on, by name.
        var products: [String]
    }

    /// The package root.
    let root: URL
    /// Every target, in the manifest's order.
    let targets: [Target]

    /// The target named `name`.
    subscript(name: String) -> Target? { targets.first { $0.name == name } }

    /// Reads the manifest of the package at `root`.
    ///
    /// - Throws: ``ManifestError`` when SwiftPM fails or prints what this reader cannot read.
    static func load(root: URL = projectRoot()) async throws -> PackageManifest {
        let json = try await dumpPackage(root: root)
        guard let package = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let entries = package["targets"] as? [[String: Any]], !entries.isEmpty
        else { throw ManifestError("dump-package printed no targets") }
        let names = Set(entries.compactMap { $0["name"] as? String })
        let targets = try entries.map { try target($0, among: names) }
        return PackageManifest(root: root, targets: targets)
    }

    private static func target(_ entry: [String: Any], among names: Set<String>) throws -> Target {
        guard let name = entry["name"] as? String, let kind = entry["type"] as? String,
              let dependencies = entry["dependencies"] as? [[String: Any]]
        else { throw ManifestError("a target without a name, type or dependencies: \(entry)") }
        guard ["regular", "executable", "test", "system", "plugin"].contains(kind) else {
            throw ManifestError("\(name): a target of type \(kind), which this reader does not know")
        }
        let path = entry["path"] as? String ?? ["test": "Tests/\(name)", "plugin": "Plugins/\(name)"][kind, default: "Sources/\(name)"]
        var result = Target(name: name, kind: kind, path: path, targets: [], products: [])
        for dependency in dependencies {
            guard dependency.count == 1, let (form, value) = dependency.first, let fields = value as? [Any], let named = fields.first as? String else {
                throw ManifestError("\(name): a dependency this reader cannot read: \(dependency)")
            }
            switch form {
            case "target": result.targets.append(named)
            case "product": result.products.append(named)
            case "byName" where names.contains(named): result.targets.append(named)
            default: throw ManifestError("\(name): a dependency this reader cannot read: \(dependency)")
            }
        }
        return result
    }

    /// `swift package dump-package`'s JSON, ended after two minutes if it has not finished.
    private static func dumpPackage(root: URL) async throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("PackageTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let child = try ChildProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package"]
        )
        let watchdog = Watchdog()
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { watchdog.fire { child.kill() } }
        let run = await child.finish()
        watchdog.disarm()
        guard run.exitedNormally, run.status == 0 else {
            throw ManifestError("swift package dump-package failed (\(run.killed ? "killed after 120 s" : "exit \(run.status)")): \(run.errors.suffix(800))")
        }
        return run.outputData
    }
}

/// The manifest could not be read.
struct ManifestError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Ends a child that runs too long, but never one already waited for (whose process id may be
/// another's by then). `@unchecked Sendable`: its one flag is read and written under the lock.
private final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var disarmed = false

    /// Runs `end` unless ``disarm()`` came first.
    func fire(_ end: () -> Void) {
        lock.withLock { if !disarmed { end() } }
    }

    /// From now on ``fire(_:)`` does nothing.
    func disarm() {
        lock.withLock { disarmed = true }
    }
}
