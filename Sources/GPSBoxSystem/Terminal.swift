// What a command needs to know about its terminal, behind the syscall seam: whether a file
// descriptor is one (a progress line belongs on a terminal, never in a pipe or a log file),
// how wide it is, and a steady clock to pace updates by.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum Terminal {
    /// True when `fd` is a terminal (isatty(3)).
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Columns of the terminal on `fd` (TIOCGWINSZ), nil when unknown.
    public static func columns(_ fd: Int32) -> Int? {
        var size = winsize()
        #if canImport(Glibc)
        let request = UInt(TIOCGWINSZ)
        #else
        let request = TIOCGWINSZ
        #endif
        guard ioctl(fd, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
