import Glibc
import Testing
@testable import GPSBoxLinux

/// `gpsbox record` asks only root or the daemon's user (the owner of the socket's folder).
@Suite struct ControlClientPeerTests {
    @Test(arguments: [(UInt32(0), UInt32(998), true), (998, 998, true), (1001, 998, false), (65534, 0, false)])
    func onlyRootOrTheFoldersOwnerIsTrusted(peer: UInt32, owner: UInt32, trusted: Bool) {
        #expect(ControlClient.trusts(peerUID: peer, folderOwner: owner) == trusted)
    }
}
