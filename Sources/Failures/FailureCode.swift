/// The kinds of failure of one error type (an enum of codes), and the facts its failures carry
/// besides their message: a path and an `errno` for the document store, a byte offset for an
/// archive, S3's status and error code. A ``CodedFailure`` of these codes keeps them as its
/// ``CodedFailure/details``.
///
/// Codes that carry nothing more conform with no body: `Details` is then `Never`, and a failure's
/// details are always nil.
public protocol FailureCode: Hashable, Sendable {
    /// The facts a failure of these codes may carry besides its message, typed.
    associatedtype Details: Sendable = Never
}
