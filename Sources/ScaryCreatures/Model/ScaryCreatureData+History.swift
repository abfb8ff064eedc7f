import DocumentStore
import Foundation
import KeyedArchive

extension ScaryCreatureData: RecordsChanges {
    /// The fields whose values differ between `old` and this data, by their names in the API:
    /// `title` (compared by code point) and `rating` (to the bit).
    public func changedFields(from old: ScaryCreatureData) -> [String] {
        var fields: [String] = []
        if !ExactString.equal(title, old.title) { fields.append("title") }
        if rating.bitPattern != old.rating.bitPattern { fields.append("rating") }
        return fields
    }
}
