// One writer per log folder: the second taker is refused and told who holds the folder; the
// lock goes with its holder, never left stale.
import Testing
import Glibc
@testable import GPSBoxSystem

@Suite struct FolderLockTests {
    @Test func aSecondTakerIsRefusedWithTheHoldersPid() throws {
        let folder = POSIXLogDirectoryTests.scratch()
        defer { POSIXLogDirectoryTests.remove(folder) }
        let first = try FolderLock(folder: folder, pid: 4242)
        #expect(throws: FolderLockError.held(folder: folder, pid: 4242)) { try FolderLock(folder: folder) }
        #expect(try InputFile.text(folder + "/gpsbox.lock") == "4242\n")
        _ = first
    }

    @Test func theLockIsFreeAgainWhenItsHolderCloses() throws {
        let folder = POSIXLogDirectoryTests.scratch()
        defer { POSIXLogDirectoryTests.remove(folder) }
        do { _ = try FolderLock(folder: folder, pid: 99_999_999) }
        let again = try FolderLock(folder: folder, pid: 7)
        #expect(again.folder == folder)
        // The old holder's longer pid is gone, not left as a tail after the new one.
        #expect(try InputFile.text(folder + "/gpsbox.lock") == "7\n")
    }

    @Test func aHolderThatWroteNoPidIsStillRefused() throws {
        let folder = POSIXLogDirectoryTests.scratch()
        defer { POSIXLogDirectoryTests.remove(folder) }
        let path = folder + "/gpsbox.lock"
        let fd = open(path, O_RDWR | O_CREAT, 0o644)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        #expect(throws: FolderLockError.held(folder: folder, pid: nil)) { try FolderLock(folder: folder) }
        // A pid beyond 32 bits in the file is no pid.
        _ = "99999999999\n".withCString { write(fd, $0, 12) }
        #expect(throws: FolderLockError.held(folder: folder, pid: nil)) { try FolderLock(folder: folder) }
    }

    @Test func aSymlinkUnderTheLocksNameIsNotFollowed() throws {
        let folder = POSIXLogDirectoryTests.scratch()
        defer { POSIXLogDirectoryTests.remove(folder) }
        #expect(symlink("/etc/passwd", folder + "/gpsbox.lock") == 0)
        #expect(throws: FolderLockError.failed(SystemError(call: "open", path: folder + "/gpsbox.lock", errno: ELOOP))) {
            try FolderLock(folder: folder)
        }
    }

    @Test func aMissingFolderIsAnErrorNamingIt() {
        #expect(throws: FolderLockError.failed(SystemError(call: "open", path: "/nonexistent-gpsbox/gpsbox.lock", errno: ENOENT))) {
            try FolderLock(folder: "/nonexistent-gpsbox")
        }
    }
}
