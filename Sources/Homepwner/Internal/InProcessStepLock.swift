import Synchronization

/// Makes a read-modify-write of a file in the data folder one step within this process (the
/// folder's writer lock keeps other processes out): `locations.plist`, an attachment's number.
final class InProcessStepLock: Sendable {
    let mutex = Mutex(())
}

/// What a `@Sendable` closure hands back to its caller.
final class ResultBox<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
