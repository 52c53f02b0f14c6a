// How long the configurator waits for what (ReceiverConfigurator): answers, pauses in the
// module's output for a baud switch, and the line time a module's backlog takes.

extension ReceiverConfigurator {
    public struct Timing: Hashable, Sendable {
        /// Wait for an ACK or a MON-VER answer. At 9600 Bd a full NMEA set can queue for ~1 s.
        public var answerTimeoutMs: Int64 = 1500
        /// Sends per command (and MON-VER polls) before giving up on it.
        public var attempts = 3
        /// Pause after a baud switch before polling at the new rate.
        public var baudSettleMs: Int64 = 250
        /// A baud switch goes out once the module has been quiet this long (the gap after an
        /// epoch's output), so its ACK is followed by a pause in which the host changes over
        /// and nothing the module sends is lost; after `quietWaitMs` it goes out anyway.
        public var quietMs: Int64 = 150
        public var quietWaitMs: Int64 = 3000
        /// A quiet tick later than this is checked again after reading what waits.
        public var lateTickMs: Int64 = 20
        /// What a module may have queued when a command arrives, which its answer waits
        /// behind: its transmit buffer (u-blox publishes no size; 4 KiB as SimulatedTransmitBuffer
        /// assumes). The output-quieting command's ACK and the pause after it get this much
        /// more line time.
        public var backlogBytes = 4096
        public init() {}

        /// Milliseconds a UART at `baud` needs for `backlogBytes` (8N1: 10 bits a byte).
        func backlogMs(baud: Int) -> Int64 { Int64(backlogBytes) * 10_000 / Int64(max(1, baud)) }
    }
}
