import DocumentStore
import Foundation
import HTTPTypes
import Imaging
import OpenAPIRuntime
import ScaryCreatures
import WebSupport

/// The API's handlers: each parses what the generated code decoded, calls the database, and
/// answers. Failures are thrown as ``WebSupport/APIError``s (or the database's errors, which
/// ``CreaturesAPI/apiError(for:)`` maps) and answered as JSON by the error middleware.
struct CreaturesAPI: APIProtocol, ReadinessReporting {
    let database: ScaryCreatureDatabase
    /// The largest upload read.
    let maxBodyBytes: Int
    /// The largest zip imported (streamed to disk: ``WebSupport/WebConfiguration/maxImportBytes``).
    var maxImportBytes: Int = WebConfiguration.defaultMaxImportBytes
    /// What `GET /readyz` answers: ready once the first listing is in memory and the storage
    /// answers.
    let readiness: Readiness

    // MARK: Creatures

    func listCreatures(_ input: Operations.ListCreatures.Input) async throws -> Operations.ListCreatures.Output {
        let query = input.query
        try APIError.checkLength(query.q, of: "q", max: 200)
        let limit = query.limit ?? 100
        guard (1...1000).contains(limit) else { throw APIError.badRequest("limit must be 1 to 1000, not \(limit)") }
        let start = try query.cursor.map(Cursor.position) ?? 0
        let (creatures, problems) = try await database.list(waitingAtMost: database.requestListingWait, fromSummary: true)
        let selected = CreatureQuery(text: query.q, order: query.sort.flatMap { CreatureQuery.Order(rawValue: $0.rawValue) } ?? .id, descending: query.order == .desc).apply(to: creatures)
        let page = selected.dropFirst(start).prefix(limit)
        let next = start + page.count < selected.count ? Cursor.string(for: start + page.count) : nil
        return .ok(.init(body: .json(.init(
            creatures: page.map { Representation.creature($0) },
            problems: problems.map { .init(bundle: $0.name, reason: $0.description) },
            nextCursor: next
        ))))
    }

    func createCreature(_ input: Operations.CreateCreature.Input) async throws -> Operations.CreateCreature.Output {
        guard case .json(let body) = input.body else { throw APIError.unsupportedMediaType("send the creature as application/json") }
        let creature = try await database.add(title: body.title, rating: body.rating ?? 0)
        return .created(.init(
            headers: .init(location: Representation.path(of: creature.id), eTag: Representation.eTag(creature.version)),
            body: .json(Representation.creature(creature, hasPhoto: false))
        ))
    }

    func getCreature(_ input: Operations.GetCreature.Input) async throws -> Operations.GetCreature.Output {
        let id = try CreatureID.parse(input.path.id)
        let creature = try await database.creature(id)
        let hasPhoto = try await database.hasPhoto(id)
        return .ok(.init(headers: .init(eTag: Representation.eTag(creature.version)), body: .json(Representation.creature(creature, hasPhoto: hasPhoto))))
    }

    func getCreatureHistory(_ input: Operations.GetCreatureHistory.Input) async throws -> Operations.GetCreatureHistory.Output {
        let id = try CreatureID.parse(input.path.id)
        let creature = try await database.creature(id)
        return .ok(.init(headers: .init(eTag: Representation.eTag(creature.version)), body: .json(Representation.history(creature))))
    }

    func updateCreature(_ input: Operations.UpdateCreature.Input) async throws -> Operations.UpdateCreature.Output {
        let id = try CreatureID.parse(input.path.id)
        guard case .json(let patch) = input.body else { throw APIError.unsupportedMediaType("send the change as application/json") }
        try APIError.checkLength(RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch), of: "If-Match", max: 100)
        guard patch.title != nil || patch.rating != nil else {
            throw APIError(.unprocessableContent, code: "empty_change", "give a title, a rating or both")
        }
        let version = try await expectedVersion(of: id, ifMatch: RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch))
        let creature = try await database.update(id, title: patch.title, rating: patch.rating, ifVersion: version)
        return .ok(.init(headers: .init(eTag: Representation.eTag(creature.version)), body: .json(Representation.creature(creature))))
    }

    func deleteCreature(_ input: Operations.DeleteCreature.Input) async throws -> Operations.DeleteCreature.Output {
        let id = try CreatureID.parse(input.path.id)
        try APIError.checkLength(RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch), of: "If-Match", max: 100)
        let version = try await expectedVersion(of: id, ifMatch: RawRequestHeaders.value(.ifMatch, decoded: input.headers.ifMatch))
        try await database.delete(id, ifVersion: version)
        return .noContent(.init())
    }

    /// The version a change must find, from `If-Match`: nil for none or `*`; of a list, the one
    /// that is current now if any (the database checks it again under the creature's lock).
    private func expectedVersion(of id: Int, ifMatch: String?) async throws -> String? {
        guard let ifMatch, let versions = try EntityTag.versions(fromIfMatch: ifMatch) else { return nil }
        guard versions.count > 1 else { return versions.first }
        let current = try await database.creature(id).version
        return versions.first { $0 == current } ?? versions.first
    }

    // MARK: Transfer

    func exportCreature(_ input: Operations.ExportCreature.Input) async throws -> Operations.ExportCreature.Output {
        let id = try CreatureID.parse(input.path.id)
        let zip = try await database.exportData(id)
        return .ok(.init(
            headers: .init(contentDisposition: "attachment; filename=\"\(id).scarycreature.zip\""),
            body: .applicationZip(HTTPBody(zip))
        ))
    }

    /// The zip is streamed to a temporary file as it arrives (one chunk in memory, at most the
    /// server's import limit: a large upload, ``WebSupport/RouteKinds``) and read from there.
    func importCreatures(_ input: Operations.ImportCreatures.Input) async throws -> Operations.ImportCreatures.Output {
        guard case .applicationZip(let body) = input.body else { throw APIError.unsupportedMediaType("send a .scarycreature.zip as application/zip") }
        let database = self.database
        let summary = try await TemporaryFile.with(streaming: body, limit: maxImportBytes, pool: .shared) { file in
            try await database.importCreatures(from: file, named: "this file")
        }
        return .ok(.init(body: .json(.init(
            imported: summary.imported.map { .init(source: $0.source, id: Int64($0.id), title: $0.title) },
            skipped: summary.skipped.map { .init(source: $0.source, reason: $0.reason) }
        ))))
    }

    // MARK: Events

    func streamEvents(_ input: Operations.StreamEvents.Input) async throws -> Operations.StreamEvents.Output {
        let lastEventID = try ServerSentEvents.lastEventID(decoded: input.headers.lastEventID)
        // Each change an event, data {"id": N, "version": "…"} (version null once deleted).
        return .ok(.init(body: .textEventStream(await ServerSentEvents.body(of: database.changes, after: lastEventID, subjectKey: "id"))))
    }
}
