import Foundation
import Homepwner

/// A home inventory as people keep one: names of things in a few words, serial numbers,
/// twelve places in a house (some nested), labels, models and manufacturers, a note on one item
/// in five, a few accented names. The same for every run.
enum SampleInventory {
    static let things = ["camera", "lamp", "chair", "drill", "piano", "bicycle", "kettle", "mirror", "clock", "radio", "desk", "guitar", "éclair tin", "saw"]
    static let qualities = ["Red", "Old", "Vintage", "Small", "Large", "Blue", "Spare", "Antique", "Cordless", "Folding"]
    static let places = [
        "House › Garage", "House › Garage › Shelf 1", "House › Garage › Shelf 2", "House › Kitchen", "House › Kitchen › Pantry",
        "House › Attic", "House › Bedroom", "House › Bedroom › Wardrobe", "House › Living room", "House › Study", "Storage unit", "Car",
    ]
    static let labels = ["tools", "electronics", "kitchen", "insured", "gift", "vintage"]
    static let makers = ["Acme", "Spork & Sons", "Nordwerk", "Kōgyō", "Brightline"]

    static func items(count: Int) -> [Item] {
        (0..<count).map { index in
            let thing = things[index % things.count]
            var item = Item(
                itemName: "\(qualities[(index / things.count) % qualities.count]) \(thing) \(index + 1)",
                serialNumber: index % 3 == 0 ? "" : "SN-\((index &* 7919) % 1_000_000)",
                valueInDollars: (index &* 37) % 5_000,
                dateCreated: Date(timeIntervalSinceReferenceDate: 400_000_000 + Double(index) * 3_600),
                itemKey: String(format: "%08X-0000-4000-8000-%012X", index, index)
            )
            item.location = index % 13 == 12 ? nil : places[index % places.count]
            item.labels = index % 4 == 3 ? nil : [labels[index % labels.count]] + (index % 5 == 0 ? ["insured"] : [])
            item.modelName = "\(thing.prefix(2).uppercased())-\(index % 90 + 10)"
            item.manufacturer = makers[index % makers.count]
            item.notes = index % 5 == 0 ? "Bought for the move; receipt in the blue folder. Check the cable." : nil
            return item
        }
    }
}
