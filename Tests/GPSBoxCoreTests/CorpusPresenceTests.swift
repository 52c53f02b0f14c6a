import Testing
@testable import GPSBoxCore

/// The corpus-driven suites take their cases from ../shared/corpus/gpsd. Without it they would
/// have no cases and pass silently, so its absence is a failure of its own.
@Suite struct CorpusPresenceTests {
    @Test func theSharedGpsdCorpusIsBesideTheRepository() throws {
        let dir = try #require(FramingCorpus.directory, "shared/corpus/gpsd not found beside the repository (or set GPSBOX_CORPUS)")
        #expect(FramingCorpus.logNames.count == 42, "\(dir.path) holds \(FramingCorpus.logNames.count) captures")
    }
}
