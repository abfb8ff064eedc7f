/// One change to a property list at a key path (``PropertyList/editing(at:_:)``), as `plutil`'s
/// `-replace`, `-insert`, `-remove` and `-append` make them.
public enum PropertyListEdit: Sendable, Hashable {
    /// Puts the value at the path: replaces what is there, or adds the key to its dictionary.
    case set(PropertyList)
    /// Puts the value at a path that is not there yet: a new key of its dictionary, or an index
    /// of its array from 0 to its count (later elements move on by one).
    case insert(PropertyList)
    /// Takes away the key of its dictionary, or the element of its array, the path names.
    case remove
    /// Adds the value at the end of the array (or set) the path names.
    case append(PropertyList)
}

extension PropertyList {
    /// This plist with `edit` made at `path`; every other value is kept exactly as it is.
    ///
    /// - Throws: ``ArchiveError`` `.keyPathNotFound` when the path does not lead to where the
    ///   edit can be made (a missing key or index on the way, a key that is already there for
    ///   `insert`, a value that is not an array for `append`), naming the place.
    public func editing(at path: PropertyListKeyPath, _ edit: PropertyListEdit) throws -> PropertyList {
        try editing(path.components[...], edit, path: path, depth: 0)
    }

    private func editing(_ rest: ArraySlice<String>, _ edit: PropertyListEdit, path: PropertyListKeyPath, depth: Int) throws -> PropertyList {
        let place = depth == 0 ? "the root" : "\(path.prefix(depth))"
        guard let component = rest.first else {
            switch edit {
            case .set(let value): return value
            case .append(let value):
                switch self {
                case .array(let elements): return .array(elements + [value])
                case .set(let elements): return .set(elements + [value])
                default: throw ArchiveError(.keyPathNotFound, "the value at \(place) is a \(typeName), not an array to append to")
                }
            case .insert, .remove:
                throw ArchiveError(.keyPathNotFound, "the root cannot be inserted or removed; give the path of a key or an element")
            }
        }
        let isLast = rest.count == 1
        switch self {
        case .dictionary(var entries):
            let key = PropertyListKey(component)
            if isLast, case .remove = edit {
                guard entries.removeValue(forKey: key) != nil else {
                    throw ArchiveError(.keyPathNotFound, "no key \(PropertyListKeyPath.quoted(component)) in the dictionary at \(place) to remove")
                }
                return .dictionary(entries)
            }
            if isLast, case .insert(let value) = edit {
                guard entries[key] == nil else {
                    throw ArchiveError(.keyPathNotFound, "the dictionary at \(place) already has the key \(PropertyListKeyPath.quoted(component)); set replaces a value")
                }
                entries[key] = value
                return .dictionary(entries)
            }
            if isLast, case .set(let value) = edit {
                entries[key] = value
                return .dictionary(entries)
            }
            guard let inner = entries[key] else {
                throw ArchiveError(.keyPathNotFound, "no key \(PropertyListKeyPath.quoted(component)) in the dictionary at \(place)")
            }
            entries[key] = try inner.editing(rest.dropFirst(), edit, path: path, depth: depth + 1)
            return .dictionary(entries)
        case .array(let elements), .set(let elements):
            var elements = elements
            guard let index = PropertyListKeyPath.index(component) else {
                throw ArchiveError(.keyPathNotFound, "\(PropertyListKeyPath.quoted(component)) is not an index of the \(typeName) at \(place)")
            }
            if isLast, case .insert(let value) = edit {
                guard index <= elements.count else {
                    throw ArchiveError(.keyPathNotFound, "index \(index) is past the end of the \(typeName) at \(place) (\(elements.count) elements; insert at \(elements.count) to add at the end)")
                }
                elements.insert(value, at: index)
                return rebuilt(elements)
            }
            guard index < elements.count else {
                throw ArchiveError(.keyPathNotFound, "index \(index) is past the end of the \(typeName) at \(place) (\(elements.count) elements)")
            }
            if isLast, case .remove = edit {
                elements.remove(at: index)
            } else {
                elements[index] = try elements[index].editing(rest.dropFirst(), edit, path: path, depth: depth + 1)
            }
            return rebuilt(elements)
        default:
            throw ArchiveError(.keyPathNotFound, "the value at \(place) is a \(typeName), which holds no \(PropertyListKeyPath.quoted(component))")
        }
    }

    /// An array or set like this one, holding `elements`.
    private func rebuilt(_ elements: [PropertyList]) -> PropertyList {
        if case .set = self { return .set(elements) }
        return .array(elements)
    }
}
