/// The outline of a YAML document in block style: its mapping keys as a tree, each with the
/// text after its colon. Enough of YAML to find what an `openapi.yaml` declares (paths,
/// operations, media types, `$ref`s, `x-` extensions) without a YAML library: block scalars
/// (`description: |`) and continued scalars are skipped, a sequence item is a node named `-`,
/// and a line it cannot place is an error, never passed over.
struct YAMLOutline {
    /// A mapping key (or a sequence item, `-`), its inline value and what is nested under it.
    final class Node {
        /// The key, without quotes.
        let key: String
        /// The text after the colon, comment removed; empty when the value is nested.
        let value: String
        /// The 1-based line.
        let line: Int
        /// The keys nested under it, in order.
        fileprivate(set) var children: [Node] = []
        fileprivate let indent: Int

        fileprivate init(key: String, value: String, line: Int, indent: Int) {
            self.key = key
            self.value = value
            self.line = line
            self.indent = indent
        }

        /// The child named `key`.
        subscript(key: String) -> Node? { children.first { $0.key == key } }
    }

    /// The document's top-level keys.
    let root: Node

    /// Reads the outline of `text`.
    ///
    /// - Throws: ``OpenAPIDocumentError`` naming the line it cannot read.
    init(_ text: String) throws {
        root = Node(key: "", value: "", line: 0, indent: -1)
        var stack = [root]
        var skipDeeperThan: Int?  // inside a block scalar or a continued scalar
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = raw.drop { $0 == " " }
            if content.isEmpty || content.first == "#" { continue }
            let indent = raw.count - content.count
            if let limit = skipDeeperThan {
                if indent > limit { continue }
                skipDeeperThan = nil
            }
            guard content.first != "\t" else { throw OpenAPIDocumentError("line \(line): a tab in the indentation") }
            let node: Node
            if content == "-" || content.hasPrefix("- ") {
                // A sequence item belongs to the key above it even at that key's indentation.
                node = Node(key: "-", value: String(content.dropFirst().drop { $0 == " " }), line: line, indent: indent + 1)
            } else {
                let (key, value) = try Self.keyAndValue(content, line: line)
                node = Node(key: key, value: value, line: line, indent: indent)
                if !value.isEmpty {
                    // Its value is text (inline, or a block scalar's `|` or `>`): anything more
                    // indented below it goes on with that text.
                    skipDeeperThan = indent
                }
                try Self.requireClosedFlow(value, line: line)
            }
            while let top = stack.last, top.indent >= node.indent { stack.removeLast() }
            guard let parent = stack.last else { throw OpenAPIDocumentError("line \(line): cannot be placed") }
            parent.children.append(node)
            stack.append(node)
        }
    }

    /// The node at a local reference (`#/components/responses/NotFound`).
    func resolve(_ reference: String, line: Int) throws -> Node {
        guard reference.hasPrefix("#/") else { throw OpenAPIDocumentError("line \(line): \(reference) is not a reference inside the document") }
        var node = root
        for part in reference.dropFirst(2).split(separator: "/") {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { throw OpenAPIDocumentError("line \(line): \(reference) names nothing in the document") }
            node = next
        }
        return node
    }

    /// The key and the value of a `key: value` line (the key may be quoted).
    private static func keyAndValue(_ content: Substring, line: Int) throws -> (String, String) {
        let key: Substring, rest: Substring
        if let quote = content.first, quote == "\"" || quote == "'" {
            guard let close = content.dropFirst().firstIndex(of: quote) else { throw OpenAPIDocumentError("line \(line): an unclosed quote") }
            key = content[content.index(after: content.startIndex)..<close]
            rest = content[content.index(after: close)...]
            guard rest.first == ":" else { throw OpenAPIDocumentError("line \(line): a quoted key without a colon") }
        } else {
            var colon: Substring.Index?
            var index = content.startIndex
            while index < content.endIndex {
                let next = content.index(after: index)
                if content[index] == ":", next == content.endIndex || content[next] == " " { colon = index; break }
                index = next
            }
            guard let colon else { throw OpenAPIDocumentError("line \(line): not a key, an item or a comment: \(content)") }
            key = content[..<colon]
            rest = content[colon...]
        }
        return (String(key), withoutComment(rest.dropFirst().drop { $0 == " " }))
    }

    /// `value` without a trailing ` # comment` outside quotes.
    private static func withoutComment(_ value: Substring) -> String {
        var quote: Character?
        var previous: Character = " "
        for index in value.indices {
            let character = value[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " {
                return String(value[..<index]).trimmingTrailingSpaces()
            }
            previous = character
        }
        return String(value).trimmingTrailingSpaces()
    }

    /// Refuses a flow mapping or sequence (`{ … }`, `[ … ]`) that does not close on its line.
    private static func requireClosedFlow(_ value: String, line: Int) throws {
        guard let first = value.first, first == "{" || first == "[" else { return }
        var depth = 0
        var quote: Character?
        for character in value {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            }
        }
        guard depth == 0 else { throw OpenAPIDocumentError("line \(line): a flow collection that goes on past its line") }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)])
    }
}
