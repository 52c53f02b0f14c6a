import Glibc
import Testing
import GPSBoxCore
@testable import GPSBoxSystem

/// The one socket type: listen, connect, accept and peer credentials on a real AF_UNIX
/// socket, and the fault hook reaching calls other than read and write.
@Suite struct SocketTests {
    static func scratch() -> String {
        var template = Array("/tmp/gpsbox-socket-XXXXXX".utf8CString)
        return String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }!)
    }

    @Test func aConnectionIsAcceptedAndNamesItsPeer() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/s.sock"
        let address = try SocketAddress.unix(path)
        let listener = try Socket.listening(at: address, type: .sequencedPacket, backlog: 4)
        #expect(try FileSystem.identity(path).isSocket)
        #expect(try FileSystem.identity(path).mode == 0o660)
        switch try listener.accept(name: "none") {  // nothing waiting: nil, not a wait
        case .none: break
        case .some: Issue.record("accepted a connection nobody made")
        }
        let client = try Socket.connected(to: address, type: .sequencedPacket)
        guard let server = try listener.accept(name: path + "#1") else {
            Issue.record("the connection was not accepted")
            return
        }
        #expect(server.descriptor.path == path + "#1")
        let peer = try server.peerCredentials()
        #expect(peer.pid == getpid() && peer.uid == geteuid() && peer.gid == getegid())
        let word = Array("state".utf8)
        #expect(try word.withUnsafeBytes { try client.write($0) } == 5)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(try server.read(into: &buffer) == 5)
        #expect(Socket.isAnswered(address))
        try FileSystem.removeFile(path)
    }

    @Test func aLiveSocketIsKeptAndAStaleOneReplaced() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/s.sock"
        do {
            let stale = try Socket(for: .unix(path), type: .stream, nonBlocking: false)
            try stale.bind(to: .unix(path))
        }
        #expect(!Socket.isAnswered(try .unix(path)))
        let first = try Socket.listening(at: .unix(path), type: .stream, backlog: 1)
        #expect(throws: SystemError(call: "bind", path: path, errno: EADDRINUSE)) {
            _ = try Socket.listening(at: .unix(path), type: .stream, backlog: 1)
        }
        _ = first
        try FileSystem.removeFile(path)
    }

    @Test func addressesNameWhatTheyAre() throws {
        #expect(try SocketAddress.ip("127.0.0.1", port: 2947).description == "127.0.0.1:2947")
        #expect(try SocketAddress.ip("::1", port: 2947).description == "[::1]:2947")
        #expect(throws: SystemError(call: "inet_pton", path: "localhost:1", errno: EINVAL)) { _ = try SocketAddress.ip("localhost", port: 1) }
        let long = "/" + String(repeating: "x", count: 120)
        #expect(throws: SystemError(call: "socket address", path: long, errno: ENAMETOOLONG)) { _ = try SocketAddress.unix(long) }
        #expect(try SocketAddress.unix("@abstract").path == nil)
    }

    @Test func aTCPListenerTakesALoopbackPort() throws {
        let listener = try Socket.listening(at: .ip("127.0.0.1", port: 0), type: .stream, backlog: 1)
        #expect(listener.rawValue >= 0)
    }

    @Test func faultsReachAcceptAndTheFileSystemCalls() throws {
        let dir = Self.scratch()
        defer { rmdir(dir) }
        let path = dir + "/s.sock"
        let listener = try Socket.listening(at: .unix(path), type: .stream, backlog: 4)
        SyscallFaults.inject([.errno(EMFILE)], into: "accept", path: path)
        #expect(throws: SystemError(call: "accept", path: path, errno: EMFILE)) { _ = try listener.accept(name: "c") }
        SyscallFaults.inject([.interrupted, .errno(EIO)], into: "rename", path: dir + "/b")
        #expect(throws: SystemError(call: "rename", path: dir + "/b", errno: EIO)) { try FileSystem.rename(dir + "/a", to: dir + "/b") }
        #expect(SyscallFaults.pending("rename", path: dir + "/b") == 0)
        SyscallFaults.inject([.errno(ENOSPC)], into: "mkdir", path: dir + "/")
        #expect(throws: SystemError(call: "mkdir", path: dir + "/d", errno: ENOSPC)) { try FileSystem.makeDirectory(dir + "/d") }
        try FileSystem.makeDirectory(dir + "/d")
        try FileSystem.makeDirectory(dir + "/d", existingIsFine: true)
        #expect(throws: SystemError(call: "mkdir", path: dir + "/d", errno: EEXIST)) { try FileSystem.makeDirectory(dir + "/d") }
        try FileSystem.removeDirectory(dir + "/d")
        try FileSystem.removeFile(path)
    }

    @Test func aFaultReachesThePollSet() throws {
        var poll = PollSet(name: "/poll-test")
        SyscallFaults.inject([.errno(ENOMEM)], into: "poll", path: "/poll-test")
        #expect(throws: SystemError(call: "poll", path: "/poll-test", errno: ENOMEM)) { _ = try poll.wait(timeoutMilliseconds: 0) }
        SyscallFaults.inject([.interrupted], into: "poll", path: "/poll-test")
        #expect(try poll.wait(timeoutMilliseconds: 0) == 0)  // EINTR: the caller recomputes its deadlines
    }
}
