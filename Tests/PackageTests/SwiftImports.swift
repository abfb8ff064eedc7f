/// The modules Swift source imports, read line by line: `import X`, `@testable import X`,
/// `@_spi(Testing) import X`, `public import X`, `import struct X.Y`; lines inside multi-line
/// string literals (a Python script in a test, raw or not) and block comments are not code and
/// are skipped.
enum SwiftImports {
    /// The modules `source` imports, each with the first line that imports it (1-based).
    static func modules(in source: String) -> [String: Int] {
        var found: [String: Int] = [:]
        var closer: String?  // what ends the multi-line string literal the line is in
        var inComment = false
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let end = closer {
                if line.contains(end) { closer = nil }
                continue
            }
            if inComment {
                if line.contains("*/") { inComment = false }
                continue
            }
            if line.contains("#\"\"\"") {
                closer = "\"\"\"#"
            } else if line.ranges(of: "\"\"\"").count % 2 == 1 {
                closer = "\"\"\""
            }
            if line.contains("/*") && !line.contains("*/") { inComment = true }
            if let module = module(importedBy: line), found[module] == nil { found[module] = index + 1 }
        }
        return found
    }

    /// The module `line` imports, if it is an import declaration: attributes (with their
    /// arguments) and an access level come first, then `import`, an optional kind and the
    /// module's name.
    static func module(importedBy line: Substring) -> String? {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        while rest.first == "@" {
            rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
            if rest.first == "(" {
                // The arguments, to the parenthesis that closes them.
                var depth = 0
                guard let close = rest.indices.first(where: { index in
                    if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
                    return depth == 0
                }) else { return nil }
                rest = rest[rest.index(after: close)...]
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
        }
        var words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        if let first = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(first) { words = words.dropFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        if ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].contains(words.first ?? ""), words.count >= 2 {
            words = words.dropFirst()
        }
        return words.first?.split(separator: ".").first.map(String.init)
    }
}
