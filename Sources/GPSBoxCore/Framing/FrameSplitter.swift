// Cuts a byte stream into NMEA, UBX and RTCM 3 frames, incrementally and without copying.
//
// Resynchronisation follows gpsd's packet lexer (gpsd/packet.c): when a candidate frame
// turns out bad (checksum, length, stray byte), only its first leader byte is dropped and
// scanning resumes at the next byte, so a real frame hiding inside a damaged one is found.
// Every decision depends only on bytes already seen, so the frames out do not depend on how
// the stream was chunked. A candidate that needs more bytes than the caller has fed so far
// is kept in a small carry buffer (at most `maximumFrameLength` bytes): memory is bounded.
//
// Frame grammars:
// - NMEA 0183 v4.11 §5.3: `$` or `!`, printable ASCII, `*`, two hex digits (either case),
//   then CR or LF. Line endings vary in real captures (LF, CR LF, CR CR LF); CR and LF between
//   frames are skipped without being counted as noise, and so are spaces and tabs: a receiver
//   that pads its lines (beidou-bd.log has a space before a `$`) sends no damage.
// - UBX (u-blox 8 / M8 Receiver Description §32.2): B5 62, class, id, u16 LE length, payload,
//   CK_A CK_B (8-bit Fletcher over class…payload, §32.4).
// - RTCM 3 (RTCM 10403.3 §4): D3, 6 reserved zero bits, 10-bit length, message, CRC-24Q.
// - SiRF binary (SiRF Binary Protocol Reference Manual, "Transport Message"): A0 A2, 15-bit
//   big-endian length, payload, 15-bit big-endian sum of the payload bytes, B0 B3. Framed only
//   to be counted and skipped: an early u-blox built on SiRF-I sends it (ublox-sirf1.log).

public struct FrameSplitter: Sendable {
    public struct Options: Sendable {
        /// Largest UBX payload accepted; a larger declared length is corrupt and is never
        /// buffered. 8192 covers RXM-RAWX with 255 measurements (16 + 32·255 bytes).
        public var maximumUBXPayload: Int = 8192
        /// Longest NMEA sentence accepted, `$` through the checksum digits. NMEA 0183 allows 82
        /// characters including CR LF; u-blox receivers can be set to exceed that
        /// (CFG-NMEA `limit82` off, high-precision mode) and MediaTek's $PMTKCHN is 203 long,
        /// which gpsd accepts; the default cap is 255.
        public var maximumNMEALength: Int = 255
        /// Longest proprietary sentence (`$P…`) accepted. u-blox's `$PUBX,03` (satellite status,
        /// u-blox M8 Receiver Description §31.3.5) has up to 20 characters per satellite and
        /// passes 1200 characters with 60 satellites in view; 4096 leaves room for every
        /// satellite of four constellations. A sentence is still cut off by `$` or a line end.
        public var maximumProprietaryNMEALength: Int = 4096
        /// gpsd capture files (`gpsfake` logs): skip `#` comment lines and gpsd JSON lines
        /// (`{`…LF) that start between frames, as gpsd's lexer does. Off for a live receiver.
        public var skipsCaptureComments: Bool = false
        /// Hand out a well-formed sentence that ends without `*hh` as `.uncheckedNMEA` instead
        /// of skipping it as damage (NMEA 0183 v4.11 §5.3: the checksum is optional for some
        /// talkers; the HP 58534A never sends one, MediaTek's `$POLYN` neither). Well-formed:
        /// `$`, an address of 3 to 8 letters or digits, a comma, printable ASCII, CR or LF. An
        /// address that has come with a checksum earlier in the stream must keep carrying one, so
        /// a checksummed sentence that lost its `*hh` is still damage.
        ///
        /// On for `gpsbox decode` (reading what a receiver wrote), off for the daemon: every
        /// u-blox NMEA sentence carries a checksum, so on the live line a sentence without one
        /// is one that lost bytes, and nothing unverified may reach the track log.
        public var acceptsUncheckedNMEA: Bool = false

        public init(maximumUBXPayload: Int = 8192, maximumNMEALength: Int = 255,
                    maximumProprietaryNMEALength: Int = 4096, skipsCaptureComments: Bool = false,
                    acceptsUncheckedNMEA: Bool = false) {
            self.maximumUBXPayload = maximumUBXPayload
            self.maximumNMEALength = maximumNMEALength
            self.maximumProprietaryNMEALength = max(maximumProprietaryNMEALength, maximumNMEALength)
            self.skipsCaptureComments = skipsCaptureComments
            self.acceptsUncheckedNMEA = acceptsUncheckedNMEA
        }
    }

    public let options: Options
    public private(set) var counters = FrameCounters()
    /// The longest candidate frame that can be pending between feeds.
    public let maximumFrameLength: Int

    /// Bytes of a frame that straddles two feeds; capacity is reserved once.
    private var carry: [UInt8] = []
    /// Stream offset of `carry[0]`.
    private var carryOffset = 0
    private var garbageRun = 0
    private var garbageStart = 0
    private var commentStart = 0
    private var garbageReason = DiscardReason.noise
    /// Bytes of the capture comment being skipped (0 outside a comment).
    private var commentRun = 0
    /// NMEA addresses seen with a checksum (only with `acceptsUncheckedNMEA`).
    private var checkedAddresses = NMEAAddressSet()

    public init(options: Options = Options()) {
        precondition(options.maximumUBXPayload >= 0 && options.maximumUBXPayload <= 65_535)
        precondition(options.maximumNMEALength >= 9)
        self.options = options
        maximumFrameLength = max(options.maximumUBXPayload + 8, options.maximumProprietaryNMEALength + 1, 1029,
                                 Self.maximumSiRFPayload + 8)
        carry.reserveCapacity(2 * maximumFrameLength)
    }

    /// Feeds the next bytes of the stream; `body` sees every frame completed by them, in order.
    public mutating func feed(_ chunk: ArraySlice<UInt8>, _ body: (Frame) -> Void) {
        feed(chunk, reportingOffsets: { frame, _ in body(frame) })
    }

    public mutating func feed(_ chunk: [UInt8], _ body: (Frame) -> Void) {
        feed(chunk[...], reportingOffsets: { frame, _ in body(frame) })
    }

    /// As `feed(_:_:)`, and tells where each frame (or discarded run) starts: a byte offset
    /// from the start of the stream, for error messages that name the place.
    public mutating func feed(_ chunk: ArraySlice<UInt8>, reportingOffsets body: (Frame, _ streamOffset: Int) -> Void) {
        feedSpans(chunk) { span, offset, buffer in body(buffer.frame(span), offset) }
    }

    /// As `feed(_:reportingOffsets:)`, with each frame by place (`FrameSpan`) in the buffer
    /// being scanned: no `Frame` value and no retained view per frame. The buffer is valid only
    /// inside `body`.
    public mutating func feedSpans(_ chunk: ArraySlice<UInt8>,
                                   _ body: (FrameSpan, _ streamOffset: Int, FrameBuffer) -> Void) {
        var restOffset = counters.bytesFed
        counters.bytesFed += chunk.count
        var rest = chunk
        while !carry.isEmpty && !rest.isEmpty {
            let old = carry.count
            // As many bytes as the carry holds (at least `carryStep`): a frame cut by the feed
            // usually ends within a few hundred bytes, and the bytes after it are scanned in
            // `chunk` itself rather than copied (copying the largest frame's length per feed
            // cost more than the scan, measured); doubling keeps a long frame to a few rounds.
            let take = min(rest.count, max(Self.carryStep, old), maximumFrameLength)
            carry.append(contentsOf: rest.prefix(take))
            let tail = scan(carry[...], streamBase: carryOffset, final: false, body)
            if tail >= old {
                rest = rest.dropFirst(tail - old)
                restOffset += tail - old
                carry.removeAll(keepingCapacity: true)
            } else {
                rest = rest.dropFirst(take)
                restOffset += take
                carry.removeSubrange(0..<tail)
                carryOffset += tail
            }
        }
        if carry.isEmpty && !rest.isEmpty {
            let tail = scan(rest, streamBase: restOffset, final: false, body)
            carry.append(contentsOf: rest.dropFirst(tail))
            carryOffset = restOffset + tail
        }
    }

    /// Ends the stream: a pending partial frame is reported as truncated, then any skipped run.
    public mutating func finish(_ body: (Frame) -> Void) {
        finish(reportingOffsets: { frame, _ in body(frame) })
    }

    public mutating func finish(reportingOffsets body: (Frame, _ streamOffset: Int) -> Void) {
        finishSpans { span, offset, buffer in body(buffer.frame(span), offset) }
    }

    /// As `finish(reportingOffsets:)`, with frames by place as `feedSpans` reports them.
    public mutating func finishSpans(_ body: (FrameSpan, _ streamOffset: Int, FrameBuffer) -> Void) {
        if !carry.isEmpty {
            let pending = carry
            carry.removeAll(keepingCapacity: true)
            _ = scan(pending[...], streamBase: carryOffset, final: true, body)
        }
        endComment(.empty, body)
        flushGarbage(.empty, body)
    }

    // MARK: - Scanning

    /// The fewest bytes of a feed appended to the carry at once.
    static let carryStep = 512

    enum Resolution {
        case frame(end: Int)
        /// A well-formed NMEA sentence without `*hh` ending at `end` (before its line ending).
        case unchecked(end: Int)
        case failed(DiscardReason)
        case noise
        case needMore
    }

    typealias SpanBody = (FrameSpan, Int, FrameBuffer) -> Void

    /// Scans `storage` and returns the offset of the first byte of an unresolved candidate
    /// (`storage.count` when everything was resolved). With `final`, nothing stays unresolved.
    private mutating func scan(_ storage: ArraySlice<UInt8>, streamBase: Int, final: Bool,
                               _ body: SpanBody) -> Int {
        return storage.withUnsafeBufferPointer { buf -> Int in
            let buffer = FrameBuffer(bytes: buf, storage: storage)
            let n = buf.count
            var i = 0
            while i < n {
                let c = buf[i]
                if commentRun > 0 {
                    if c == 0x0A {
                        commentRun += 1
                        i += 1
                        endComment(buffer, body)
                    } else if Self.continuesComment(c) {
                        commentRun += 1
                        i += 1
                    } else {
                        endComment(buffer, body) // the byte is scanned again as data
                    }
                    continue
                }
                let resolution: Resolution
                switch c {
                case 0x24, 0x21: resolution = Self.resolveNMEA(buf, at: i, final: final, options)
                case 0xB5: resolution = resolveUBX(buf, at: i)
                case 0xD3: resolution = resolveRTCM3(buf, at: i)
                case 0xA0: resolution = resolveSiRF(buf, at: i)
                case 0x0A, 0x0D, 0x20, 0x09:
                    i += 1
                    continue
                case 0x23 where options.skipsCaptureComments, 0x7B where options.skipsCaptureComments:
                    flushGarbage(buffer, body)
                    commentRun = 1
                    commentStart = streamBase + i
                    i += 1
                    continue
                default: resolution = .noise
                }
                switch resolution {
                case .frame(let end):
                    flushGarbage(buffer, body)
                    let span: FrameSpan
                    switch c {
                    case 0xB5:
                        counters.ubxFrames += 1
                        span = .ubx(i..<end)
                    case 0xD3:
                        counters.rtcm3Frames += 1
                        span = .rtcm3(i..<end)
                    case 0xA0:
                        counters.sirfFrames += 1
                        span = .sirf(i..<end)
                    default:
                        counters.nmeaFrames += 1
                        if options.acceptsUncheckedNMEA { checkedAddresses.insert(Self.address(buf, at: i)) }
                        span = .nmea(i..<end)
                    }
                    body(span, streamBase + i, buffer)
                    i = end
                case .unchecked(let end) where !checkedAddresses.contains(Self.address(buf, at: i)):
                    flushGarbage(buffer, body)
                    counters.uncheckedNMEAFrames += 1
                    body(.uncheckedNMEA(i..<end), streamBase + i, buffer)
                    i = end
                case .unchecked:
                    counters.malformedFrames += 1
                    skip(reason: .missingChecksum, at: streamBase + i)
                    i += 1
                case .needMore:
                    if !final { return i }
                    counters.truncatedFrames += 1
                    skip(reason: .truncated, at: streamBase + i)
                    i += 1
                case .failed(let reason):
                    if reason == .checksumMismatch { counters.checksumFailures += 1 } else { counters.malformedFrames += 1 }
                    skip(reason: reason, at: streamBase + i)
                    i += 1
                case .noise:
                    skip(reason: .noise, at: streamBase + i)
                    i += 1
                }
            }
            return n
        }
    }

    private mutating func skip(reason: DiscardReason, at offset: Int) {
        if garbageRun == 0 {
            garbageReason = reason
            garbageStart = offset
        }
        garbageRun += 1
        counters.bytesSkipped += 1
    }

    private mutating func flushGarbage(_ buffer: FrameBuffer, _ body: SpanBody) {
        guard garbageRun > 0 else { return }
        let n = garbageRun
        garbageRun = 0
        body(.discarded(byteCount: n, reason: garbageReason), garbageStart, buffer)
    }

    private mutating func endComment(_ buffer: FrameBuffer, _ body: SpanBody) {
        guard commentRun > 0 else { return }
        let n = commentRun
        commentRun = 0
        counters.commentBytes += n
        body(.discarded(byteCount: n, reason: .comment), commentStart, buffer)
    }

    /// gpsd allows printable ASCII, TAB and CR inside a comment. Bytes above 0x7E (UTF-8 in
    /// submitters' names) are kept in the comment too, except the UBX and RTCM 3 leaders, so
    /// a binary frame right after a comment's `#` is never swallowed.
    @inline(__always)
    private static func continuesComment(_ c: UInt8) -> Bool {
        (c >= 0x20 && c != 0x7F && c != 0xB5 && c != 0xD3) || c == 0x09 || c == 0x0D
    }
}
