import Foundation
import Testing

/// The modules every target may import without declaring them: the standard library's and the
/// system's (Foundation in its Linux parts, Glibc, Dispatch, the test frameworks).
let systemModules: Set<String> = [
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "CoreFoundation",
    "Dispatch", "Glibc", "Musl", "Darwin", "Testing", "XCTest",
]

@Suite("Package.swift declares every module each target imports", .timeLimit(.minutes(4)))
struct ImportDeclarationTests {
    @Test("every module a target's Swift files import is a target or product it declares, or a system module")
    func everyImportIsDeclared() async throws {
        let manifest = try await PackageManifest.load()
        var undeclared: [String] = []
        var filesRead = 0
        for target in manifest.targets where target.kind != "system" {
            let folder = manifest.root.appendingPathComponent(target.path)
            let files = try swiftFiles(in: folder)
            filesRead += files.count
            // A plugin's API comes with SwiftPM, as the system's modules come with the toolchain.
            let declared = Set(target.targets + target.products).union(systemModules).union(target.kind == "plugin" ? ["PackagePlugin"] : [])
            var reported: Set<String> = []
            for file in files {
                let source = try String(contentsOf: file, encoding: .utf8)
                for (module, line) in SwiftImports.modules(in: source).sorted(by: { $0.key < $1.key })
                where !declared.contains(module) && module != target.name && reported.insert(module).inserted {
                    let place = file.path.dropFirst(manifest.root.path.count + 1)
                    undeclared.append("\(target.name) imports \(module) (\(place):\(line)) without declaring it")
                }
            }
        }
        // What was read, so that a reader that found nothing cannot pass: every target folder
        // holds sources (checked below), and the package has hundreds of Swift files.
        #expect(filesRead > 300, "read only \(filesRead) Swift files")
        #expect(undeclared == [], "\(undeclared.joined(separator: "\n"))")
    }

    @Test("every folder in Sources/ is a target, and every target's folder holds its sources")
    func everyFolderIsATarget() async throws {
        let manifest = try await PackageManifest.load()
        let sources = manifest.root.appendingPathComponent("Sources")
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }.map { "Sources/\($0)" }
        let targetFolders = Set(manifest.targets.map(\.path))
        #expect(Set(folders).subtracting(targetFolders).sorted() == [])
        for target in manifest.targets {
            let folder = manifest.root.appendingPathComponent(target.path)
            let hasSources: Bool
            switch target.kind {
            case "system": hasSources = FileManager.default.fileExists(atPath: folder.appendingPathComponent("module.modulemap").path)
            default:
                let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
                hasSources = names.contains { $0.hasSuffix(".swift") || $0.hasSuffix(".c") }
            }
            #expect(hasSources, "\(target.name): no sources in \(target.path)")
        }
    }

    @Test("the import reader reads each form of import and skips string literals and comments")
    func importReader() {
        let source = #"""
            import Foundation
            @testable import DocumentStore
            @_spi(Testing) @testable import ObjectStorage
            public import struct HTTPTypes.HTTPFields
            @preconcurrency import NIOCore // the event loops
            // import Commented
            /* import Blocked
               import AlsoBlocked */
            #if canImport(Glibc)
            import Glibc
            #endif
            let script = """
                import plistlib, sys
                """
            @_spi(Testing) public struct Imported {}
            import Foundation
            """#
        #expect(SwiftImports.modules(in: source) == [
            "Foundation": 1, "DocumentStore": 2, "ObjectStorage": 3, "HTTPTypes": 4, "NIOCore": 5, "Glibc": 10,
        ])
    }
}

/// The Swift files under `folder`, every level.
func swiftFiles(in folder: URL) throws -> [URL] {
    guard let names = FileManager.default.enumerator(atPath: folder.path) else { throw ManifestError("\(folder.path) cannot be listed") }
    return names.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0) }
}
