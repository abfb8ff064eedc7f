import Foundation

/// The 2018 app's model as Foundation archives and unarchives it: an `NSObject` with
/// `NSSecureCoding`, Rating an `NSNumber` (or, with `inlineRating`, `encode(Float)` → inline real).
/// Foundation on Linux aborts when `decodeObject` meets an inline value, so the decoder must know
/// which form to expect: this class reads the 2018 app's `NSNumber`, ``FoundationScaryBug`` the
/// 2010 app's inline float.
class FoundationCreature: NSObject, NSSecureCoding {
    class var supportsSecureCoding: Bool { true }
    /// Whether `Rating` is read with `decodeFloat` (2010) instead of as an `NSNumber` (2018).
    class var readsInlineRating: Bool { false }
    let title: String
    let rating: Float
    let inlineRating: Bool
    let extras: [String: Any]

    init(title: String, rating: Float, inlineRating: Bool = false, extras: [String: Any] = [:]) {
        self.title = title
        self.rating = rating
        self.inlineRating = inlineRating
        self.extras = extras
    }

    required init?(coder: NSCoder) {
        title = coder.decodeObject(of: NSString.self, forKey: "Title") as String? ?? ""
        if Self.readsInlineRating {
            rating = coder.decodeFloat(forKey: "Rating")
        } else {
            rating = coder.decodeObject(of: NSNumber.self, forKey: "Rating")?.floatValue ?? -1
        }
        inlineRating = false
        extras = [:]
    }

    func encode(with coder: NSCoder) {
        coder.encode(title as NSString, forKey: "Title")
        if inlineRating {
            coder.encode(rating, forKey: "Rating")
        } else {
            coder.encode(NSNumber(value: rating), forKey: "Rating")
        }
        for (key, value) in extras { coder.encode(value, forKey: key) }
    }
}

/// The 2010 app's `ScaryBugData`, which read `Rating` with `decodeFloatForKey:`.
final class FoundationScaryBug: FoundationCreature {
    override class var readsInlineRating: Bool { true }
}

/// Archives with Foundation's own NSKeyedArchiver, under `topKey`, then renames the class in the
/// plist to `className` (Foundation on Linux ignores setClassName; see DESIGN.md).
func foundationArchive(_ creature: FoundationCreature, className: String, topKey: String = "root") throws -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: true)
    archiver.encode(creature, forKey: topKey)
    archiver.finishEncoding()
    var plist = try PropertyListSerialization.propertyList(from: archiver.encodedData, format: nil)
    plist = renameClass(plist, to: className)
    return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
}

private func renameClass(_ plist: Any, to name: String) -> Any {
    guard var root = plist as? [String: Any], var objects = root["$objects"] as? [Any] else { return plist }
    for (index, object) in objects.enumerated() {
        guard var entry = object as? [String: Any], let className = entry["$classname"] as? String, className.hasSuffix("FoundationCreature") else { continue }
        entry["$classname"] = name
        entry["$classes"] = [name, "NSObject"]
        objects[index] = entry
    }
    root["$objects"] = objects
    return root
}

/// Reads `data` with Foundation's NSKeyedUnarchiver as the 2018 app would.
func foundationUnarchive(_ data: Data, className: String, topKey: String = "root") throws -> FoundationCreature? {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(FoundationCreature.self, forClassName: className)
    return unarchiver.decodeObject(of: FoundationCreature.self, forKey: topKey)
}

/// Reads `data` with Foundation's NSKeyedUnarchiver as the 2010 app would.
func foundationUnarchiveBug(_ data: Data) throws -> FoundationScaryBug? {
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.setClass(FoundationScaryBug.self, forClassName: "ScaryBugData")
    return unarchiver.decodeObject(of: FoundationScaryBug.self, forKey: "Data")
}
