import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// S3's XML answers, read with Foundation's XML parser (libxml2 on Linux): no external
/// entities, no DTDs, and the element tree flattened into what each answer needs.
enum S3XML {
    /// One `<Contents>` of a `ListBucketResult`.
    struct ListedEntry: Equatable {
        var key: String
        var etag: String
        var size: Int
        var lastModified: String
    }

    /// A `ListBucketResult` (ListObjectsV2).
    struct ListResult {
        var entries: [ListedEntry] = []
        var commonPrefixes: [String] = []
        var isTruncated = false
        var nextContinuationToken: String?
        var encodedURL = false
    }

    /// An `<Error>` answer.
    struct ErrorAnswer {
        var code: String?
        var message: String?
    }

    /// Parses a ListObjectsV2 answer; keys asked for with `encoding-type=url` are decoded.
    static func listResult(_ data: Data) throws -> ListResult {
        let tree = try elements(of: data)
        guard tree.root == "ListBucketResult" else {
            throw S3Error(.badResponse, "the listing was not a ListBucketResult but <\(tree.root ?? "nothing")>")
        }
        var result = ListResult()
        result.encodedURL = tree.first("ListBucketResult/EncodingType") == "url"
        func decoded(_ text: String) -> String {
            result.encodedURL ? String(decoding: URIEncoding.decode(text.replacingOccurrences(of: "+", with: "%20")), as: UTF8.self) : text
        }
        result.isTruncated = tree.first("ListBucketResult/IsTruncated") == "true"
        result.nextContinuationToken = tree.first("ListBucketResult/NextContinuationToken")
        for group in tree.groups("ListBucketResult/Contents") {
            guard let key = group["Key"], !key.isEmpty, let etag = group["ETag"], !etag.isEmpty,
                  let size = group["Size"].flatMap({ Int($0) }), size >= 0 else {
                throw S3Error(.badResponse, "a listed object lacks its Key, ETag or Size")
            }
            result.entries.append(ListedEntry(key: decoded(key), etag: etag, size: size, lastModified: group["LastModified"] ?? ""))
        }
        for group in tree.groups("ListBucketResult/CommonPrefixes") {
            if let prefix = group["Prefix"] { result.commonPrefixes.append(decoded(prefix)) }
        }
        if result.isTruncated && result.nextContinuationToken == nil {
            throw S3Error(.badResponse, "a truncated listing without a NextContinuationToken")
        }
        return result
    }

    /// Parses an `<Error>` answer; nil when the body is not one.
    static func errorAnswer(_ data: Data) -> ErrorAnswer? {
        guard !data.isEmpty, let tree = try? elements(of: data), tree.root == "Error" else { return nil }
        return ErrorAnswer(code: tree.first("Error/Code"), message: tree.first("Error/Message"))
    }

    /// The leaf texts of a document by slash-separated element path, with the children of
    /// repeated elements kept together.
    struct Tree {
        var root: String?
        var leaves: [(path: String, text: String)] = []
        var groupStarts: [(path: String, index: Int)] = []

        func first(_ path: String) -> String? { leaves.first { $0.path == path }?.text }

        /// For each element at `path`, its direct leaf children by name.
        func groups(_ path: String) -> [[String: String]] {
            var groups: [[String: String]] = []
            let starts = groupStarts.filter { $0.path == path }.map(\.index)
            for (number, start) in starts.enumerated() {
                let end = number + 1 < starts.count ? starts[number + 1] : leaves.count
                var group: [String: String] = [:]
                for leaf in leaves[start..<end] where leaf.path.hasPrefix(path + "/") {
                    let name = String(leaf.path.dropFirst(path.count + 1))
                    if !name.contains("/") && group[name] == nil { group[name] = leaf.text }
                }
                groups.append(group)
            }
            return groups
        }
    }

    static func elements(of data: Data) throws -> Tree {
        // S3 never sends a document type; one here could only declare entities.
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil {
            throw S3Error(.badResponse, "the storage's answer declares a document type, which S3 never does")
        }
        let reader = TreeReader()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        guard parser.parse(), reader.depthExceeded == false else {
            throw S3Error(.badResponse, "the storage's answer is not well-formed XML")
        }
        return reader.tree
    }

    /// The parser's delegate: builds a ``Tree``, at most 32 levels deep.
    private final class TreeReader: NSObject, XMLParserDelegate {
        var tree = Tree()
        var path: [String] = []
        var text = ""
        var depthExceeded = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            if path.isEmpty { tree.root = name }
            path.append(name)
            if path.count > 32 {
                depthExceeded = true
                parser.abortParsing()
                return
            }
            tree.groupStarts.append((path.joined(separator: "/"), tree.leaves.count))
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            tree.leaves.append((path.joined(separator: "/"), text))
            text = ""
            _ = path.popLast()
        }
    }
}
