import BenchmarkSupport
import Foundation
import Imaging

/// A human size: "4.2 MB".
func size(of url: URL) -> String {
    let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    return String(format: "%.1f MB", Double(bytes) / 1_000_000)
}

/// A 12-megapixel photo-like picture (gradients, shapes and fine noise), as JPEG and PNG.
func makePhotos(in folder: URL) throws -> (jpeg: URL, png: URL) {
    let jpeg = folder.appendingPathComponent("photo-12mp.jpg"), png = folder.appendingPathComponent("photo-12mp.png")
    if FileManager.default.fileExists(atPath: jpeg.path), FileManager.default.fileExists(atPath: png.path) { return (jpeg, png) }
    var noise: UInt32 = 12345
    let image = PixelImage(width: 4000, height: 3000, channels: 3) { x, y in
        noise = noise &* 1_664_525 &+ 1_013_904_223
        let grain = Int(noise >> 29) - 4
        let dx = x - 2000, dy = y - 1500
        let ring = (dx * dx + dy * dy) / 9000 % 64
        let r = x * 200 / 4000 + ring + grain, g = y * 180 / 3000 + 30 + grain, b = 120 + (x ^ y) % 32 + grain
        return [UInt8(clamping: r), UInt8(clamping: g), UInt8(clamping: b)]
    }
    try JPEGEncoder.encode(image, quality: 90).write(to: jpeg)
    try PNGEncoder.encode(image).write(to: png)
    return (jpeg, png)
}

/// One timed run of `command` under /usr/bin/time: wall seconds and peak resident KiB.
func timed(_ command: [String]) throws -> (seconds: Double, peakKiB: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = ["-f", "%e %M"] + command
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let clock = ContinuousClock()
    let start = clock.now
    try process.run()
    let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let elapsed = seconds(clock.now - start)
    guard process.terminationStatus == 0 else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(command[0]) failed: \(report)"])
    }
    let fields = report.split(separator: "\n").last?.split(separator: " ") ?? []
    return (elapsed, fields.count == 2 ? Int(fields[1]) ?? 0 : 0)
}

/// Runs each contender `runs` times, interleaved, and prints medians and ratios.
func race(input: URL, contenders: [(name: String, command: [String])], runs: Int) throws {
    var times = Array(repeating: [Double](), count: contenders.count)
    var peaks = Array(repeating: [Int](), count: contenders.count)
    for contender in contenders { _ = try timed(contender.command) }  // warm the page cache
    for _ in 0..<runs {
        for (index, contender) in contenders.enumerated() {
            let (elapsed, peak) = try timed(contender.command)
            times[index].append(elapsed)
            peaks[index].append(peak)
        }
    }
    print("")
    print("\(input.lastPathComponent) → 88×88 PNG (whole process: start, read, decode, scale, encode, write)")
    let ours = median(times[0])
    for (index, contender) in contenders.enumerated() {
        let time = median(times[index])
        let peak = Double(peaks[index].sorted()[peaks[index].count / 2]) / 1024
        let note = index == 0 ? "" : String(format: "   ours is %.1f× faster, uses %.2f× its memory", time / ours, Double(peaks[0].sorted()[peaks[0].count / 2]) / 1024 / peak)
        print("  \(contender.name.padding(toLength: 32, withPad: " ", startingAt: 0)) \(milliseconds(time))   peak \(String(format: "%6.1f", peak)) MiB\(note)")
    }
}

/// The JPEG case's memory: what a thumbnail needs beyond the process's baseline, against what a
/// full-size decode needs, each in a fresh process.
func memoryReport(jpeg: URL) throws {
    print("")
    print("memory beyond the process baseline, 12-megapixel JPEG (each a fresh process):")
    let fullBytes = 4000.0 * 3000 * 3 / 1_048_576
    for mode in ["thumbnail", "decode-full"] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
        process.arguments = ["--child", mode, jpeg.path, jpeg.deletingLastPathComponent().appendingPathComponent("thumb.png").path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let extra = Double(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
        print(String(format: "  %@  +%6.1f MiB   (%.2f of the %.1f MiB a full-size RGB decode holds)",
                     (mode == "thumbnail" ? "Thumbnailer, DCT-scaled decode" : "full-size decode (for comparison)").padding(toLength: 34, withPad: " ", startingAt: 0),
                     extra, extra / fullBytes, fullBytes))
    }
}

/// The child: read the file, make the thumbnail (or decode at full size), write it, and print
/// the growth of the resident set's high-water mark over the baseline, in MiB.
func child(mode: String, input: URL, output: URL) throws {
    let baseline = residentHighWater()
    let data = try Data(contentsOf: input)
    if mode == "decode-full" {
        let (image, _) = try ImageDecoder().decode(data)
        precondition(image.width == 4000)
    } else {
        try Thumbnailer().thumbnail(of: data).write(to: output)
    }
    print(String(format: "%.2f", Double(residentHighWater() - baseline) / 1_048_576))
}

/// VmHWM of this process, in bytes.
func residentHighWater() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
}
