// gpsd's replies other than the per-fix reports (gpsd_json(5)): VERSION (sent on connect and
// for `?VERSION;`), WATCH, DEVICES/DEVICE and ERROR. One line each, newline-terminated as
// gpsd sends them ("\r\n"). Clients check proto_major (3) and read proto_minor as a feature
// level: 14 is gpsd 3.22's, whose TPV fields (altHAE, altMSL, geoidSep) `decode` writes.

public enum GPSDReplies {
    public static let protocolMajor = 3
    public static let protocolMinor = 14

    public static func version(release: String) -> String {
        var w = JSONObjectWriter()
        w.field("class", "VERSION")
        w.field("release", release)
        w.field("rev", release)
        w.field("proto_major", protocolMajor)
        w.field("proto_minor", protocolMinor)
        return w.finished() + "\r\n"
    }

    public static func watch(_ watch: GPSDWatch) -> String {
        var w = JSONObjectWriter()
        w.field("class", "WATCH")
        w.field("enable", watch.enable)
        w.field("json", watch.json)
        w.field("nmea", watch.nmea)
        w.field("raw", watch.raw)
        w.field("scaled", watch.scaled)
        w.field("timing", watch.timing)
        w.field("split24", watch.split24)
        w.field("pps", watch.pps)
        w.field("device", watch.device)
        return w.finished() + "\r\n"
    }

    /// What a client learns of the one device gpsbox reads.
    public struct Device: Equatable, Sendable {
        public var path: String
        /// "u-blox" once the module answered as one, else "NMEA0183".
        public var driver: String
        /// When the device was opened, RFC 3339.
        public var activated: String?
        /// Line rate; nil over USB or I2C.
        public var bitsPerSecond: Int?
        /// Seconds per navigation epoch.
        public var cycleSeconds: Double

        public init(path: String, driver: String, activated: String?, bitsPerSecond: Int?, cycleSeconds: Double) {
            self.path = path
            self.driver = driver
            self.activated = activated
            self.bitsPerSecond = bitsPerSecond
            self.cycleSeconds = cycleSeconds
        }
    }

    public static func device(_ d: Device) -> String { deviceObject(d) + "\r\n" }

    public static func devices(_ list: [Device]) -> String {
        var w = JSONObjectWriter()
        w.field("class", "DEVICES")
        w.rawField("devices", "[" + list.map(deviceObject).joined(separator: ",") + "]")
        return w.finished() + "\r\n"
    }

    public static func error(_ message: String) -> String {
        var w = JSONObjectWriter()
        w.field("class", "ERROR")
        w.field("message", message)
        return w.finished() + "\r\n"
    }

    private static func deviceObject(_ d: Device) -> String {
        var w = JSONObjectWriter()
        w.field("class", "DEVICE")
        w.field("path", d.path)
        w.field("driver", d.driver)
        w.field("activated", d.activated)
        // flags 1: seen GPS data; native 1: binary (UBX) mode, as gpsd reports a u-blox.
        w.field("flags", 1)
        w.field("native", d.driver == "u-blox" ? 1 : 0)
        w.field("bps", d.bitsPerSecond)
        if d.bitsPerSecond != nil {
            w.field("parity", "N")
            w.field("stopbits", 1)
        }
        w.field("cycle", d.cycleSeconds, decimals: 2)
        return w.finished()
    }
}
