import Foundation
import KeyedArchive

/// The rules of an item's custom fields (see ``CustomField``) and of archiving it.
extension ItemRules {
    /// The most custom fields one item can have.
    public static let maxCustomFields = 30
    /// The longest name of a custom field, in characters.
    public static let maxCustomFieldNameLength = 60
    /// The longest value of a custom field, in characters.
    public static let maxCustomFieldValueLength = 500

    /// A custom field's name checked by the rules: trimmed, not empty, one line, at most 60
    /// characters.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func customFieldName(_ name: String) throws -> String {
        guard let text = try checkedText(name, as: "a field's name", maxLength: maxCustomFieldNameLength, lineBreaks: false) else {
            throw HomepwnerError(.invalidValue, "a field needs a name")
        }
        return text
    }

    /// A custom field's value checked by the rules: trimmed, one line, at most 500 characters;
    /// nil when empty (which removes the field).
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue`.
    public static func customFieldValue(_ value: String, of name: String) throws -> String? {
        try checkedText(value, as: "the field \(name)", maxLength: maxCustomFieldValueLength, lineBreaks: false)
    }

    /// `fields` with `changes` made in order, each checked: a change with an empty value removes
    /// the field of its name (names compare by code point), one whose name is there replaces
    /// that field's value where it is, a new one goes last. Nil when no field is left.
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for a name or value that breaks its rule, or
    ///   more than ``maxCustomFields`` fields.
    public static func applying(_ changes: [CustomField], to fields: [CustomField]?) throws -> [CustomField]? {
        var result = fields ?? []
        for change in changes {
            let name = try customFieldName(change.name)
            let value = try customFieldValue(change.value, of: name)
            let index = result.firstIndex { ExactString.equal($0.name, name) }
            switch (index, value) {
            case (let index?, let value?): result[index].value = value
            case (let index?, nil): result.remove(at: index)
            case (nil, let value?): result.append(CustomField(name: name, value: value))
            case (nil, nil): break
            }
        }
        guard result.count <= maxCustomFields else {
            throw HomepwnerError(.invalidValue, "an item can have at most \(maxCustomFields) fields of its own, not \(result.count)")
        }
        return result.isEmpty ? nil : result
    }

    /// The custom field `text` names: `NAME=VALUE` as the command line and forms take it (the
    /// first `=` separates them; `NAME=` removes the field).
    ///
    /// - Throws: ``HomepwnerError`` `.invalidValue` for text without `=`.
    public static func customField(parsing text: String) throws -> CustomField {
        guard let equals = text.firstIndex(of: "=") else {
            throw HomepwnerError(.invalidValue, "a field is given as NAME=VALUE (NAME= removes it), not \"\(text.prefix(80))\"")
        }
        return CustomField(name: String(text[..<equals]), value: String(text[text.index(after: equals)...]))
    }

    /// What is wrong with custom fields read from disk, each in its rule's words: a key holding a
    /// value of another type, a name or value that breaks its rule, a name given twice (by code
    /// point), too many fields.
    static func customFieldProblems(of fields: [CustomField]) -> [ItemProblem] {
        var problems: [ItemProblem] = []
        var names = Set<[UInt8]>()
        for field in fields {
            for key in field.unreadableFields {
                problems.append(ItemProblem(field: .customFields, message: "the field \(field.name.prefix(60)): \(key) holds a value of another type; it is kept as it is until the field is set"))
            }
            do {
                let name = try customFieldName(field.name)
                _ = try customFieldValue(field.value, of: name)
                if !names.insert(Array(name.utf8)).inserted {
                    problems.append(ItemProblem(field: .customFields, message: "the field \(name) is given twice"))
                }
            } catch let error as HomepwnerError {
                problems.append(ItemProblem(field: .customFields, message: error.message))
            } catch {}
        }
        if fields.count > maxCustomFields {
            problems.append(ItemProblem(field: .customFields, message: "an item can have at most \(maxCustomFields) fields of its own, not \(fields.count)"))
        }
        return problems
    }
}
