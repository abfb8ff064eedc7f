import Foundation
import Testing
import TestSupport

@Suite("The homepwner command manages the people who may sign in", .timeLimit(.minutes(4)))
struct CLIUsersTests {
    @Test("users add prints a one-time link; list shows each person's role and state (text and --json); remove and reset work by name in any case")
    func addListRemoveReset() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            let empty = try await homepwner(["users", "list"] + data)
            #expect(empty.output == "no one: servers on this storage need no sign-in on loopback (add the first owner with: users add NAME --role owner)\n")
            let added = try await homepwner(["users", "add", "Anna", "--role", "owner"] + data)
            #expect(added.status == 0, "\(added.errors)")
            let lines = added.output.split(separator: "\n").map(String.init)
            #expect(lines.count == 3 && lines[0] == "added anna (owner)")
            #expect(lines[2].hasPrefix("http://localhost:8081/welcome/") && lines[2].utf8.count == "http://localhost:8081/welcome/".utf8.count + 64)
            let json = try await homepwner(["users", "add", "ben", "--role", "editor", "--json", "--url", "http://nas.local:9000"] + data)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String])
            #expect(object["name"] == "ben" && object["role"] == "editor" && object["link"]?.hasPrefix("http://nas.local:9000/welcome/") == true && object["expires"] != nil)

            let listed = try await homepwner(["users", "list"] + data)
            let rows = listed.output.split(separator: "\n").map(String.init)
            #expect(rows.count == 2 && rows[0].hasPrefix("anna  owner   invited, until ") && rows[1].hasPrefix("ben   editor  invited, until "))
            let people = try #require(try JSONSerialization.jsonObject(with: Data(try await homepwner(["users", "list", "--json"] + data).output.utf8)) as? [[String: Any]])
            #expect(people.map { $0["name"] as? String } == ["anna", "ben"] && people.map { $0["passwordSet"] as? Bool } == [false, false])

            let reset = try await homepwner(["users", "reset", "BEN"] + data)
            #expect(reset.status == 0 && reset.output.hasPrefix("reset ben (editor)\n"))
            #expect(try await homepwner(["users", "remove", "ben"] + data).output == "removed ben\n")
            // The accounts are kept beside the archive, never in it.
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".accounts.json").path))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("items.archive").path))
        }
    }

    @Test("a refused users command says why in one line and exits with its status", arguments: [
        (["users", "add", "ben", "--role", "editor"], 65, "homepwner: error: the first account must be an owner (--role owner): someone has to be able to manage people\n"),
        (["users", "add", "an na", "--role", "owner"], 65, "homepwner: error: a name is 1 to 32 ASCII letters, digits, dots, underscores and hyphens, starting with a letter or digit, not \u{201C}an na\u{201D}\n"),
        (["users", "add", "anna", "--role", "admin"], 65, "homepwner: error: a role is owner, editor or viewer, not \u{201C}admin\u{201D}\n"),
        (["users", "remove", "carl"], 66, "homepwner: error: there is no account named carl\n"),
        (["users", "reset", "carl"], 66, "homepwner: error: there is no account named carl\n"),
        (["users", "role", "carl", "--role", "viewer"], 66, "homepwner: error: there is no account named carl\n"),
        (["users", "token", "carl", "--label", "ci"], 66, "homepwner: error: there is no account named carl\n"),
        (["users", "tokens", "carl"], 66, "homepwner: error: there is no account named carl\n"),
        (["users", "revoke-token", "carl", "--label", "ci"], 66, "homepwner: error: there is no account named carl\n"),
    ])
    func refusals(arguments: [String], status: Int32, message: String) async throws {
        try await withTemporaryFolder { folder in
            let run = try await homepwner(arguments + ["--data-dir", folder.path])
            #expect(run.status == status)
            #expect(run.errors == message)
            #expect(run.output.isEmpty)
        }
    }

    @Test("a name taken is exit 73; removing the last owner while others remain is refused (65); a damaged accounts file is reported and kept")
    func takenLastOwnerDamaged() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            #expect(try await homepwner(["users", "add", "anna", "--role", "owner"] + data).status == 0)
            let taken = try await homepwner(["users", "add", "ANNA", "--role", "viewer"] + data)
            #expect(taken.status == 73 && taken.errors == "homepwner: error: there is already an account named anna\n")
            #expect(try await homepwner(["users", "add", "ben", "--role", "viewer"] + data).status == 0)
            let last = try await homepwner(["users", "remove", "anna"] + data)
            #expect(last.status == 65 && last.errors == "homepwner: error: anna is the last owner: make another account an owner first, or remove the others\n")
            let file = folder.appendingPathComponent(".accounts.json")
            try Data("{oops".utf8).write(to: file)
            let damaged = try await homepwner(["users", "list"] + data)
            #expect(damaged.status == 65)
            #expect(damaged.errors == "homepwner: error: the accounts in \(file.path) cannot be read: it is not an accounts document; nothing was changed (restore the file from a backup, or remove it to start again with no accounts)\n")
            #expect(try Data(contentsOf: file) == Data("{oops".utf8))
        }
    }

    @Test("users role changes a role but keeps the last owner; users token prints a token once, tokens lists labels (never secrets), revoke-token takes one away")
    func rolesAndTokens() async throws {
        try await withTemporaryFolder { folder in
            let data = ["--data-dir", folder.path]
            #expect(try await homepwner(["users", "add", "anna", "--role", "owner"] + data).status == 0)
            #expect(try await homepwner(["users", "add", "ben", "--role", "viewer"] + data).status == 0)
            #expect(try await homepwner(["users", "role", "BEN", "--role", "editor"] + data).output == "ben is now an editor\n")
            let last = try await homepwner(["users", "role", "anna", "--role", "viewer"] + data)
            #expect(last.status == 65 && last.errors == "homepwner: error: anna is the last owner: make another account an owner first\n")

            let none = try await homepwner(["users", "tokens"] + data)
            #expect(none.output == "no tokens (make one with: users token NAME --label LABEL)\n")
            let made = try await homepwner(["users", "token", "ben", "--label", "nightly backup"] + data)
            let lines = made.output.split(separator: "\n").map(String.init)
            #expect(made.status == 0 && lines.count == 3 && lines[0] == "made the token \u{201C}nightly backup\u{201D} for ben; it is shown only now:")
            #expect(lines[1].hasPrefix("pat_") && lines[1].utf8.count == 68 && lines[2] == "send it as: Authorization: Bearer \(lines[1])")
            let json = try await homepwner(["users", "token", "anna", "--label", "ci", "--json"] + data)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: String])
            #expect(object["name"] == "anna" && object["label"] == "ci" && object["token"]?.hasPrefix("pat_") == true && object["created"] != nil)
            let empty = try await homepwner(["users", "token", "anna", "--label", " "] + data)
            #expect(empty.status == 65 && empty.errors == "homepwner: error: a token needs a label that says what uses it (--label ci)\n")

            let listed = try await homepwner(["users", "tokens"] + data)
            let rows = listed.output.split(separator: "\n")
            #expect(rows.count == 2 && rows[0].hasPrefix("anna  ") && rows[0].hasSuffix("  ci") && rows[1].hasSuffix("  nightly backup"))
            #expect(!listed.output.contains(lines[1]))
            #expect(try await homepwner(["users", "tokens", "anna"] + data).output.split(separator: "\n").count == 1)
            #expect(try await homepwner(["users", "revoke-token", "ben", "--label", "nightly backup"] + data).output == "revoked ben's token \u{201C}nightly backup\u{201D}\n")
            let again = try await homepwner(["users", "revoke-token", "ben", "--label", "nightly backup"] + data)
            #expect(again.status == 66 && again.errors == "homepwner: error: ben has no token labelled \u{201C}nightly backup\u{201D}\n")
        }
    }

    @Test("users --url refuses an address that is not http(s)://HOST (usage, 64)")
    func badURL() async throws {
        try await withTemporaryFolder { folder in
            let run = try await homepwner(["users", "add", "anna", "--role", "owner", "--url", "ftp://x", "--data-dir", folder.path])
            #expect(run.status == 64)
            #expect(run.errors.contains("--url must be http://HOST[:PORT][/PATH] or https://…, not ftp://x"))
        }
    }
}
