// The simulated module's receive side: UBX commands picked out of whatever the host writes,
// across any chunking, by the shared FrameSplitter. A module ignores what it cannot use
// (NMEA input, noise, frames with a bad checksum; M8 Receiver Description §32.4), so this
// only counts it.
import GPSBoxCore

public struct UBXCommandReader: Sendable {
    private var splitter = FrameSplitter()

    public init() {}

    /// Counters of everything read: frames, checksum failures, skipped bytes.
    public var counters: FrameCounters { splitter.counters }

    /// Feeds bytes; returns every UBX frame they complete.
    public mutating func read(_ bytes: some Sequence<UInt8>) -> [UBXCommandFrame] {
        var frames: [UBXCommandFrame] = []
        splitter.feed(Array(bytes)) { frame in
            if case let .ubx(id, payload) = frame {
                frames.append(UBXCommandFrame(messageClass: id.messageClass, messageID: id.id, payload: Array(payload)))
            }
        }
        return frames
    }
}
