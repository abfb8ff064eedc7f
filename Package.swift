// swift-tools-version: 6.0
import PackageDescription

// Linux only: the stores use renameat2, inotify, flock and /proc, the server NIO's epoll loops,
// and nothing is built or tested on macOS, so no Apple platform is claimed.
let package = Package(
    name: "ScaryCreatures",
    products: [
        .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
        .library(name: "DocumentStore", targets: ["DocumentStore"]),
        .library(name: "Imaging", targets: ["Imaging"]),
        .library(name: "ObjectStorage", targets: ["ObjectStorage"]),
        .library(name: "ScaryCreatures", targets: ["ScaryCreatures"]),
        .executable(name: "plist", targets: ["plist"]),
        .executable(name: "scary-creatures", targets: ["scary-creatures"]),
        .library(name: "Homepwner", targets: ["Homepwner"]),
        .executable(name: "homepwner", targets: ["homepwner"]),
        // Test fixtures, not for apps: products only so that the benchmark package (Benchmarks/,
        // its own package so that SQLite and the benchmark programs are no part of this build)
        // measures the same samples the tests check.
        .library(name: "KeyedArchiveSamples", targets: ["KeyedArchiveSamples"]),
        .library(name: "DocumentStoreSamples", targets: ["DocumentStoreSamples"]),
        .library(name: "ImagingSamples", targets: ["ImagingSamples"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // HTTPS (`serve --tls-cert/--tls-key`): already built for async-http-client.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.29.0"),
    ],
    targets: [
        // The one civil-date algorithm (dates as calendar fields and back), shared by every date
        // written or read as text.
        .target(name: "CivilTime"),
        // The one error shape (a code, a message, typed details, the cause kept) of every module.
        .target(name: "Failures"),
        // Lowercase hex, one spelling for every module that writes bytes or numbers in it.
        .target(name: "Hex"),
        // Where the toolkit's own unstructured tasks run: a caller's preferred executor kept.
        .target(name: "BackgroundWork"),
        // QR codes (model 2, byte mode) for the labels a phone scans; no dependencies.
        .target(name: "QRCode"),
        .target(name: "KeyedArchive", dependencies: ["CivilTime", "Failures"]),
        // S3-compatible object storage: our own client (Signature V4, conditional writes,
        // retries), on async-http-client and swift-crypto.
        .target(
            name: "ObjectStorage",
            dependencies: [
                "Hex", "BackgroundWork",
                "CivilTime", "Failures",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The exclusive rename (renameat2 RENAME_NOREPLACE) that Glibc does not export to Swift.
        .target(name: "CDocumentStore"),
        // People who may sign in: names, roles, scrypt password hashes (swift-crypto's BoringSSL)
        // and invitations, kept beside the data in a folder or a bucket; shared by both apps'
        // servers and commands.
        .target(
            name: "Accounts",
            dependencies: [
                "DocumentStore", "Failures", "Hex",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // What the command-line tools share: options before the subcommand, one-line errors,
        // terminal-safe text, JSON output, the storage a command works on. No web server.
        .target(
            name: "CommandLineSupport",
            dependencies: [
                "Accounts", "DocumentStore", "Failures", "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Both apps' serve command: its options (address, port, access token, allowed names, log
        // level) and the one way it runs a server.
        .target(
            name: "ServeCommandSupport",
            dependencies: [
                "CommandLineSupport", "DocumentStore", "WebSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // mallopt, which Glibc does not export to Swift.
        .target(name: "CWebSupport"),
        // libjpeg-turbo and libpng, found with pkg-config; CImaging wraps them in setjmp so that
        // no codec error can exit() or longjmp through Swift.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "CImaging", dependencies: ["CJPEG", "CPNG"]),
        .target(name: "Imaging", dependencies: ["CImaging", "Failures"]),
        // Hostile and worst-case images written byte by byte (many-scan progressive JPEGs, zTXt
        // bombs, 50-megapixel PNGs of a few megabytes) and small ordinary photos, shared by the
        // tests and the benchmarks.
        .target(name: "ImagingSamples", dependencies: ["Imaging"], path: "Tests/Samples/ImagingSamples"),
        .target(
            name: "ScaryCreatures",
            dependencies: ["DocumentStore", "Imaging", "KeyedArchive", "Failures", "Hex"]
        ),
        // Homepwner: items in one archive file, photos beside it.
        .target(name: "Homepwner", dependencies: ["DocumentStore", "Imaging", "KeyedArchive", "Failures", "BackgroundWork", "Hex"]),
        .executableTarget(
            name: "homepwner",
            dependencies: [
                "Homepwner", "HomepwnerWeb", "HomepwnerPages", "CommandLineSupport", "ServeCommandSupport", "DocumentStore", "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The Homepwner server: the API generated from its openapi.yaml (served as it is).
        .target(
            name: "HomepwnerWeb",
            dependencies: [
                "Homepwner", "DocumentStore", "Imaging", "WebSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"), "OperationsGlue"]
        ),
        // The child process of the Homepwner SIGKILL test: changes items and prints each one
        // acknowledged.
        .executableTarget(name: "homepwner-stress", dependencies: ["Homepwner"], path: "Tests/HomepwnerStress"),
        // What both web apps share: security, errors, image responses, event streams.
        .target(
            name: "WebSupport",
            dependencies: [
                "Accounts", "Hex", "BackgroundWork", "CivilTime",
                // A client of its own for the accounts in a bucket.
                "ObjectStorage",
                // The change feed behind both apps' event streams.
                "DocumentStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                "CWebSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                // HMAC-SHA256 for the page forms' tokens.
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            // The page files both apps share (base.css, common.js, upload.js), served as they are.
            resources: [.copy("Resources")]
        ),
        // The Scary Creatures server: the API generated from openapi.yaml (served as it is).
        .target(
            name: "ScaryCreaturesWeb",
            dependencies: [
                "ScaryCreatures", "DocumentStore", "Imaging", "WebSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("openapi.yaml")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"), "OperationsGlue"]
        ),
        // The Scary Creatures pages: the list and a creature, server-rendered with plain forms and
        // enhanced by scripts that use the API; templates, styles and scripts copied as they are.
        .target(
            name: "ScaryCreaturesPages",
            dependencies: [
                "ScaryCreatures", "DocumentStore", "Imaging", "WebSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Resources")]
        ),
        // The Homepwner pages: the inventory and an item, server-rendered with plain forms and
        // enhanced by scripts that use the API; templates, styles and scripts copied as they are.
        .target(
            name: "HomepwnerPages",
            dependencies: [
                "Hex", "QRCode",
                "Homepwner", "DocumentStore", "Imaging", "KeyedArchive", "WebSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(
            name: "scary-creatures",
            dependencies: [
                "ScaryCreatures", "ScaryCreaturesWeb", "ScaryCreaturesPages", "CommandLineSupport", "ServeCommandSupport", "DocumentStore", "Imaging",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "DocumentStore",
            dependencies: [
                "Hex", "BackgroundWork",
                "KeyedArchive",
                "ObjectStorage",
                "CDocumentStore",
                "Failures",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "plist",
            dependencies: [
                "KeyedArchive", "DocumentStore", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Sample models (a Homepwner item in our, Foundation's and Codable's form) shared by the
        // tests and the benchmarks.
        .target(name: "KeyedArchiveSamples", dependencies: ["KeyedArchive"], path: "Tests/Samples/KeyedArchiveSamples"),
        // Sample data archives (a creature, a checksummed stress record) shared by the
        // document-store tests, their child process and the benchmarks.
        .target(name: "DocumentStoreSamples", dependencies: ["KeyedArchive", "DocumentStore"], path: "Tests/Samples/DocumentStoreSamples"),
        .executableTarget(
            name: "document-store-stress",
            dependencies: ["DocumentStore", "DocumentStoreSamples", "KeyedArchive"],
            path: "Tests/DocumentStoreStress"
        ),
        .testTarget(
            name: "KeyedArchiveTests",
            dependencies: ["TestSupport", "KeyedArchive", "KeyedArchiveSamples", "plist"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "CivilTimeTests", dependencies: ["CivilTime"]),
        .testTarget(name: "HexTests", dependencies: ["Hex"]),
        .testTarget(name: "AccountsTests", dependencies: ["Accounts", "DocumentStore", "TestSupport"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode", "TestSupport"]),
        .testTarget(name: "FailuresTests", dependencies: ["Failures", "KeyedArchive", "ObjectStorage", "DocumentStore"]),
        .testTarget(name: "ImagingTests", dependencies: ["TestSupport", "Imaging", "ImagingSamples"]),
        // The S3 client against AWS's Signature V4 test suite (test data, Apache-2.0), botocore's
        // signer and a local moto S3 server with signatures checked (Scripts/s3-test-server.py).
        .testTarget(
            name: "ObjectStorageTests",
            dependencies: ["TestSupport", "ObjectStorage"],
            resources: [.copy("SigV4TestSuite")]
        ),
        // What every test target shares: temporary folders, the built executables, tags, and the
        // simulated disk of the crash tests (DocumentStore's file-system seam, its Testing SPI).
        .target(name: "TestSupport", dependencies: ["DocumentStore", "ObjectStorage"], path: "Tests/TestSupport"),
        // Raw-socket clients for attacking the servers in tests, and what a browser sends; not a product.
        .target(
            name: "WebTestSupport",
            dependencies: [
                "WebSupport", "TestSupport", "BackgroundWork",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            path: "Tests/WebTestSupport"
        ),
        .testTarget(
            name: "CommandLineSupportTests",
            dependencies: ["CommandLineSupport", "DocumentStore", "Failures", "Imaging", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The package itself: every import declared, and docs/architecture.md's module graph
        // as Package.swift declares it.
        .testTarget(name: "PackageTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "ServeCommandSupportTests",
            dependencies: ["ServeCommandSupport", "CommandLineSupport", "WebSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "WebSupportTests",
            dependencies: [
                "WebSupport", "WebTestSupport", "TestSupport", "DocumentStore", "ObjectStorage",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "ScaryCreaturesWebTests",
            dependencies: [
                "TestSupport", "ScaryCreaturesWeb", "ScaryCreaturesPages", "ScaryCreatures", "WebSupport", "Imaging", "ImagingSamples", "WebTestSupport",
                "DocumentStore", "ObjectStorage", "KeyedArchive",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "ScaryCreaturesPagesTests",
            dependencies: [
                "TestSupport", "ScaryCreaturesPages", "ScaryCreaturesWeb", "ScaryCreatures", "WebSupport", "ImagingSamples", "WebTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "HomepwnerPagesTests",
            dependencies: [
                "TestSupport", "HomepwnerPages", "Homepwner", "DocumentStore", "ObjectStorage", "WebSupport", "Imaging", "KeyedArchive", "WebTestSupport", "QRCode",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "ScaryCreaturesTests",
            dependencies: ["TestSupport", "ScaryCreatures", "DocumentStore", "ObjectStorage", "Imaging", "ImagingSamples", "KeyedArchive", "scary-creatures", "WebTestSupport"]
        ),
        .testTarget(
            name: "HomepwnerTests",
            dependencies: ["TestSupport", "Homepwner", "DocumentStore", "Imaging", "ImagingSamples", "KeyedArchive", "KeyedArchiveSamples", "ObjectStorage", "homepwner", "homepwner-stress"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "HomepwnerWebTests",
            dependencies: [
                "TestSupport", "HomepwnerWeb", "HomepwnerPages", "Homepwner", "DocumentStore", "WebSupport", "Imaging", "ImagingSamples", "KeyedArchive", "homepwner",
                "WebTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "DocumentStoreTests",
            dependencies: [
                "TestSupport", "DocumentStore", "DocumentStoreSamples", "KeyedArchive", "KeyedArchiveSamples", "ObjectStorage", "document-store-stress", "BackgroundWork",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Copies the adapters between an app's generated operations that both apps share (the
        // photos, the health and readiness probes) and WebSupport (written once, beside the
        // plugin) into each app's web target.
        .plugin(name: "OperationsGlue", capability: .buildTool(), exclude: ["Operations+Photos.swift.template", "Operations+Probes.swift.template"]),
    ],
    swiftLanguageModes: [.v6]
)
