/// The person a change is made for, from the request that asks for it to the record the store
/// keeps of it.
///
/// A server sets it for each request of a signed-in person or a personal access token (see
/// `WebSupport`'s gate); a store reads it when a change begins, before any other task can run the
/// change, and keeps it in the change's ``ChangeRecord``. Nil is a change made without an account:
/// on a server that has no people, with the shared access token, or from the command line.
public enum ChangeAuthor {
    /// The name of the person the current task changes things for; nil without one.
    @TaskLocal public static var person: String?
}
