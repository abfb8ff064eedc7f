import Foundation
import HTTPTypes
import Hummingbird
import WebSupport

/// The smallest app WebSupport serves as both apps do: ``WebSupport/AppRouter`` with its
/// middleware, read from a little `openapi.yaml`, behind ``WebSupport/AppServer``'s guarded
/// HTTP/1.1 — so that WebSupport's mechanisms are tested once, on it (``WebContract``), and not
/// again through each app.
///
/// Things with a title and a photo: `GET`/`POST /api/things`, `GET`/`PATCH /api/things/{id}`,
/// `GET`/`PUT /api/things/{id}/photo` (an upload) and `GET /api/things/{id}/thumbnail` (both
/// `GET`s answered by ``WebSupport/PhotoAnswer``), `GET /api/events` (an event stream telling
/// each thing created); and pages behind the form guard: `GET /things/{id}` (a page with one
/// form), `POST /things/{id}` (that form: a new title) and `POST /things/{id}/photo` (a
/// multipart upload form).
public enum ContractApp {
    /// The app's API document: what ``WebSupport/AppRouter`` reads its routes from.
    public static let openAPIDocument = Data(#"""
        openapi: "3.1.0"
        info:
          title: Things
          version: "1"
        paths:
          /api/things:
            get:
              operationId: listThings
              responses:
                "200": { description: The things. }
            post:
              operationId: addThing
              requestBody:
                content:
                  application/json:
                    schema: { type: object }
              responses:
                "201": { description: Added. }
          /api/things/{id}:
            get:
              operationId: getThing
              responses:
                "200": { description: The thing. }
            patch:
              operationId: changeThing
              requestBody:
                content:
                  application/json:
                    schema: { type: object }
              responses:
                "200": { description: Changed. }
          /api/things/{id}/photo:
            get:
              operationId: getPhoto
              responses:
                "200": { description: The photo. }
            put:
              operationId: putPhoto
              requestBody:
                content:
                  image/png:
                    schema: { type: string, format: binary }
              responses:
                "200": { description: Kept. }
          /api/things/{id}/thumbnail:
            get:
              operationId: getThumbnail
              responses:
                "200": { description: The thumbnail. }
          /api/events:
            get:
              operationId: events
              responses:
                "200":
                  description: Each thing created.
                  content:
                    text/event-stream:
                      schema: { type: string }
        """#.utf8)

    /// The app, on `configuration` (port 0 for a free one), serving on ``ServerThreads``' loops;
    /// run it with `test(.live)` inside ``ServerThreads/run(_:)``.
    ///
    /// - Throws: ``WebSupport/WebStartError`` for an unsafe configuration.
    public static func build(_ configuration: WebConfiguration = WebConfiguration(port: 0)) async throws -> some ApplicationProtocol {
        let hosts = try await configuration.validate()
        let pages = PageRoutes<Things>(uploads: ["/things/{id}/photo"]) { router, things, _ in things.addPages(to: router) }
        let router = try AppRouter.make(
            configuration: configuration, appName: "Things", errors: { _ in nil }, openAPIDocument: openAPIDocument, pages: pages
        )
        let things = Things()
        things.addRoutes(to: router)
        try pages.add(to: router, store: things, configuration: configuration)
        return AppServer.application(
            router: router, configuration: configuration, hosts: hosts, serverName: "things",
            services: [], data: "memory", logger: AppServer.logger(configuration, serverName: "things"),
            eventLoopGroup: ServerThreads.group
        )
    }
}
