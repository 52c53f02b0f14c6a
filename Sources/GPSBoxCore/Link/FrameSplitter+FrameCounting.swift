// AutoBaud's notion of "valid frame" is the daemon's framer: an NMEA sentence with a good
// checksum, a UBX frame with a good Fletcher-8, or an RTCM 3 frame with a good CRC-24Q.
// At the wrong rate the splitter sees only noise and checksum mismatches.

extension FrameSplitter: FrameCounting {
    public mutating func countValidFrames(in bytes: ArraySlice<UInt8>) -> Int {
        var valid = 0
        feed(bytes) { frame in
            if case .discarded = frame { return }
            valid += 1
        }
        return valid
    }

    /// Starts over with the same options: a frame straddling a rate switch is garbage.
    public mutating func reset() {
        self = FrameSplitter(options: options)
    }
}
