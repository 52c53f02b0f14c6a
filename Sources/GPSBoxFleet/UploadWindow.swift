// The upload's decisions as a value (like Sampler): which batches are out, when the next may
// go, when to give up waiting and resend, and where the cursor stands. The process feeds it
// the clock and the broker's and collector's answers; it moves the cursor only over batches the
// collector acknowledged, in log order, so a crash at any moment resumes at or before the first
// record the database does not hold (and the database's key absorbs the repeats).

import GPSBoxCore

public struct UploadWindow: Sendable {
    public struct Configuration: Hashable, Sendable {
        /// Batches published but not yet acknowledged, at most.
        public var capacity: Int
        /// Time between two publishes, ms: bounds the backlog's rate after an outage.
        public var intervalMs: Int64
        /// An unacknowledged batch older than this (ms) makes the upload resend from the cursor.
        public var ackTimeoutMs: Int64

        public init(capacity: Int = 16, intervalMs: Int64 = 50, ackTimeoutMs: Int64 = 30_000) {
            self.capacity = capacity
            self.intervalMs = intervalMs
            self.ackTimeoutMs = ackTimeoutMs
        }
    }

    struct Flight: Hashable, Sendable {
        var first: LogPosition
        var last: LogPosition
        var sampleCount: Int
        var firstTime: UTCTime?
        var lastTime: UTCTime?
        var sentAtMs: Int64
        var acknowledged = false
    }

    public let configuration: Configuration
    /// The last record the collector acknowledged with everything before it (nil: none yet).
    public private(set) var cursor: LogPosition?
    /// The time of the sample at the cursor, once this process moved it.
    public private(set) var cursorTime: UTCTime?
    private(set) var flights: [Flight] = []
    private var lastSendMs: Int64?
    /// Times the upload gave up waiting and went back to the cursor.
    public private(set) var resends = 0

    public init(cursor: LogPosition?, configuration: Configuration = Configuration()) {
        self.cursor = cursor
        self.configuration = configuration
    }

    /// Where reading for the next batch continues: after the last batch out, else after the cursor.
    public var readFrom: LogPosition? { flights.last?.last ?? cursor }

    public var samplesInFlight: Int { flights.reduce(0) { $0 + $1.sampleCount } }

    /// The time of the oldest sample sent but not yet acknowledged (nil: none out).
    public var oldestInFlight: UTCTime? { flights.first?.firstTime }

    /// True when a batch may be published now.
    public func maySend(nowMs: Int64) -> Bool {
        guard flights.count < configuration.capacity else { return false }
        guard let last = lastSendMs else { return true }
        return nowMs - last >= configuration.intervalMs
    }

    /// A batch went out.
    public mutating func sent(_ batch: SampleBatch, nowMs: Int64) {
        flights.append(Flight(first: batch.first, last: batch.last, sampleCount: batch.samples.count,
                              firstTime: batch.samples.first?.sample.time, lastTime: batch.samples.last?.sample.time,
                              sentAtMs: nowMs))
        lastSendMs = nowMs
    }

    /// The collector committed a range. True when the cursor moved (the caller then saves it).
    public mutating func acknowledged(_ ack: Acknowledgement) -> Bool {
        var any = false
        for i in flights.indices where !flights[i].acknowledged && ack.covers(flights[i].first, flights[i].last) {
            flights[i].acknowledged = true
            any = true
        }
        guard any else { return false }
        var moved = false
        while let f = flights.first, f.acknowledged {
            cursor = f.last
            cursorTime = f.lastTime
            flights.removeFirst()
            moved = true
        }
        return moved
    }

    /// When the oldest batch has waited too long (a collector died after the broker's PUBACK,
    /// or the connection dropped), forget every batch out and read again from the cursor.
    /// True when that happened.
    public mutating func expire(nowMs: Int64) -> Bool {
        guard let oldest = flights.first(where: { !$0.acknowledged }),
              nowMs - oldest.sentAtMs >= configuration.ackTimeoutMs else { return false }
        rewind()
        return true
    }

    /// Forget every batch out (the connection was lost): they go again from the cursor.
    public mutating func rewind() {
        guard !flights.isEmpty else { return }
        flights.removeAll()
        resends += 1
    }
}
