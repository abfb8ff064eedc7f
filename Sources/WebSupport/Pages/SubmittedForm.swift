/// A page form's body as ``FormGuardMiddleware`` read it (once, off the event loops), for the
/// page's handler (``PageResponses/form(of:)``, ``PageResponses/multipart(of:limit:)``).
public enum SubmittedForm: Sendable {
    /// A URL-encoded form.
    case fields(HTMLForm)
    /// A multipart form, and the size of its body.
    case parts(MultipartForm, bodyBytes: Int)

    /// The form of the request being answered.
    @TaskLocal public static var current: SubmittedForm?
}
