// status.json is replaced atomically (write a temporary file beside it, then rename(2)), so
// a reader never sees half a file. It lives on /run (tmpfs): no flash wear however often.
import Glibc
import GPSBoxSystem

public struct StatusFile {
    public let path: String

    public init(path: String) { self.path = path }

    public func write(_ text: String) throws(SystemError) {
        let tmp = path + ".tmp"
        do {
            let file = try OutputFile(creating: tmp)
            file.write(text + "\n")
            file.flush()
            if let error = file.error { throw error }
        }  // the temporary file is closed here, before it takes the real name
        _ = try sys("rename", path: path) { rename(tmp, path) }
    }

}
