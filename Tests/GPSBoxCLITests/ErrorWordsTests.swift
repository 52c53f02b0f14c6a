import Foundation
import Testing
@testable import GPSBoxCLI
import GPSBoxCore
import GPSBoxSimulator
import GPSBoxSystem
#if canImport(GPSBoxLinux)
import GPSBoxLinux
#endif

/// Every case of every error a person can read (a command's stderr, `configure`'s report, the
/// journal) in words: one example per case, all of them in Fixtures/errors/catalogue.txt
/// (reviewed like the --help goldens; GPSBOX_UPDATE_GOLDEN=1 rewrites it), and none spelling a
/// Swift case (`noVersionAnswer(attempts: 3)`, `.tripStart`). The `covers` switches are
/// exhaustive, so a new case does not compile here until it has an example.
@Suite struct ErrorWordsTests {
    static let segment = "/var/lib/gpsbox/0000000001-20261130T070000Z.gpslog"

    static func covers(_ e: ReceiverConfigurationError) {
        switch e { case .noVersionAnswer, .rejected, .noAcknowledgement, .baudSwitchNotConfirmed: break }
    }
    static func covers(_ e: ReceiverSettingsError) { switch e { case .rateOutOfRange, .baudRateUnsupported: break } }
    static func covers(_ e: LogIOError) {
        switch e { case .noSpace, .readOnly, .notFound, .ioError, .fileTooLarge, .notRegularFile, .failed: break }
    }
    static func covers(_ e: SegmentHeader.DecodeError) { switch e { case .badMagic, .badChecksum, .unsupportedVersion: break } }
    static func covers(_ r: LogDamage.Reason) {
        switch r {
        case .badHeader, .unsupportedVersion, .checksumMismatch, .badRecordHeader, .nonZeroPadding, .zeroedBlock,
             .malformedPayload, .undatedSample, .tornTail, .unreadable, .notRegularFile, .tooLarge, .misnamedSegment,
             .duplicateSegment, .conflictingCopy, .damagedClosedSegment, .sizeMismatch, .missingSegment: break
        }
    }
    static func covers(_ e: ConfigValueError) { switch e { case .badUnit, .badValue, .outOfRange: break } }
    static func covers(_ r: ConfigError.Reason) {
        switch r {
        case .syntax, .unknownKey, .duplicateKey, .missingValue, .invalidValue, .conflict, .unreadable: break
        }
    }
    static func covers(_ e: GPXError) {
        switch e { case .badCoordinate, .badElevation, .badTime, .timeGoesBackwards, .noTrackPoints: break }
    }
    static func covers(_ e: UBXError) { switch e { case .runt, .lengthMismatch, .unsupportedVersion, .unknownConfigKeySize: break } }
    static func covers(_ r: NMEAError.Reason) {
        switch r { case .notASentence, .unexpectedSentenceType, .missingField, .invalidNumber, .outOfRange, .invalidIndicator: break }
    }
    static func covers(_ e: FolderLockError) { switch e { case .held, .failed: break } }
    static func covers(_ e: LogAccessError) {
        switch e {
        case .missing, .missingFile, .cannotRead, .cannotDelete, .notADirectory, .notATrackLog, .notAFileOfTheLog, .emptyLog, .notRunning, .failed: break
        }
    }

    #if canImport(GPSBoxLinux)
    static func covers(_ e: ControlError) { switch e { case .notRunning, .permissionDenied, .timedOut, .badReply, .untrustedPeer, .failed: break } }
    static func covers(_ e: SerialError) { switch e { case .unsupportedBaud, .busy, .notSerialPort, .missing, .deviceGone, .system: break } }
    static func covers(_ e: DDCError) { switch e { case .noAcknowledge, .writeTooShort, .system: break } }
    static func covers(_ e: LEDError) { switch e { case .chipUnavailable, .lineUnavailable, .setFailed: break } }
    static func covers(_ e: ReceiverLinkError) { switch e { case .gone, .unavailable, .failed: break } }
    #endif

    /// One example of each case, named `Type.case` (the name is for the reader of the
    /// catalogue; the message beside it is what the owner reads).
    static var examples: [(String, any Error & CustomStringConvertible)] {
        let navPVT = UBXMessageID(class: 0x01, id: 0x07)
        let cfgValGet = UBXMessageID(class: 0x06, id: 0x8B)
        var list: [(String, any Error & CustomStringConvertible)] = [
            ("ReceiverConfigurationError.noVersionAnswer", ReceiverConfigurationError.noVersionAnswer(attempts: 3)),
            ("ReceiverConfigurationError.rejected", ReceiverConfigurationError.rejected(command: "CFG-RATE")),
            ("ReceiverConfigurationError.noAcknowledgement",
             ReceiverConfigurationError.noAcknowledgement(command: "CFG-MSG NAV-PVT", attempts: 1)),
            ("ReceiverConfigurationError.baudSwitchNotConfirmed",
             ReceiverConfigurationError.baudSwitchNotConfirmed(from: 9600, to: 115_200)),
            ("ReceiverSettingsError.rateOutOfRange", ReceiverSettingsError.rateOutOfRange(hertz: 30)),
            ("ReceiverSettingsError.baudRateUnsupported", ReceiverSettingsError.baudRateUnsupported(1234)),
            ("LogIOError.noSpace", LogIOError.noSpace(path: segment)),
            ("LogIOError.readOnly", LogIOError.readOnly(path: segment)),
            ("LogIOError.notFound", LogIOError.notFound(path: segment)),
            ("LogIOError.ioError", LogIOError.ioError(path: segment)),
            ("LogIOError.fileTooLarge", LogIOError.fileTooLarge(path: segment)),
            ("LogIOError.notRegularFile", LogIOError.notRegularFile(path: segment)),
            ("SegmentHeader.DecodeError.badMagic", SegmentHeader.DecodeError.badMagic),
            ("SegmentHeader.DecodeError.badChecksum", SegmentHeader.DecodeError.badChecksum),
            ("SegmentHeader.DecodeError.unsupportedVersion", SegmentHeader.DecodeError.unsupportedVersion(9)),
            ("ConfigValueError.badUnit", ConfigValueError.badUnit(value: "10", expected: "a duration such as 10s")),
            ("ConfigValueError.badValue", ConfigValueError.badValue(value: "fast", expected: "a number of Hz")),
            ("ConfigValueError.outOfRange", ConfigValueError.outOfRange(value: "30Hz", allowed: "1-25Hz")),
            ("GPXError.badCoordinate", GPXError.badCoordinate(line: 4, attribute: "lat", value: "north")),
            ("GPXError.badElevation", GPXError.badElevation(line: 5, value: "high")),
            ("GPXError.badTime", GPXError.badTime(line: 6, value: "noon")),
            ("GPXError.timeGoesBackwards", GPXError.timeGoesBackwards(line: 9)),
            ("GPXError.noTrackPoints", GPXError.noTrackPoints),
            ("UBXError.runt", UBXError.runt(navPVT, length: 40, minimum: 92)),
            ("UBXError.lengthMismatch", UBXError.lengthMismatch(cfgValGet, length: 13, expected: 12)),
            ("UBXError.unsupportedVersion", UBXError.unsupportedVersion(cfgValGet, version: 7)),
            ("UBXError.unknownConfigKeySize", UBXError.unknownConfigKeySize(cfgValGet, key: 0x7012_0001)),
            ("FolderLockError.held", FolderLockError.held(folder: "/var/lib/gpsbox", pid: 412)),
            ("FolderLockError.failed",
             FolderLockError.failed(SystemError(call: "flock", path: "/var/lib/gpsbox/gpsbox.lock", errno: EBADF))),
            ("SystemError", SystemError(call: "open", path: "/dev/serial0", errno: ENOENT)),
            ("UsageError", UsageError("--rate: '0' is not a rate (1 to 25 Hz)")),
            ("LogAccessError.missing", LogAccessError.missing(path: "/home/pi/logs")),
            ("LogAccessError.missingFile", LogAccessError.missingFile(path: segment)),
            ("LogAccessError.cannotRead", LogAccessError.cannotRead(path: "/var/lib/gpsbox")),
            ("LogAccessError.cannotDelete", LogAccessError.cannotDelete(path: segment, directory: "/var/lib/gpsbox")),
            ("LogAccessError.notADirectory", LogAccessError.notADirectory(path: "/home/pi/ride.gpx")),
            ("LogAccessError.notATrackLog", LogAccessError.notATrackLog(path: "/home/pi")),
            ("LogAccessError.notAFileOfTheLog", LogAccessError.notAFileOfTheLog(path: "/home/pi/ride.gpx")),
            ("LogAccessError.emptyLog", LogAccessError.emptyLog(path: "/var/lib/gpsbox")),
            ("LogAccessError.notRunning", LogAccessError.notRunning(statusFile: "/run/gpsbox/status.json")),
            ("LogAccessError.failed", LogAccessError(reading: .failed(call: "read", path: segment, errno: EIO))),
            ("WriteError", Words(WriteError(SystemError(call: "write", path: "/media/usb/ride.gpx", errno: ENOSPC)).description)),
            ("InvalidConfiguration", InvalidConfiguration([
                ConfigError(.syntax("rate 5"), at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 3)),
                ConfigError(.unknownKey("ratee", suggestion: "rate"), at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 4)),
                ConfigError(.duplicateKey("rate", firstLine: 4), at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 7)),
                ConfigError(.missingValue(key: "quota"), at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 8)),
                ConfigError(.invalidValue(key: "rate", .outOfRange(value: "30", allowed: "1-25Hz")), at: .flag("--rate")),
                ConfigError(.conflict(key: "i2c", "set together with device; use one of them"),
                            at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 9)),
                ConfigError(.unreadable("Permission denied"), at: .file(path: "/etc/gpsbox/gpsbox.conf", line: 0)),
            ])),
        ]
        for (name, reason) in [("notASentence", NMEAError.Reason.notASentence), ("unexpectedSentenceType", .unexpectedSentenceType),
                               ("missingField", .missingField), ("invalidNumber", .invalidNumber),
                               ("outOfRange", .outOfRange), ("invalidIndicator", .invalidIndicator(UInt8(ascii: "Q")))] {
            list.append(("NMEAError.\(name)", NMEAError(field: 3, reason)))
        }
        let reasons: [(String, LogDamage.Reason)] = [
            ("badHeader", .badHeader), ("unsupportedVersion", .unsupportedVersion(9)),
            ("checksumMismatch", .checksumMismatch), ("badRecordHeader", .badRecordHeader),
            ("nonZeroPadding", .nonZeroPadding), ("zeroedBlock", .zeroedBlock),
            ("undatedSample", .undatedSample), ("tornTail", .tornTail), ("unreadable", .unreadable(.ioError(path: segment))),
            ("notRegularFile", .notRegularFile), ("tooLarge", .tooLarge(bytes: 1 << 40)), ("misnamedSegment", .misnamedSegment),
            ("duplicateSegment", .duplicateSegment(of: segment)), ("conflictingCopy", .conflictingCopy(of: segment)),
            ("damagedClosedSegment", .damagedClosedSegment), ("sizeMismatch", .sizeMismatch(expected: 4096, found: 2048)),
            ("missingSegment", .missingSegment(3...5)),
        ] + LogRecordType.allCases.map { ("malformedPayload", .malformedPayload($0)) }
        for (name, reason) in reasons {
            list.append(("LogDamage.\(name)", Words(LogDamage(file: segment, offset: 4096, length: 52, reason: reason).description)))
        }
        #if canImport(GPSBoxLinux)
        list += [
            ("ControlError.notRunning", ControlError.notRunning(path: "/run/gpsbox/control.sock")),
            ("ControlError.permissionDenied", ControlError.permissionDenied(path: "/run/gpsbox/control.sock")),
            ("ControlError.timedOut", ControlError.timedOut(path: "/run/gpsbox/control.sock", milliseconds: 2000)),
            ("ControlError.badReply", ControlError.badReply(path: "/run/gpsbox/control.sock", text: "what")),
            ("ControlError.untrustedPeer",
             ControlError.untrustedPeer(path: "/tmp/gpsbox/control.sock", uid: 1001, pid: 4321, folderOwner: 998)),
            ("ControlError.failed",
             ControlError.failed(SystemError(call: "recv", path: "/run/gpsbox/control.sock", errno: ECONNRESET))),
            ("SerialError.system", SerialError.system(SystemError(call: "tcsetattr", path: "/dev/ttyAMA0", errno: EIO))),
            ("DDCError.system", DDCError.system(call: "open", path: "/dev/i2c-1", errno: ENOENT,
                                                 reason: SystemError.reason(errno: ENOENT))),
            ("ReceiverLinkError.gone", ReceiverLinkError.gone("/dev/ttyACM0: device gone (unplugged or closed)")),
            ("ReceiverLinkError.unavailable", ReceiverLinkError.unavailable("/dev/ttyACM0 is in use by another process (exclusive open)")),
            ("ReceiverLinkError.failed", ReceiverLinkError.failed("read /dev/ttyAMA0: Input/output error (errno 5)")),
            ("SerialError.unsupportedBaud", SerialError.unsupportedBaud(1234)),
            ("SerialError.busy", SerialError.busy(path: "/dev/ttyAMA0", pid: 1234)),
            ("SerialError.deviceGone", SerialError.deviceGone(path: "/dev/ttyACM0")),
            ("SerialError.notSerialPort", SerialError.notSerialPort(path: "/dev/null")),
            ("SerialError.missing", SerialError.missing(path: "/dev/serial0")),
            ("DDCError.noAcknowledge", DDCError.noAcknowledge(address: 0x42, errno: ENXIO, reason: SystemError.reason(errno: ENXIO))),
            ("DDCError.writeTooShort", DDCError.writeTooShort(count: 1)),
            ("LEDError.chipUnavailable", LEDError.chipUnavailable(path: "/dev/gpiochip0", errno: ENOENT)),
            ("LEDError.lineUnavailable", LEDError.lineUnavailable(path: "/dev/gpiochip0", line: 17, errno: EBUSY)),
            ("LEDError.setFailed", LEDError.setFailed(path: "/dev/gpiochip0", line: 17, errno: EIO)),
        ]
        #endif
        return list
    }

    /// A finished message (a damage line, say) that is not itself an error type.
    struct Words: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }

    /// `noVersionAnswer(`, `.tripStart`, `rateOutOfRange(hertz:`: how Swift prints a case.
    static func swiftCaseSpelling(in text: String) -> String? {
        let pattern = #"(\b[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*\()|((^|[\s(])\.[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)"#
        guard let r = text.range(of: pattern, options: .regularExpression) else { return nil }
        return String(text[r])
    }

    @Test func theGuardFindsSwiftCaseSpellings() {
        #expect(Self.swiftCaseSpelling(in: "gpsbox configure: noVersionAnswer(attempts: 3)") == "noVersionAnswer(")
        #expect(Self.swiftCaseSpelling(in: "malformed .tripStart payload") == " .tripStart")
        #expect(Self.swiftCaseSpelling(in: "cannot read /dev/ttyAMA0 or ride.gpslog (see gpsbox status)") == nil)
    }

    @Test func noMessageSpellsASwiftCase() {
        for (name, error) in Self.examples {
            #expect(Self.swiftCaseSpelling(in: error.description) == nil, "\(name): \(error.description)")
            #expect(!error.description.isEmpty, "\(name)")
        }
    }

    @Test func theCatalogueMatchesTheGoldenFile() throws {
        let text = Self.examples.map { "\($0.0)\n  \($0.1.description.replacingOccurrences(of: "\n", with: "\n  "))\n" }
            .joined()
        #if canImport(GPSBoxLinux)
        try ErrorGoldenTests.compare(text, toFixture: "catalogue", allowErrno: true)
        #endif
    }

    /// The top level's catch-all: an error type without words still reads as a sentence.
    @Test func anErrorWithoutWordsStillReadsAsASentence() {
        enum Undescribed: Error { case lostTrackOf(count: Int) }
        let text = GPSBox.sentence(Undescribed.lostTrackOf(count: 3))
        #expect(Self.swiftCaseSpelling(in: text) == nil, "\(text)")
        #expect(text.hasPrefix("an unexpected "))
    }
}
