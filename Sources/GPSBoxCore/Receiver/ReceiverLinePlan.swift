// Making the configured output fit the line. A module found at 9600 Bd with
// its NMEA on cannot also carry NAV-PVT, NAV-SAT and NAV-DOP every second: the module drops
// whole epochs. The policy says what gives way: the line rate (raise-baud: switch the UART,
// follow it, and fall back to trimming when the module does not answer at the new rate) or
// the output (trim: NMEA off first, then satellite information less often, and last the
// navigation rate itself). Only a UART has a line rate; DDC (I2C) and USB carry any output.

/// What gives way when the output does not fit the UART (`line-policy`).
public enum ReceiverLinePolicy: Hashable, Sendable {
    /// Switch the module's UART to the slowest standard rate up to `maximum` that carries the
    /// output (and follow it); trim what does not fit even `maximum`.
    case raiseBaud(maximum: Int)
    /// Keep the line rate; trim the output until it fits.
    case trim
}

/// What was chosen for one configuration, for the log, `gpsbox status` and the track log.
public struct ReceiverLineChoice: Hashable, Sendable {
    public var port: ReceiverPort
    /// The UART rate the module ends at (nil on I2C and USB).
    public var baud: Int?
    /// The rate the module was found at, when the UART was switched.
    public var raisedFrom: Int?
    /// The output as configured.
    public var budget: ReceiverOutputBudget
    /// What was given up so the output fits, in words ("NMEA off").
    public var trimmed: [String]

    /// "UART1 at 115200 Bd (raised from 9600): 1756 B/s, 16 % of the line".
    public var summary: String {
        var s = port.name
        guard let baud else { return s + ": no line limit, \(budget.bytesPerSecond) B/s" }
        s += " at \(baud) Bd"
        if let from = raisedFrom { s += from < baud ? " (raised from \(from))" : " (switched from \(from))" }
        if !trimmed.isEmpty { s += ", trimmed to fit: " + trimmed.joined(separator: ", ") }
        return s + ": \(budget.bytesPerSecond) B/s, \(budget.linePercent(baud: baud)) % of the line"
    }
}

public enum ReceiverLinePlanner {
    /// Seconds between satellite reports tried when trimming, shortest first.
    static let satelliteInfoSeconds = [2, 5, 10, 30]

    /// The rate to switch `port`, found at `baud`, to: the slowest standard rate that carries
    /// `budget`, else the policy's maximum; nil when the line already carries it or may not be
    /// switched. The caller switches first, then calls `fit` at the rate the line ended at.
    public static func baudToRaise(_ budget: ReceiverOutputBudget, port: ReceiverPort, baud: Int,
                                   policy: ReceiverLinePolicy?) -> Int? {
        guard port.hasLineRate, case .raiseBaud(let maximum)? = policy, maximum > baud, !budget.fits(baud: baud)
        else { return nil }
        return ReceiverSettings.standardBaudRates.first { $0 > baud && $0 <= maximum && budget.fits(baud: $0) } ?? maximum
    }

    /// Trims `budget` until it fits `baud` (no change on I2C, USB or without a policy).
    public static func fit(_ budget: ReceiverOutputBudget, port: ReceiverPort, baud: Int, raisedFrom: Int? = nil,
                           policy: ReceiverLinePolicy?) -> ReceiverLineChoice {
        guard port.hasLineRate else { return ReceiverLineChoice(port: port, baud: nil, budget: budget, trimmed: []) }
        var b = budget
        var trimmed: [String] = []
        if policy != nil, !b.fits(baud: baud), b.nmea {
            b.nmea = false
            trimmed.append("NMEA off")
        }
        if policy != nil, !b.fits(baud: baud) {
            let names = b.satelliteInfo.map(\.rawValue).joined(separator: "/")
            for seconds in satelliteInfoSeconds {
                b.satelliteInfoPerSolutions = b.rateHertz * seconds
                if b.fits(baud: baud) || seconds == satelliteInfoSeconds.last! {
                    trimmed.append("\(names) every \(seconds) s")
                    break
                }
            }
        }
        if policy != nil, !b.fits(baud: baud) {
            // Even the position alone does not fit: refuse the rate, take the highest that fits.
            let asked = b.rateHertz
            while b.rateHertz > 1, !b.fits(baud: baud) {
                b.rateHertz -= 1
                b.satelliteInfoPerSolutions = b.rateHertz * satelliteInfoSeconds.last!
            }
            trimmed.append("\(asked) Hz refused, \(b.rateHertz) Hz is the most \(baud) Bd carries")
        }
        return ReceiverLineChoice(port: port, baud: baud, raisedFrom: raisedFrom, budget: b, trimmed: trimmed)
    }
}

extension ReceiverPort {
    /// A UART has a line rate the output must fit; DDC and USB do not.
    public var hasLineRate: Bool { self == .uart1 }

    /// The manual's name: "UART1", "DDC (I2C)", "USB".
    public var name: String {
        switch self {
        case .uart1: "UART1"
        case .i2c: "DDC (I2C)"
        case .usb: "USB"
        }
    }
}
