import Testing
@testable import GPSBoxCore

/// `gpsbox status` and `configure` name the module as its owner knows it (M8, M10), not by
/// its configuration interface.
@Suite struct ReceiverGenerationNameTests {
    @Test(arguments: [
        ("00080000", ["FWVER=SPG 3.01", "PROTVER=18.00", "MOD=NEO-M8N-0"], "M8 (NEO-M8N-0), protocol 18.00, SW ROM CORE 3.01 (107888), HW 00080000"),
        ("000A0000", ["FWVER=SPG 5.10", "PROTVER=34.10", "MOD=MAX-M10S"], "M10 (MAX-M10S), protocol 34.10, SW ROM CORE 3.01 (107888), HW 000A0000"),
        ("000A0000", ["PROTVER=32.01"], "M9, protocol 32.01, SW ROM CORE 3.01 (107888), HW 000A0000"),
        ("00190000", ["PROTVER=27.12"], "F9, protocol 27.12, SW ROM CORE 3.01 (107888), HW 00190000"),
        ("00040007", [], "u-blox 6, SW ROM CORE 3.01 (107888), HW 00040007"),
        ("00990000", ["PROTVER=40.00"], "u-blox receiver, key-value configuration, protocol 40.00, SW ROM CORE 3.01 (107888), HW 00990000"),
    ])
    func theSummaryNamesTheGeneration(hardware: String, extensions: [String], summary: String) {
        let id = ReceiverIdentity(softwareVersion: "ROM CORE 3.01 (107888)", hardwareVersion: hardware, extensions: extensions)
        #expect(id.summary == summary)
    }
}
