import DocumentStore
import Testing

/// A watch's listings never take more than a third of the storage's time.
@Suite struct PollPacingTests {
    @Test("quick passes wait the interval; a pass longer than half of it waits twice its own time")
    func waits() {
        let pacing = PollPacing(interval: .seconds(1))
        #expect(pacing.wait(afterPassTaking: .zero) == .seconds(1))
        #expect(pacing.wait(afterPassTaking: .milliseconds(500)) == .seconds(1))
        #expect(pacing.wait(afterPassTaking: .milliseconds(2400)) == .milliseconds(4800))
    }
}
