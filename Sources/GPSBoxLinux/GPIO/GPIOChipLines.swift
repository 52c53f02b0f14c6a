// What the kernel says of a GPIO chip's line, without requesting it: the chip's line count
// (GPIO_GET_CHIPINFO_IOCTL) and whether the line is in use and by whom
// (GPIO_V2_GET_LINEINFO_IOCTL, flag GPIO_V2_LINE_FLAG_USED; linux/gpio.h). `gpsbox doctor`
// asks it; a chip that does not answer (not a GPIO chip, an old kernel) gives nil.
import CLinux
import Glibc
import GPSBoxSystem

public enum GPIOChipLines {
    public struct LineState: Sendable, Equatable {
        public var lineCount: Int
        public var used: Bool
        /// The label of who holds it ("gpsbox", "led0"); nil when free or unnamed.
        public var consumer: String?
    }

    public static func state(chipPath: String, line: UInt32) -> LineState? {
        guard let chipFile = try? FileDescriptor.open(chipPath, flags: O_RDONLY | O_NONBLOCK) else { return nil }
        var chip = gpiochip_info()
        guard (try? chipFile.ioctl("ioctl(GPIO_GET_CHIPINFO)", gpsbox_GPIO_GET_CHIPINFO_IOCTL(), &chip)) != nil else { return nil }
        var state = LineState(lineCount: Int(chip.lines), used: false, consumer: nil)
        guard line < chip.lines else { return state }
        var info = gpio_v2_line_info()
        info.offset = line
        guard (try? chipFile.ioctl("ioctl(GPIO_V2_GET_LINEINFO)", gpsbox_GPIO_V2_GET_LINEINFO_IOCTL(), &info)) != nil else { return state }
        state.used = info.flags & 1 != 0   // GPIO_V2_LINE_FLAG_USED = bit 0
        let consumer = withUnsafeBytes(of: info.consumer) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        state.consumer = consumer.isEmpty ? nil : consumer
        return state
    }
}
