// libgpiod v2 (Debian 13 / Pi OS trixie): settings → line config → request config →
// chip request. The request outlives the chip handle, so the chip closes right away.
#if GPIOD_V2
import CGPIOD
import Glibc

struct GPIODLine {
    static let api = "v2"
    private let request: OpaquePointer
    private let offset: UInt32

    init(chipPath: String, offset: UInt32, activeLow: Bool, consumer: String) throws(LEDError) {
        guard let chip = gpiod_chip_open(chipPath) else {
            throw .chipUnavailable(path: chipPath, errno: errno)
        }
        defer { gpiod_chip_close(chip) }
        let settings = gpiod_line_settings_new()
        let lineConfig = gpiod_line_config_new()
        let requestConfig = gpiod_request_config_new()
        defer {
            gpiod_line_settings_free(settings)
            gpiod_line_config_free(lineConfig)
            gpiod_request_config_free(requestConfig)
        }
        guard let settings, let lineConfig, let requestConfig else {
            throw .lineUnavailable(path: chipPath, line: offset, errno: ENOMEM)
        }
        var offsets = [offset]
        gpiod_line_settings_set_active_low(settings, activeLow)
        guard gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) == 0,
              gpiod_line_settings_set_output_value(settings, GPIOD_LINE_VALUE_INACTIVE) == 0,
              gpiod_line_config_add_line_settings(lineConfig, &offsets, 1, settings) == 0 else {
            throw .lineUnavailable(path: chipPath, line: offset, errno: errno)
        }
        gpiod_request_config_set_consumer(requestConfig, consumer)
        guard let request = gpiod_chip_request_lines(chip, requestConfig, lineConfig) else {
            throw .lineUnavailable(path: chipPath, line: offset, errno: errno)
        }
        self.request = request
        self.offset = offset
    }

    func set(active: Bool, chipPath: String) throws(LEDError) {
        let value = active ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE
        if gpiod_line_request_set_value(request, offset, value) != 0 {
            throw .setFailed(path: chipPath, line: offset, errno: errno)
        }
    }

    /// Releases the line (it keeps its last level).
    func release() {
        gpiod_line_request_release(request)
    }
}
#endif
