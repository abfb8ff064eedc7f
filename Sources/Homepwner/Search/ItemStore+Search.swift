extension ItemStore {
    /// The inventory ready to be searched, built once for each state of the archive and kept
    /// until it changes (here, or in a bucket on another server).
    ///
    /// - Throws: what ``load()`` throws.
    public func catalog() async throws -> ItemCatalog {
        try await load()
        guard case .ready = status else {
            // Read-only or damaged: what was read at load, which does not change.
            if let catalogCache { return catalogCache.catalog }
            let catalog = ItemCatalog(items: (loaded ?? ItemArchive()).items)
            catalogCache = (0, catalog)
            return catalog
        }
        try await refreshFromOtherWriters()
        let (contents, generation) = try await archive.valueAndGeneration()
        if let catalogCache, catalogCache.generation == generation { return catalogCache.catalog }
        let catalog = ItemCatalog(items: contents.items)
        catalogCache = (generation, catalog)
        return catalog
    }

    /// The page of items that `query` finds, with totals (``ItemCatalog/search(_:)``).
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for a query over its limits
    ///   (``ItemQuery/validated()``), or what ``load()`` throws.
    public func search(_ query: ItemQuery) async throws -> ItemSearchResult {
        try await catalog().search(query.validated())
    }
}
