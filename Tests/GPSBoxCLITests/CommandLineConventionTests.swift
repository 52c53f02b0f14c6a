// Command-line conventions an owner relies on: mistakes on the command line exit 64
// (EX_USAGE, sysexits.h), a bad configuration file 78 (the unit does not restart on it);
// every --help and the stats table fit an 80-column terminal; a speed of 0 needs no unit.
import Foundation
import Testing
@testable import GPSBoxCLI
@testable import GPSBoxCore

@Suite struct CommandLineConventionTests {
    @Test func aMistakeOnTheCommandLineIsEXUSAGE() {
        #expect(ExitStatus.usage.rawValue == 64)
        #expect(TestTrackLog.run(["dump", "--bogus"]).status.rawValue == 64)
        #if os(Linux)
        let r = TestTrackLog.run(["run", "--config", "/dev/null", "--rate", "fast"])
        #expect(r.status.rawValue == 64, "\(r.err)")
        #expect(r.err.hasPrefix("gpsbox run: bad option:"))
        #endif
    }

    @Test func aBadConfigurationFileStays78() throws {
        let conf = NSTemporaryDirectory() + "gpsbox-conv-\(UUID().uuidString).conf"
        try "rate = fast\n".write(toFile: conf, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: conf) }
        #expect(TestTrackLog.run(["config", "check", conf]).status.rawValue == 78)
        #if os(Linux)
        #expect(TestTrackLog.run(["run", "--config", conf]).status.rawValue == 78)
        #endif
    }

    @Test(arguments: ["0", "0m/s", "0.0", "0kn"])
    func aStationarySpeedOfZeroIsAccepted(text: String) throws {
        #expect(try ConfigValueSyntax.speed(text) == MillimetresPerSecond(rawValue: 0))
    }

    @Test func aSpeedOtherThanZeroStillNeedsItsUnit() {
        #expect(throws: ConfigValueError.self) { try ConfigValueSyntax.speed("2") }
    }

    @Test func everyHelpFitsEightyColumns() {
        var names: [String] = []
        for type in GPSBox.commands { names.append(type.name) }
        #expect(names.count > 10)
        for command in names {
            let r = TestTrackLog.run([command, "--help"])
            let wide = r.out.split(separator: "\n").filter { $0.count > 80 }
            #expect(wide.isEmpty, "\(command): \(wide.joined(separator: "\n"))")
        }
        let top = TestTrackLog.run(["--help"])
        #expect(top.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(top.out)")
    }

    @Test func theStatsTableFitsEightyColumns() throws {
        let dir = try TestTrackLog.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = TestTrackLog.run(["stats", "--log-dir", dir])
        #expect(r.status == .success)
        #expect(r.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(r.out)")
        #expect(r.out.contains("total"))
    }
}
