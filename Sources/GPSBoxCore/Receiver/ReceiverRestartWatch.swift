// Noticing that the module restarted from its own signs, so the daemon can
// configure it again: a restart loses everything set in RAM (rate, messages, line rate), and
// a module that comes back with a saved configuration may still send NAV-PVT, only not what
// the daemon asked for. The signs, each from the module's own output:
// - its start-up text ("u-blox AG - www.u-blox.com" as NMEA TXT or UBX INF), printed at boot;
// - a MON-VER nobody asked for (some firmware and tools announce the version at start);
// - NAV-PVT at another period than configured, several solutions in a row (one lost epoch
//   gives one long gap; a restart to a saved rate gives a steady other period);
// - NAV-PVT stopping while the module still sends (back to its NMEA-only defaults).
// A baud change after a restart shows as garbage instead; the daemon's auto-baud handles that.
// Pure: replies and the caller's monotonic instants in, a sign out.

public struct ReceiverRestartWatch: Hashable, Sendable {
    public enum Sign: Hashable, Sendable, CustomStringConvertible {
        case bootBanner
        case unaskedVersion
        case navigationPeriodChanged(configuredMs: Int, seenMs: Int)
        case navPVTStopped(afterMs: Int64)

        public var description: String {
            switch self {
            case .bootBanner: "start-up text from the module"
            case .unaskedVersion: "MON-VER arrived unasked"
            case .navigationPeriodChanged(let c, let s): "NAV-PVT every \(s) ms instead of the configured \(c) ms"
            case .navPVTStopped(let ms): "NAV-PVT stopped \(ms / 1000) s ago while the module still sends"
            }
        }
    }

    /// Solutions in a row at one other period before it counts as a changed rate.
    public static let periodEvidence = 5
    /// GPS week in milliseconds: iTOW wraps here.
    static let weekMs: Int64 = 604_800_000
    /// A MON-VER this soon after configuring is a late answer to one of its polls.
    public static let lateAnswerMs: Int64 = 5000

    /// The NAV-PVT period configured (nil: NAV-PVT not expected, e.g. not configured yet).
    public private(set) var configuredPeriodMs: Int?
    private var lastITOW: UInt32?
    private var otherPeriodMs = 0
    private var otherPeriodCount = 0
    private var lastPVTAt: MonotonicInstant?
    private var lastOtherAt: MonotonicInstant?
    private var configuredAt: MonotonicInstant?

    public init() {}

    /// The module was configured to send NAV-PVT every `periodMs` (nil: it was not).
    public mutating func configured(navigationPeriodMs periodMs: Int?, now: MonotonicInstant) {
        self = ReceiverRestartWatch()
        configuredPeriodMs = periodMs
        lastPVTAt = now
        configuredAt = now
    }

    /// One reply heard outside a configuration run; returns a restart sign if it is one. Only
    /// a watch that was told the module is `configured` sees signs (a module not configured
    /// yet prints its start-up text too).
    public mutating func observe(_ reply: ReceiverReply, now: MonotonicInstant) -> Sign? {
        guard let configuredAt = configuredAt else { return nil }
        switch reply {
        case .bootBanner: return .bootBanner
        case .version: return now - configuredAt > Self.lateAnswerMs ? .unaskedVersion : nil
        case .navigationSolution(let iTOW):
            lastPVTAt = now
            defer { lastITOW = iTOW }
            guard let expected = configuredPeriodMs, let last = lastITOW else { return nil }
            let seen = Int((Int64(iTOW) - Int64(last) + Self.weekMs) % Self.weekMs)
            guard seen != expected, seen > 0 else {
                otherPeriodCount = 0
                return nil
            }
            otherPeriodCount = seen == otherPeriodMs ? otherPeriodCount + 1 : 1
            otherPeriodMs = seen
            return otherPeriodCount >= Self.periodEvidence
                ? .navigationPeriodChanged(configuredMs: expected, seenMs: seen) : nil
        default:
            lastOtherAt = now
            return nil
        }
    }

    /// NAV-PVT absent for `stalledMs` while other output arrived meanwhile.
    public func check(now: MonotonicInstant, stalledMs: Int64) -> Sign? {
        guard configuredPeriodMs != nil, let pvt = lastPVTAt, let other = lastOtherAt,
              now - pvt > stalledMs, other > pvt, now - other < stalledMs else { return nil }
        return .navPVTStopped(afterMs: now - pvt)
    }
}
