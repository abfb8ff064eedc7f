import Foundation

/// This process's resident memory now and at its peak, in bytes (`VmRSS` and `VmHWM` of
/// /proc/self/status; unlike getrusage's maxrss, the peak does not carry over across exec).
func residentMemory() -> (current: Int, peak: Int) {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func kibibytes(_ field: String) -> Int {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    return (kibibytes("VmRSS") * 1024, kibibytes("VmHWM") * 1024)
}
