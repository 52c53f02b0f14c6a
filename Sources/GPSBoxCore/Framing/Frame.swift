// What the frame splitter hands out. Every payload is a view (`ArraySlice`) into the bytes
// the caller fed or into the splitter's small carry buffer for a frame that straddled two
// feeds: no copy and no heap allocation per frame. A view is valid for as long as the caller
// holds it (Swift's copy-on-write keeps the bytes alive), but the cheap, allocation-free
// use is to decode it inside the `feed` callback.

public enum Frame {
    /// An NMEA 0183 sentence `$…*hh` (or `!…*hh`), checksum verified, line ending stripped
    /// (NMEA 0183 v4.11 §5.3 "Sentence structure").
    case nmea(ArraySlice<UInt8>)
    /// A UBX message with a verified Fletcher checksum; `payload` excludes header and checksum
    /// (u-blox 8 / M8 Receiver Description §32.2).
    case ubx(UBXMessageID, payload: ArraySlice<UInt8>)
    /// A whole RTCM 3 frame (preamble 0xD3, length, message, CRC-24Q verified), kept whole so
    /// it can be passed through untouched (RTCM 10403.3 §4).
    case rtcm3(ArraySlice<UInt8>)
    /// Bytes that belong to no valid frame, or capture comments. `reason` is the first cause
    /// in a run of skipped bytes.
    case discarded(byteCount: Int, reason: DiscardReason)
}

public enum DiscardReason: String, Hashable, Sendable, CaseIterable {
    /// Bytes outside any frame: wrong-baud noise, stray bytes, a lone sync character.
    case noise
    /// A UBX, NMEA or RTCM 3 frame whose checksum did not match.
    case checksumMismatch
    /// A UBX length above the configured payload limit: corrupt, never buffered.
    case lengthAboveLimit
    /// A byte outside printable ASCII inside an NMEA sentence.
    case invalidNMEACharacter
    /// An NMEA sentence longer than the configured limit.
    case nmeaTooLong
    /// An NMEA sentence ending without `*hh`, or cut off by the start of another sentence.
    case missingChecksum
    /// The stream ended inside a frame.
    case truncated
    /// A capture comment (`#` … LF) or an uncommented gpsd JSON line (`{` … LF) between frames:
    /// not damage, only skipped in capture mode.
    case comment

    /// True for the reasons that mean data was damaged (everything except comments).
    public var isDamage: Bool { self != .comment }
}

extension Frame: Equatable {
    public static func == (a: Frame, b: Frame) -> Bool {
        switch (a, b) {
        case let (.nmea(x), .nmea(y)), let (.rtcm3(x), .rtcm3(y)): return x.elementsEqual(y)
        case let (.ubx(i, x), .ubx(j, y)): return i == j && x.elementsEqual(y)
        case let (.discarded(n, r), .discarded(m, s)): return n == m && r == s
        default: return false
        }
    }
}
