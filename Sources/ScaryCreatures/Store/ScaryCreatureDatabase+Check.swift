import DocumentStore
import Foundation
import Imaging

/// What ``ScaryCreatureDatabase/check(repair:)`` found and did.
public struct CheckReport: Sendable {
    /// A problem with one creature's photos.
    public struct PhotoProblem: Sendable, Hashable {
        /// The creature.
        public var id: Int
        /// What is wrong.
        public var message: String
        /// Whether `--repair` fixed it.
        public var repaired: Bool
    }

    /// Creatures whose data read fine.
    public var creatures = 0
    /// Bundles that could not be read, with reasons.
    public var badBundles: [DocumentProblem] = []
    /// Bundles moved into quarantine (repair only).
    public var quarantined: [URL] = []
    /// Photo problems of readable creatures.
    public var photoProblems: [PhotoProblem] = []
    /// Titles and ratings that break the rules, by creature id: not repaired (only the user can
    /// choose the value); renaming or rating the creature fixes them.
    public var ruleProblems: [(id: Int, problem: CreatureProblem)] = []

    /// Whether anything is (still) wrong.
    public var isClean: Bool {
        (badBundles.isEmpty || badBundles.count == quarantined.count) && photoProblems.allSatisfy(\.repaired) && ruleProblems.isEmpty
    }
}

extension ScaryCreatureDatabase {
    /// Verifies every bundle: data that cannot be read (corrupt, foreign, missing), photos that
    /// are not images, missing or unreadable thumbnails, two full photos left by a crash.
    ///
    /// With `repair`, bad bundles are moved into the quarantine folder (with the reason beside
    /// each), missing thumbnails are regenerated and a stale second photo is removed.
    public func check(repair: Bool) async throws -> CheckReport {
        defer {
            if repair {
                noteOwnChange(nil)
                generation.advance()
            }
        }
        var report = CheckReport()
        let (creatures, problems) = try await list()
        report.creatures = creatures.count
        report.badBundles = problems
        if repair, !problems.isEmpty {
            report.quarantined = try await Self.mapErrors { try await folder.repair(decode: CreatureLayout.decode) }.map(\.url)
        }
        for creature in creatures {
            report.ruleProblems += creature.problems.map { (creature.id, $0) }
            report.photoProblems += try await checkPhotos(of: creature.id, repair: repair)
        }
        return report
    }

    private func checkPhotos(of id: Int, repair: Bool) async throws -> [CheckReport.PhotoProblem] {
        let found = try await Self.mapErrors(id: id) {
            try await folder.edit(id) { editor -> [CheckReport.PhotoProblem] in
                var problems: [CheckReport.PhotoProblem] = []
                let names = try editor.attachmentNames()
                let fulls = names.filter { CreatureLayout.fullImageNames.contains($0) }
                let current = try editor.currentFullImage()
                if fulls.count > 1, let current {
                    let stale = fulls.filter { $0 != current.name }
                    if repair { for name in stale { try editor.removeAttachment(named: name) } }
                    problems.append(.init(id: id, message: "two full photos (\(fulls.joined(separator: ", "))); \(current.name) is the newer", repaired: repair))
                }
                guard let current else { return problems }
                guard (try? ImageInfo.read(current.data)) != nil else {
                    problems.append(.init(id: id, message: "\(current.name) is not a usable image; give the creature another photo with set-image", repaired: false))
                    return problems
                }
                let thumbnail = try CreatureLayout.thumbnailNames.lazy.compactMap { try editor.readAttachment(named: $0) }.first
                let thumbnailIsPNG = thumbnail.map { ImageFormat.sniff([UInt8]($0.prefix(16))) == .png } ?? false
                if !thumbnailIsPNG {
                    if repair {
                        try editor.writeAttachment(try self.thumbnailer.thumbnail(of: current.data), named: self.layout.thumbnailName)
                    }
                    problems.append(.init(id: id, message: thumbnail == nil ? "no thumbnail" : "the thumbnail is not a PNG", repaired: repair))
                }
                return problems
            }
        }
        if repair, !found.isEmpty { await thumbnails.remove(id) }
        return found
    }
}
