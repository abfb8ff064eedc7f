import Foundation
import Homepwner
import Hummingbird
import KeyedArchive
import WebSupport

/// Codes printed on labels: `GET /items/CODE` and the scan page (`GET /scan`).
extension HomepwnerPages {
    /// `GET /items/{key}`: the item page for a whole key; for the start of one key (a label's
    /// code, 4 characters or more, any case) a redirect to that item's own address; the 404 page
    /// for anything else.
    func openItem(_ text: String, request: Request) async throws -> Response {
        let match = try await store.catalog().keyMatch(text)
        if ItemRules.isValidKey(text), case .one(let item) = match, ExactString.equal(item.itemKey, text) {
            return try await itemPage(key: text, carried: await carrier.take(for: request))
        }
        switch match {
        case .one(let item) where ItemRules.isValidKey(item.itemKey):
            return redirect(to: "/items/\(item.itemKey)")
        case .several(let count):
            return try await errorPage(.notFound, heading: "Which item?", message: Self.severalMessage(text, count: count))
        default:
            // A whole key the archive does not hold says so, as before codes were taken.
            if ItemRules.isValidKey(text) { return try await itemPage(key: text) }
            throw APIError.notFound("no item has the code \(Self.shown(text))")
        }
    }

    /// `GET /scan[?code=…]`: the scan page (the camera where the browser reads QR codes, and a
    /// field for the code typed); with a code, a redirect to the item it names, or the page again
    /// saying why not (404).
    func scanPage(_ request: Request) async throws -> Response {
        let code = (request.uri.queryParameters.get("code") ?? "").trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty else { return html(try await resources.render(ScanPageModel(code: "", error: nil), template: "scan")) }
        let refusal: String
        if code.count < ItemCatalog.minimumCodeLength {
            refusal = "A code has at least \(ItemCatalog.minimumCodeLength) characters."
        } else {
            switch try await store.catalog().keyMatch(code) {
            case .one(let item) where ItemRules.isValidKey(item.itemKey):
                return redirect(to: "/items/\(item.itemKey)")
            case .several(let count):
                refusal = Self.severalMessage(code, count: count)
            default:
                refusal = "No item has the code \(Self.shown(code)). Check the label, or search the inventory for the item's name."
            }
        }
        let model = ScanPageModel(code: String(code.prefix(64)), error: refusal)
        return html(try await resources.render(model, template: "scan"), status: .notFound)
    }

    /// What a code that starts several keys gets.
    static func severalMessage(_ code: String, count: Int) -> String {
        "\(count == 20 ? "20 or more" : String(count)) items have codes starting with \(shown(code)): type more of the code."
    }

    /// A code as a message quotes it: at most 64 characters.
    static func shown(_ code: String) -> String {
        "“\(code.prefix(64))”"
    }
}

/// The scan page: the code typed, and why it opened nothing.
struct ScanPageModel: Sendable, Encodable {
    var code: String
    var error: String?
}
