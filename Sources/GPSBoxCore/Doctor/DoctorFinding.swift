// One line of `gpsbox doctor`'s answer: what was checked, the verdict, and for a problem the
// fix and the section of the owner's guide (docs/raspberry-pi.md) that explains it.

public struct DoctorFinding: Sendable, Equatable {
    public enum Area: String, Sendable, CaseIterable {
        case configuration, uart, groups, device, module
        case logFolder = "log folder"
        case led = "LED", i2c = "I2C"
        case service, clock
    }

    public enum Verdict: String, Sendable {
        case ok, note, skipped
        case problem = "PROBLEM"
    }

    /// Anchors of docs/raspberry-pi.md.
    public enum GuideSection: String, Sendable {
        case freeSerialPort = "4-free-the-serial-port"
        case install = "5-install"
        case isItWorking = "6-is-it-working"
        case doctor = "gpsbox-doctor"
        case configuration = "8-configuration"
        case logs = "9-where-the-logs-are"
        case troubleshooting = "11-troubleshooting"
        case gpsTime = "gps-time-for-chrony"

        public var reference: String { "docs/raspberry-pi.md#" + rawValue }
    }

    public var area: Area
    public var verdict: Verdict
    public var text: String
    public var fix: String?
    public var guide: GuideSection?

    public init(_ area: Area, _ verdict: Verdict, _ text: String, fix: String? = nil, guide: GuideSection? = nil) {
        self.area = area
        self.verdict = verdict
        self.text = text
        self.fix = fix
        self.guide = guide
    }

    public static func problem(_ area: Area, _ text: String, fix: String, guide: GuideSection) -> DoctorFinding {
        DoctorFinding(area, .problem, text, fix: fix, guide: guide)
    }
}
