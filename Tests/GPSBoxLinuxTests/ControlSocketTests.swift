import GPSBoxCore
import Foundation
import Glibc
import Testing
import GPSBoxSystem
@testable import GPSBoxLinux

/// `gpsbox record` and the daemon over the control socket: each request gets the state that
/// resulted, concurrent requests are answered one at a time, and no daemon means a clear
/// "not running" rather than a signal to whatever pid a file names.
@Suite struct ControlSocketTests {
    static func scratch() -> String {
        var template = Array("/tmp/gpsbox-control-XXXXXX".utf8CString)
        let p = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(cString: p!)
    }

    /// A recording flag served like the daemon serves it, until `requests` were answered.
    final class Recorder {
        var recording = false
        var answered = 0

        func serve(_ server: ControlSocket, requests: Int, timeoutMs: Int64 = 5000) throws {
            let start = MonotonicClock.now()
            while answered < requests, MonotonicClock.now() - start < timeoutMs {
                var poll = PollSet()
                let slots = server.descriptors.map { ($0, poll.watch($0)) }
                _ = try poll.wait(timeoutMilliseconds: 100)
                for (fd, slot) in slots where !poll.events(at: slot).isEmpty {
                    server.service(fd, now: MonotonicClock.now()) { request in
                        answered += 1
                        switch request {
                        case .state: return .state(recording: recording)
                        case .start, .stop:
                            let want = request == .start, changed = want != recording
                            recording = want
                            return want ? .recording(changed: changed) : .stopped(changed: changed)
                        }
                    }
                }
            }
        }
    }

    /// A `gpsbox record` call on its own thread (a cooperative-pool task could wait behind the
    /// blocked test thread that serves it).
    final class Call: @unchecked Sendable {
        private var result: Result<ControlReply, ControlError>?
        private let done = DispatchSemaphore(value: 0)

        init(_ request: ControlRequest, _ path: String) {
            Thread {
                self.result = Result { () throws(ControlError) in try ControlClient.send(request, socketPath: path) }
                self.done.signal()
            }.start()
        }

        var value: Result<ControlReply, ControlError> {
            done.wait()
            return result!
        }
    }

    static func ask(_ request: ControlRequest, _ path: String) -> Call { Call(request, path) }

    @Test func eachRequestIsAnsweredWithTheResultingState() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/control.sock"
        let server = try ControlSocket(path: path)
        let recorder = Recorder()
        for (request, expected) in [(ControlRequest.start, ControlReply.recording(changed: true)),
                                    (.start, .recording(changed: false)), (.state, .state(recording: true)),
                                    (.stop, .stopped(changed: true)), (.stop, .stopped(changed: false))] {
            let reply = Self.ask(request, path)
            try recorder.serve(server, requests: recorder.answered + 1)
            #expect(try reply.value.get() == expected)
        }
        _ = server
    }

    @Test func concurrentStartsGetOneStartedAndOneAlreadyRecording() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/control.sock"
        let server = try ControlSocket(path: path)
        let recorder = Recorder()
        let a = Self.ask(.start, path), b = Self.ask(.start, path)
        try recorder.serve(server, requests: 2)
        let replies = [try a.value.get(), try b.value.get()]
        #expect(replies.filter { $0 == .recording(changed: true) }.count == 1)
        #expect(replies.filter { $0 == .recording(changed: false) }.count == 1)
        #expect(recorder.recording)
    }

    @Test func theSocketFileIsGroupWritableAndGoesWithTheServer() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/control.sock"
        do {
            let server = try ControlSocket(path: path)
            var st = stat()
            #expect(lstat(path, &st) == 0)
            #expect(st.st_mode & S_IFMT == S_IFSOCK)
            #expect(st.st_mode & 0o777 == 0o660)
            _ = server
        }
        #expect(access(path, F_OK) != 0)
    }

    @Test func noDaemonIsNotRunningAndAStaleSocketIsReplaced() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/control.sock"
        #expect(throws: ControlError.notRunning(path: path)) { try ControlClient.send(.start, socketPath: path) }
        // A socket file left by a crashed daemon: nobody listens.
        do {
            let stale = try Socket(for: .unix(path), type: .sequencedPacket, nonBlocking: false)
            try stale.bind(to: .unix(path))
        }  // closed here: nobody listens
        #expect(throws: ControlError.notRunning(path: path)) { try ControlClient.send(.start, socketPath: path) }
        let server = try ControlSocket(path: path)
        #expect(server.descriptors.count == 1)
    }

    @Test func aSecondServerDoesNotStealALiveSocket() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/control.sock"
        let first = try ControlSocket(path: path)
        #expect(throws: SystemError(call: "bind", path: path, errno: EADDRINUSE)) { try ControlSocket(path: path) }
        _ = first
    }

    @Test func anUnknownRequestIsRefusedByName() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/control.sock"
        let server = try ControlSocket(path: path)
        let fd = try Socket.connected(to: .unix(path), type: .sequencedPacket).release()  // closed by the defer below
        defer { close(fd) }
        _ = "pause".withCString { send(fd, $0, 5, 0) }
        var poll = PollSet()
        let slots = server.descriptors.map { ($0, poll.watch($0)) }
        _ = try poll.wait(timeoutMilliseconds: 1000)
        for (s, slot) in slots where !poll.events(at: slot).isEmpty { server.service(s, now: 0) { _ in .state(recording: true) } }
        // The listener accepted; now the connection's packet.
        for s in server.descriptors.dropFirst() { server.service(s, now: 0) { _ in .state(recording: true) } }
        var buffer = [UInt8](repeating: 0, count: 200)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        #expect(n > 0)
        #expect(String(decoding: buffer[..<max(n, 0)], as: UTF8.self)
                == "error: unknown request 'pause'; expected start, stop or state")
    }

    @Test func theKernelNamesThePeer() {
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let peer = try? Socket(adopting: FileDescriptor(borrowing: fds[0])).peerCredentials()
        #expect(peer?.pid == getpid())
        #expect(peer?.uid == geteuid())
        #expect(peer?.gid == getegid())
    }

    @Test(arguments: [ControlReply.recording(changed: true), .recording(changed: false), .stopped(changed: true),
                      .stopped(changed: false), .state(recording: true), .state(recording: false), .refused("no")])
    func repliesReadBackFromTheirText(reply: ControlReply) {
        #expect(ControlReply(text: reply.text) == reply)
    }

    @Test func theSocketLivesBesideTheStatusFile() {
        #expect(ControlSocket.path(besideStatusFile: "/run/gpsbox/status.json") == "/run/gpsbox/control.sock")
        #expect(ControlSocket.path(besideStatusFile: "status.json") == "./control.sock")
    }
}
