/// A path to a value inside a property list: dictionary keys and array indices from the root.
///
/// Written as `plutil` writes key paths, components separated by `.` (`items.0.name`), with
/// `\.` for a dot inside a key and `\\` for a backslash (`$objects.1.NS\.time`); or as
/// `PlistBuddy` writes entries, starting with `:` and separated by `:` (`:items:0:name`), where
/// a key may hold dots but no colon. The empty path (`""` or `:`) is the root. A component
/// names a key in a dictionary and an index (`0`, `1`, … in decimal) in an array or a set.
public struct PropertyListKeyPath: Sendable, Hashable, CustomStringConvertible {
    /// The components, unescaped, from the root.
    public let components: [String]

    /// The path through `components`.
    public init(components: [String]) {
        self.components = components
    }

    /// Parses a `plutil` key path or a `PlistBuddy` entry.
    ///
    /// - Throws: ``ArchiveError`` `.invalidKeyPath` for a dangling `\` or an escape other than
    ///   `\.` and `\\`.
    public init(parsing text: String) throws {
        if text.isEmpty || text == ":" {
            components = []
        } else if text.hasPrefix(":") {
            components = text.dropFirst().split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        } else {
            var parts: [String] = []
            var current = ""
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                switch scalar {
                case ".":
                    parts.append(current)
                    current = ""
                case "\\":
                    guard let escaped = scalars.next(), escaped == "." || escaped == "\\" else {
                        throw ArchiveError(.invalidKeyPath, "key path \(Self.quoted(text)): a backslash must be followed by . or \\")
                    }
                    current.unicodeScalars.append(escaped)
                default:
                    current.unicodeScalars.append(scalar)
                }
            }
            parts.append(current)
            components = parts
        }
    }

    /// The path in `plutil`'s form, dots and backslashes in keys escaped.
    public var description: String {
        components.map { component in
            var escaped = ""
            for scalar in component.unicodeScalars {
                if scalar == "." || scalar == "\\" { escaped.unicodeScalars.append("\\") }
                escaped.unicodeScalars.append(scalar)
            }
            return escaped
        }.joined(separator: ".")
    }

    /// The path made of the first `count` components.
    public func prefix(_ count: Int) -> PropertyListKeyPath {
        PropertyListKeyPath(components: Array(components.prefix(count)))
    }

    /// The path one level deeper, through `component`.
    public func appending(_ component: String) -> PropertyListKeyPath {
        PropertyListKeyPath(components: components + [component])
    }

    /// The index a component names in an array: plain decimal digits, nothing else.
    static func index(_ component: String) -> Int? {
        guard !component.isEmpty, component.utf8.count <= 18,
              component.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return Int(component)
    }

    /// `text` quoted for a message, at most 80 characters of it.
    static func quoted(_ text: String) -> String {
        "\"\(text.count > 80 ? String(text.prefix(80)) + "…" : text)\""
    }
}

extension PropertyList {
    /// The value at `path`.
    ///
    /// - Throws: ``ArchiveError`` `.keyPathNotFound` naming the first component that is not
    ///   there (a missing key, an index past the end, or a value that is not a container).
    public func value(at path: PropertyListKeyPath) throws -> PropertyList {
        var value = self
        for (depth, component) in path.components.enumerated() {
            let parent = path.prefix(depth)
            let place = depth == 0 ? "the root" : "\(parent)"
            switch value {
            case .dictionary(let entries):
                guard let next = entries[PropertyListKey(component)] else {
                    throw ArchiveError(.keyPathNotFound, "no key \(PropertyListKeyPath.quoted(component)) in the dictionary at \(place)")
                }
                value = next
            case .array(let elements), .set(let elements):
                guard let index = PropertyListKeyPath.index(component) else {
                    throw ArchiveError(.keyPathNotFound, "\(PropertyListKeyPath.quoted(component)) is not an index of the \(value.typeName) at \(place)")
                }
                guard index < elements.count else {
                    throw ArchiveError(.keyPathNotFound, "index \(index) is past the end of the \(value.typeName) at \(place) (\(elements.count) elements)")
                }
                value = elements[index]
            default:
                throw ArchiveError(.keyPathNotFound, "the value at \(place) is a \(value.typeName), which holds no \(PropertyListKeyPath.quoted(component))")
            }
        }
        return value
    }
}
