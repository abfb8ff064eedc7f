import Accounts
import Foundation
import HTTPTypes
import Hummingbird

/// The pages where people look after their accounts, in the app's own layout, plain forms that
/// need no script, each post ending on a redirect (Post/Redirect/Get, ``FormCarrier``):
///
/// - `/account`, everyone's own: their role, a new password, their sessions (end one, or
///   "sign out everywhere") and their personal access tokens (make one, shown once; revoke).
///   A viewer may use it: it changes no data.
/// - `/people`, for owners: everyone's role and state; invite a person (the link shown once),
///   change a role, give a new link (a reset), remove a person.
///
/// A change is obeyed at once on this server (it keeps the accounts it wrote) and within two
/// seconds on the others (``AccountAccess/follow()``).
public struct AccountPages: PageResponses, Sendable {
    /// The signed-in person's own page.
    public static let accountPath = "/account"
    /// The owners' page of everyone.
    public static let peoplePath = "/people"

    /// The app's templates and files (its layout).
    public let resources: PageResources
    let access: AccountAccess
    /// Where invitation links lead; nil for the name each request came in on.
    let publicURL: PublicURL?
    /// What a post carries to the page its redirect shows.
    let carrier: FormCarrier<AccountNotice>

    /// The pages for `access`'s accounts, in the layout of `resources`; links lead to
    /// `publicURL` (or the request's own address).
    public init(access: AccountAccess, resources: PageResources, publicURL: PublicURL?) {
        self.access = access
        self.resources = resources
        self.publicURL = publicURL
        carrier = FormCarrier(appName: resources.site.name + " accounts")
    }

    /// "No such person".
    public static var notFoundHeading: String { "No such person" }

    /// The message of an ``Accounts/AccountError`` `.notFound`.
    public static func notFoundMessage(_ error: any Error) -> String? {
        guard let error = error as? AccountError, error.code == .notFound else { return nil }
        return error.message
    }

    /// Adds `/account`, `/people` and their forms to `router`.
    public func addRoutes(to router: Router<BasicRequestContext>) {
        router.get(RouterPath(stringLiteral: Self.accountPath)) { request, _ in
            try await signedIn { person in try await accountPage(person, request: request) }
        }
        router.post("/account/password") { request, _ in
            try await signedIn { person in try await changePassword(person, request: request) }
        }
        router.post("/account/sessions/end") { request, _ in
            try await signedIn { person in try await endSession(person, request: request) }
        }
        router.post("/account/sign-out-everywhere") { request, _ in
            try await signedIn { person in try await signOutEverywhere(person, request: request) }
        }
        router.post("/account/tokens") { request, _ in
            try await signedIn { person in try await issueToken(person, request: request) }
        }
        router.post("/account/tokens/revoke") { request, _ in
            try await signedIn { person in try await revokeToken(person, request: request) }
        }
        addPeopleRoutes(to: router)
    }

    // MARK: - The Account page

    func accountPage(_ person: SignedInPerson, request: Request) async throws -> Response {
        let carried = await carrier.take(for: request)
        let book = try await access.freshBook()
        guard let account = book.account(person.name) else { return signInAgain(request) }
        let sessions = try await unavailableIfFailing { try await access.sessions.sessions(of: person.name) }
        let current = access.cookie.value(in: request).map(SessionStore.handle(of:))
        let model = AccountPageModel(
            name: account.name.text, role: account.role.rawValue, roleSentence: Self.sentence(for: account.role),
            managesPeople: account.role.managesPeople, notice: carried?.notice, refusal: carried?.refusal, newToken: carried?.newToken,
            typedLabel: carried?.typed ?? "", minPasswordLength: PasswordRules.minLength, maxPasswordLength: PasswordRules.maxLength,
            sessions: sessions.map { session in
                SessionRow(handle: session.handle, started: DisplayTime.text(session.started), used: DisplayTime.text(session.used),
                           current: current.map { session.handle.utf8.elementsEqual($0.utf8) } ?? false)
            },
            tokens: account.tokens.map { TokenRow(label: $0.label, created: DisplayTime.text($0.created)) }
        )
        return html(try await resources.render(model, template: "account"))
    }

    func changePassword(_ person: SignedInPerson, request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        let new = form["password"] ?? "", repeated = form["repeat"] ?? ""
        guard new.unicodeScalars.elementsEqual(repeated.unicodeScalars) else {
            return await back(refusal: "The two new passwords differ: type the same one twice.", request: request)
        }
        let keys = ["client:" + AccountSignIn.client(of: request), "name:" + person.name.text]
        if let seconds = access.throttle.wait(for: keys) {
            return await back(refusal: "Too many wrong passwords: try again in \(seconds) second\(seconds == 1 ? "" : "s").", request: request)
        }
        do {
            let account = try await access.accounts.changePassword(of: person.name, current: form["current"] ?? "", new: new)
            access.throttle.succeeded("name:" + person.name.text)
            await kept()
            try? await access.sessions.endAll(of: person.name)
            var response = try await AccountSignIn.startSession(for: account, request: request, access: access)
            let carried = await carrier.redirect(to: Self.accountPath, carrying: AccountNotice(notice: "Your password is changed. Every other session of yours has ended."), request: request)
            response.headers[.location] = Self.accountPath
            response.headers.append(contentsOf: carried.headers[fields: .setCookie])
            return response
        } catch let error as AccountError where error.code == .wrongPassword {
            access.throttle.failed(keys)
            return await back(refusal: PlainPage.sentence(error.message), request: request)
        } catch let error as AccountError where error.code == .invalidPassword {
            return await back(refusal: PlainPage.sentence(error.message), request: request)
        }
    }

    func endSession(_ person: SignedInPerson, request: Request) async throws -> Response {
        let handle = try await Self.form(of: request)["session"] ?? ""
        let ended = try await unavailableIfFailing { try await access.sessions.end(handle: handle, of: person.name) }
        if let id = access.cookie.value(in: request), SessionStore.handle(of: id).utf8.elementsEqual(handle.utf8) { return signInAgain(request) }
        return await back(notice: ended ? "That session has ended." : nil, refusal: ended ? nil : "That session had ended already.", request: request)
    }

    func signOutEverywhere(_ person: SignedInPerson, request: Request) async throws -> Response {
        try await unavailableIfFailing { try await access.accounts.endSessions(of: person.name) }
        await kept()
        try? await access.sessions.endAll(of: person.name)
        return signInAgain(request)
    }

    func issueToken(_ person: SignedInPerson, request: Request) async throws -> Response {
        let label = try await Self.form(of: request)["label"] ?? ""
        do {
            let token = try await access.accounts.issueToken(for: person.name, label: label)
            await kept()
            return await carrier.redirect(
                to: Self.accountPath, carrying: AccountNotice(newToken: NewTokenModel(label: token.label, secret: token.secret)), request: request)
        } catch let error as AccountError where [.invalidLabel, .exists].contains(error.code) {
            return await back(refusal: PlainPage.sentence(error.message), typed: label, request: request)
        }
    }

    func revokeToken(_ person: SignedInPerson, request: Request) async throws -> Response {
        let label = try await Self.form(of: request)["label"] ?? ""
        do {
            try await access.accounts.revokeToken(of: person.name, label: label)
            await kept()
            return await back(notice: "The token \u{201C}\(label)\u{201D} is revoked: it no longer works.", request: request)
        } catch let error as AccountError where error.code == .notFound {
            return await back(refusal: PlainPage.sentence(error.message), request: request)
        }
    }

    // MARK: - Helpers

    /// Runs `body` for the signed-in person; without one (no accounts, or the access token),
    /// the page that says how accounts begin.
    func signedIn(_ body: (SignedInPerson) async throws -> Response) async throws -> Response {
        guard let person = AccountAccess.person else {
            return try await errorPage(.notFound, heading: "No accounts here", message: """
                This server has no accounts: whoever can reach it may use it. Add the first owner with the command \
                “users add NAME --role owner”, then sign in.
                """)
        }
        do {
            return try await page { try await body(person) }
        } catch let error as AccountError {
            throw AccountAccess.unavailable(error)
        }
    }

    /// The accounts this server just wrote, kept as current here at once.
    func kept() async {
        await access.keepWritten()
    }

    /// `body`'s result; a storage failure is the 503 that says to try again.
    func unavailableIfFailing<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AccountError where [.storage, .busy, .unreadable].contains(error.code) {
            throw AccountAccess.unavailable(error)
        }
    }

    /// The 303 back to the Account page, carrying `notice` or `refusal`.
    func back(notice: String? = nil, refusal: String? = nil, typed: String? = nil, request: Request, to path: String = accountPath) async -> Response {
        await carrier.redirect(to: path, carrying: AccountNotice(notice: notice, refusal: refusal, typed: typed), request: request)
    }

    /// The 303 to the sign-in form that also clears the session cookie.
    func signInAgain(_ request: Request) -> Response {
        var headers = HTTPFields()
        headers[.location] = SignIn.path
        headers[.cacheControl] = "no-store"
        headers.append(HTTPField(name: .setCookie, value: access.clearCookie(for: request)))
        return Response(status: .seeOther, headers: headers)
    }

    /// What `role` may do, as a sentence.
    static func sentence(for role: Role) -> String {
        switch role {
        case .owner: "You can read and change everything, and manage people."
        case .editor: "You can read and change everything."
        case .viewer: "You can read everything, but not change it."
        }
    }
}

/// What a post on the account pages carries to the page it redirects to.
struct AccountNotice: Sendable {
    /// What was done.
    var notice: String?
    /// Why nothing was done.
    var refusal: String?
    /// A token just made, shown this once.
    var newToken: NewTokenModel?
    /// An invitation just made, shown this once.
    var invitation: InvitationModel?
    /// What was typed into the refused form (a label, a name).
    var typed: String?
}

/// Times as the account pages show them: `2026-11-29 22:13 UTC`.
enum DisplayTime {
    static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
