/// The page that asks before a plain-form delete (without JavaScript there is no undo).
struct ConfirmDeletePageModel: Sendable {
    var id: Int
    var title: String
}
