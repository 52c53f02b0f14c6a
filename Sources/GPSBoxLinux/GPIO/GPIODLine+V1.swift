// libgpiod v1 (1.6: Debian 12 / Pi OS bookworm): chip → line → request output.
#if !GPIOD_V2
import CGPIOD
import Glibc

struct GPIODLine {
    static let api = "v1"
    private let chip: OpaquePointer
    private let line: OpaquePointer
    private let offset: UInt32

    init(chipPath: String, offset: UInt32, activeLow: Bool, consumer: String) throws(LEDError) {
        guard let chip = gpiod_chip_open(chipPath) else {
            throw .chipUnavailable(path: chipPath, errno: errno)
        }
        guard let line = gpiod_chip_get_line(chip, offset) else {
            let e = errno
            gpiod_chip_close(chip)
            throw .lineUnavailable(path: chipPath, line: offset, errno: e)
        }
        let flags = activeLow ? Int32(GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW) : 0
        guard gpiod_line_request_output_flags(line, consumer, flags, 0) == 0 else {
            let e = errno
            gpiod_chip_close(chip)
            throw .lineUnavailable(path: chipPath, line: offset, errno: e)
        }
        self.chip = chip
        self.line = line
        self.offset = offset
    }

    func set(active: Bool, chipPath: String) throws(LEDError) {
        if gpiod_line_set_value(line, active ? 1 : 0) != 0 {
            throw .setFailed(path: chipPath, line: offset, errno: errno)
        }
    }

    /// Releases the line (it keeps its last level) and closes the chip.
    func release() {
        gpiod_line_release(line)
        gpiod_chip_close(chip)
    }
}
#endif
