// The feed's shared half: frames and epoch fixes from the logger's data path go in, and the
// bytes each kind of gpsd watcher gets come out, built once however many clients there are
// (gpsd.c all_reports() builds per client; this does not). It keeps the newest TPV, SKY and
// TOFF for `?POLL;`, the epoch's satellites for SKY, the receiver's leap seconds, and when
// the read that brought the epoch's first byte happened (TOFF and chrony; see ReadPacing).
//
// The caller (GPSBoxLinux) reads the clock and the sockets; nothing here does.

public final class GPSDFeed {
    public let release: String
    public var device: GPSDReplies.Device
    /// Parts nobody wants are not built; the server sets the union of its clients' wants.
    public var wanted: GPSDFeedOutput.Parts = .all

    public private(set) var latestTPV: [UInt8] = []
    public private(set) var latestSKY: [UInt8] = []
    public private(set) var latestTOFF: [UInt8] = []
    /// True once a fix was reported (gpsd's "active" in POLL).
    public var isActive: Bool { !latestTPV.isEmpty }

    /// GPS − UTC in seconds when the receiver said (NAV-TIMEGPS, NAV-TIMELS); nil for NMEA.
    public private(set) var leapSeconds: Int?
    /// A leap second the receiver announced (NAV-TIMELS lsChange, timeToLsEvent s).
    private var announcedLeap: (change: Int8, secondsAway: Int32)?

    private var sky = GPSDSky()
    /// The stamp of the newest chunk read, and of the chunk that brought the open epoch's first frame.
    private var chunkStamp: Int64?
    private var epochStamp: Int64?
    private var epochOpen = false
    /// Whether the receiver sends NMEA: then nmea watchers get its sentences, nothing synthesized.
    private var sawNMEA = false
    private var sawUBXNavigation = false
    private var skyFromUBX = false
    private var output = GPSDFeedOutput()
    private let writer = ByteWriter()

    public init(release: String, device: GPSDReplies.Device) {
        self.release = release
        self.device = device
        output.json.reserveCapacity(4096)
    }

    /// Every chunk read from the receiver, before it goes to the session: CLOCK_REALTIME right
    /// after the read, nanoseconds since 1970.
    public func chunkRead(realtimeNanoseconds: Int64) {
        chunkStamp = realtimeNanoseconds
    }

    /// The receiver went away (call with TrackerSession.receiverReconnected): the half-seen
    /// epoch's stamp and satellites are dropped, or the first fix after the outage would be
    /// stamped with a read from before it and chrony would get an offset as long as the outage.
    public func receiverReconnected() {
        epochOpen = false
        epochStamp = nil
        chunkStamp = nil
        sky.clear()
    }

    /// The stamp of the open epoch's first frame, if known. An epoch opens with the first UBX
    /// navigation message (or, for an NMEA receiver, sentence) after the previous fix.
    public var epochFirstByteNanoseconds: Int64? { epochStamp }

    /// One frame from the receiver, in stream order, after the epoch assembler saw it.
    public func frame(_ frame: Frame) -> GPSDFeedOutput {
        output.clear()
        if !epochOpen, opensEpoch(frame) {
            epochOpen = true
            epochStamp = chunkStamp
        }
        switch frame {
        case .nmea(let s), .uncheckedNMEA(let s):
            sawNMEA = true
            if wanted.contains(.text) {
                output.text.append(contentsOf: s)
                output.text.append(13)
                output.text.append(10)
            }
            noteNMEA(s)
        case .ubx(let id, let payload):
            if wanted.contains(.binary) || wanted.contains(.hex) {
                UBXFrameBuilder.append(class: id.messageClass, id: id.id, payload: payload, to: &output.binary)
            }
            noteUBX(id, payload)
        case .rtcm3(let s), .sirf(let s):
            if wanted.contains(.binary) || wanted.contains(.hex) { output.binary.append(contentsOf: s) }
        case .discarded:
            break
        }
        if !output.binary.isEmpty {
            if wanted.contains(.hex) {
                let binary = output.binary[...]   // not read through `output` while it is inout
                writer.append(to: &output.hex) { $0.appendHex(binary) }
                output.hex.append(13)
                output.hex.append(10)
            }
            if !wanted.contains(.binary) { output.binary.removeAll(keepingCapacity: true) }
        }
        return output
    }

    /// One epoch's fix (TrackerEvent.fix): TPV, the epoch's SKY, and TOFF plus a chrony sample
    /// when its time qualifies. The next frame opens the next epoch.
    public func fix(_ fix: Fix) -> GPSDFeedOutput {
        output.clear()
        let path = device.path
        let leap = leapSeconds
        // HNR-PVT is an epoch of its own between navigation epochs (u-blox M8 §32.11): stamped
        // by the chunk that brought it, leaving the open navigation epoch alone.
        let isHNR = fix.provenance.time == .hnrPVT
        let stamp = isHNR || !epochOpen ? chunkStamp : epochStamp
        latestTPV.removeAll(keepingCapacity: true)
        GPSDReports.appendTPV(fix, device: path, leapSeconds: leap, to: &latestTPV, with: writer)
        let hasSky = !isHNR && sky.hasData
        if hasSky {
            sky.resolveUsed()
            latestSKY.removeAll(keepingCapacity: true)
            writer.append(to: &latestSKY) { sky.write(device: path, time: fix.time, to: $0) }
            latestSKY.append(13)
            latestSKY.append(10)
        }
        if wanted.contains(.json) {
            output.json.append(contentsOf: latestTPV)
            if hasSky { output.json.append(contentsOf: latestSKY) }
        }
        if !isHNR { sky.clear() }
        if let stamp, let sample = ChronySample(fix: fix, receivedNanoseconds: stamp,
                                                            leap: leapIndicator(at: fix.time)) {
            output.chronySample = sample
            latestTOFF.removeAll(keepingCapacity: true)
            writer.append(to: &latestTOFF) {
                GPSDReports.writeTOFF(device: path, real: fix.time!, clockNanoseconds: stamp, to: $0)
            }
            if wanted.contains(.pps) { output.pps.append(contentsOf: latestTOFF) }
        }
        if !sawNMEA, wanted.contains(.synthesizedNMEA), let sample = TrackSample(fix) {
            writer.append(to: &output.synthesizedNMEA) { out in
                var w = NMEAWriter(out)
                w.write(sample)
            }
        }
        if !isHNR {
            epochOpen = false
            epochStamp = nil
        }
        return output
    }

    /// Whether `frame` can be the first of a new epoch. Once the receiver sends UBX navigation
    /// messages, only those count (NMEA it also sends trails the epoch and would stamp the next
    /// one early), and NAV-EOE ends an epoch rather than beginning one (u-blox M8 §32.17.6).
    private func opensEpoch(_ frame: Frame) -> Bool {
        switch frame {
        case .ubx(let id, _):
            guard id.messageClass == 0x01, id != .navEOE else { return false }
            sawUBXNavigation = true
            return true
        case .nmea, .uncheckedNMEA: return !sawUBXNavigation
        default: return false
        }
    }

    /// chrony's leap field (refclock_sock.c: 1 insert, 2 delete at the end of this UTC day).
    private func leapIndicator(at time: UTCTime?) -> Int32 {
        guard let time, let (change, away) = announcedLeap, change != 0, away >= 0 else { return 0 }
        let endOfDay = (time.dayNumber + 1) * 86_400_000
        guard time.rawValue + Int64(away) * 1000 <= endOfDay + 1000 else { return 0 }
        return change > 0 ? 1 : 2
    }

    private func noteUBX(_ id: UBXMessageID, _ payload: ArraySlice<UInt8>) {
        switch id {
        case .navSAT: if let m = try? NavSAT(payload) { sky.add(m); skyFromUBX = true }
        case .navDOP: if let m = try? NavDOP(payload) { sky.add(m); skyFromUBX = true }
        case .navTIMEGPS:
            if let m = try? NavTIMEGPS(payload), m.leapSValid { leapSeconds = Int(m.leapS) }
        case .navTIMELS:
            guard let m = try? NavTIMELS(payload) else { return }
            if m.validCurrLs { leapSeconds = Int(m.currLs) }
            announcedLeap = m.validTimeToLsEvent ? (m.lsChange, m.timeToLsEvent) : nil
        default: break
        }
    }

    /// GSV and GSA only: the address is checked before anything is parsed. A receiver that
    /// sends NAV-SAT or NAV-DOP as well has its SKY from those alone (gpsd mixes both kinds
    /// into one sky; the UBX messages carry more: every system, and exact flags).
    private func noteNMEA(_ s: ArraySlice<UInt8>) {
        guard s.count > 6, !skyFromUBX else { return }
        let i = s.startIndex
        guard s[i + 3] == UInt8(ascii: "G"), s[i + 4] == UInt8(ascii: "S") else { return }
        if s[i + 5] == UInt8(ascii: "V"), let m = try? GSV(sentence: s) {
            sky.add(m)
        } else if s[i + 5] == UInt8(ascii: "A"), let m = try? GSA(sentence: s) {
            sky.add(m)
        }
    }
}
