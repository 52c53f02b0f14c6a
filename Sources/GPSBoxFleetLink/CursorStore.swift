// The upload's cursor on disk, replaced atomically: write a temporary file, fsync it, rename
// it over the cursor, fsync the folder. A power cut leaves the old cursor or the new one.
import GPSBoxFleet
import GPSBoxSystem
import Glibc

package struct CursorStore {
    package let folder: String
    package var path: String { folder + "/upload-cursor" }

    package func load() throws -> LogPosition? {
        guard (try? FileSystem.identity(path, followLinks: true)) != nil else { return nil }
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

    /// The status file, replaced the same way (a reader never sees half of it), but not synced:
    /// it changes every second, and after a power cut the next one replaces it anyway.
    package func saveStatus(_ status: UploadStatus, to statusPath: String) throws(SystemError) {
        try replace(statusPath, with: Array(status.json.utf8), mode: 0o644, durable: false)
    }

    private func replace(_ target: String, with bytes: [UInt8], mode: mode_t = 0o600, durable: Bool = true) throws(SystemError) {
        let temp = target + ".tmp"
        try write(bytes, to: temp, mode: mode, durable: durable)
        try FileSystem.rename(temp, to: target)
        if durable { try syncFolder() }
    }

    private func write(_ bytes: [UInt8], to p: String, mode: mode_t, durable: Bool) throws(SystemError) {
        let fd = try FileDescriptor.open(p, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode)
        // The unit's UMask=0077 would make the status file the service's alone.
        try fd.changeMode(UInt32(mode))
        var result: SystemError?
        bytes.withUnsafeBytes { b in
            do throws(SystemError) { try fd.writeAll(b) } catch { result = error }
        }
        if let result { throw result }
        if durable { try fd.sync() }
    }

    private func syncFolder() throws(SystemError) {
        let dir = try FileDescriptor.open(folder, flags: O_RDONLY | O_DIRECTORY)
        try dir.sync()
    }
}
