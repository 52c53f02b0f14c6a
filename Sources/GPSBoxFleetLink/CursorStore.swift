// The upload's cursor on disk, replaced atomically: write a temporary file, fsync it, rename
// it over the cursor, fsync the folder. A power cut leaves the old cursor or the new one.
import GPSBoxFleet
import GPSBoxSystem
import Glibc

package struct CursorStore {
    package let folder: String
    package var path: String { folder + "/upload-cursor" }

    package func load() throws -> LogPosition? {
        guard access(path, F_OK) == 0 else { return nil }
        let bytes = try readAll(path)
        do {
            return try UploadCursor.decode(String(decoding: bytes, as: UTF8.self))
        } catch {
            throw BrokerError(description: "cursor file \(path): \(error)")
        }
    }

    private func readAll(_ p: String) throws(SystemError) -> [UInt8] {
        let fd = try FileDescriptor.openForReading(p)
        return try fd.readToEnd(maxBytes: 4096)
    }

    package func save(_ position: LogPosition) throws(SystemError) {
        try replace(path, with: Array(UploadCursor.encode(position).utf8))
    }

    /// The status file, replaced the same way (a reader never sees half of it).
    package func saveStatus(_ status: UploadStatus, to statusPath: String) throws(SystemError) {
        try replace(statusPath, with: Array(status.json.utf8), mode: 0o644)
    }

    private func replace(_ target: String, with bytes: [UInt8], mode: mode_t = 0o600) throws(SystemError) {
        let temp = target + ".tmp"
        try write(bytes, to: temp, mode: mode)
        _ = try sys("rename", path: target) { rename(temp, target) }
        try syncFolder()
    }

    private func write(_ bytes: [UInt8], to p: String, mode: mode_t) throws(SystemError) {
        let fd = try FileDescriptor.open(p, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        var result: SystemError?
        bytes.withUnsafeBytes { b in
            do throws(SystemError) { try fd.writeAll(b) } catch { result = error }
        }
        if let result { throw result }
        _ = try sys("fsync", path: p) { fsync(fd.rawValue) }
    }

    private func syncFolder() throws(SystemError) {
        let dir = try FileDescriptor.open(folder, flags: O_RDONLY | O_DIRECTORY)
        _ = try sys("fsync", path: folder) { fsync(dir.rawValue) }
    }
}
