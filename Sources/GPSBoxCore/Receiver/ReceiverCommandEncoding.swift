// The seam between the configuration state machine and the UBX message encoders
// (Sources/GPSBoxCore/UBX): each method returns one complete UBX frame. The configurator
// reads the class and id back from the frame (bytes 2 and 3, §32.2 "UBX Frame Structure") to
// match the receiver's ACK-ACK / ACK-NAK, so encoders need not report them.

public protocol ReceiverCommandEncoding: Sendable {
    /// UBX-MON-VER poll (empty payload).
    func monVERPoll() -> [UInt8]
    /// Legacy receivers: one CFG message for one item (CFG-RATE, CFG-MSG on the current
    /// port, CFG-NAV5 with only the dynamic-model mask bit, CFG-PRT for NMEA output or baud).
    /// CFG-PRT sets the whole port, so it carries `settings.silenceNMEA` for the output mask
    /// and the item's baud rate, else `settings.currentBaudRate`.
    func legacyCommand(_ item: ReceiverConfigItem, settings: ReceiverSettings) -> [UInt8]
    /// Legacy receivers: CFG-CFG saving every section to BBR and flash.
    func legacySave() -> [UInt8]
    /// F9/M9/M10: one CFG-VALSET with the items for `settings.port`, in RAM (plus BBR and
    /// flash when `settings.save`).
    func valset(_ items: [ReceiverConfigItem], settings: ReceiverSettings) -> [UInt8]
}
