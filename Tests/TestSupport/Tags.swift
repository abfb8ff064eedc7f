import Testing

extension Tag {
    /// A test that takes many seconds (it kills processes, floods a server, or walks every crash
    /// point): `swift test --skip <suite>` or a filter leaves it out of a quick run.
    @Tag public static var slow: Tag
}
