import KeyedArchive
import Testing

/// Runs `body` on input that may be damaged: a value or an ``KeyedArchive/ArchiveError`` is a
/// right answer (nil for the error); any other error fails the test — damage must be said in
/// the library's own terms, never leak as something else.
@discardableResult
func valueOrArchiveError<Value>(_ body: () throws -> Value, sourceLocation: SourceLocation = #_sourceLocation) -> Value? {
    do {
        return try body()
    } catch is ArchiveError {
        return nil
    } catch {
        Issue.record("expected a value or an ArchiveError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
