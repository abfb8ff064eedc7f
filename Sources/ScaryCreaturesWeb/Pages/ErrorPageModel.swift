/// A page for a failure (a creature that does not exist, a form that cannot be read).
struct ErrorPageModel: Sendable {
    var heading: String
    var message: String
}
