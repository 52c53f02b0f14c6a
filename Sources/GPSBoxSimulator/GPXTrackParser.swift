// Reads the track points of a GPX 1.1 file (https://www.topografix.com/GPX/1/1/): just
// enough XML for `<trkpt lat=".." lon=".."><ele>..</ele><time>..</time></trkpt>` (and
// `<rtept>`), so `gpsbox simulate --route FILE.gpx` needs no XML library. Everything else
// (metadata, extensions, comments) is skipped.
import GPSBoxCore

public enum GPXError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A `trkpt` without a valid `lat`/`lon` attribute.
    case badCoordinate(line: Int, attribute: String, value: String)
    case badElevation(line: Int, value: String)
    case badTime(line: Int, value: String)
    /// Times go backwards between two points.
    case timeGoesBackwards(line: Int)
    case noTrackPoints

    public var description: String {
        switch self {
        case let .badCoordinate(line, attribute, value): return "line \(line): trkpt \(attribute)=\"\(value)\" is not a coordinate"
        case let .badElevation(line, value): return "line \(line): <ele> '\(value)' is not a number"
        case let .badTime(line, value): return "line \(line): <time> '\(value)' is not an RFC 3339 UTC time"
        case let .timeGoesBackwards(line): return "line \(line): track point time goes backwards"
        case .noTrackPoints: return "no <trkpt> or <rtept> elements"
        }
    }
}

public enum GPXTrackParser {
    /// The points in file order; `time` is seconds since the first point's time when every
    /// point has one, else nil throughout.
    public static func points(_ bytes: [UInt8]) throws(GPXError) -> [RoutePoint] {
        var points: [RoutePoint] = []
        var times: [UTCTime?] = []
        var lines: [Int] = []
        var current: RoutePoint?
        var currentTime: UTCTime?
        var field: String?  // "ele" or "time" while inside one
        var line = 1
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            guard b == 0x3C else { i += 1; continue }  // '<'
            // Text before this tag belongs to the open <ele>/<time>.
            let tagStart = i
            var j = i + 1
            while j < n, bytes[j] != 0x3E { if bytes[j] == 0x0A { line += 1 }; j += 1 }  // '>'
            let tag = String(decoding: bytes[(tagStart + 1)..<min(j, n)], as: UTF8.self)
            i = j + 1
            if tag.hasPrefix("!--") || tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            let closing = tag.hasPrefix("/")
            let body = closing ? tag.dropFirst() : Substring(tag)
            let name = body.prefix { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" && $0 != "/" }
            let local = name.split(separator: ":").last.map(String.init) ?? ""
            switch (local, closing) {
            case ("trkpt", false), ("rtept", false):
                let lat = attribute("lat", in: body), lon = attribute("lon", in: body)
                guard let latText = lat, let la = Double(latText), (-90...90).contains(la) else {
                    throw .badCoordinate(line: line, attribute: "lat", value: lat ?? "")
                }
                guard let lonText = lon, let lo = Double(lonText), (-180...180).contains(lo) else {
                    throw .badCoordinate(line: line, attribute: "lon", value: lon ?? "")
                }
                current = RoutePoint(latitude: la, longitude: lo)
                currentTime = nil
                if body.hasSuffix("/") {
                    points.append(current!)
                    times.append(nil)
                    lines.append(line)
                    current = nil
                }
            case ("trkpt", true), ("rtept", true):
                if let p = current {
                    points.append(p)
                    times.append(currentTime)
                    lines.append(line)
                }
                current = nil
            case ("ele", false), ("time", false):
                if current != nil, !body.hasSuffix("/") { field = local }
                // The value is the text up to the next '<'.
                var k = i
                while k < n, bytes[k] != 0x3C { k += 1 }
                let text = trimmed(String(decoding: bytes[i..<k], as: UTF8.self))
                if field == "ele" {
                    guard let e = Double(text) else { throw .badElevation(line: line, value: text) }
                    current?.altitudeMSL = e
                } else if field == "time" {
                    guard let t = UTCTime(rfc3339: text) else { throw .badTime(line: line, value: text) }
                    currentTime = t
                }
                field = nil
            default:
                continue
            }
        }
        guard let first = times.first else { throw .noTrackPoints }
        if let t0 = first, times.allSatisfy({ $0 != nil }) {
            var last = t0
            for k in points.indices {
                let t = times[k]!
                if t < last { throw .timeGoesBackwards(line: lines[k]) }
                last = t
                points[k].time = Double(t.rawValue - t0.rawValue) / 1000
            }
        }
        return points
    }

    /// A route over the file's points: timed when every point carries a time, otherwise
    /// driven at `speed` m/s (a loop when it ends within 25 m of its start).
    public static func route(_ bytes: [UInt8], name: String, speed: Double = 5) throws(GPXError) -> Route {
        let pts = try points(bytes)
        let timed = pts.count > 1 && pts.allSatisfy { $0.time != nil }
        let closes = pts.count > 2 && Route.distance(pts[0], pts[pts.count - 1]) < 25
        return Route(name: name, points: pts, traversal: timed ? .timed : closes ? .loop : .outAndBack,
                     cruiseSpeed: speed)
    }

    static func attribute(_ key: String, in tag: Substring) -> String? {
        var rest = tag[...]
        while let r = rest.firstRange(of: key) {
            let before = r.lowerBound == rest.startIndex ? " " : rest[rest.index(before: r.lowerBound)]
            var k = r.upperBound
            rest = rest[r.upperBound...]
            guard before == " " || before == "\t" || before == "\n" || before == "\r" else { continue }
            while k < tag.endIndex, tag[k] == " " { k = tag.index(after: k) }
            guard k < tag.endIndex, tag[k] == "=" else { continue }
            k = tag.index(after: k)
            while k < tag.endIndex, tag[k] == " " { k = tag.index(after: k) }
            guard k < tag.endIndex, tag[k] == "\"" || tag[k] == "'" else { return nil }
            let quote = tag[k]
            let start = tag.index(after: k)
            guard let end = tag[start...].firstIndex(of: quote) else { return nil }
            return String(tag[start..<end])
        }
        return nil
    }

    static func trimmed(_ s: String) -> String {
        let ws: Set<Character> = [" ", "\t", "\n", "\r"]
        guard let a = s.firstIndex(where: { !ws.contains($0) }), let b = s.lastIndex(where: { !ws.contains($0) }) else {
            return ""
        }
        return String(s[a...b])
    }
}
