// One sample for chrony's SOCK reference clock (chrony's refclock_sock.c, `struct sock_sample`,
// the datagram gpsd sends too): when the fix's time was received by the system clock, and
// how far the GPS time is from it. On 64-bit Linux (every Pi OS this targets: aarch64) the
// struct is 40 bytes in the machine's byte order, little-endian on aarch64 and x86_64:
//   struct timeval tv;  16  seconds (int64), microseconds (int64): the system time of receipt
//   double offset;       8  GPS time minus receipt time, seconds
//   int pulse;           4  0: a time-of-day sample (1 for a PPS edge)
//   int leap;            4  0: none, 1: a leap second is inserted, 2: deleted at the day's end
//   int _pad;            4
//   int magic;           4  0x534f434b ("SOCK")

public struct ChronySample: Equatable, Sendable {
    public static let magic: Int32 = 0x534F_434B
    public static let byteCount = 40

    /// System (CLOCK_REALTIME) time of the read that brought the epoch's first byte.
    public var receivedSeconds: Int64
    public var receivedMicroseconds: Int64
    /// Seconds to add to the receipt time to get the GPS-derived UTC time.
    public var offsetSeconds: Double
    public var pulse: Bool
    public var leap: Int32

    /// A sample from a fix time (UTC, ms) and the system time it arrived at (ns since the epoch).
    public init(fixTime: UTCTime, receivedNanoseconds: Int64, leap: Int32 = 0) {
        receivedSeconds = receivedNanoseconds / 1_000_000_000
        receivedMicroseconds = receivedNanoseconds % 1_000_000_000 / 1000
        // Differences first, in integers: a Double of seconds since 1970 keeps only about
        // 0.2 µs, which the subtraction would make the offset's error.
        offsetSeconds = Double(fixTime.rawValue - receivedSeconds * 1000) / 1000 - Double(receivedMicroseconds) / 1e6
        pulse = false
        self.leap = leap
    }

    /// The datagram, little-endian (the byte order of every target gpsbox ships for).
    public var datagram: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Self.byteCount)
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        put(receivedSeconds)
        put(receivedMicroseconds)
        put(offsetSeconds.bitPattern)
        put(Int32(pulse ? 1 : 0))
        put(leap)
        put(Int32(0))
        put(Self.magic)
        return out
    }
}
