// The gpsd protocol's transport in `gpsbox run`: listening sockets and client
// connections served inside the daemon's single poll loop, never on a thread of their own.
// Everything is non-blocking. A client's replies and reports go through a bounded
// `GPSDOutputQueue`: what the kernel does not take now waits there, and a client whose
// backlog would pass the bound is dropped with a journal line, so a stuck client never delays
// reading the module or writing the log. Clients beyond `maximumClients` are closed at once,
// also with a line. What the bytes mean (requests, WATCH, reports) is the pure client state in
// Core (`Client`), handed in as two functions so this file knows nothing of the protocol.
import GPSBoxCore
import GPSBoxSystem
import Glibc

public final class GPSDServer<Client> {
    public struct Limits: Sendable {
        public var maximumClients: Int
        /// A client's unread backlog; passing it drops the client. 256 KiB holds several
        /// seconds of everything gpsd sends a raw=2 watcher of a 10 Hz module.
        public var outputBytes: Int
        /// Read from one client per wake at most.
        public var inputBytesPerWake: Int

        public init(maximumClients: Int = 64, outputBytes: Int = 256 * 1024, inputBytesPerWake: Int = 4096) {
            self.maximumClients = maximumClients
            self.outputBytes = outputBytes
            self.inputBytesPerWake = inputBytesPerWake
        }
    }

    /// A new client's state; writes what gpsd sends on connect (its VERSION line) to the bytes.
    public typealias Greet = (inout [UInt8]) -> Client
    /// Bytes from a client; writes the replies (or gpsd's ERROR report) to the last argument.
    public typealias Respond = (inout Client, ArraySlice<UInt8>, inout [UInt8]) -> Void

    public struct Statistics: Equatable, Sendable {
        public var accepted = 0
        public var refused = 0
        /// Dropped because their backlog passed the limit.
        public var droppedSlow = 0
        public var disconnected = 0
    }

    final class Connection {
        let socket: Socket
        let name: String
        var client: Client
        var output: GPSDOutputQueue
        var closed = false

        init(socket: consuming Socket, name: String, client: Client, limit: Int) {
            self.socket = socket
            self.name = name
            self.client = client
            output = GPSDOutputQueue(limit: limit)
        }
    }

    public let addresses: [GPSDListenAddress]
    public let limits: Limits
    private let log: DaemonLog
    private let greet: Greet
    private let respond: Respond
    private var listeners: [GPSDListener] = []
    private var connections: [Connection] = []
    /// The connections in the poll set's slots, in order, from `watch` until `service`.
    private var watched: [Connection] = []
    private var watchedListeners = 0
    private var firstSlot = 0
    private var input: [UInt8]
    private var replies: [UInt8] = []
    private var journal = JournalLimit(intervalMilliseconds: 60_000, burst: 1)
    /// The time of the last `service`: a disconnect found while reading is dated by it.
    private var lastServiceAt = MonotonicInstant.origin
    private var nextOpenAttemptAt: MonotonicInstant?
    /// Out of descriptors: the listeners are not watched until then (they would stay readable).
    private var acceptPausedUntil: MonotonicInstant?
    private var serial = 0
    public private(set) var statistics = Statistics()

    static var retryMs: Int64 { 10_000 }

    public init(addresses: [GPSDListenAddress], limits: Limits = Limits(), log: DaemonLog,
                greet: @escaping Greet, respond: @escaping Respond) {
        self.addresses = addresses
        self.limits = limits
        self.log = log
        self.greet = greet
        self.respond = respond
        input = [UInt8](repeating: 0, count: max(1, limits.inputBytesPerWake))
        CurrentProcess.ignoreBrokenPipes()  // a client that hung up is closed on EPIPE
    }

    public var clientCount: Int { connections.count }
    public var listening: [GPSDListenAddress] { listeners.map(\.address) }

    /// Opens the listeners not open yet; one that cannot be opened (the path's folder missing,
    /// the port taken) is logged and retried every 10 s. Never fatal: logging goes on.
    public func openListeners(now: MonotonicInstant) {
        nextOpenAttemptAt = nil
        for address in addresses where !listeners.contains(where: { $0.address == address }) {
            do {
                listeners.append(try GPSDListener(address))
                log(.notice, "gpsd feed listening", [("address", address.description)])
            } catch {
                nextOpenAttemptAt = now + Self.retryMs
                if let line = journal.annotated("gpsd feed cannot listen on \(address) (retrying every 10 s): \(error)",
                                                kind: "listen \(address)", now: now) {
                    log(.warning, line)
                }
            }
        }
    }

    /// When `tick` next has something to do (a listener to retry, accepting to resume).
    public var deadline: MonotonicInstant? {
        switch (nextOpenAttemptAt, acceptPausedUntil) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
    }

    public func tick(now: MonotonicInstant) {
        if let t = nextOpenAttemptAt, now >= t { openListeners(now: now) }
        if let t = acceptPausedUntil, now >= t { acceptPausedUntil = nil }
    }

    // MARK: the poll loop

    /// Adds the listeners and every connection to `poll`: readable always, writable while a
    /// backlog waits. `service` reads the outcome back.
    public func watch(in poll: inout PollSet) {
        watched.removeAll(keepingCapacity: true)
        firstSlot = poll.count
        watchedListeners = acceptPausedUntil == nil ? listeners.count : 0
        for i in 0..<watchedListeners { poll.watch(listeners[i].descriptor) }
        for c in connections {
            poll.watch(c.socket.rawValue, for: c.output.isEmpty ? .readable : [.readable, .writable])
            watched.append(c)
        }
    }

    /// Serves what `poll` reported on the slots `watch` added: new connections, requests,
    /// backlogs the kernel can take now, hang-ups.
    public func service(_ poll: PollSet, now: MonotonicInstant) {
        lastServiceAt = now
        for i in 0..<watchedListeners where !poll.events(at: firstSlot + i).isEmpty {
            acceptAll(listeners[i], now: now)
        }
        for (i, c) in watched.enumerated() where !c.closed {
            let events = poll.events(at: firstSlot + watchedListeners + i)
            if events.isEmpty { continue }
            if events.contains(.writable) { flush(c) }
            if !c.closed, !events.isDisjoint(with: [.readable, .hangup, .error]) { read(c) }
        }
        watched.removeAll(keepingCapacity: true)
        removeClosed()
    }

    /// Hands every client's state to `body`, which writes what that client gets (a report
    /// for its watch) to the bytes; they are queued and written. A client whose backlog would
    /// pass the bound is dropped.
    public func broadcast(_ body: (inout Client, inout [UInt8]) -> Void) {
        guard !connections.isEmpty else { return }
        for c in connections where !c.closed {
            replies.removeAll(keepingCapacity: true)
            body(&c.client, &replies)
            queue(replies[...], to: c)
        }
        removeClosed()
    }

    /// Every client's state, for a summary (what the watchers want between them).
    public func forEachClient(_ body: (Client) -> Void) {
        for c in connections where !c.closed { body(c.client) }
    }

    /// Counts changes to the set of clients or their states (a connect, a request, a close):
    /// the caller recomputes what it derives from them only when this moved.
    public private(set) var generation = 0

    /// Closes every connection and listener (the daemon stops or the feed is turned off).
    public func closeAll() {
        for c in connections { c.closed = true }
        connections.removeAll()
        watched.removeAll()
        listeners.removeAll()
    }

    // MARK: connections

    private func acceptAll(_ listener: GPSDListener, now: MonotonicInstant) {
        while true {
            // The name is also the descriptor's path: SyscallFaults can reach one client.
            let name = "\(listener.address)#\(serial + 1)"
            let accepted: Socket?
            do {
                accepted = try listener.accept(name: name)
            } catch {
                acceptPausedUntil = now + 1000
                if let line = journal.annotated("gpsd feed cannot accept (paused 1 s): \(error)", kind: "accept", now: now) {
                    log(.warning, line)
                }
                return
            }
            guard let socket = accepted else { return }
            serial += 1
            // The kernel would otherwise grow a TCP send buffer to MiBs for a client that never
            // reads: a small one leaves the bound to the output queue (the documented 256 KiB).
            try? socket.setSendBufferSize(Self.kernelSendBufferBytes)
            guard connections.count < limits.maximumClients else {
                statistics.refused += 1
                if let line = journal.annotated("gpsd client refused: \(limits.maximumClients) clients already (gpsd-max-clients)",
                                                kind: "refused", now: now) {
                    log(.warning, line, [("client", name)])
                }
                continue  // `socket` closes here
            }
            replies.removeAll(keepingCapacity: true)
            let client = greet(&replies)
            let c = Connection(socket: socket, name: name, client: client, limit: limits.outputBytes)
            connections.append(c)
            generation += 1
            statistics.accepted += 1
            clientLine("gpsd client connected", [("client", name), ("clients", String(connections.count))], now: now)
            queue(replies[...], to: c)
        }
    }

    /// One read(2) of at most `inputBytesPerWake`: a client flooding requests cannot keep
    /// the loop to itself (poll reports the rest at the next wake).
    private func read(_ c: Connection) {
        let n: Int
        do throws(SystemError) {
            n = try c.socket.read(into: &input)
        } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
            return
        } catch where error.errno == ECONNRESET {
            close(c, "disconnected")  // it closed with our replies unread
            return
        } catch {
            close(c, "read failed: \(error.reason)")
            return
        }
        if n == 0 {
            close(c, "disconnected")
            return
        }
        replies.removeAll(keepingCapacity: true)
        respond(&c.client, input[..<n], &replies)
        generation += 1
        queue(replies[...], to: c)
    }

    private func queue(_ bytes: ArraySlice<UInt8>, to c: Connection) {
        guard !bytes.isEmpty else { return }
        if c.output.append(bytes) { flush(c) } else { drop(c) }
    }

    /// Writes as much of the backlog as the kernel takes now.
    private func flush(_ c: Connection) {
        while !c.output.isEmpty, !c.closed {
            do throws(SystemError) {
                let n = try c.socket.write(c.output.pending)
                c.output.removeFirst(n)
            } catch where error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                return
            } catch {
                close(c, "write failed: \(error.reason)")
            }
        }
    }

    private func drop(_ c: Connection) {
        statistics.droppedSlow += 1
        log(.warning, "gpsd client dropped: it did not read its reports (over \(limits.outputBytes / 1024) KiB waiting)",
            [("client", c.name)])
        c.closed = true
    }

    private func close(_ c: Connection, _ why: String) {
        statistics.disconnected += 1
        clientLine("gpsd client \(why)", [("client", c.name)], now: lastServiceAt)
        c.closed = true
    }

    /// Asked of the kernel per connection (it doubles it, socket(7)): 16 KiB.
    static var kernelSendBufferBytes: Int32 { 16 * 1024 }

    /// Connect and disconnect lines, per kind through the journal's rate limit: a client
    /// connecting in a loop must not flood the journal (and push the daemon's real errors
    /// past journald's own limit).
    private func clientLine(_ message: String, _ data: [(String, String)], now: MonotonicInstant) {
        guard let line = journal.annotated(message, now: now) else { return }
        log(.info, line, data)
    }

    /// Forgets closed connections: the last reference goes, and with it the descriptor.
    private func removeClosed() {
        guard connections.contains(where: \.closed) else { return }
        connections.removeAll(where: \.closed)
        generation += 1
    }
}
