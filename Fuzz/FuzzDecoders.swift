// Decoders beyond the splitter and NMEA that the fuzz target drives. UBX message views and the
// epoch assembler join here as they land in main (issue 2, parts 5 and 6).

enum FuzzDecoders {
    static func ubx(_ id: UBXMessageID, _ payload: ArraySlice<UInt8>) {
        _ = id.messageClass
        _ = payload.count
    }
}
