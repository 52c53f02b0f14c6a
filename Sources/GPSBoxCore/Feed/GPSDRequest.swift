// What a gpsd client asks (gpsd JSON protocol, "Core Protocol Commands" in gpsd_json(5)):
// `?VERSION;`, `?DEVICES;`, `?WATCH;` or `?WATCH={...};`, `?POLL;`, `?DEVICE;` or
// `?DEVICE={...};`. gpsbox serves what real clients (cgps, gpspipe, libgps, foxtrotgps,
// OpenCPN) send and changes nothing on the module: `?DEVICE={...}` is answered as a query.

public enum GPSDRequest: Equatable, Sendable {
    case version
    case devices
    /// `?WATCH;` asks for the current settings; `?WATCH={...};` changes the named ones.
    case watch(GPSDWatchChange)
    case poll
    case device
}

/// The WATCH attributes a client may set; nil leaves one as it is. Unknown attributes are
/// ignored (some clients repeat `"class":"WATCH"` inside the object).
public struct GPSDWatchChange: Equatable, Sendable {
    public var enable: Bool?
    public var json: Bool?
    public var nmea: Bool?
    /// 0: none; 1: raw NMEA / hex of binary; 2: the binary bytes as they came.
    public var raw: Int?
    public var scaled: Bool?
    public var timing: Bool?
    public var split24: Bool?
    public var pps: Bool?
    /// Only this device's reports (gpsbox has one device: any other path watches nothing).
    public var device: String?

    public init() {}
}

/// A client's watch, as gpsd keeps one per subscriber.
public struct GPSDWatch: Equatable, Sendable {
    public var enable = false
    public var json = false
    public var nmea = false
    public var raw = 0
    public var scaled = false
    public var timing = false
    public var split24 = false
    public var pps = false
    public var device: String?

    public init() {}

    /// gpsd's rule: `?WATCH={"enable":true}` alone means JSON reports; enabling with neither
    /// json, nmea nor raw named turns json on.
    public mutating func apply(_ change: GPSDWatchChange) {
        if let v = change.enable { enable = v }
        if let v = change.json { json = v }
        if let v = change.nmea { nmea = v }
        if let v = change.raw { raw = min(max(v, 0), 2) }
        if let v = change.scaled { scaled = v }
        if let v = change.timing { timing = v }
        if let v = change.split24 { split24 = v }
        if let v = change.pps { pps = v }
        if let v = change.device { device = v }
        if change.enable == true && change.json == nil && change.nmea == nil && change.raw == nil {
            json = true
        }
    }

    /// Whether reports about `path` go to this client at all.
    public func watches(device path: String) -> Bool {
        enable && (device == nil || device == path)
    }
}
