import Foundation

/// Renders a keyed archive's object graph for people: class names, fields, UIDs.
///
/// Each object is printed once, labelled `#N` with its UID; a second reference to it (a shared
/// object, or a cycle) prints as `→ #N (see above)`. Foundation values (strings, numbers, dates,
/// data, UUIDs, URLs) print as themselves. Malformed objects are shown with a note.
public enum ArchiveGraphPrinter {
    /// The graph from every `$top` key, keys sorted.
    ///
    /// - Throws: ``ArchiveError`` only if a `$top` entry cannot be read at all.
    public static func render(_ unarchiver: KeyedUnarchiver) throws -> String {
        var printer = GraphWalker(unarchiver: unarchiver)
        for key in unarchiver.top.keys.sorted() {
            guard case .uid(let uid)? = unarchiver.top[key] else { continue }
            printer.out += "\(key): "
            printer.appendReference(uid, indent: 0)
        }
        return printer.out
    }
}

/// One walk over the graph, remembering what has been printed.
private struct GraphWalker {
    let unarchiver: KeyedUnarchiver
    var out = ""
    var printed = Set<UInt32>()
    static let maxDepth = 64

    init(unarchiver: KeyedUnarchiver) {
        self.unarchiver = unarchiver
    }

    /// Prints the object `uid` after a label already written on the current line.
    mutating func appendReference(_ uid: UInt32, indent: Int) {
        if uid == 0 {
            out += "nil\n"
            return
        }
        guard let entry = try? unarchiver.object(uid) else {
            out += "#\(uid) (missing object: $objects has only \(unarchiver.objectCount) entries)\n"
            return
        }
        guard case .dictionary(let fields) = entry else {
            out += "\(PropertyListTreePrinter.scalarText(entry))\n"
            return
        }
        if printed.contains(uid) {
            out += "→ #\(uid) (see above)\n"
            return
        }
        printed.insert(uid)
        guard indent < Self.maxDepth else {
            out += "#\(uid) … (nested too deep to print)\n"
            return
        }
        let className: String
        do {
            className = try unarchiver.className(of: uid)
        } catch {
            out += "#\(uid) object with a broken class (\(error))\n"
            appendFields(fields, indent: indent + 1)
            return
        }
        if let inline = foundationValue(uid, className: className) {
            out += "#\(uid) \(className) \(inline)\n"
            return
        }
        out += "#\(uid) \(className)\n"
        switch className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
            appendList(fields["NS.objects"], indent: indent + 1)
        case "NSDictionary", "NSMutableDictionary":
            appendDictionary(keys: fields["NS.keys"], values: fields["NS.objects"], indent: indent + 1)
        default:
            appendFields(fields, indent: indent + 1)
        }
    }

    /// A one-line rendering of Foundation value classes, or nil for other classes.
    private func foundationValue(_ uid: UInt32, className: String) -> String? {
        switch className {
        case "NSString", "NSMutableString":
            return (try? String.decodeObject(uid: uid, in: unarchiver)).map(PropertyListTreePrinter.quoted)
        case "NSDate":
            return (try? Date.decodeObject(uid: uid, in: unarchiver)).map { PropertyListTreePrinter.scalarText(.date($0)) }
        case "NSData", "NSMutableData":
            return (try? Data.decodeObject(uid: uid, in: unarchiver)).map(PropertyListTreePrinter.dataText)
        case "NSUUID":
            return (try? UUID.decodeObject(uid: uid, in: unarchiver))?.uuidString
        case "NSURL":
            return (try? URL.decodeObject(uid: uid, in: unarchiver))?.absoluteString
        case "NSNull":
            return "null"
        default:
            return nil
        }
    }

    private mutating func appendFields(_ fields: [PropertyListKey: PropertyList], indent: Int) {
        let pad = String(repeating: "  ", count: indent)
        for key in fields.keys.sorted() where key != "$class" {
            guard let value = fields[key] else { continue }
            out += "\(pad)\(key): "
            appendValue(value, indent: indent)
        }
    }

    private mutating func appendValue(_ value: PropertyList, indent: Int) {
        switch value {
        case .uid(let uid): appendReference(uid, indent: indent)
        case .array(let elements):
            out += "array (\(elements.count))\n"
            let pad = String(repeating: "  ", count: indent + 1)
            for (index, element) in elements.enumerated() {
                out += "\(pad)[\(index)]: "
                appendValue(element, indent: indent + 1)
            }
        default:
            out += "\(PropertyListTreePrinter.scalarText(value))\n"
        }
    }

    private mutating func appendList(_ list: PropertyList?, indent: Int) {
        guard case .array(let elements)? = list else { return }
        let pad = String(repeating: "  ", count: indent)
        for (index, element) in elements.enumerated() {
            out += "\(pad)[\(index)]: "
            appendValue(element, indent: indent)
        }
    }

    private mutating func appendDictionary(keys: PropertyList?, values: PropertyList?, indent: Int) {
        guard case .array(let keyList)? = keys, case .array(let valueList)? = values else { return }
        let pad = String(repeating: "  ", count: indent)
        for (key, value) in zip(keyList, valueList) {
            let label: String
            if case .uid(let keyUID) = key, let text = try? String.decodeObject(uid: keyUID, in: unarchiver) {
                label = PropertyListTreePrinter.quoted(text)
            } else {
                label = PropertyListTreePrinter.scalarText(key)
            }
            out += "\(pad)\(label): "
            appendValue(value, indent: indent)
        }
    }
}
