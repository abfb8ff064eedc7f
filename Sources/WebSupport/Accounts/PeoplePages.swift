import Accounts
import Foundation
import HTTPTypes
import Hummingbird

/// The People page (`/people`) and its forms, for owners: invite, change a role, a new link,
/// remove.
extension AccountPages {
    func addPeopleRoutes(to router: Router<BasicRequestContext>) {
        router.get(RouterPath(stringLiteral: Self.peoplePath)) { request, _ in
            try await owner { _ in try await peoplePage(request) }
        }
        router.post(RouterPath(stringLiteral: Self.peoplePath)) { request, _ in
            try await owner { _ in try await invite(request) }
        }
        router.get("/people/:name") { _, _ in redirect(to: Self.peoplePath) }
        router.post("/people/:name/role") { request, context in
            try await owner { person in try await setRole(named: context.parameters.get("name") ?? "", by: person, request: request) }
        }
        router.post("/people/:name/reset") { request, context in
            try await owner { _ in try await reset(named: context.parameters.get("name") ?? "", request: request) }
        }
        router.get("/people/:name/delete") { _, context in
            try await owner { _ in
                let name = try AccountName(context.parameters.get("name") ?? "")
                return try await confirmDeletePage(
                    label: name.text, path: "\(Self.peoplePath)/\(name.text)",
                    consequence: "\(name.text) can no longer sign in: their sessions end and their tokens stop working. What they changed stays.")
            }
        }
        router.post("/people/:name/delete") { request, context in
            try await owner { person in try await remove(named: context.parameters.get("name") ?? "", by: person, request: request) }
        }
    }

    func peoplePage(_ request: Request) async throws -> Response {
        let carried = await carrier.take(for: request)
        let book = try await access.freshBook()
        let me = AccountAccess.person?.name
        let now = Date()
        let model = PeoplePageModel(
            notice: carried?.notice, refusal: carried?.refusal, invitation: carried?.invitation, typedName: carried?.typed ?? "",
            people: book.accounts.map { account in
                let state = switch account.standing(at: now) {
                case .passwordSet: "Signs in"
                case .invited(let until): "Invited until \(DisplayTime.text(until))"
                case .invitationExpired: "Invitation expired: give a new link"
                }
                return PersonRow(
                    name: account.name.text, role: account.role.rawValue, state: state, isYou: account.name == me,
                    roles: RoleOption.all(selected: account.role))
            },
            roles: RoleOption.all(selected: .editor)
        )
        return html(try await resources.render(model, template: "people"))
    }

    func invite(_ request: Request) async throws -> Response {
        let form = try await Self.form(of: request)
        let typed = form["name"] ?? ""
        do {
            let name = try AccountName(typed)
            let role = try Role(parsing: form["role"] ?? "")
            let issued = try await access.accounts.add(name, role: role)
            await kept()
            return await carrier.redirect(to: Self.peoplePath, carrying: AccountNotice(
                notice: "\(name.text) is added as \(article(role)) \(role.rawValue).", invitation: invitationModel(issued, role: role, request: request)), request: request)
        } catch let error as AccountError where [.invalidName, .invalidRole, .exists, .lastOwner].contains(error.code) {
            return await back(refusal: PlainPage.sentence(error.message), typed: typed, request: request, to: Self.peoplePath)
        }
    }

    func setRole(named text: String, by person: SignedInPerson, request: Request) async throws -> Response {
        let name = try AccountName(text)
        do {
            let role = try Role(parsing: try await Self.form(of: request)["role"] ?? "")
            try await access.accounts.setRole(of: name, to: role)
            await kept()
            if name == person.name, !role.managesPeople {
                return await back(notice: "You are now \(article(role)) \(role.rawValue).", request: request)
            }
            return await back(notice: "\(name.text) is now \(article(role)) \(role.rawValue).", request: request, to: Self.peoplePath)
        } catch let error as AccountError where [.invalidRole, .lastOwner].contains(error.code) {
            return await back(refusal: PlainPage.sentence(error.message), request: request, to: Self.peoplePath)
        }
    }

    func reset(named text: String, request: Request) async throws -> Response {
        let name = try AccountName(text)
        let issued = try await access.accounts.reset(name)
        await kept()
        try await unavailableIfFailing { try await access.sessions.endAll(of: name) }
        let role = try await access.accounts.account(name)?.role ?? .viewer
        return await carrier.redirect(to: Self.peoplePath, carrying: AccountNotice(
            notice: "\(name.text)'s password, sessions and tokens have ended.", invitation: invitationModel(issued, role: role, request: request)), request: request)
    }

    func remove(named text: String, by person: SignedInPerson, request: Request) async throws -> Response {
        let name = try AccountName(text)
        guard try await Self.form(of: request)["confirm"] == "yes" else { return redirect(to: "\(Self.peoplePath)/\(name.text)/delete") }
        do {
            try await access.accounts.remove(name)
            await kept()
            try await unavailableIfFailing { try await access.sessions.endAll(of: name) }
        } catch let error as AccountError where error.code == .lastOwner {
            return await back(refusal: PlainPage.sentence(error.message), request: request, to: Self.peoplePath)
        }
        if name == person.name { return signInAgain(request) }
        return await back(notice: "\(name.text) is removed.", request: request, to: Self.peoplePath)
    }

    /// Runs `body` for a signed-in owner; anyone else gets the 403 page.
    func owner(_ body: @escaping (SignedInPerson) async throws -> Response) async throws -> Response {
        try await signedIn { person in
            guard person.role.managesPeople else {
                return try await errorPage(.forbidden, heading: "Only owners manage people", message: "You are \(article(person.role)) \(person.role.rawValue): ask an owner to add, change or remove people.")
            }
            do {
                return try await body(person)
            } catch let error as AccountError where error.code == .invalidName {
                return try await errorPage(.notFound, heading: Self.notFoundHeading, message: PlainPage.sentence(error.message))
            }
        }
    }

    /// What the page shows of a new invitation: whose, and the link.
    func invitationModel(_ issued: IssuedInvitation, role: Role, request: Request) -> InvitationModel {
        let base = PublicURL.base(for: request, configured: publicURL)
        return InvitationModel(
            name: issued.name.text, role: role.rawValue, link: base?.absolute(issued.path) ?? issued.path, expires: DisplayTime.text(issued.expires))
    }

    func article(_ role: Role) -> String {
        role == .owner || role == .editor ? "an" : "a"
    }
}
