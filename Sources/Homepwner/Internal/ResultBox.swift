import Synchronization

/// What a `@Sendable` closure hands back to its caller.
final class ResultBox<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
