// The simulated module's receive side: pulls UBX frames out of whatever the host writes,
// byte by byte, across any chunking. A module ignores what it cannot parse (NMEA input,
// noise, frames with a bad checksum, M8 Receiver Description §32.4), so this reader does
// too and only counts it. It lives here, minimal, so the simulator does not depend on the
// daemon's framing layer.

public struct UBXCommandFrame: Hashable, Sendable {
    public var messageClass: UInt8
    public var messageID: UInt8
    public var payload: [UInt8]
}

public struct UBXCommandReader: Sendable {
    /// Longest payload accepted: a CFG-VALSET carries at most 64 keys (≤ 8 + 64 × 12 bytes).
    public static let maximumPayload = 1024

    private enum State: Sendable { case sync1, sync2, header(Int), payload, checksumA, checksumB }
    private var state = State.sync1
    private var header: [UInt8] = []
    private var payload: [UInt8] = []
    private var length = 0
    private var fletcher = Fletcher8()
    private var ckA: UInt8 = 0
    /// Bytes that were not part of a valid frame, and frames dropped for a bad checksum.
    public private(set) var discardedBytes = 0
    public private(set) var badChecksums = 0

    public init() {}

    /// Feeds bytes; returns every frame they complete.
    public mutating func read(_ bytes: some Sequence<UInt8>) -> [UBXCommandFrame] {
        var frames: [UBXCommandFrame] = []
        for b in bytes {
            if let f = step(b) { frames.append(f) }
        }
        return frames
    }

    private mutating func step(_ b: UInt8) -> UBXCommandFrame? {
        switch state {
        case .sync1:
            if b == UBXFrameBuilder.sync1 { state = .sync2 } else { discardedBytes += 1 }
        case .sync2:
            if b == UBXFrameBuilder.sync2 {
                state = .header(0)
                header.removeAll(keepingCapacity: true)
                fletcher = Fletcher8()
            } else {
                discardedBytes += 1
                state = b == UBXFrameBuilder.sync1 ? .sync2 : .sync1
            }
        case let .header(n):
            header.append(b)
            fletcher.update(b)
            if n < 3 {
                state = .header(n + 1)
            } else {
                length = Int(header[2]) | Int(header[3]) << 8
                payload.removeAll(keepingCapacity: true)
                if length > Self.maximumPayload {
                    discardedBytes += 6
                    state = .sync1
                } else {
                    state = length == 0 ? .checksumA : .payload
                }
            }
        case .payload:
            payload.append(b)
            fletcher.update(b)
            if payload.count == length { state = .checksumA }
        case .checksumA:
            ckA = b
            state = .checksumB
        case .checksumB:
            state = .sync1
            guard ckA == fletcher.a, b == fletcher.b else {
                badChecksums += 1
                discardedBytes += 8 + length
                return nil
            }
            return UBXCommandFrame(messageClass: header[0], messageID: header[1], payload: payload)
        }
        return nil
    }
}
