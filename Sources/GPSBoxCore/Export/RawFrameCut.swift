// Cuts a selection of logged receiver bytes at frame boundaries. Raw records hold reads, not
// frames: the chunk where a trip (or a --since/--until window) begins usually starts inside a
// frame, and the one where it ends stops inside one. Handing those halves out would make
// `decode` and convbin report damage in a clean log. This follows the frames through every
// chunk (selected or not) and gives out whole frames only: a frame belongs to the selection
// when its first byte arrived in a selected chunk, and then goes out whole, even when its
// tail arrived in the next, unselected chunk. Bytes between frames go out with their chunk.
//
// Frame lengths as the splitter reads them: UBX `B5 62 class id len16` + payload + 2 checksum
// bytes (u-blox M8 Receiver Description §32.2), RTCM 3 `D3` + 6 zero bits + 10-bit length +
// payload + 3 CRC bytes (RTCM 10403.3 §4), NMEA `$` to LF (NMEA 0183 v4.11 §5.3).

public struct RawFrameCut: Sendable {
    private enum Phase: Sendable {
        case between
        case ubxHeader(seen: Int, length: Int)
        case rtcmHeader(seen: Int, length: Int)
        case body(remaining: Int)
        case nmea(seen: Int)
    }

    private var phase = Phase.between
    /// Whether the frame being followed started in a selected chunk.
    private var emitting = false
    private let maximumUBXPayload: Int
    private let maximumNMEALength: Int

    public init(maximumUBXPayload: Int = 8192, maximumNMEALength: Int = 4096) {
        self.maximumUBXPayload = maximumUBXPayload
        self.maximumNMEALength = maximumNMEALength
    }

    /// Follows `bytes` (the next chunk of the log, in order) and returns what of it goes out.
    public mutating func cut(_ bytes: [UInt8], selected: Bool) -> [UInt8] {
        var out: [UInt8] = []
        if selected { out.reserveCapacity(bytes.count) }
        for b in bytes {
            let keep: Bool
            switch phase {
            case .between:
                emitting = selected
                keep = selected
                switch b {
                case 0xB5: phase = .ubxHeader(seen: 1, length: 0)
                case 0xD3: phase = .rtcmHeader(seen: 1, length: 0)
                case 0x24: phase = .nmea(seen: 1)
                default: break
                }
            case .ubxHeader(let seen, let length):
                keep = emitting
                switch seen {
                case 1: phase = b == 0x62 ? .ubxHeader(seen: 2, length: 0) : Self.restart(b)
                case 2, 3: phase = .ubxHeader(seen: seen + 1, length: 0)
                case 4: phase = .ubxHeader(seen: 5, length: Int(b))
                default:
                    let payload = length | Int(b) << 8
                    phase = payload <= maximumUBXPayload ? .body(remaining: payload + 2) : .between
                }
            case .rtcmHeader(let seen, let length):
                keep = emitting
                if seen == 1 {
                    phase = b & 0xFC == 0 ? .rtcmHeader(seen: 2, length: Int(b & 0x03) << 8) : Self.restart(b)
                } else {
                    phase = .body(remaining: (length | Int(b)) + 3)
                }
            case .body(let remaining):
                keep = emitting
                phase = remaining > 1 ? .body(remaining: remaining - 1) : .between
            case .nmea(let seen):
                keep = emitting
                phase = b == 0x0A || seen >= maximumNMEALength ? .between : .nmea(seen: seen + 1)
            }
            if keep { out.append(b) }
        }
        return out
    }

    /// A header that turned out not to be one: the byte may itself start the next frame.
    private static func restart(_ b: UInt8) -> Phase {
        switch b {
        case 0xB5: .ubxHeader(seen: 1, length: 0)
        case 0xD3: .rtcmHeader(seen: 1, length: 0)
        case 0x24: .nmea(seen: 1)
        default: .between
        }
    }
}
