import BenchmarkSupport
import Foundation
import Imaging

// Imaging benchmarks: a 12-megapixel JPEG and PNG to an 88×88 PNG thumbnail, ours against
// vipsthumbnail (libvips-tools) and ImageMagick's convert -thumbnail, each run as a process
// under /usr/bin/time for wall time and peak memory, interleaved, medians and ratios printed.
// With --worst-cases, instead: the worst images we can build within the limits, each timed in a
// fresh process with its peak memory.
// Usage, from the project folder: swift run --package-path Benchmarks -c release imaging-benchmarks [--runs N] [--work DIR] [--worst-cases]

var runs = 7
var worst = false
var work = FileManager.default.temporaryDirectory.appendingPathComponent("imaging-benchmarks")
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--work": work = URL(fileURLWithPath: arguments.next() ?? work.path)
    case "--worst-cases": worst = true
    case "--worst-child":
        // Internal: one worst case in this fresh process.
        guard let path = arguments.next(), let scans = Int(arguments.next() ?? "") else { exit(64) }
        worstChild(path: path, maxScans: scans)
        exit(0)
    case "--child":
        // Internal: make one thumbnail (or one full decode) in this fresh process.
        guard let mode = arguments.next(), let input = arguments.next(), let output = arguments.next() else { exit(64) }
        try child(mode: mode, input: URL(fileURLWithPath: input), output: URL(fileURLWithPath: output))
        exit(0)
    default:
        FileHandle.standardError.write(Data("usage: imaging-benchmarks [--runs N] [--work DIR] [--worst-cases]\n".utf8))
        exit(64)
    }
}

try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
if worst {
    try runWorstCases(in: work)
    exit(0)
}
let (jpeg, png) = try makePhotos(in: work)
let me = URL(fileURLWithPath: Bundle.main.executablePath ?? CommandLine.arguments[0])
print("Imaging benchmarks: 4000×3000 photo to an 88×88 PNG, each tool a fresh process, median of \(runs) interleaved runs")
print("inputs: JPEG \(size(of: jpeg)), PNG \(size(of: png))")
for input in [jpeg, png] {
    let output = work.appendingPathComponent("thumb.png").path
    var contenders: [(name: String, command: [String])] = [
        ("ours (Thumbnailer)", [me.path, "--child", "thumbnail", input.path, output]),
    ]
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/vipsthumbnail") {
        contenders.append(("vipsthumbnail", ["/usr/bin/vipsthumbnail", input.path, "--size", "88x88", "--smartcrop", "centre", "-o", output]))
    }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") {
        contenders.append(("ImageMagick convert -thumbnail", ["/usr/bin/convert", input.path, "-thumbnail", "88x88^", "-gravity", "center", "-extent", "88x88", output]))
    }
    try race(input: input, contenders: contenders, runs: runs)
}
try memoryReport(jpeg: jpeg)
if !FileManager.default.isExecutableFile(atPath: "/usr/bin/vipsthumbnail") || !FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") {
    print("")
    print("(install the competitors with: apt-get install libvips-tools imagemagick)")
}
