// What a UART receiver at one baud rate makes of bytes sent at another: the sender's 8N1
// waveform (start bit 0, 8 data bits LSB first, stop bit 1, idle high) is sampled at the
// receiver's bit centres after each falling edge. A missing stop bit is a framing error,
// which a raw-mode Linux tty delivers as a NUL byte. This is why a wrong baud gives
// garbage, and what the simulator feeds a reader whose termios speed does not match.
import GPSBoxCore

public enum UARTResampler {
    /// The bytes a receiver at `receiverBaud` reads from `bytes` sent back to back at
    /// `senderBaud`. Equal rates return the input unchanged.
    public static func resample(_ bytes: [UInt8], senderBaud: Int, receiverBaud: Int) -> [UInt8] {
        guard senderBaud != receiverBaud, !bytes.isEmpty else { return bytes }
        let bitTime = 1.0 / Double(senderBaud)
        let sampleTime = 1.0 / Double(receiverBaud)
        let totalBits = bytes.count * 10
        // Level of the sender's bit number `bit` (idle high outside the frames).
        func bitLevel(_ bit: Int) -> UInt8 {
            guard bit >= 0, bit < totalBits else { return 1 }
            switch bit % 10 {
            case 0: return 0
            case 9: return 1
            case let k: return (bytes[bit / 10] >> (k - 1)) & 1
            }
        }
        func level(_ t: Double) -> UInt8 { bitLevel(Int((t / bitTime).rounded(.down))) }
        var out: [UInt8] = []
        var t = 0.0
        // The level only changes on the sender's bit boundaries, so look for the next
        // high-to-low edge there rather than stepping through time.
        while true {
            var b = max(0, Int((t / bitTime).rounded(.up)))
            while b < totalBits, !(bitLevel(b) == 0 && bitLevel(b - 1) == 1) { b += 1 }
            guard b < totalBits else { break }
            let edge = Double(b) * bitTime
            guard level(edge + sampleTime / 2) == 0 else {  // a glitch, not a start bit
                t = edge + bitTime / 2
                continue
            }
            var byte: UInt8 = 0
            for k in 0..<8 { byte |= level(edge + sampleTime * (1.5 + Double(k))) << k }
            out.append(level(edge + sampleTime * 9.5) == 1 ? byte : 0)
            t = edge + sampleTime * 9.5
        }
        return out
    }
}
