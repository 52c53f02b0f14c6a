// In-process streams: what the module would send over `duration` simulated seconds, without
// a pty or pacing. The decode benchmark and end-to-end tests generate their input here.
import GPSBoxCore

extension SimulatedReceiver {
    /// Runs epochs until simulated time reaches `duration` (exclusive), handing each output
    /// to `body`.
    public mutating func run(for duration: Double, _ body: (Output) -> Void) {
        let end = time + duration
        while nextEpochTime < end { body(nextEpoch()) }
    }

    /// The byte stream of `duration` simulated seconds.
    public static func stream(_ options: Options, duration: Double) -> [UInt8] {
        var r = SimulatedReceiver(options)
        var bytes: [UInt8] = []
        r.run(for: duration) { bytes += $0.bytes }
        return bytes
    }
}
