@testable import ObjectStorage

extension ChangeJournal.Settings {
    /// Settings that write at once (no gathering), changed by `change`: the journal tests'.
    static func quick(_ change: (inout ChangeJournal.Settings) -> Void = { _ in }) -> ChangeJournal.Settings {
        var settings = ChangeJournal.Settings()
        settings.gatherFor = .zero
        change(&settings)
        return settings
    }
}
