import Foundation
import ObjectStorage

extension DocumentFolder {
    /// ``repair(decode:)`` in a bucket: every bad bundle (missing, corrupt or foreign data — a
    /// photo left without its creature included) is checked again under its lock in this
    /// process and, if still bad, its objects are copied under the quarantine prefix
    /// (`PREFIX/<quarantine>/<name>/…`, with `<name>.reason.txt` beside) and only then deleted,
    /// so nothing is destroyed. Unreadable bundles (the storage failing) are left in place.
    func objectRepair<Value: Sendable>(_ bucket: BucketStorage, decode: @escaping @Sendable (Data) throws -> Value) async throws -> [QuarantinedBundle] {
        let problems = try await objectList(bucket, decode: decode, format: nil).problems.filter {
            if case .unreadable = $0.reason { return false }
            return true
        }
        var taken = Set<String>()
        let quarantinePrefix = bucket.key(configuration.quarantineFolderName + "/")
        try await objectRequest(quarantineURL.absoluteString) {
            try await bucket.client.forEachPage(prefix: quarantinePrefix, delimiter: "/") { page in
                for folder in page.commonPrefixes { taken.insert(String(folder.dropFirst(quarantinePrefix.count).dropLast())) }
                for object in page.objects { taken.insert(String(object.key.dropFirst(quarantinePrefix.count))) }
            }
        }
        var moved: [QuarantinedBundle] = []
        for problem in problems {
            let move: @Sendable () async throws -> QuarantinedBundle? = { [self, taken] in
                try await objectQuarantine(bucket, problem, decode: decode, taken: taken)
            }
            let quarantined: QuarantinedBundle?
            if let id = problem.id {
                quarantined = try await locks.withLock(id, exclusive: true) { _ in try await move() }
            } else {
                quarantined = try await move()
            }
            if let quarantined {
                taken.insert(quarantined.url.lastPathComponent)
                moved.append(quarantined)
            }
        }
        return moved
    }

    /// Moves one bad bundle's objects into quarantine, if it is still bad; nil if it healed or vanished.
    private func objectQuarantine<Value: Sendable>(
        _ bucket: BucketStorage, _ problem: DocumentProblem, decode: @escaping @Sendable (Data) throws -> Value, taken: Set<String>
    ) async throws -> QuarantinedBundle? {
        let idPrefix = problem.id.map { "\($0)." } ?? problem.name
        let found = try await objectScan(bucket, idPrefix: idPrefix)
        var files: ObjectFiles = [:]
        try await objectRequest(root.absoluteString + problem.name) {
            try await bucket.client.forEachPage(prefix: bucket.key(problem.name + "/")) { page in
                for object in page.objects { files[String(object.key.dropFirst(bucket.key(problem.name + "/").count))] = object }
            }
        }
        guard !files.isEmpty else { return nil }
        if let id = problem.id, problem.reason != .duplicateNumber,
           let (bundle, bundleFiles) = found.bundles.first(where: { $0.0.id == id && $0.0.name == problem.name }),
           configuration.dataFileNames.contains(where: { bundleFiles[$0] != nil }) {
            let data = try? await objectWaitPool.run { [self] in
                try ObjectBundleSession(folder: self, bucket: bucket, bundle: bundle, files: bundleFiles).readData()
            }
            if let data = data.flatMap({ $0 }), (try? decode(data)) != nil { return nil }  // healed meanwhile
        }
        var destination = problem.name
        var attempt = 1
        while taken.contains(destination) || taken.contains(destination + ".reason.txt") {
            attempt += 1
            guard attempt <= 1000 else {
                throw DocumentStoreError(.io, "cannot quarantine \(problem.name): 1000 earlier copies are already there", path: root.absoluteString + problem.name)
            }
            destination = "\(problem.name)-\(attempt)"
        }
        let target = configuration.quarantineFolderName + "/" + destination
        for (name, object) in files.sorted(by: { $0.key < $1.key }) {
            try await objectRequest(object.key) {
                guard case .object(let copy) = try await bucket.client.get(object.key, maxBytes: 256 << 20) else { return }
                _ = try await bucket.putObject(bucket.key(target + "/" + name), body: copy.body)
            }
        }
        try await objectRequest(target) {
            _ = try await bucket.putObject(bucket.key(target + ".reason.txt"), body: Data("\(problem.description)\n".utf8), contentType: "text/plain; charset=utf-8")
        }
        for object in files.values {
            try await objectRequest(object.key) { try await bucket.deleteObject(object.key) }
        }
        return QuarantinedBundle(problem: problem, url: quarantineURL.appendingPathComponent(destination))
    }
}
