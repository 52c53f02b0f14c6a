// status.json is replaced atomically (write a temporary file beside it, then rename(2)), so
// a reader never sees half a file. It lives on /run (tmpfs): no flash wear however often.
// The temporary name is created with O_CREAT | O_EXCL | O_NOFOLLOW: a symlink or file planted
// under that name is never followed or written through. One left by a crash between create
// and rename is removed (unlink removes a link, not its target) and the create tried again.
import Glibc
import GPSBoxSystem

public struct StatusFile {
    public let path: String
    /// Built once: the daemon writes about once a second.
    public let temporaryPath: String

    public init(path: String) {
        self.path = path
        temporaryPath = path + ".tmp"
    }

    /// Replaces the file with one line of text (a newline is added).
    public func write(_ text: String) throws(SystemError) {
        let line = Array((text + "\n").utf8)
        let result = line.withUnsafeBytes { raw in
            Result { () throws(SystemError) in try write(raw) }
        }
        try result.get()
    }

    /// Replaces the file with `bytes` (the caller ends them with a newline).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        let tmp = temporaryPath
        do {
            let file = try createExclusively(tmp)
            do {
                try file.writeAll(bytes)
            } catch {
                try? FileSystem.removeFile(tmp)
                throw error
            }
        }  // the temporary file is closed here, before it takes the real name
        try FileSystem.rename(tmp, to: path)
    }

    private func createExclusively(_ tmp: String) throws(SystemError) -> FileDescriptor {
        let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW
        do {
            return try FileDescriptor.open(tmp, flags: flags)
        } catch let e where e.errno == EEXIST {
            try FileSystem.removeFile(tmp)
            return try FileDescriptor.open(tmp, flags: flags)
        }
    }
}
