import DocumentStore

extension DocumentFolderConfiguration {
    /// The 2018 Scary Creatures layout (`N.scarycreature/Data.plist`), for the document-store
    /// tests and benchmarks; the store itself has no default layout.
    public static let sampleCreatures = DocumentFolderConfiguration(bundleExtension: "scarycreature")
}
