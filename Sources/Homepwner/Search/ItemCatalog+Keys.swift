import Foundation
import KeyedArchive

extension ItemCatalog {
    /// What a typed key or code names (``ItemCatalog/keyMatch(_:)``).
    public enum KeyMatch: Sendable, Equatable {
        /// No item's key is the text or, for 4 characters or more, starts with it.
        case none
        /// The item named: its key is the text (by code point), or the only key starting with it.
        case one(Item)
        /// `count` different keys start with the text (more than 20 counted as 20).
        case several(count: Int)
    }

    /// The fewest characters of a key that name an item: the CLI's rule and the labels' codes.
    public static let minimumCodeLength = 4
    /// The characters of a key a label prints: typed in a search, they find that item alone.
    public static let labelCodeLength = 8

    /// The item that `text` names: its whole key (by code point), or — at least
    /// ``minimumCodeLength`` characters, in any case — the start of one key only. Items that share
    /// one key (a damaged archive's) count as that one key. Work grows with the text, not with the
    /// number of items.
    public func keyMatch(_ text: String) -> KeyMatch {
        switch keyPosition(text) {
        case .none: .none
        case .one(let position): .one(items[position])
        case .several(let count): .several(count: count)
        }
    }

    /// ``keyMatch(_:)`` with the item's position in ``items``.
    private enum KeyPosition {
        case none, one(Int), several(Int)
    }

    private func keyPosition(_ text: String) -> KeyPosition {
        guard !text.isEmpty, text.utf8.count <= 4 * 64 else { return .none }
        let candidates = keyIndex.positions(startingWith: text, limit: 21)
        if let exact = candidates.first(where: { ExactString.equal(items[$0].itemKey, text) }) { return .one(exact) }
        guard text.count >= Self.minimumCodeLength, let first = candidates.first else { return .none }
        var keys: [String] = [items[first].itemKey]
        for position in candidates.dropFirst() where !keys.contains(where: { ExactString.equal($0, items[position].itemKey) }) {
            keys.append(items[position].itemKey)
        }
        return keys.count == 1 ? .one(first) : .several(min(keys.count, 20))
    }

    /// The item a search's text names by its code: the text is one word of
    /// ``minimumCodeLength`` characters or more that starts exactly one key. `alone` when it has
    /// a label code's ``labelCodeLength`` characters or more: the search shows that item alone;
    /// a shorter code adds the item to what the words find. Nil for any other text.
    func codeMatch(_ text: String) -> (position: Int, alone: Bool)? {
        let word = text.trimmingCharacters(in: .whitespaces)
        guard word.count >= Self.minimumCodeLength, !word.contains(where: \.isWhitespace), case .one(let position) = keyPosition(word) else {
            return nil
        }
        return (position, word.count >= Self.labelCodeLength)
    }
}
