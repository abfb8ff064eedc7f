import Foundation

/// The links around one page of a long list, and what the page shows of where it is: one model
/// for both apps' lists, drawn by the shared `pager` template (`{{#pager}}{{> pager}}{{/pager}}`).
public struct Pager: Sendable, Hashable, Encodable {
    /// "Items 101–200 of 2,345".
    public var rangeText: String
    /// The page before, if any.
    public var previousURL: String?
    /// The page after, if any.
    public var nextURL: String?
    /// The page shown, from 1.
    public var page: Int
    /// How many pages there are.
    public var pageCount: Int

    /// The pager of page `page` of `count` things shown `pageSize` at a time (`noun`: what they are
    /// called, plural, capitalised: "Items"), whose pages are at `url(page)`; nil when they fit
    /// on one page. A page past the last shows the last, one before the first the first: every
    /// page number shows a page.
    public init?(page: Int, pageSize: Int, count: Int, noun: String, url: (Int) -> String) {
        let size = max(1, pageSize)
        let pageCount = max(1, (max(0, count) + size - 1) / size)
        guard pageCount > 1 else { return nil }
        let current = Self.page(page, pageSize: size, count: count)
        let first = (current - 1) * size + 1
        let last = min(current * size, count)
        self.rangeText = "\(noun) \(first.formatted())–\(last.formatted()) of \(count.formatted())"
        self.previousURL = current > 1 ? url(current - 1) : nil
        self.nextURL = current < pageCount ? url(current + 1) : nil
        self.page = current
        self.pageCount = pageCount
    }

    /// Page `page` as shown when `count` things are shown `pageSize` at a time: within 1 and the
    /// last page (1 for an empty list).
    public static func page(_ page: Int, pageSize: Int, count: Int) -> Int {
        let size = max(1, pageSize)
        let pageCount = max(1, (max(0, count) + size - 1) / size)
        return min(max(1, page), pageCount)
    }

    /// The things page `page` shows of `count` (a range of their positions).
    public static func range(ofPage page: Int, pageSize: Int, count: Int) -> Range<Int> {
        let size = max(1, pageSize)
        let current = Self.page(page, pageSize: size, count: count)
        return min((current - 1) * size, max(0, count))..<min(current * size, max(0, count))
    }
}
