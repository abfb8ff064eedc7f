import Foundation
import HTTPTypes
import Hex
import Hummingbird

/// Post/Redirect/Get for the plain forms: every form post ends on a `303 See Other` to a page,
/// and what the post has to show there — a refusal in words, what the person typed, the results
/// of an import — is carried to that page's `GET`. A reload of the page then shows the page, and
/// never sends the form again.
///
/// What is carried stays in this server's memory; the browser holds only a random name for it,
/// in a cookie of the app's and port's (``SessionCookie``, purpose `carried`; `HttpOnly`,
/// `SameSite=Strict`). It is shown once, only on the page it was carried to, and forgotten after
/// `lifetime` or when more than `capacity` newer ones wait, so memory stays bounded whatever
/// clients do.
public actor FormCarrier<Payload: Sendable> {
    private struct Entry {
        let path: String
        let payload: Payload
        let expires: ContinuousClock.Instant
    }

    private let cookie: SessionCookie
    private let capacity: Int
    private let lifetime: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private var entries: [String: Entry] = [:]
    /// Names in the order they were kept, oldest first (some may be taken already).
    private var order: [String] = []

    /// A carrier for the app called `appName`, keeping at most `capacity` payloads, each for at
    /// most `lifetime` by the clock `now` (a test's own).
    public init(
        appName: String, capacity: Int = 512, lifetime: Duration = .seconds(300),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        cookie = SessionCookie(appName: appName, purpose: "carried")
        self.capacity = max(1, capacity)
        self.lifetime = lifetime
        self.now = now
    }

    /// A `303 See Other` to `path` (a path of this server, with its query if any) that carries
    /// `payload` to that page's next `GET` from the browser that sent `request`.
    public func redirect(to path: String, carrying payload: Payload, request: Request) -> Response {
        let now = self.now()
        forgetExpired(now)
        while entries.count >= capacity, !order.isEmpty {
            entries[order.removeFirst()] = nil
        }
        let name = Self.randomName()
        let pagePath = String(path.prefix { $0 != "?" && $0 != "#" })
        entries[name] = Entry(path: pagePath, payload: payload, expires: now.advanced(by: lifetime))
        order.append(name)
        // Names of payloads already taken wait in `order` until they reach its front: drop them
        // when they outnumber the rest, so `order` stays proportional to `capacity`.
        if order.count > 2 * capacity { order.removeAll { entries[$0] == nil } }
        var headers: HTTPFields = [.location: path]
        let seconds = max(1, lifetime.components.seconds)
        headers[.setCookie] = cookie.setCookie(name, for: request, maxAge: Int(seconds))
        return Response(status: .seeOther, headers: headers)
    }

    /// The payload carried to this request's page, if any: taken, so a reload shows the page
    /// without it. A payload carried to another page stays for that page.
    public func take(for request: Request) -> Payload? {
        forgetExpired(now())
        guard let name = cookie.value(in: request), let entry = entries[name],
              entry.path.utf8.elementsEqual(request.uri.path.utf8) else { return nil }
        entries[name] = nil
        return entry.payload
    }

    /// How many payloads wait (for tests and the curious).
    public var count: Int { entries.count }

    private func forgetExpired(_ now: ContinuousClock.Instant) {
        while let first = order.first {
            if let entry = entries[first], entry.expires > now { break }
            entries[first] = nil
            order.removeFirst()
        }
    }

    private static func randomName() -> String {
        Hex.random(bytes: 16)
    }
}
