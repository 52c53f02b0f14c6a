// "No fix" as one journal line with its numbers: the LED's slow blink says
// the box is searching; the journal says for how long and how close it came, once when the
// outage passes `reportAfterMs` and once when a fix is back. Pure and clock-injected; the
// daemon feeds every epoch fix while the module sends data, and ticks once a second.

public struct FixOutage: Sendable {
    /// An outage shorter than this is not worth a line (a cold start takes about 30 s).
    public var reportAfterMs: Int64
    /// Since when (monotonic) there has been no usable fix: start or last good fix.
    public private(set) var since: MonotonicInstant
    public private(set) var isReported = false
    /// Satellites used in the latest fix during the outage, and the best (smallest) accuracy
    /// estimate seen in it, metres.
    public private(set) var satellites: Int?
    public private(set) var bestHorizontalAccuracyMetres: Double?

    public init(start: MonotonicInstant, reportAfterMs: Int64 = 60_000) {
        since = start
        self.reportAfterMs = reportAfterMs
    }

    /// A fix with a position the receiver calls valid ends the outage.
    public static func isUsable(_ fix: Fix) -> Bool { fix.receiverValid && fix.mode.hasPosition }

    /// Notes one epoch fix; returns the "fix again" line when it ends a reported outage.
    public mutating func add(_ fix: Fix, now: MonotonicInstant) -> String? {
        guard Self.isUsable(fix) else {
            satellites = fix.satellitesUsed ?? satellites
            if let h = fix.horizontalAccuracy?.metres {
                bestHorizontalAccuracyMetres = min(bestHorizontalAccuracyMetres ?? h, h)
            }
            return nil
        }
        defer { restart(at: now) }
        guard isReported else { return nil }
        var line = "fix again after \(Self.seconds(now - since)) s: \(DaemonStatus.modeName(fix.mode))"
        if let n = fix.satellitesUsed { line += ", \(n) satellites" }
        if let h = fix.horizontalAccuracy?.metres { line += ", hAcc \(Self.metres(h)) m" }
        return line
    }

    /// The "no fix" line, once, when the outage has lasted `reportAfterMs`.
    public mutating func tick(now: MonotonicInstant) -> String? {
        guard !isReported, now - since >= reportAfterMs else { return nil }
        isReported = true
        var line = "no fix for \(Self.seconds(now - since)) s"
        line += satellites.map { ", \($0) satellites" } ?? ", no satellites reported"
        if let h = bestHorizontalAccuracyMetres { line += ", best hAcc \(Self.metres(h)) m" }
        return line
    }

    /// No data at all (module lost or silent): that has its own line; the outage starts over
    /// when data returns, so its figures describe the sky, not the cable.
    public mutating func restart(at now: MonotonicInstant) {
        since = now
        isReported = false
        satellites = nil
        bestHorizontalAccuracyMetres = nil
    }

    private static func seconds(_ ms: Int64) -> Int64 { ms / 1000 }
    private static func metres(_ m: Double) -> String { m >= 100 ? String(Int(m.rounded())) : JSONObjectWriter.format(m, decimals: 1) }
}
