import Foundation

/// A keyed archive's object graph as plain JSON, for people and programs that do not know the
/// archive format (what forensics scripts make of iOS archives).
///
/// The result is an object with each `$top` key. Foundation's classes become what they hold:
/// `NSDictionary`/`NSMutableDictionary` an object (an `{"$entries": [[key, value], …]}` list when
/// a key is not a string), `NSArray`, `NSSet`, `NSOrderedSet` and their mutable forms an array,
/// `NSString` a string, `NSDate` an ISO 8601 string, `NSData` base64, `NSUUID` its string,
/// `NSURL` its absolute string (its base applied), `NSNull` null, an `NSValue` its point, size,
/// rect (`{"rect": "{{x, y}, {w, h}}"}`) or range (`{"location": …, "length": …}`), an
/// attributed string `{"string": …, "attributes": [dictionary, …], "runs": [{"length": …,
/// "attributes": index}, …]}`. Any other
/// class is `{"$class": name, "$classes": chain, …its fields}`. An object that is used more
/// than once, or that contains itself, is printed the first time with `"$id": N` (its UID;
/// an array then as `{"$id": N, "$items": […]}`) and as `{"$ref": N}` after, so the output is
/// never larger than the graph. Values from the plist itself are JSON's own: integers, reals
/// (`"nan"`, `"inf"`, `"-inf"` as strings), booleans, strings.
public enum ArchiveJSONRenderer {
    /// The JSON of `unarchiver`'s graph, pretty-printed with keys in code-point order.
    ///
    /// - Throws: ``ArchiveError`` `.limitExceeded` for nesting deeper than the unarchiver's limit.
    public static func render(_ unarchiver: KeyedUnarchiver) throws -> Data {
        var walker = JSONGraphWalker(unarchiver: unarchiver)
        walker.countReferences()
        var top: [(String, JSONNode)] = []
        for key in unarchiver.top.keys.sorted() {
            guard case .uid(let uid)? = unarchiver.top[key] else { continue }
            top.append((key.string, try walker.node(for: uid, depth: 0)))
        }
        var out = ""
        JSONNode.object(top).write(to: &out, indent: 0)
        return Data((out + "\n").utf8)
    }

    /// `date` in ISO 8601, UTC, with microseconds when it has a fraction of a second
    /// (`2022-07-25T16:03:35.615284Z`); outside the years 1–9999 the seconds since 2001. The
    /// whole seconds are written as XML plists write dates, by the same formatter.
    public static func isoDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = seconds.isFinite ? seconds.rounded(.down) : seconds
        var micro = seconds.isFinite ? Int(((seconds - whole) * 1_000_000).rounded()) : 0
        if micro == 1_000_000 {
            whole += 1
            micro = 0
        }
        guard let text = PlistDateFormat.string(from: Date(timeIntervalSince1970: whole)) else {
            return "\(date.timeIntervalSinceReferenceDate) s after 2001-01-01"
        }
        guard micro > 0 else { return text }
        return String(text.dropLast()) + "." + String(format: "%06d", micro) + "Z"
    }

    /// The date `text` names in ISO 8601 (`2026-11-25T21:00:00Z`, a fraction of a second
    /// allowed, UTC only); nil for anything else.
    public static func date(fromISO text: String) -> Date? {
        PlistDateFormat.date(from: text)
    }

    /// `text` in JSON quotes, escaped as the rendered JSON's strings are.
    public static func quoted(_ text: String) -> String {
        var out = ""
        JSONNode.quote(text, into: &out)
        return out
    }

    /// A plain property list as JSON: dictionaries as objects, arrays and sets as arrays, dates
    /// in ISO 8601, data in base64, UIDs as `{"$uid": N}`.
    public static func render(_ plist: PropertyList) -> Data {
        var out = ""
        JSONNode.plain(plist).write(to: &out, indent: 0)
        return Data((out + "\n").utf8)
    }
}

/// A JSON value, written with sorted keys and exact strings.
indirect enum JSONNode {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([(String, JSONNode)])

    /// A plist value as JSON, with no archive meaning.
    static func plain(_ value: PropertyList) -> JSONNode {
        switch value {
        case .array(let elements), .set(let elements): return .array(elements.map(plain))
        case .dictionary(let entries): return .object(entries.map { ($0.key.string, plain($0.value)) })
        case .uid(let uid): return .object([("$uid", .number(String(uid)))])
        default: return scalar(value)
        }
    }

    /// A scalar plist value as JSON.
    static func scalar(_ value: PropertyList) -> JSONNode {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .number(String(number))
        case .unsignedInteger(let number): return .number(String(number))
        case .real(let number): return real(number)
        case .float(let number): return real(Double(number))
        case .bool(let flag): return .bool(flag)
        case .date(let date): return .string(ArchiveJSONRenderer.isoDate(date))
        case .data(let bytes): return .string(bytes.base64EncodedString())
        case .uid(let uid): return .object([("$uid", .number(String(uid)))])
        case .array, .dictionary, .set: return plain(value)
        }
    }

    /// A real as a JSON number; NaN and infinities, which JSON has not, as strings.
    static func real(_ number: Double) -> JSONNode {
        if number.isNaN { return .string("nan") }
        if number.isInfinite { return .string(number < 0 ? "-inf" : "inf") }
        if number == number.rounded(), abs(number) < 1e15 { return .number(number.sign == .minus && number == 0 ? "-0.0" : String(format: "%.1f", number)) }
        return .number("\(number)")
    }

    /// Appends this value's JSON, pretty-printed at `indent`.
    func write(to out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): Self.quote(text, into: &out)
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += pad
                element.write(to: &out, indent: indent + 1)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += close + "]"
        case .object(let entries):
            guard !entries.isEmpty else { out += "{}"; return }
            let sorted = entries.sorted { PropertyListKey($0.0) < PropertyListKey($1.0) }
            out += "{\n"
            for (index, (key, value)) in sorted.enumerated() {
                out += pad
                Self.quote(key, into: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += index == sorted.count - 1 ? "\n" : ",\n"
            }
            out += close + "}"
        }
    }

    /// `text` as a JSON string: quotes, backslashes, control characters (C0, DEL, C1) and
    /// invisible format characters escaped, so it is safe in a terminal too; every other scalar
    /// as it is.
    static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.generalCategory == .format {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// One walk over an archive's graph, printing each shared object once.
private struct JSONGraphWalker {
    let unarchiver: KeyedUnarchiver
    /// How many references each object has (from `$top` and every object).
    var references: [Int] = []
    /// The objects already printed, or being printed (a cycle).
    var started = Set<UInt32>()

    init(unarchiver: KeyedUnarchiver) {
        self.unarchiver = unarchiver
    }

    /// Counts the references to every object, so a shared one is marked where it is printed.
    mutating func countReferences() {
        references = Array(repeating: 0, count: unarchiver.objectCount)
        func count(_ value: PropertyList) {
            switch value {
            case .uid(let uid): if Int(uid) < references.count { references[Int(uid)] += 1 }
            case .array(let elements), .set(let elements): elements.forEach(count)
            case .dictionary(let entries): entries.values.forEach(count)
            default: break
            }
        }
        unarchiver.top.values.forEach(count)
        for uid in 1..<max(1, unarchiver.objectCount) {
            if let entry = try? unarchiver.object(UInt32(uid)) { count(entry) }
        }
    }

    /// The JSON of the value `uid` refers to.
    mutating func node(for uid: UInt32, depth: Int) throws -> JSONNode {
        guard uid != 0 else { return .null }
        guard depth < unarchiver.limits.maxDepth else {
            throw ArchiveError(.limitExceeded, "keyed archive: objects nested deeper than \(unarchiver.limits.maxDepth) at object \(uid)", object: Int(uid))
        }
        guard let entry = try? unarchiver.object(uid) else {
            return .object([("$missing", .number(String(uid)))])
        }
        guard case .dictionary(let fields) = entry else { return JSONNode.scalar(entry) }
        guard let className = try? unarchiver.className(of: uid) else {
            return .object([("$brokenClass", .number(String(uid)))] + (try fieldNodes(fields, depth: depth)))
        }
        if let value = foundationValue(uid, className: className, fields: fields) { return value }
        if started.contains(uid) { return .object([("$ref", .number(String(uid)))]) }
        started.insert(uid)
        let shared = Int(uid) < references.count && references[Int(uid)] > 1
        let id: [(String, JSONNode)] = shared ? [("$id", .number(String(uid)))] : []
        switch className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            let items = try listNodes(fields["NS.objects"] ?? Self.orderedSetElements(fields), depth: depth)
            return shared ? .object(id + [("$items", .array(items))]) : .array(items)
        case "NSDictionary", "NSMutableDictionary":
            return .object(id + (try dictionaryNodes(keys: fields["NS.keys"], values: fields["NS.objects"], depth: depth)))
        case "NSAttributedString", "NSMutableAttributedString":
            return .object(id + (try attributedString(fields, depth: depth)))
        case "NSValue":
            if let geometry = try geometry(fields, depth: depth) { return .object(id + geometry) }
            fallthrough
        default:
            let chain = (try? unarchiver.classChain(of: uid)) ?? [className]
            return .object(id + [("$class", .string(className)), ("$classes", .array(chain.map { .string($0) }))] + (try fieldNodes(fields, depth: depth)))
        }
    }

    /// An ordered set's elements, which it archives as `NS.object.0`, `NS.object.1`, …
    private static func orderedSetElements(_ fields: [PropertyListKey: PropertyList]) -> PropertyList? {
        var elements: [PropertyList] = []
        while let element = fields[PropertyListKey("NS.object.\(elements.count)")] { elements.append(element) }
        return elements.isEmpty ? nil : .array(elements)
    }

    /// The value classes, printed as themselves wherever they are used.
    private func foundationValue(_ uid: UInt32, className: String, fields: [PropertyListKey: PropertyList]) -> JSONNode? {
        switch className {
        case "NSString", "NSMutableString":
            return (try? String.decodeObject(uid: uid, in: unarchiver)).map { .string($0) }
        case "NSDate":
            return (try? Date.decodeObject(uid: uid, in: unarchiver)).map { .string(ArchiveJSONRenderer.isoDate($0)) }
        case "NSData", "NSMutableData":
            return (try? Data.decodeObject(uid: uid, in: unarchiver)).map { .string($0.base64EncodedString()) }
        case "NSUUID":
            return (try? UUID.decodeObject(uid: uid, in: unarchiver)).map { .string($0.uuidString) }
        case "NSURL":
            return (try? URL.decodeObject(uid: uid, in: unarchiver)).map { .string($0.absoluteString) }
        case "NSNull":
            return .null
        default:
            return nil
        }
    }

    /// An `NSValue`'s point, size, rect or range (`NS.special` 1–4); nil for another kind.
    private mutating func geometry(_ fields: [PropertyListKey: PropertyList], depth: Int) throws -> [(String, JSONNode)]? {
        let names: [(PropertyListKey, String)]
        switch fields["NS.special"]?.int64Value {
        case 1: names = [("NS.pointval", "point")]
        case 2: names = [("NS.sizeval", "size")]
        case 3: names = [("NS.rectval", "rect")]
        case 4: names = [("NS.rangeval.location", "location"), ("NS.rangeval.length", "length")]
        default: return nil
        }
        var result: [(String, JSONNode)] = []
        for (field, name) in names {
            guard let raw = fields[field] else { return nil }
            result.append((name, try value(raw, depth: depth)))
        }
        return result
    }

    /// An attributed string's text, its attribute dictionaries once each, and its runs: each a
    /// length and the index of its dictionary, as `NSAttributeInfo` holds them (base-128
    /// numbers); without it, one run of the one dictionary. Runs name their dictionary by index,
    /// so many runs never print one large dictionary many times.
    private mutating func attributedString(_ fields: [PropertyListKey: PropertyList], depth: Int) throws -> [(String, JSONNode)] {
        let text = try fields["NSString"].map { try value($0, depth: depth + 1) } ?? .null
        let attributes = try fields["NSAttributes"].map { try value($0, depth: depth + 1) } ?? .null
        var runs: [JSONNode] = []
        if case .uid(let infoUID)? = fields["NSAttributeInfo"], let info = try? Data.decodeObject(uid: infoUID, in: unarchiver) {
            var bytes = info[...]
            while let length = Self.base128(&bytes), let index = Self.base128(&bytes) {
                runs.append(.object([("length", .number(String(length))), ("attributes", .number(String(index)))]))
            }
            return [("string", text), ("attributes", attributes), ("runs", .array(runs))]
        }
        return [("string", text), ("attributes", .array([attributes])), ("runs", .array([.object([("attributes", .number("0"))])]))]
    }

    /// The next base-128 number (7 bits a byte, low first, the high bit says more follow).
    private static func base128(_ bytes: inout Data.SubSequence) -> Int? {
        var result = 0, shift = 0
        while let byte = bytes.popFirst() {
            guard shift < 56 else { return nil }
            result |= Int(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        return nil
    }

    /// A field's value: a reference resolved, an inline value as itself.
    private mutating func value(_ value: PropertyList, depth: Int) throws -> JSONNode {
        switch value {
        case .uid(let uid): return try node(for: uid, depth: depth + 1)
        case .array(let elements), .set(let elements): return .array(try elements.map { try self.value($0, depth: depth + 1) })
        case .dictionary(let entries): return .object(try entries.map { ($0.key.string, try self.value($0.value, depth: depth + 1)) })
        default: return JSONNode.scalar(value)
        }
    }

    private mutating func fieldNodes(_ fields: [PropertyListKey: PropertyList], depth: Int) throws -> [(String, JSONNode)] {
        try fields.filter { $0.key != "$class" }.map { ($0.key.string, try value($0.value, depth: depth)) }
    }

    private mutating func listNodes(_ list: PropertyList?, depth: Int) throws -> [JSONNode] {
        guard case .array(let elements)? = list else { return [] }
        return try elements.map { try value($0, depth: depth) }
    }

    /// A dictionary's entries; as `$entries` pairs when a key is not a string.
    private mutating func dictionaryNodes(keys: PropertyList?, values: PropertyList?, depth: Int) throws -> [(String, JSONNode)] {
        guard case .array(let keyList)? = keys, case .array(let valueList)? = values else { return [] }
        let resolvedKeys = try keyList.map { try value($0, depth: depth) }
        let resolvedValues = try valueList.map { try value($0, depth: depth) }
        var entries: [(String, JSONNode)] = []
        for (key, value) in zip(resolvedKeys, resolvedValues) {
            guard case .string(let text) = key else {
                return [("$entries", .array(zip(resolvedKeys, resolvedValues).map { .array([$0, $1]) }))]
            }
            entries.append((text, value))
        }
        return entries
    }
}
