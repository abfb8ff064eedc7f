import Foundation

/// The module graph `docs/architecture.md` draws: the fenced block after the line holding
/// ``marker``, one line per module — `Name`, an optional `(note)`, then `─► A, B` for the targets
/// of this package it depends on and `· X, Y` for the products of other packages (either part
/// may be absent); a line that starts with spaces goes on with the line before, and blank lines
/// part the layers. A line in any other shape is an error, never skipped.
struct ModuleMap {
    /// What one module's line draws.
    struct Module: Equatable {
        /// The targets of this package it points at.
        var targets: Set<String>
        /// The products of other packages it points at.
        var products: Set<String>
    }

    /// The line that comes just before the block.
    static let marker = "<!-- module graph: checked against Package.swift"

    /// Each module drawn, by name.
    let modules: [String: Module]

    /// The graph drawn in `document` (the text of architecture.md).
    ///
    /// - Throws: ``ManifestError`` when there is no block after the marker, or a line it cannot read.
    init(document: String) throws {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false)
        guard let markerIndex = lines.firstIndex(where: { $0.hasPrefix(Self.marker) }),
              let open = lines[markerIndex...].firstIndex(where: { $0.hasPrefix("```") }),
              let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix("```") })
        else { throw ManifestError("architecture.md has no fenced block after \(Self.marker)") }
        var joined: [String] = []
        for line in lines[(open + 1)..<close] where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            if line.first == " ", !joined.isEmpty {
                joined[joined.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            } else {
                joined.append(String(line))
            }
        }
        var modules: [String: Module] = [:]
        for line in joined {
            let (name, module) = try Self.module(line)
            guard modules.updateValue(module, forKey: name) == nil else { throw ManifestError("\(name) is drawn twice") }
        }
        self.modules = modules
    }

    private static func module(_ line: String) throws -> (String, Module) {
        let (left, products) = split(line, at: "·")
        let (head, targets) = split(left, at: "─►")
        let (name, note) = split(head, at: "(")
        guard !name.isEmpty, !name.contains(" "), note.isEmpty || (note.hasSuffix(")") && !note.contains("(")) else {
            throw ManifestError("architecture.md: cannot read the module graph's line \"\(line)\"")
        }
        return (name, Module(targets: try names(targets, in: line), products: try names(products, in: line)))
    }

    /// `text` before and after the first `separator`, trimmed; all of it and "" without one.
    private static func split(_ text: String, at separator: String) -> (String, String) {
        guard let range = text.range(of: separator) else { return (text.trimmingCharacters(in: .whitespaces), "") }
        return (text[..<range.lowerBound].trimmingCharacters(in: .whitespaces), text[range.upperBound...].trimmingCharacters(in: .whitespaces))
    }

    /// The comma-separated names in `list`, each one word.
    private static func names(_ list: String, in line: String) throws -> Set<String> {
        guard !list.isEmpty else { return [] }
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
            throw ManifestError("architecture.md: cannot read the module graph's line \"\(line)\"")
        }
        return Set(names)
    }
}
