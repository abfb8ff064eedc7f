// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ScaryCreatures",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .executable(name: "plist", targets: ["plist"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "KeyedArchive"),
        .executableTarget(
            name: "plist",
            dependencies: [
                "KeyedArchive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "keyed-archive-benchmarks", dependencies: ["KeyedArchive"], path: "Benchmarks/KeyedArchiveBenchmarks"),
        .testTarget(
            name: "KeyedArchiveTests",
            dependencies: ["KeyedArchive", "plist"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
