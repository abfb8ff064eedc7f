import Foundation
import Homepwner

// The child process of the Homepwner SIGKILL test: `homepwner-stress FOLDER [WORKERS]` adds and
// updates items from WORKERS concurrent tasks forever, printing one line per acknowledged change
// ("added KEY", "updated KEY VALUE") only after the change was durably saved. The test kills it
// with SIGKILL at a random moment and checks that every printed change survived.

/// Writes one line to stdout at once (no buffering: the process may die any moment).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func hammer(folder: URL, workers: Int) async throws {
    let store = ItemStore(storage: .folder(folder))
    try await store.load()
    emit("ready")
    try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<workers {
            group.addTask {
                var round = 0
                while true {
                    round += 1
                    let item = try await store.add(NewItem(name: "worker \(worker) item \(round)", serialNumber: "S\(worker)-\(round)", valueInDollars: round))
                    emit("added \(item.itemKey)")
                    let updated = try await store.update(item.itemKey, ItemChanges(valueInDollars: round + 1))
                    emit("updated \(updated.itemKey) \(updated.valueInDollars)")
                }
            }
        }
        try await group.waitForAll()
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: homepwner-stress FOLDER [WORKERS]\n".utf8))
    exit(64)
}
do {
    try await hammer(folder: URL(fileURLWithPath: arguments[1], isDirectory: true), workers: arguments.count > 2 ? Int(arguments[2]) ?? 8 : 8)
} catch {
    FileHandle.standardError.write(Data("homepwner-stress: \(error)\n".utf8))
    exit(74)
}
