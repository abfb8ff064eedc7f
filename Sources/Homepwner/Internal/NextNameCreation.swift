import DocumentStore

/// Stores a new file beside the archive under the next free name (an item's next photo, its next
/// attachment) with a write that only creates, so two uploads at once never take one name.
enum NextNameCreation {
    /// How many times an upload that lost its name to another takes the next one.
    static let attempts = 8

    /// Works out the next name with `next` from what is stored now and creates it with `write`;
    /// when another writer created that name first, works it out again, at most ``attempts``
    /// times. Returns what `next` gave for the name that was created.
    ///
    /// - Parameter failed: the error to throw for `write`'s other failures.
    /// - Throws: what `next` throws, `failed`'s error, or `exhausted` when other writers kept
    ///   taking the next name.
    static func create<Value>(
        exhausted: @autoclosure () -> HomepwnerError,
        next: () async throws -> Value,
        write: (Value) async throws -> Void,
        failed: (Value, any Error) -> any Error
    ) async throws -> Value {
        for _ in 0..<attempts {
            let value = try await next()
            do {
                try await write(value)
                return value
            } catch let error as DocumentStoreError where error.code == .conflict {
                continue  // another upload took the name first
            } catch {
                throw failed(value, error)
            }
        }
        throw exhausted()
    }
}
