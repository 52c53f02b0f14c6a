#if os(Linux)
import GPSBoxCore
import GPSBoxLinux
import GPSBoxSystem

/// `gpsbox doctor`'s look at a free module: the rate it talks at (auto-baud, or the configured
/// rate), its UBX-MON-VER answer and the navigation epochs it sends a second (NAV-PVT, else
/// RMC). It sends one poll and changes nothing in the module.
struct ModuleListener {
    var configuration: GPSBoxConfiguration
    var listenMilliseconds: Int64 = 3000

    func listen(path: String) -> DoctorFacts.ModuleProbe {
        let port: SerialPort
        do {
            var start = 9600
            if case .fixed(let rate) = configuration.baud { start = rate }
            port = try SerialPort(path: path, baud: try BaudRate(start))
        } catch {
            return .silent(detail: "\(error)")
        }
        let baud: Int
        if case .auto = configuration.baud {
            let opener = ReceiverLinkOpener(configuration: configuration, log: DaemonLog(threshold: .error),
                                            clock: MonotonicClock.now)
            guard let found = try? opener.detectBaud(on: port, preferred: nil), let rate = found.rate else {
                return .silent(detail: "no valid NMEA or UBX frames at any baud rate")
            }
            baud = rate.bitsPerSecond
        } else {
            baud = port.baud.bitsPerSecond
        }
        try? port.write(UBXReceiverCommandEncoding().monVERPoll())
        var splitter = FrameSplitter()
        var identity: ReceiverIdentity?
        var pvt = 0, rmc = 0, frames = 0
        var firstEpoch: MonotonicInstant?, lastEpoch = MonotonicInstant.origin
        var iTOWs: [UInt32] = []
        let start = MonotonicClock.now()
        while MonotonicClock.now() - start < listenMilliseconds {
            var chunk: [UInt8] = []
            guard (try? port.read(appendingTo: &chunk, timeoutMilliseconds: 200)) != nil else { break }
            splitter.feed(chunk) { frame in
                switch frame {
                case .ubx(let id, let payload):
                    frames += 1
                    if id == .navPVT {
                        pvt += 1
                        if let nav = try? NavPVT(payload) { iTOWs.append(nav.iTOW) }
                        if firstEpoch == nil { firstEpoch = MonotonicClock.now() }
                        lastEpoch = MonotonicClock.now()
                    }
                    if id == .monVER, let m = try? MonVER(payload) {
                        identity = ReceiverIdentity(softwareVersion: m.swVersion, hardwareVersion: m.hwVersion,
                                                    extensions: m.extensions)
                    }
                case .nmea(let bytes):
                    frames += 1
                    let b = Array(bytes.prefix(6))
                    if b.count == 6 && b[3...5].elementsEqual("RMC".utf8) {
                        rmc += 1
                        if pvt == 0 && firstEpoch == nil { firstEpoch = MonotonicClock.now() }
                        if pvt == 0 { lastEpoch = MonotonicClock.now() }
                    }
                default:
                    break
                }
            }
        }
        guard frames > 0 else { return .silent(detail: "it went quiet after auto-baud found \(baud) Bd") }
        // Epochs per second between the first and the last one heard: a window's edges cut none.
        let epochs = pvt > 0 ? pvt : rmc
        // NAV-PVT's time of week gives the module's own epoch interval exactly.
        let steps = zip(iTOWs, iTOWs.dropFirst()).map { Int64($1) - Int64($0) }.filter { $0 > 0 }
        var rate: Double?
        if let step = steps.min() {
            rate = 1000 / Double(step)
        } else if let first = firstEpoch, epochs > 1, lastEpoch > first {
            rate = Double(epochs - 1) * 1000 / Double(lastEpoch - first)
        }
        return .answered(receiver: identity?.summary, baud: baud, epochsPerSecond: rate)
    }
}
#endif
