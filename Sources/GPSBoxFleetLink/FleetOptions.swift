// Command-line options of gpsbox-fleet: `--name value` pairs and a few flags, checked up front so
// a typo is one clear line, not a silent default.
import GPSBoxFleet
import GPSBoxSystem
import Glibc

package struct UsageError: Error, CustomStringConvertible {
    package var description: String
    package init(description: String) { self.description = description }
}

package struct FleetOptions {
    package var values: [String: String] = [:]
    package var flags: Set<String> = []
    package var positional: [String] = []

    package init(_ args: [String], valued: Set<String>, flags known: Set<String>) throws(UsageError) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a.hasPrefix("--") {
                let name = String(a.dropFirst(2))
                if known.contains(name) {
                    flags.insert(name)
                } else if valued.contains(name) {
                    guard i + 1 < args.count else { throw UsageError(description: "\(a) needs a value") }
                    values[name] = args[i + 1]
                    i += 1
                } else {
                    throw UsageError(description: "unknown option \(a)")
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    package subscript(_ name: String) -> String? { values[name] }

    package func int(_ name: String, default d: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[name] else { return d }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError(description: "--\(name) \(text): expected a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return v
    }

    package static let brokerOptions: Set<String> = ["host", "port", "ca", "cert", "key", "user", "password-file", "topic-prefix", "mqtt-version"]

    /// Broker settings; the password comes from a file (readable by the service only), never argv.
    package func broker() throws -> BrokerSettings {
        var b = BrokerSettings()
        b.host = values["host"] ?? b.host
        b.port = Int32(try int("port", default: 8883, in: 1...65535))
        b.caFile = values["ca"]
        b.certFile = values["cert"]
        b.keyFile = values["key"]
        b.user = values["user"]
        if let p = values["password-file"] {
            let fd = try FileDescriptor.openForReading(p)
            var text = String(decoding: try fd.readToEnd(maxBytes: 4096), as: UTF8.self)
            while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
            b.password = text
        }
        switch values["mqtt-version"] ?? "5" {
        case "5": b.version5 = true
        case "3.1.1": b.version5 = false
        case let v: throw UsageError(description: "--mqtt-version \(v): expected 5 or 3.1.1")
        }
        if (b.certFile == nil) != (b.keyFile == nil) { throw UsageError(description: "--cert and --key go together") }
        return b
    }

    package var topicPrefix: String { values["topic-prefix"] ?? "gpsbox" }
}

/// The box's name: --box, else (absent or empty) "box-" and the first 12 hex digits of
/// /etc/machine-id (stable per installation).
package func boxName(_ given: String?) throws -> String {
    if let given, !given.isEmpty {
        guard FleetSchema.isValidBox(given) else {
            throw UsageError(description: "box name '\(given)': use 1-64 letters, digits, '.', '_' or '-'")
        }
        return given
    }
    let fd = try FileDescriptor.openForReading("/etc/machine-id")
    let id = String(decoding: try fd.readToEnd(maxBytes: 64), as: UTF8.self).split(separator: "\n").first ?? ""
    guard id.count >= 12 else { throw UsageError(description: "/etc/machine-id is empty: give --box NAME") }
    return "box-" + id.prefix(12)
}
