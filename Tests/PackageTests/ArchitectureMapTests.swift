import Foundation
import Testing

@Suite("docs/architecture.md draws the module graph Package.swift declares", .timeLimit(.minutes(4)))
struct ArchitectureMapTests {
    @Test("every target under Sources/ is drawn once, with exactly the targets and products it depends on")
    func graphIsTrue() async throws {
        let manifest = try await PackageManifest.load()
        let document = try String(contentsOf: manifest.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let drawn = try ModuleMap(document: document).modules
        let declared = manifest.targets.filter { $0.path.hasPrefix("Sources/") }
        #expect(declared.count > 20, "read only \(declared.count) targets under Sources/")
        var differences: [String] = []
        for target in declared {
            guard let module = drawn[target.name] else {
                differences.append("\(target.name) is not drawn")
                continue
            }
            let targets = Set(target.targets), products = Set(target.products)
            differences += targets.subtracting(module.targets).sorted().map { "missing edge \(target.name) ─► \($0) (declared in Package.swift, not drawn)" }
            differences += module.targets.subtracting(targets).sorted().map { "extra edge \(target.name) ─► \($0) (drawn, not declared in Package.swift)" }
            differences += products.subtracting(module.products).sorted().map { "missing product \(target.name) · \($0) (declared in Package.swift, not drawn)" }
            differences += module.products.subtracting(products).sorted().map { "extra product \(target.name) · \($0) (drawn, not declared in Package.swift)" }
        }
        let names = Set(declared.map(\.name))
        differences += drawn.keys.filter { !names.contains($0) }.sorted().map { "\($0) is drawn but is no target under Sources/" }
        #expect(differences == [], "\(differences.joined(separator: "\n"))")
    }

    @Test("the map's reader reads names, notes, edges, products and continued lines, and refuses any other line")
    func reader() throws {
        let document = """
            ## Modules
            \(ModuleMap.marker) -->
            ```text
            app (exe)  ─► Lib, Kit · ArgumentParser,
                          Logging
            Kit        ─► Lib

            Lib
            CLib (C)   · ZIPFoundation
            ```
            """
        let modules = try ModuleMap(document: document).modules
        #expect(modules == [
            "app": .init(targets: ["Lib", "Kit"], products: ["ArgumentParser", "Logging"]),
            "Kit": .init(targets: ["Lib"], products: []),
            "Lib": .init(targets: [], products: []),
            "CLib": .init(targets: [], products: ["ZIPFoundation"]),
        ])
        let wrong = document.replacingOccurrences(of: "Kit        ─► Lib", with: "Kit points at Lib")
        #expect(throws: ManifestError.self) { try ModuleMap(document: wrong) }
        #expect(throws: ManifestError.self) { try ModuleMap(document: "no marker") }
    }
}
