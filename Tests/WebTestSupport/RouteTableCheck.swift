import Foundation
import Hummingbird
import WebSupport

/// Compares what an app's router serves with what its middleware were told: the operations of
/// its `openapi.yaml` (``WebSupport/APIRouteTable``) and the page routes its pages declare
/// (``WebSupport/PageRoutes``).
public enum RouteTableCheck {
    /// The route table of the `openapi.yaml` in `Sources/<module>/`: the file the module bundles.
    ///
    /// - Throws: when the file cannot be read, or ``WebSupport/OpenAPIDocumentError``.
    public static func table(ofModule module: String, file: String = #filePath) throws -> APIRouteTable {
        // This file is Tests/WebTestSupport/RouteTableCheck.swift: three levels below the root.
        let root = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try APIRouteTable(openAPIDocument: Data(contentsOf: root.appendingPathComponent("Sources/\(module)/openapi.yaml")))
    }

    /// Each path of `table` with its methods, as `/api/items GET,HEAD,POST`.
    public static func methodLines(_ table: APIRouteTable) -> [String] {
        table.methodsByPath.map { "\($0.path) \($0.methods.map(\.rawValue).joined(separator: ","))" }
    }

    /// Each difference in a line: an API route served but not in the document (or the other way
    /// round), a page upload that is not a `POST` route, a heavy page read that is not a `GET`
    /// route. Empty when they agree. `HEAD`s are left out: the router answers them wherever
    /// `GET` is.
    public static func differences<Store>(
        router: Router<BasicRequestContext>, table: APIRouteTable, pages: PageRoutes<Store>
    ) -> [String] {
        let served = Set(router.routes.filter { $0.method != .head }.map { "\($0.method) \($0.path)" })
        let servedAPI = served.filter { $0.split(separator: " ").last?.hasPrefix("/api/") == true }
        let declared = Set(table.operations.map { "\($0.method) \($0.path)" })
        var differences: [String] = []
        differences += servedAPI.subtracting(declared).sorted().map { "served but not in openapi.yaml: \($0)" }
        differences += declared.subtracting(served).sorted().map { "in openapi.yaml but not served: \($0)" }
        differences += pages.uploads.filter { !served.contains("POST \($0)") }.map { "a page upload the pages do not serve: POST \($0)" }
        differences += pages.heavyReads.sorted().filter { !served.contains("GET \($0)") }.map { "a heavy page read the pages do not serve: GET \($0)" }
        return differences
    }
}
