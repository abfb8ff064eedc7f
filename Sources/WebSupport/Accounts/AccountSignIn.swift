import Accounts
import Foundation
import HTTPTypes
import Hummingbird

/// The pages of sign-in by person: the name-and-password form (``SignIn/path``, when accounts
/// exist), the invitation's page where a new person chooses a password (`/welcome/SECRET`), and
/// signing out. Plain HTML forms, no script needed; every answer is `Cache-Control: no-store`.
public enum AccountSignIn {
    /// The start of an invitation's path.
    public static let welcomePrefix = "/welcome/"

    /// Answers a sign-in form's `name` and `password`: throttled per account and per client
    /// (``SignInThrottle``: a try while waiting is 429 without any hashing), then checked; a
    /// right pair starts a session and sends the browser home with its cookie.
    static func signIn(_ fields: HTMLForm, request: Request, access: AccountAccess, appName: String) async throws -> Response {
        let given = fields["name"] ?? ""
        let password = fields["password"] ?? ""
        let client = client(of: request)
        let name = try? AccountName(given)
        let keys = ["client:" + client] + (name.map { ["name:" + $0.text] } ?? [])
        if let seconds = access.throttle.wait(for: keys) {
            var response = signInPage(appName: appName, name: given, message: "Too many wrong passwords: try again in \(seconds) second\(seconds == 1 ? "" : "s").", status: .tooManyRequests)
            response.headers[.retryAfter] = String(seconds)
            return response
        }
        var account: Account?
        do {
            if let name { account = try await access.accounts.check(name, password: password) }
        } catch let error as AccountError {
            throw AccountAccess.unavailable(error)
        }
        guard let account else {
            access.throttle.failed(keys)
            return signInPage(appName: appName, name: given, message: "That name and password do not match.", status: .unauthorized)
        }
        access.throttle.succeeded("name:" + account.name.text)
        return try await startSession(for: account, request: request, access: access)
    }

    /// The address of the client of `request`, for the throttle's per-client key (behind a
    /// trusted proxy, the proxy's client: ``RequestOrigin``).
    static func client(of request: Request) -> String {
        RequestOrigin.of(request).client
    }

    /// A new session for `account`, and the 303 home that sets its cookie.
    static func startSession(for account: Account, request: Request, access: AccountAccess) async throws -> Response {
        let id: String
        do {
            id = try await access.sessions.start(for: account.name)
        } catch let error as AccountError {
            throw AccountAccess.unavailable(error)
        }
        var headers = HTTPFields()
        headers[.location] = "/"
        headers[.cacheControl] = "no-store"
        headers.append(HTTPField(name: .setCookie, value: access.setCookie(id, for: request)))
        return Response(status: .seeOther, headers: headers)
    }

    /// Adds `GET` and `POST /welcome/{secret}` to `router`.
    static func addWelcomeRoutes<Context: RequestContext>(to router: Router<Context>, access: AccountAccess, appName: String) {
        router.get("/welcome/:secret") { _, context in
            let secret = context.parameters.get("secret") ?? ""
            guard let account = try await invited(secret, access: access) else { return invalidInvitation(appName: appName) }
            return welcomePage(appName: appName, account: account, secret: secret, message: nil, status: .ok)
        }
        router.post("/welcome/:secret") { request, context in
            let secret = context.parameters.get("secret") ?? ""
            guard let account = try await invited(secret, access: access) else { return invalidInvitation(appName: appName) }
            guard case .fields(let fields) = SubmittedForm.current else {
                return welcomePage(appName: appName, account: account, secret: secret, message: "Send the form from this page.", status: .badRequest)
            }
            let password = fields["password"] ?? "", repeated = fields["repeat"] ?? ""
            guard password.unicodeScalars.elementsEqual(repeated.unicodeScalars) else {
                return welcomePage(appName: appName, account: account, secret: secret, message: "The two passwords differ: type the same one twice.", status: .unprocessableContent)
            }
            do {
                let signedUp = try await access.accounts.accept(invitation: secret, password: password)
                await access.keepWritten()
                return try await startSession(for: signedUp, request: request, access: access)
            } catch let error as AccountError where error.code == .invalidPassword {
                return welcomePage(appName: appName, account: account, secret: secret, message: PlainPage.sentence(error.message), status: .unprocessableContent)
            } catch let error as AccountError where error.code == .invitationInvalid {
                return invalidInvitation(appName: appName)
            } catch let error as AccountError {
                throw AccountAccess.unavailable(error)
            }
        }
    }

    /// The account `secret` invites, if the invitation is open.
    private static func invited(_ secret: String, access: AccountAccess) async throws -> Account? {
        do {
            return try await access.accounts.invitedAccount(secret: secret)
        } catch let error as AccountError {
            throw AccountAccess.unavailable(error)
        }
    }

    // MARK: - Pages

    /// The name-and-password form, with `message` (a refusal) above it.
    static func signInPage(appName: String, name: String, message: String?, status: HTTPResponse.Status) -> Response {
        let note = message.map { "<p role=\"alert\">\(PlainPage.escape($0))</p>" } ?? ""
        return page(title: "Sign in — \(appName)", status: status, body: """
            <h1>\(PlainPage.escape(appName))</h1>\(note)
            <form method="post" action="\(BasePath.at(SignIn.path))" class="sign-in">
            <label for="name">Name</label>
            <input id="name" name="name" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="\(AccountName.maxLength)" value="\(PlainPage.escape(name))"\(name.isEmpty ? " autofocus" : "")>
            <label for="password">Password</label>
            <input id="password" name="password" type="password" autocomplete="current-password" required\(name.isEmpty ? "" : " autofocus")>
            <button type="submit">Sign in</button></form>
            <p>No password yet, or forgot it? An owner of this \(PlainPage.escape(appName)) gives you a link to set one.</p>
            """)
    }

    /// The invitation's page: choose a password, twice.
    static func welcomePage(appName: String, account: Account, secret: String, message: String?, status: HTTPResponse.Status) -> Response {
        let note = message.map { "<p role=\"alert\">\(PlainPage.escape($0))</p>" } ?? ""
        return page(title: "Welcome — \(appName)", status: status, body: """
            <h1>Welcome to \(PlainPage.escape(appName)), \(PlainPage.escape(account.name.text))</h1>
            <p>You can \(account.role.mayChange ? "read and change" : "read") everything here\(account.role.managesPeople ? ", and manage people" : ""). Choose a password: at least \(PasswordRules.minLength) characters; a few unrelated words make a good one.</p>\(note)
            <form method="post" action="\(BasePath.at(welcomePrefix))\(PlainPage.escape(secret))" class="sign-in">
            <input type="hidden" name="_formtoken" value="\(PlainPage.escape(FormToken.current ?? ""))">
            <input type="text" name="username" value="\(PlainPage.escape(account.name.text))" autocomplete="username" hidden>
            <label for="password">New password</label>
            <input id="password" name="password" type="password" autocomplete="new-password" required minlength="\(PasswordRules.minLength)" maxlength="\(PasswordRules.maxLength)" autofocus>
            <label for="repeat">The same password again</label>
            <input id="repeat" name="repeat" type="password" autocomplete="new-password" required minlength="\(PasswordRules.minLength)" maxlength="\(PasswordRules.maxLength)">
            <button type="submit">Set password and sign in</button></form>
            """)
    }

    /// The page for an invitation that is unknown, used, replaced or expired (404).
    static func invalidInvitation(appName: String) -> Response {
        page(title: "Link not valid — \(appName)", status: .notFound, body: """
            <h1>This link is not valid</h1>
            <p>It was used already, replaced by a newer one, or is more than 24 hours old. Ask an owner of this \(PlainPage.escape(appName)) for a new link, or <a href="\(BasePath.at(SignIn.path))">sign in</a>.</p>
            """)
    }

    private static func page(title: String, status: HTTPResponse.Status, body: String) -> Response {
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(PlainPage.escape(title))</title><link rel="stylesheet" href="\(BasePath.at(CommonAssets.prefix))/base.css"></head>
            <body><main>\(body)</main></body></html>

            """
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
