// The splitter's frames by place: what kind of frame, and where its bytes are in the buffer the
// splitter is scanning. A `FrameSpan` holds no reference, so handing one out costs no
// retain/release; `Frame` (a view that keeps the bytes alive) is built from it only when a
// caller wants one. `gpsbox decode --format tpv` reads most frames straight from the buffer this
// way (per frame, building `Frame` and its retained slice cost about as much as checking the
// frame's checksum); the daemon and the other formats take `Frame` as before.

public enum FrameSpan: Sendable {
    /// An NMEA sentence, checksum verified, line ending stripped: the indices of `$`…`*hh` in
    /// the `FrameBuffer` (`Frame.nmea`).
    case nmea(Range<Int>)
    /// A well-formed sentence without `*hh` (`Frame.uncheckedNMEA`).
    case uncheckedNMEA(Range<Int>)
    /// A whole UBX frame, B5 62 through CK_B, checksum verified (`Frame.ubx`).
    case ubx(Range<Int>)
    /// A whole RTCM 3 frame, CRC verified (`Frame.rtcm3`).
    case rtcm3(Range<Int>)
    /// A whole SiRF binary frame, checksum verified (`Frame.sirf`).
    case sirf(Range<Int>)
    /// Skipped bytes (`Frame.discarded`); they need not be in the buffer any more.
    case discarded(byteCount: Int, reason: DiscardReason)
}

/// The bytes a `FrameSpan` points into. Valid only inside the splitter's callback: the buffer
/// is the caller's chunk or the splitter's carry buffer, which the next feed overwrites.
public struct FrameBuffer {
    /// The scanned bytes; a span's indices index this.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The same bytes as an array view, to make `Frame`s that outlive the callback.
    let storage: ArraySlice<UInt8>

    init(bytes: UnsafeBufferPointer<UInt8>, storage: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.storage = storage
    }

    /// For spans reported outside a scan (skipped runs at the end of the stream).
    static var empty: FrameBuffer { FrameBuffer(bytes: UnsafeBufferPointer(start: nil, count: 0), storage: []) }

    /// A view of `range` (indices of `bytes`) that keeps the bytes alive: no copy.
    @inline(__always)
    public func slice(_ range: Range<Int>) -> ArraySlice<UInt8> {
        let base = storage.startIndex
        return storage[(base + range.lowerBound)..<(base + range.upperBound)]
    }

    /// A `.ubx` span's message id and payload view. u-blox 8 / M8 Receiver Description §32.2:
    /// class and id follow B5 62; the payload lies between the 6-byte header and the checksum.
    @inline(__always)
    public func ubx(_ r: Range<Int>) -> (UBXMessageID, ArraySlice<UInt8>) {
        (UBXMessageID(class: bytes[r.lowerBound + 2], id: bytes[r.lowerBound + 3]),
         slice((r.lowerBound + 6)..<(r.upperBound - 2)))
    }

    /// The `Frame` a span stands for.
    public func frame(_ span: FrameSpan) -> Frame {
        switch span {
        case .nmea(let r): return .nmea(slice(r))
        case .uncheckedNMEA(let r): return .uncheckedNMEA(slice(r))
        case .ubx(let r):
            let (id, payload) = ubx(r)
            return .ubx(id, payload: payload)
        case .rtcm3(let r): return .rtcm3(slice(r))
        case .sirf(let r): return .sirf(slice(r))
        case let .discarded(n, reason): return .discarded(byteCount: n, reason: reason)
        }
    }
}
