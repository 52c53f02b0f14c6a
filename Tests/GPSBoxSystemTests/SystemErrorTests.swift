import Testing
import Glibc
@testable import GPSBoxSystem

@Suite struct SystemErrorTests {
    @Test func failingCallNamesCallPathAndErrno() {
        #expect(throws: SystemError(call: "open", path: "/nonexistent/x", errno: ENOENT)) {
            _ = try sys("open", path: "/nonexistent/x") { open("/nonexistent/x", O_RDONLY) }
        }
    }

    @Test func descriptionIsReadable() {
        let e = SystemError(call: "open", path: "/x", errno: ENOENT)
        #expect(e.description == "open /x: No such file or directory (errno 2)")
    }
}
