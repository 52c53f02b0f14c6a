// What the frame splitter hands out. Every payload is a view (`ArraySlice`) into the bytes
// the caller fed or into the splitter's small carry buffer for a frame that straddled two
// feeds: no copy and no heap allocation per frame. A view is valid for as long as the caller
// holds it (Swift's copy-on-write keeps the bytes alive), but the cheap, allocation-free
// use is to decode it inside the `feed` callback.

public enum Frame {
    /// An NMEA 0183 sentence `$…*hh` (or `!…*hh`), checksum verified, line ending stripped
    /// (NMEA 0183 v4.11 §5.3 "Sentence structure").
    case nmea(ArraySlice<UInt8>)
    /// A well-formed NMEA sentence that ends without `*hh`, line ending stripped. NMEA 0183
    /// v4.11 §5.3 makes the checksum optional for some talkers, and real receivers (HP 58534A,
    /// MediaTek's `$POLYN`) omit it. Only with `FrameSplitter.Options.acceptsUncheckedNMEA`, and
    /// only for an address that has never come with a checksum in this stream: a sentence type
    /// seen with `*hh` must always carry it.
    case uncheckedNMEA(ArraySlice<UInt8>)
    /// A UBX message with a verified Fletcher checksum; `payload` excludes header and checksum
    /// (u-blox 8 / M8 Receiver Description §32.2).
    case ubx(UBXMessageID, payload: ArraySlice<UInt8>)
    /// A whole RTCM 3 frame (preamble 0xD3, length, message, CRC-24Q verified), kept whole so
    /// it can be passed through untouched (RTCM 10403.3 §4).
    case rtcm3(ArraySlice<UInt8>)
    /// A whole SiRF binary frame (A0 A2, 15-bit length, payload, 15-bit checksum, B0 B3;
    /// SiRF Binary Protocol Reference Manual, "Transport Message"), checksum verified. Output of a
    /// real receiver in another protocol: gpsbox does not decode it, but counts it, not as damage.
    case sirf(ArraySlice<UInt8>)
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

    /// The reason in words, for messages to people (`rawValue` stays the machine name in JSON).
    public var explanation: String {
        switch self {
        case .noise: return "bytes that belong to no frame"
        case .checksumMismatch: return "a frame whose checksum does not match"
        case .lengthAboveLimit: return "a UBX frame declaring a payload longer than the limit"
        case .invalidNMEACharacter: return "a byte that is not printable ASCII inside an NMEA sentence"
        case .nmeaTooLong: return "an NMEA sentence longer than the limit"
        case .missingChecksum: return "an NMEA sentence cut off, or without the *hh checksum its type carries"
        case .truncated: return "a frame cut off by the end of the input"
        case .comment: return "a capture comment"
        }
    }
}

extension Frame: Equatable {
    public static func == (a: Frame, b: Frame) -> Bool {
        switch (a, b) {
        case let (.nmea(x), .nmea(y)), let (.rtcm3(x), .rtcm3(y)), let (.uncheckedNMEA(x), .uncheckedNMEA(y)),
             let (.sirf(x), .sirf(y)):
            return x.elementsEqual(y)
        case let (.ubx(i, x), .ubx(j, y)): return i == j && x.elementsEqual(y)
        case let (.discarded(n, r), .discarded(m, s)): return n == m && r == s
        default: return false
        }
    }
}
