import WebSupport

/// What an item's page shows.
struct ItemPageModel: Sendable, Encodable {
    var key: String
    /// The item's version when the page was made: the `If-Match` of the page's first save.
    var version: String
    var name: String
    var serialNumber: String
    /// The value as typed in its field (`1200`).
    var value: String
    /// The value of one, `$500`.
    var valueText: String
    /// The value of all of it (value times quantity) when the quantity is not one; nil when it is.
    var totalText: String?
    /// The quantity, `3`.
    var quantityText: String
    var dateText: String
    var dateISO: String
    var photoTag: String?
    var problems: [String]
    /// The details' fields of the form.
    var details: DetailFieldsModel
    /// The details that are set, for the read-only page.
    var shownDetails: [ShownDetail]
    /// All its photos, with the form that adds more.
    var photos: PhotoGalleryModel
    /// Its own named fields, with the form that sets one.
    var customFields: CustomFieldsModel
    /// Whether it is archived, with the form that archives it or brings it back.
    var archive: ArchiveModel
    /// The item's attachments.
    var attachments: [AttachmentRow]
    /// Its maintenance log and the form that adds to it.
    var maintenance: MaintenanceModel
    /// Who added it and changed it, its last changes; nil when no person has changed it.
    var history: HistoryModel?
    var maxPhotoBytes: Int
    var maxPhotoText: String
    /// A refused plain form, in words.
    var formError: String?
    var damage: DamageModel?
    /// Changes are refused (a damaged archive): the page shows the fields without forms.
    var readOnly: Bool
}

/// What a plain form's post carries to the page its redirect shows.
enum CarriedPage: Sendable {
    /// The add form as typed, with its refusal: for the inventory.
    case add(AddFormModel)
    /// A refused change in words: for the item's page.
    case refusal(String)
    /// The maintenance form as typed, with its refusal: for the item's page, at its log.
    case maintenance(MaintenanceFormModel)
    /// A refused change in words, for one section of the item's page, shown beside it.
    case section(ItemPageSection, String)

    /// The add form, when that is what is carried.
    var addForm: AddFormModel? {
        if case .add(let form) = self { return form }
        return nil
    }

    /// The maintenance form, when that is what is carried.
    var maintenanceForm: MaintenanceFormModel? {
        if case .maintenance(let form) = self { return form }
        return nil
    }

    /// The refusal carried for `section`, if that is what is carried.
    func refusal(at section: ItemPageSection) -> String? {
        if case .section(let carried, let message) = self, carried == section { return message }
        return nil
    }

    /// The refusal, when that is what is carried.
    var refusal: String? {
        if case .refusal(let message) = self { return message }
        return nil
    }
}

/// The sections of an item's page a refused form comes back to, each with its fragment.
enum ItemPageSection: String, Sendable {
    case photos
    case fields = "custom-fields"
    case archive

    /// The item's page at this section.
    func path(of key: String) -> String { "/items/\(key)#\(rawValue)" }
}
