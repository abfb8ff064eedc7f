import Foundation

/// The tree a `Codable` value encodes into, before it is archived.
indirect enum CodableNode {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case date(Date)
    case data(Data)
    case url(URL)
    case uuid(UUID)
    case array(CodableBox)
    case dictionary(CodableBox)
}

/// A container being filled while encoding: an array of elements or ordered keyed entries.
final class CodableBox {
    var elements: [CodableNode] = []
    var keys: [String] = []
    var values: [String: CodableNode] = [:]

    /// Sets `key`, keeping the first position of a key set twice.
    func set(_ node: CodableNode, forKey key: String) {
        if values.updateValue(node, forKey: key) == nil { keys.append(key) }
    }
}

extension CodableNode: ArchiveEncodable {
    /// Archives the node as the Foundation object Apple's archiver would write for it.
    func encodeObject(in archiver: KeyedArchiver) -> UInt32 {
        switch self {
        case .null: return 0
        case .bool(let flag): return flag.encodeObject(in: archiver)
        case .integer(let number): return number.encodeObject(in: archiver)
        case .unsignedInteger(let number): return number.encodeObject(in: archiver)
        case .double(let number): return number.encodeObject(in: archiver)
        case .float(let number): return number.encodeObject(in: archiver)
        case .string(let text): return text.encodeObject(in: archiver)
        case .date(let date): return date.encodeObject(in: archiver)
        case .data(let bytes): return bytes.encodeObject(in: archiver)
        case .url(let url): return url.encodeObject(in: archiver)
        case .uuid(let uuid): return uuid.encodeObject(in: archiver)
        case .array(let box):
            let references = box.elements.map { PropertyList.uid($0.encodeObject(in: archiver)) }
            return archiver.appendObject(className: "NSArray", fields: ["NS.objects": .array(references)])
        case .dictionary(let box):
            var keys = [PropertyList]()
            var values = [PropertyList]()
            for key in box.keys {
                guard let value = box.values[key] else { continue }
                keys.append(.uid(archiver.uid(forString: key)))
                values.append(.uid(value.encodeObject(in: archiver)))
            }
            return archiver.appendObject(className: "NSDictionary", fields: ["NS.keys": .array(keys), "NS.objects": .array(values)])
        }
    }
}
