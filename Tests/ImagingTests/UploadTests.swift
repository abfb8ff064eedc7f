import Foundation
import Imaging
import ImagingSamples
import Testing

#if canImport(Glibc)
import Glibc
import TestSupport
#endif

@Suite("Uploads read through a size-capped stream")
struct UploadTests {
    static let png = Data(HostilePNG.zeros(width: 40, height: 30))

    @Test("a regular image file is read whole, sniffed and measured")
    func regularFile() throws {
        try withTemporaryFolderSync { folder in
            let path = folder.appendingPathComponent("photo.png").path
            try Self.png.write(to: URL(fileURLWithPath: path))
            let upload = try ImageUpload.read(contentsOf: path)
            #expect(upload.data == Self.png)
            #expect(upload.info == ImageInfo(format: .png, width: 40, height: 30))
        }
    }

    @Test("a FIFO is refused at once, without waiting for a writer")
    func fifo() throws {
        try withTemporaryFolderSync { folder in
            let path = folder.appendingPathComponent("photo.jpg").path
            #expect(mkfifo(path, 0o600) == 0)
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: path) }
            #expect(error?.code == .notAFile)
            #expect(error?.message == "\(path) is a pipe (FIFO), not an image file")
        }
    }

    @Test("/dev/zero is a device, not an image file")
    func device() {
        let error = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: "/dev/zero") }
        #expect(error?.code == .notAFile)
        #expect(error?.message == "/dev/zero is a device, not an image file")
    }

    @Test("a folder is a folder, not an image file")
    func folder() throws {
        try withTemporaryFolderSync { folder in
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: folder.path) }
            #expect(error?.code == .notAFile)
            #expect(error?.message == "\(folder.path) is a folder, not an image file")
        }
    }

    @Test("a missing file and an empty file say so")
    func missingAndEmpty() throws {
        try withTemporaryFolderSync { folder in
            let missing = folder.appendingPathComponent("nothing.png").path
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: missing) }
            #expect(error?.code == .unreadable)
            #expect(error?.message == "\(missing) does not exist")
            let empty = folder.appendingPathComponent("empty.png")
            try Data().write(to: empty)
            let emptyError = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: empty.path) }
            #expect(emptyError?.code == .notAnImage)
            #expect(emptyError?.message == "\(empty.path) is empty, not an image")
        }
    }

    @Test("a symbolic link is followed by default and refused when links are not followed")
    func symbolicLinks() throws {
        try withTemporaryFolderSync { folder in
            let target = folder.appendingPathComponent("photo.png"), link = folder.appendingPathComponent("link.png")
            try Self.png.write(to: target)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            #expect(try ImageUpload.read(contentsOf: link.path).data == Self.png)
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: link.path, followingSymlinks: false) }
            #expect(error?.code == .notAFile)
            #expect(error?.message == "\(link.path) is a symbolic link, not an image file (links are not followed here)")
        }
    }

    @Test("a link to a 1.5 GB sparse file is refused from fstat on the open descriptor, before any byte is read")
    func hugeFileBehindALink() throws {
        try withTemporaryFolderSync { folder in
            let huge = folder.appendingPathComponent("huge.jpg"), link = folder.appendingPathComponent("photo.jpg")
            #expect(FileManager.default.createFile(atPath: huge.path, contents: Data([0xFF, 0xD8, 0xFF])))
            #expect(truncate(huge.path, 1_500_000_000) == 0)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: huge)
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(contentsOf: link.path) }
            #expect(error?.code == .tooLarge)
            #expect(error?.message == "\(link.path) is larger than 25 MB (it is 1500000000 bytes), the limit for an image")

            let handle = try FileHandle(forReadingFrom: huge)
            defer { try? handle.close() }
            #expect(throws: ImagingError.self) { try ImageUpload.read(from: handle, name: "huge.jpg") }
            #expect(lseek(handle.fileDescriptor, 0, SEEK_CUR) == 0)
        }
    }

    @Test("a 20 MB file that is not an image is refused after its first 64 KB")
    func notAnImageStopsEarly() throws {
        try withTemporaryFolderSync { folder in
            let path = folder.appendingPathComponent("notes.jpg")
            try Data(repeating: 0x41, count: 20_000_000).write(to: path)
            let handle = try FileHandle(forReadingFrom: path)
            defer { try? handle.close() }
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(from: handle, name: "notes.jpg") }
            #expect(error?.code == .notAnImage)
            #expect(error?.message == "notes.jpg: this file is not a JPEG or PNG photo")
            #expect(lseek(handle.fileDescriptor, 0, SEEK_CUR) == 65_536)
        }
    }

    @Test("a header declaring too many pixels is refused after the first read")
    func tooManyPixelsStopsEarly() throws {
        try withTemporaryFolderSync { folder in
            let path = folder.appendingPathComponent("bomb.png")
            var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            bytes += HostilePNG.chunk("IHDR", [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0, 8, 2, 0, 0, 0])  // 100,000²
            bytes += HostilePNG.chunk("IDAT", [UInt8](repeating: 0, count: 200_000))  // more than one read
            try Data(bytes).write(to: path)
            let handle = try FileHandle(forReadingFrom: path)
            defer { try? handle.close() }
            let error = #expect(throws: ImagingError.self) { try ImageUpload.read(from: handle, name: "bomb.png") }
            #expect(error?.code == .tooLarge)
            #expect(error?.message == "bomb.png: this photo is 100000×100000 pixels, more than the 50 megapixels a photo may have")
            #expect(lseek(handle.fileDescriptor, 0, SEEK_CUR) == 65_536)
        }
    }

    @Test("the size limit is exact: a file of the limit is read, one byte less of limit refuses it")
    func exactSizeLimit() throws {
        try withTemporaryFolderSync { folder in
            let path = folder.appendingPathComponent("photo.png").path
            try Self.png.write(to: URL(fileURLWithPath: path))
            #expect(try ImageUpload.read(contentsOf: path, limits: ImageLimits(maxEncodedBytes: Self.png.count)).data == Self.png)
            let error = #expect(throws: ImagingError.self) {
                try ImageUpload.read(contentsOf: path, limits: ImageLimits(maxEncodedBytes: Self.png.count - 1))
            }
            #expect(error?.message == "\(path) is larger than \(Self.png.count - 1) bytes (it is \(Self.png.count) bytes), the limit for an image")
        }
    }

    @Test("a stream is refused at the chunk that crosses the limit, and no byte past it is kept")
    func streamCrossingTheLimit() throws {
        var reader = CappedImageReader(name: "the upload", limits: ImageLimits(maxEncodedBytes: 2_000_000))
        let png = HostilePNG.zeros(width: 10, height: 10)
        try reader.append(png)
        for _ in 0..<19 { try reader.append([UInt8](repeating: 0, count: 100_000)) }
        try reader.append([UInt8](repeating: 0, count: 100_000 - png.count))  // exactly the limit
        let error = #expect(throws: ImagingError.self) { try reader.append([0]) }
        #expect(error?.message == "the upload is larger than 2 MB, the limit for an image")
        #expect(reader.data.count == 2_000_000)
    }

    @Test("a prefix decides as soon as it holds the header, and asks for more before")
    func prefixes() throws {
        let jpeg = HostileJPEG.progressive(width: 640, height: 480, scans: 2)
        #expect(try ImageInfo.read(prefix: Data(jpeg.prefix(10))) == nil)
        // SOI (2), DQT (69), then SOF2 at 71, whose width ends at byte 80.
        #expect(try ImageInfo.read(prefix: Data(jpeg.prefix(79))) == nil)
        #expect(try ImageInfo.read(prefix: Data(jpeg.prefix(80))) == ImageInfo(format: .jpeg, width: 640, height: 480))
        let text = #expect(throws: ImagingError.self) { try ImageInfo.read(prefix: Data(repeating: 0x41, count: 32)) }
        #expect(text?.code == .notAnImage)
        #expect(try ImageInfo.read(prefix: Data(repeating: 0x41, count: 31)) == nil)
        // A PNG's transparency is known only once the chunks before IDAT have been seen.
        let transparent = HostilePNG.zeros(width: 8, height: 8, beforeData: HostilePNG.chunk("tEXt", Array("a\0b".utf8)) + HostilePNG.chunk("tRNS", [0, 0, 0, 0, 0, 0]))
        #expect(try ImageInfo.read(prefix: Data(transparent.prefix(40))) == nil)
        #expect(try ImageInfo.read(prefix: Data(transparent.prefix(70)))?.hasAlpha == true)
    }

    @Test("a header that ends past the first megabyte is read when the upload is complete, in two halves or one byte at a time")
    func lateHeader() throws {
        let before = HostilePNG.chunk("prVt", [UInt8](repeating: 1, count: 2_000_000)) + HostilePNG.chunk("tRNS", [0, 0, 0, 0, 0, 0])
        let png = HostilePNG.zeros(width: 16, height: 8, beforeData: before)
        var halves = CappedImageReader(name: "late.png")
        try halves.append(png.prefix(1_500_000))
        #expect(halves.info == nil)
        try halves.append(png.dropFirst(1_500_000))
        #expect(halves.info == nil)  // no longer looked for as the bytes arrive
        #expect(try halves.finish().info == ImageInfo(format: .png, width: 16, height: 8, hasAlpha: true))
        var trickle = CappedImageReader(name: "late.png")
        for byte in png { try trickle.append([byte]) }
        let trickled = try trickle.finish()
        #expect(trickled.data == Data(png))
        #expect(trickled.info == ImageInfo(format: .png, width: 16, height: 8, hasAlpha: true))
    }
}
