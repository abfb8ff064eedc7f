import Testing

@Suite("The layers point one way", .timeLimit(.minutes(4)))
struct LayerTests {
    @Test("no web server under CommandLineSupport, no pages under the API modules, no app under the toolkit and WebSupport")
    func layers() async throws {
        let manifest = try await PackageManifest.load()
        /// Every target `name` depends on, however far down, and every product those declare.
        func reach(_ name: String) -> Set<String> {
            var seen: Set<String> = []
            var next = [name]
            while let current = next.popLast() {
                guard let target = manifest[current] else { continue }
                for dependency in target.targets where seen.insert(dependency).inserted { next.append(dependency) }
                seen.formUnion(target.products)
            }
            return seen
        }
        let webServer: Set = ["WebSupport", "CWebSupport", "Hummingbird", "HummingbirdCore", "OpenAPIHummingbird", "Mustache"]
        #expect(reach("CommandLineSupport").intersection(webServer).sorted() == [])
        #expect(reach("plist").intersection(webServer).sorted() == [])
        for api in ["ScaryCreaturesWeb", "HomepwnerWeb"] {
            #expect(reach(api).filter { $0.hasSuffix("Pages") }.sorted() == [], "\(api)")
        }
        let apps: Set = ["ScaryCreatures", "ScaryCreaturesWeb", "ScaryCreaturesPages", "Homepwner", "HomepwnerWeb", "HomepwnerPages"]
        for lower in ["KeyedArchive", "ObjectStorage", "DocumentStore", "Imaging", "WebSupport", "CommandLineSupport", "ServeCommandSupport"] {
            #expect(manifest[lower] != nil, "\(lower) is no target")
            #expect(reach(lower).intersection(apps).sorted() == [], "\(lower)")
        }
    }
}
