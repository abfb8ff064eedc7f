import BenchmarkSupport
import Foundation
import Imaging
import ImagingSamples

/// One worst case: a file built byte by byte, and the limits it is read under.
struct WorstCase {
    var name: String
    var file: String
    var limits = ImageLimits.default
    var bytes: () -> [UInt8]
}

/// The worst images we can build within (or just past) the default limits: 25 MB, 50
/// megapixels, 100 scans. 7071 × 7071 is the largest square under 50 megapixels.
func worstCases() -> [WorstCase] {
    let side = 7071
    let unlimitedScans = ImageLimits(maxScans: Int(Int32.max))
    return [
        WorstCase(name: "JPEG 1000² progressive, 20,000 empty scans (the report)", file: "scans-20000.jpg") {
            HostileJPEG.progressive(width: 1000, height: 1000, scans: 20_000)
        },
        WorstCase(name: "  same, scan cap lifted (as before the cap)", file: "scans-20000.jpg", limits: unlimitedScans) {
            HostileJPEG.progressive(width: 1000, height: 1000, scans: 20_000)
        },
        WorstCase(name: "JPEG 50 MP progressive, 100 empty scans (the cap)", file: "scans-100-50mp.jpg") {
            HostileJPEG.progressive(width: side, height: side, scans: 100)
        },
        WorstCase(name: "JPEG 50 MP progressive CMYK 4:4:4, 100 empty scans", file: "scans-100-50mp-cmyk.jpg") {
            HostileJPEG.progressive(width: side, height: side, scans: 100, components: 4)
        },
        WorstCase(name: "JPEG 50 MP progressive, 101 empty scans", file: "scans-101-50mp.jpg") {
            HostileJPEG.progressive(width: side, height: side, scans: 101)
        },
        WorstCase(name: "JPEG 50 MP baseline, a restart marker per block", file: "restarts-50mp.jpg") {
            HostileJPEG.restartEveryBlock(width: side, height: side)
        },
        WorstCase(name: "JPEG 50 MP progressive, 24 MB of junk after scan 1", file: "junk-50mp.jpg") {
            HostileJPEG.progressive(width: side, height: side, scans: 3, junkAfterFirstScan: 24_000_000)
        },
        WorstCase(name: "JPEG 1000², 24 MB of 0xFF fill bytes before the frame", file: "fill.jpg") {
            let jpeg = HostileJPEG.progressive(width: 1000, height: 1000, scans: 10)
            // Fill bytes may precede any marker: put them before the DQT segment.
            return Array(jpeg.prefix(2)) + [UInt8](repeating: 0xFF, count: 24_000_000) + Array(jpeg.dropFirst(2))
        },
        WorstCase(name: "PNG 50 MP RGB, one IDAT per compressed byte", file: "idats-50mp.png") {
            HostilePNG.zeros(width: side, height: side, idatSize: 1)
        },
        WorstCase(name: "PNG 50 MP RGBA 16-bit Adam7-interlaced", file: "interlaced16-50mp.png") {
            HostilePNG.zeros(width: side, height: side, bitDepth: 16, colorType: .rgba, interlaced: true)
        },
        WorstCase(name: "PNG 1000², zTXt chunks inflating to 3.8 GB", file: "ztxt.png") {
            var text: [UInt8] = []
            for _ in 0..<38 { text += HostilePNG.compressedText(inflatedSize: 100_000_000) }
            return HostilePNG.zeros(width: 1000, height: 1000, beforeData: text)
        },
        WorstCase(name: "PNG 1000², one 24 MB private chunk", file: "chunk.png") {
            HostilePNG.zeros(width: 1000, height: 1000, beforeData: HostilePNG.chunk("prVt", [UInt8](repeating: 7, count: 24_000_000)))
        },
    ]
}

/// Builds every worst case in `folder`, then runs each in a fresh process of this program and
/// prints its size, outcome, time (read + thumbnail, in the child) and peak memory.
func runWorstCases(in folder: URL) throws {
    print("Worst cases within the default limits (25 MB, 50 MP, 100 scans): read with ImageUpload, then an 88×88 thumbnail;")
    print("each a fresh process; time = read + thumbnail; peak = the child's VmHWM (baseline in brackets)")
    print("")
    let me = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
    var built = Set<String>()
    for worst in worstCases() {
        let url = folder.appendingPathComponent(worst.file)
        if !built.contains(worst.file) {
            try Data(worst.bytes()).write(to: url)
            built.insert(worst.file)
        }
        let process = Process()
        process.executableURL = me
        process.arguments = ["--worst-child", url.path, String(worst.limits.maxScans)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = line.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4 else {
            print("  \(worst.name): the child failed (\(process.terminationStatus)): \(line)")
            continue
        }
        let size = Double((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) / 1_000_000
        print("  \(worst.name.padding(toLength: 58, withPad: " ", startingAt: 0)) \(String(format: "%6.2f MB", size))  \(fields[1].padding(toLength: 10, withPad: " ", startingAt: 0)) peak \(fields[2]) MiB (\(fields[3]))  \(fields[0])")
    }
}

/// The child: one worst case, printed as "outcome<TAB>time<TAB>peak MiB<TAB>baseline MiB".
func worstChild(path: String, maxScans: Int) {
    let baseline = residentHighWater()
    let clock = ContinuousClock()
    let start = clock.now
    var outcome: String
    do {
        let limits = ImageLimits(maxScans: maxScans)
        let upload = try ImageUpload.read(contentsOf: path, limits: limits)
        let thumbnail = try Thumbnailer(limits: limits).thumbnail(of: upload.data)
        outcome = "thumbnail (\(thumbnail.count) bytes)"
    } catch let error as ImagingError {
        outcome = "refused: \(error.message.replacingOccurrences(of: path, with: "the file"))"
    } catch {
        outcome = "failed: \(error)"
    }
    let elapsed = milliseconds(seconds(clock.now - start)).trimmingCharacters(in: .whitespaces)
    print("\(outcome)\t\(elapsed)\t\(String(format: "%6.1f", Double(residentHighWater()) / 1_048_576))\t\(String(format: "%.1f", Double(baseline) / 1_048_576))")
}
