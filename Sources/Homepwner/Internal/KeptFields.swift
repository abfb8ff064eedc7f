import KeyedArchive

/// An archived object that keeps what it could not read: keys this version does not know and
/// known keys that held a value of another type (``otherFields``), naming the latter
/// (``unreadableFields``). ``Item``, ``MaintenanceEntry`` and ``CustomField`` are.
protocol KeepsUnreadFields {
    /// The keys kept exactly as archived.
    var otherFields: ArchivedFields { get set }
    /// The known keys that held a value of another type when read.
    var unreadableFields: [String] { get set }
}

extension KeepsUnreadFields {
    /// Setting the field archived under `key` replaces the value kept for it, if any (keys
    /// compare by code point).
    mutating func replaceKept(_ key: String) {
        guard !otherFields.isEmpty else { return }
        unreadableFields.removeAll { ExactString.equal($0, key) }
        otherFields = otherFields.removing(key)
    }
}
