import Foundation
import Testing
import TestSupport

/// The local S3 server parses moto's stored object times with Python's ISO parser instead of
/// dateutil (a third of a listing's time): what it answers must not change by a byte.
@Suite struct S3TestServerTimestampTests {
    @Test("The test server's quick timestamp parser writes every time moto writes as moto's own parser does")
    func quickParserAgreesWithMoto() async throws {
        let script = projectRoot().appendingPathComponent("Scripts/s3-test-server.py").path
        let output = try await runPython(
            "import runpy, sys; sys.argv = [sys.argv[1], '--check-timestamps']; runpy.run_path(sys.argv[0], run_name='__main__')",
            arguments: [script]
        )
        #expect(String(decoding: output, as: UTF8.self) == "16000 timestamps written the same\n")
    }
}
