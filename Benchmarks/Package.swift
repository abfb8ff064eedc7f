// swift-tools-version: 6.0
import PackageDescription

// The benchmark programs: each runs our code and its competitors side by side in one process
// (or one run of processes) and prints the ratios. A package of its own, so that SQLite (the
// store people would pick instead of a folder of bundles) and these programs are no part of the
// project's own build. Run from this folder: swift run -c release keyed-archive-benchmarks.
let package = Package(
    name: "ScaryCreaturesBenchmarks",
    dependencies: [
        .package(name: "ScaryCreatures", path: ".."),
    ],
    targets: [
        // Side-by-side timing and ratio printing, and the creature folders the programs measure.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "DocumentStoreSamples", package: "ScaryCreatures")]
        ),
        .executableTarget(
            name: "keyed-archive-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "KeyedArchive", package: "ScaryCreatures"),
                .product(name: "KeyedArchiveSamples", package: "ScaryCreatures"),
            ],
            path: "Sources/KeyedArchiveBenchmarks"
        ),
        .executableTarget(
            name: "plist-tool-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "KeyedArchive", package: "ScaryCreatures"),
                .product(name: "KeyedArchiveSamples", package: "ScaryCreatures"),
            ],
            path: "Sources/PlistToolBenchmarks"
        ),
        .executableTarget(
            name: "document-store-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "DocumentStore", package: "ScaryCreatures"),
                .product(name: "DocumentStoreSamples", package: "ScaryCreatures"),
                .product(name: "KeyedArchive", package: "ScaryCreatures"),
            ],
            path: "Sources/DocumentStoreBenchmarks"
        ),
        .executableTarget(
            name: "object-storage-benchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "ObjectStorage", package: "ScaryCreatures")],
            path: "Sources/ObjectStorageBenchmarks"
        ),
        // SQLite for the concurrency and listing benchmarks (apt: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .executableTarget(
            name: "document-store-concurrency-benchmarks",
            dependencies: [
                "BenchmarkSupport", "CSQLite",
                .product(name: "DocumentStore", package: "ScaryCreatures"),
                .product(name: "DocumentStoreSamples", package: "ScaryCreatures"),
            ],
            path: "Sources/ConcurrencyBenchmarks"
        ),
        .executableTarget(
            name: "imaging-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Imaging", package: "ScaryCreatures"),
                .product(name: "ImagingSamples", package: "ScaryCreatures"),
            ],
            path: "Sources/ImagingBenchmarks"
        ),
        .executableTarget(
            name: "scary-creatures-benchmarks",
            dependencies: ["BenchmarkSupport", "CSQLite", .product(name: "DocumentStoreSamples", package: "ScaryCreatures")],
            path: "Sources/ScaryCreaturesBenchmarks"
        ),
        .executableTarget(
            name: "homepwner-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Homepwner", package: "ScaryCreatures"),
                .product(name: "DocumentStore", package: "ScaryCreatures"),
                .product(name: "KeyedArchive", package: "ScaryCreatures"),
                .product(name: "KeyedArchiveSamples", package: "ScaryCreatures"),
            ],
            path: "Sources/HomepwnerBenchmarks"
        ),
        .executableTarget(
            name: "homepwner-search-benchmarks",
            dependencies: ["BenchmarkSupport", .product(name: "Homepwner", package: "ScaryCreatures")],
            path: "Sources/HomepwnerSearchBenchmarks"
        ),
    ],
    swiftLanguageModes: [.v6]
)
