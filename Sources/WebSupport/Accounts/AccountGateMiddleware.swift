import Accounts
import DocumentStore
import HTTPTypes
import Hummingbird

/// Once any account is stored, every request needs a signed-in person — on loopback too: a
/// current session's cookie (``AccountSignIn``), a person's personal access token as
/// `Authorization: Bearer pat_…` (for scripts; the person's role applies), or, where the server
/// also has an access token, `Authorization: Bearer TOKEN` (checked by ``TokenMiddleware``
/// after this). The sign-in form, the invitations' pages, sign-out, the pages' shipped files
/// (`/assets/…`) and the public reads (the health and readiness probes) pass without one.
/// Without any, a browser asking for a page is sent to the sign-in form (303), anything else
/// gets 401 with a JSON error.
///
/// A viewer's request that would change something (any method but `GET` and `HEAD`; signing in
/// or out, invitations and the viewer's own Account page aside) is refused with 403 before it
/// reaches a handler. While no account is stored the middleware lets everything through — the
/// server works as it did without accounts — unless nothing else keeps other machines out
/// (``AccountAccess/requiresAccounts``: bound beyond loopback without an access token, after the
/// last person was removed): then it answers 503.
///
/// The server reads the accounts once a second (``AccountAccess/follow()``); a request takes a
/// read up to two seconds old as current, and an older one (up to a minute) while a new read
/// runs in the background; a session cookie the older read
/// does not accept waits for a new one before it is refused. A session is read once per
/// ``Accounts/SessionStore/Limits/recheckAfter``.
public struct AccountGateMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The pages' shipped files (styles, scripts, icons: no data), which the sign-in form needs.
    public static var assetsPrefix: String { "/assets/" }

    let access: AccountAccess
    let tokenConfigured: Bool
    let publicReads: Set<String>

    /// The gate for `access`; `tokenConfigured` when the server also has an access token, whose
    /// bearers pass on to ``TokenMiddleware``; `GET`s and `HEAD`s of `publicReads` pass.
    public init(access: AccountAccess, tokenConfigured: Bool, publicReads: Set<String> = []) {
        self.access = access
        self.tokenConfigured = tokenConfigured
        self.publicReads = publicReads
    }

    /// Whether `path` is the sign-in form, signing out or an invitation's page: open to anyone,
    /// and never a change of the data (a viewer may sign in as someone else, or out).
    static func isAboutSigningIn(_ path: String) -> Bool {
        path == SignIn.path || path == SignIn.signOutPath || path.hasPrefix(AccountSignIn.welcomePrefix)
    }

    /// Whether `path` is the signed-in person's own Account page or one of its forms (their
    /// password, sessions and tokens: never the data, so a viewer may use them).
    static func isAboutOwnAccount(_ path: String) -> Bool {
        path == AccountPages.accountPath || path.hasPrefix(AccountPages.accountPath + "/")
    }

    /// Lets the request in as its person, or answers it.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let reads = [.get, .head].contains(request.method)
        if reads && (publicReads.contains(path) || path.hasPrefix(Self.assetsPrefix)) { return try await next(request, context) }
        var (book, fresh) = try await access.book()
        guard !book.accounts.isEmpty else {
            guard access.requiresAccounts else { return try await next(request, context) }
            var refusal = APIError(
                .serviceUnavailable, code: "no_accounts",
                "this server is open to other machines and no one has an account any more: add an owner with the command users add NAME --role owner")
            refusal.headers[.retryAfter] = "30"
            throw refusal
        }
        let credential = access.credential(of: request)
        var found = try await access.person(for: credential, in: book)
        if found == nil, !fresh, !credential.isNone {
            book = try await access.freshBook()  // a session or token the last read does not know yet
            found = try await access.person(for: credential, in: book)
        }
        if let (session, person) = found {
            if !reads, !person.role.mayChange, !Self.isAboutSigningIn(path), !Self.isAboutOwnAccount(path) {
                return PlainPage.response(to: request, APIError(
                    .forbidden, code: "forbidden", "\(person.name) is a viewer: viewers can read everything but change nothing (an owner can make them an editor)"))
            }
            // The stores record every change this request makes as the person's (``ChangeAuthor``).
            return try await AccountAccess.$person.withValue(person) {
                try await ChangeAuthor.$person.withValue(person.name.text) {
                    try await AccessToken.$session.withValue(session) { try await next(request, context) }
                }
            }
        }
        if case .token = credential {
            throw APIError(.unauthorized, code: "unauthorized", "this personal access token is not valid: it was revoked, or its person was reset or removed")
        }
        if Self.isAboutSigningIn(path) { return try await next(request, context) }
        if tokenConfigured, request.headers[.authorization]?.hasPrefix("Bearer ") == true {
            return try await next(request, context)  // a script with the access token: TokenMiddleware checks it
        }
        if TokenMiddleware<Context>.isPageRequest(request) { return TokenMiddleware<Context>.signInRedirect }
        throw APIError(.unauthorized, code: "unauthorized", "sign in first: this server has accounts (the form at \(SignIn.path))")
    }
}
