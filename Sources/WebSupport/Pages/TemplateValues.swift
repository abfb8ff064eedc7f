import Mustache

/// A page model as its template reads it, without reflection: the model's `Encodable`
/// conformance (the compiler's, from its stored properties) writes its fields into
/// ``TemplateFields`` (a struct's fields by name), ``TemplateList`` (an array) and the plain
/// values (`String`, `Int`, `Bool`…), which Mustache reads as they are. A nil optional is left
/// out, so the template reads it as missing and looks the name up around it, as for any field
/// the model does not have. Computed properties are not fields: a template sees only what is
/// stored.
enum TemplateValues {
    /// `model` as its template reads it.
    ///
    /// - Throws: what `model`'s own `encode(to:)` throws (the compiler's never does here).
    static func of(_ model: some Encodable) throws -> Any? {
        try TemplateEncoder.encode(model, at: [])
    }
}

/// A struct's fields by name, for the template.
final class TemplateFields: MustacheParent {
    /// The fields set, by name.
    var fields: [String: Any] = [:]

    /// The field named `name` (nil when the model has none, or an empty optional).
    func child(named name: String) -> Any? { fields[name] }
}

/// An array's elements, for a template's section to walk.
final class TemplateList: MustacheSequence {
    /// The elements, in order.
    var items: [Any] = []

    /// Walks the elements.
    func makeIterator() -> IndexingIterator<[Any]> { items.makeIterator() }
}
