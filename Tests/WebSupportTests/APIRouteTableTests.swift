import Foundation
import HTTPTypes
import Testing
import WebSupport

@Suite("APIRouteTable: an app's routes read from its openapi.yaml")
struct APIRouteTableTests {
    private static let document = #"""
        openapi: "3.1.0"
        info:
          title: Things
          description: |
            Not keys: a block scalar.
            paths: nothing here
        paths:
          /api/things:
            get:
              operationId: listThings # the list
              x-work: heavy
              responses:
                "200":
                  description: The things.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Things" }
                "503": { $ref: "#/components/responses/Unavailable" }
            post:
              operationId: addThing
              requestBody:
                content:
                  application/json:
                    schema: { type: object }
              responses:
                "201": { description: Added }
          /api/things/{id}/photo:
            parameters:
              - name: id
                in: path
                required: true
            put:
              summary: A long summary: with a colon,
                and a second line: that is no key.
              requestBody:
                $ref: "#/components/requestBodies/Photo"
              responses:
                "200": { description: Stored }
          /api/imports:
            post:
              x-work: large-upload
              requestBody:
                content:
                  application/zip: {}
          /api/events:
            get:
              responses:
                "200":
                  content:
                    text/event-stream:
                      schema: { type: string }
          /readyz:
            get:
              x-access: public
              responses:
                "200": { description: Ready }
        components:
          requestBodies:
            Photo:
              content:
                image/jpeg: {}
                multipart/form-data: {}
          responses:
            Unavailable:
              description: Try later.
              content:
                application/json: {}
        """#

    @Test("operations in the document's order; uploads from a body that is not JSON, streams from text/event-stream, x-work for the rest, x-access for the public reads")
    func operations() throws {
        let table = try APIRouteTable(openAPIDocument: Data(Self.document.utf8))
        #expect(table.operations.map { "\($0.method) \($0.path)" } == [
            "GET /api/things", "POST /api/things", "PUT /api/things/{id}/photo", "POST /api/imports", "GET /api/events", "GET /readyz",
        ])
        #expect(table.publicReads == ["/readyz"])
        #expect(table.uploads == ["/api/things/{id}/photo", "/api/imports"])
        #expect(table.largeUploads == ["/api/imports"])
        #expect(table.eventStreams == ["/api/events"])
        #expect(table.heavyReads == ["/api/things"])
        #expect(table.heavyWrites.isEmpty)
        #expect(table.methodsByPath.map { "\($0.path) \($0.methods.map(\.rawValue).joined(separator: ","))" } == [
            "/api/things GET,HEAD,POST", "/api/things/{id}/photo PUT", "/api/imports POST", "/api/events GET,HEAD", "/readyz GET,HEAD",
        ])
    }

    @Test("what the reader cannot read, or a mark that cannot hold, is an error naming the line")
    func refusals() {
        func message(_ paths: String) -> String? {
            do {
                _ = try APIRouteTable(openAPIDocument: Data("openapi: \"3.1.0\"\npaths:\n\(paths)".utf8))
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(message("  /a:\n    get:\n      x-work: quick\n") == "line 5: x-work quick is neither heavy nor large-upload")
        #expect(message("  /a/{id}:\n    get:\n      x-work: heavy\n") == "line 5: GET /a/{id} is marked heavy, but heavy work is found by exact path")
        #expect(message("  /a:\n    post:\n      x-work: large-upload\n") == "line 5: POST /a is marked large-upload but takes no upload")
        #expect(message("  /a:\n    get:\n      x-access: everyone\n") == "line 5: x-access everyone is not public")
        #expect(message("  /a:\n    post:\n      x-access: public\n") == "line 5: POST /a is marked public, but only GETs of exact paths may be")
        #expect(message("  /a/{id}:\n    get:\n      x-access: public\n") == "line 5: GET /a/{id} is marked public, but only GETs of exact paths may be")
        #expect(message("  /a:\n    fetch:\n") == "line 4: fetch under /a is neither an operation nor a field this reader knows")
        #expect(message("  /a:\n    get:\n      responses:\n        \"200\": { $ref: \"#/components/none\" }\n") == "line 6: #/components/none names nothing in the document")
        #expect(message("  /a:\n    get:\n      summary: [one,\n        two]\n") == "line 5: a flow collection that goes on past its line")
        #expect(message("  /a:\n    just words\n") == "line 4: not a key, an item or a comment: just words")
        #expect(message("  /a:\n    get:\n      responses:\n        \"200\": { content: { text/plain: {} } }\n") == "line 6: 200 is neither a $ref nor a block this reader reads")
        #expect(APIRouteTableTests.noPaths() == "the document has no paths")
    }

    private static func noPaths() -> String? {
        do {
            _ = try APIRouteTable(openAPIDocument: Data("openapi: \"3.1.0\"\n".utf8))
            return nil
        } catch {
            return "\(error)"
        }
    }
}
