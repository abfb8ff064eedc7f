import Foundation

/// The 2018 app's model as Foundation decodes it: an `NSObject` with `NSSecureCoding`, mapped
/// from the archived class name `ScaryCreatures.ScaryCreatureData` with `setClass`.
public final class FoundationCreature: NSObject, NSSecureCoding {
    /// Secure coding, as the 2018 app.
    public static var supportsSecureCoding: Bool { true }

    /// The title.
    public let title: String
    /// The rating.
    public let rating: Float

    /// Reads `Title` and `Rating` (an inline float).
    public init?(coder: NSCoder) {
        title = coder.decodeObject(of: NSString.self, forKey: "Title") as String? ?? ""
        rating = coder.decodeFloat(forKey: "Rating")
    }

    /// Writes `Title` and `Rating`.
    public func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "Title")
        coder.encode(rating, forKey: "Rating")
    }
}

/// The straightforward Foundation listing the original app did at launch:
/// `FileManager.contentsOfDirectory`, then `NSKeyedUnarchiver` on each bundle's `Data.plist`.
public func foundationListing(of root: URL) throws -> [(id: Int, creature: FoundationCreature)] {
    var listed: [(id: Int, creature: FoundationCreature)] = []
    for url in try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
    where url.pathExtension == "scarycreature" {
        guard let id = Int(url.deletingPathExtension().lastPathComponent),
              let data = try? Data(contentsOf: url.appendingPathComponent("Data.plist")),
              let unarchiver = try? NSKeyedUnarchiver(forReadingFrom: data)
        else { continue }
        unarchiver.setClass(FoundationCreature.self, forClassName: "ScaryCreatures.ScaryCreatureData")
        if let creature = unarchiver.decodeObject(of: FoundationCreature.self, forKey: NSKeyedArchiveRootObjectKey) {
            listed.append((id, creature))
        }
    }
    listed.sort { $0.id < $1.id }
    return listed
}
