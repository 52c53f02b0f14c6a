import GPSBoxCore
import Glibc
import Testing
import GPSBoxSystem
@testable import GPSBoxLinux

/// status.json is replaced through a temporary name that is never followed as a symlink, and a
/// temporary file left by a crash does not stop the next write.
@Suite struct StatusFileTests {
    @Test func aSymlinkPlantedAtTheTemporaryNameIsNotWrittenThrough() throws {
        let dir = ControlSocketTests.scratch()
        let victim = dir + "/victim"
        let file = StatusFile(path: dir + "/status.json")
        defer { for n in ["victim", "status.json", "status.json.tmp"] { unlink(dir + "/" + n) }; rmdir(dir) }
        try OutputFileTestText.write("precious\n", to: victim)
        #expect(symlink(victim, file.temporaryPath) == 0)
        try file.write("{\"state\":\"fix\"}")
        #expect(try InputFile.text(victim) == "precious\n")
        #expect(try InputFile.text(file.path) == "{\"state\":\"fix\"}\n")
        var st = stat()
        #expect(lstat(file.path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG)
        #expect(access(file.temporaryPath, F_OK) != 0)
    }

    @Test func aTemporaryFileLeftByACrashIsReplaced() throws {
        let dir = ControlSocketTests.scratch()
        let file = StatusFile(path: dir + "/status.json")
        defer { for n in ["status.json", "status.json.tmp"] { unlink(dir + "/" + n) }; rmdir(dir) }
        try OutputFileTestText.write("{\"state\":\"half", to: file.temporaryPath)
        try file.write("{}")
        #expect(try InputFile.text(file.path) == "{}\n")
    }

    @Test func shortAndInterruptedWritesStillReplaceTheFileWhole() throws {
        let dir = ControlSocketTests.scratch()
        let file = StatusFile(path: dir + "/status.json")
        defer { SyscallFaults.removeAll(path: file.temporaryPath); unlink(file.path); rmdir(dir) }
        SyscallFaults.inject([.short(2), .interrupted, .short(5)], into: .write, path: file.temporaryPath)
        try file.write("{\"state\":\"fix\",\"satellites\":9}")
        #expect(SyscallFaults.pending(.write, path: file.temporaryPath) == 0)
        #expect(try InputFile.text(file.path) == "{\"state\":\"fix\",\"satellites\":9}\n")
    }

    /// A full or failing /run keeps the last complete status: the half-written temporary file
    /// is removed, never renamed over it, and the error names it.
    @Test(arguments: [ENOSPC, EIO])
    func aFailedWriteKeepsThePreviousStatus(_ errno: Int32) throws {
        let dir = ControlSocketTests.scratch()
        let file = StatusFile(path: dir + "/status.json")
        defer { SyscallFaults.removeAll(path: file.temporaryPath); unlink(file.path); rmdir(dir) }
        try file.write("{\"state\":\"fix\"}")
        SyscallFaults.inject([.short(4), .errno(errno)], into: .write, path: file.temporaryPath)
        #expect(throws: SystemError(call: "write", path: file.temporaryPath, errno: errno)) {
            try file.write("{\"state\":\"searching\"}")
        }
        #expect(try InputFile.text(file.path) == "{\"state\":\"fix\"}\n")
        #expect(access(file.temporaryPath, F_OK) != 0)
    }

    @Test func aMissingDirectoryIsAnErrorNamingTheTemporaryFile() {
        let file = StatusFile(path: "/nonexistent-gpsbox/status.json")
        #expect(throws: SystemError(call: "open", path: "/nonexistent-gpsbox/status.json.tmp", errno: ENOENT)) {
            try file.write("{}")
        }
    }
}

enum OutputFileTestText {
    static func write(_ text: String, to path: String) throws {
        let file = try OutputFile(creating: path)
        file.write(text)
        file.flush()
        if let e = file.error { throw e }
    }
}
