// Decoders beyond the splitter and NMEA that the fuzz target drives: every UBX message view
// (including its JSON rendering, which walks every field) and the epoch assembler fed with
// everything the splitter produced, ending in TPV lines.

enum FuzzDecoders {
    nonisolated(unsafe) static var assembler = EpochAssembler()

    static func ubx(_ id: UBXMessageID, _ payload: ArraySlice<UInt8>) {
        let message = UBXMessage(id: id, payload: payload)
        _ = message.jsonLine
    }

    static func assemble(_ frame: Frame) {
        assembler.consume(frame) { fix in _ = TPVJSON.line(fix) }
    }

    static func finishEpochs() {
        assembler.flush { fix in _ = TPVJSON.line(fix) }
        assembler = EpochAssembler()
    }
}
