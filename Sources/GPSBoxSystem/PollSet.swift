// The daemon's one blocking point: poll(2) over the device, the signalfd and any other fd,
// with a timeout computed from the nearest deadline (LED step, sample, watchdog ping).
// A single-threaded loop never busy-waits: it sleeps here until an fd or a deadline is due.
import GPSBoxCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public struct PollSet {
    /// poll(2) event bits as a Swift option set.
    public struct Events: OptionSet, Sendable, Hashable {
        public let rawValue: Int16
        public init(rawValue: Int16) { self.rawValue = rawValue }
        public static let readable = Events(rawValue: Int16(POLLIN))
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// Only reported, never requested: the fd has an error (a pty whose other side closed).
        public static let error = Events(rawValue: Int16(POLLERR))
        /// Only reported: the peer hung up.
        public static let hangup = Events(rawValue: Int16(POLLHUP))
        /// Only reported: the fd is not open (a bug in the caller).
        public static let invalid = Events(rawValue: Int16(POLLNVAL))
    }

    private var entries: [pollfd] = []
    /// What errors name, and the path a test's `SyscallFaults` reach this set's `poll` by.
    public let name: String?

    public init(name: String? = nil) { self.name = name }

    /// Number of watched descriptors.
    public var count: Int { entries.count }

    /// Watches `fd` for `events`; returns the slot to ask `events(at:)` about after `wait`.
    @discardableResult
    public mutating func watch(_ fd: Int32, for events: Events = .readable) -> Int {
        entries.append(pollfd(fd: fd, events: events.rawValue, revents: 0))
        return entries.count - 1
    }

    /// Forgets every descriptor (the loop rebuilds the set when a device comes or goes).
    public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Sleeps until a watched fd is ready or `timeoutMilliseconds` passes (`nil` = no timeout).
    /// Returns the number of ready slots; 0 means the timeout expired or a signal interrupted
    /// the wait (the caller recomputes its deadlines either way, so EINTR is not retried:
    /// a retry with the old timeout would overshoot).
    /// The corresponding C call is `poll(2)`.
    public mutating func wait(timeoutMilliseconds: Int?) throws(SystemError) -> Int {
        let timeout = timeoutMilliseconds.map { Int32(clamping: max(0, $0)) } ?? -1
        for i in entries.indices { entries[i].revents = 0 }
        do {
            return Int(try sys("poll", path: name, retryOnInterrupt: false) {
                entries.withUnsafeMutableBufferPointer { buffer in poll(buffer.baseAddress, nfds_t(buffer.count), timeout) }
            })
        } catch where error.errno == EINTR {
            return 0
        }
    }

    /// The descriptor watched in `slot`.
    public func descriptor(at slot: Int) -> Int32 { entries[slot].fd }

    /// What `wait` reported for `slot` (empty if nothing happened on it).
    public func events(at slot: Int) -> Events { Events(rawValue: entries[slot].revents) }

    /// Converts an absolute deadline into a poll timeout: `nil` deadline waits forever,
    /// one already past returns 0.
    public static func timeout(until deadline: MonotonicInstant?, now: MonotonicInstant) -> Int? {
        guard let deadline else { return nil }
        return Int(max(0, deadline - now))
    }
}

extension FileDescriptor {
    /// poll(2) on this descriptor alone: the events that came within `timeoutMilliseconds`
    /// (negative: no limit), empty on a timeout or a signal (EINTR is not retried, as in
    /// `PollSet.wait`).
    public func wait(for events: PollSet.Events, timeoutMilliseconds: Int) throws(SystemError) -> PollSet.Events {
        var entry = pollfd(fd: rawValue, events: events.rawValue, revents: 0)
        let timeout = Int32(clamping: timeoutMilliseconds)
        do {
            _ = try sys("poll", path: path, retryOnInterrupt: false) { poll(&entry, 1, timeout) }
        } catch where error.errno == EINTR {
            return []
        }
        return PollSet.Events(rawValue: entry.revents)
    }
}
