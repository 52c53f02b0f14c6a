// The upload's cursor on disk, replaced atomically: write a temporary file, fsync it, rename
// it over the cursor, fsync the folder. A power cut leaves the old cursor or the new one.
import GPSBoxFleet
import GPSBoxSystem
import Glibc

struct CursorStore {
    let folder: String
    var path: String { folder + "/upload-cursor" }

    func load() throws -> LogPosition? {
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

    func save(_ position: LogPosition) throws(SystemError) {
        let temp = path + ".tmp"
        try write(Array(UploadCursor.encode(position).utf8), to: temp)
        _ = try sys("rename", path: path) { rename(temp, path) }
        try syncFolder()
    }

    private func write(_ bytes: [UInt8], to p: String) throws(SystemError) {
        let fd = try FileDescriptor.open(p, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
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
