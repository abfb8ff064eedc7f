import DocumentStore
import KeyedArchive

/// A listed creature as the data folder's listing summary keeps it: the title (UTF-8, every
/// code point kept), the rating (its 32 bits, NaN payloads included), the version (its
/// 64-bit hash), and who added it and changed it last with its history. Exactly what
/// ``ScaryCreatureDatabase/list()`` gives, and so all `list` prints, problems included (they
/// are worked out from the title and the rating).
///
/// A creature whose data keeps unknown keys (``ScaryCreatureData/otherFields``) is left out of
/// the summary: its record could not give them back, so it is read from its bundle every time.
public enum CreatureListingRecord {
    /// A listed creature: its data and version.
    public typealias Value = (data: ScaryCreatureData, version: String)

    /// The record format, named `ScaryCreatures.list/2` (`/1` had no names or history: a
    /// summary of that format is read again from the bundles).
    public static let format = ListingSummaryFormat<Value>(
        name: "ScaryCreatures.list/2",
        encode: { value, record in
            guard value.data.otherFields == ArchivedFields(), let hash = CreatureVersion.hash(of: value.version) else { return false }
            record.append(value.data.title)
            record.append(value.data.rating.bitPattern)
            record.append(hash)
            return record.append(createdBy: value.data.createdBy, updatedBy: value.data.updatedBy, history: value.data.history)
        },
        decode: { reader in
            guard let title = reader.string(maxBytes: 1 << 20), let rating = reader.uint32(), let hash = reader.uint64(),
                  let changes = reader.changes(maxBytes: 1 << 20) else { return nil }
            var data = ScaryCreatureData(title: title, rating: Float(bitPattern: rating))
            (data.createdBy, data.updatedBy, data.history) = changes
            return (data, CreatureVersion.hex(hash))
        }
    )
}
