// `gpsbox simulate --output FILE`: the module's byte stream for a simulated duration,
// written as fast as possible (no pacing) for benchmarks, demos and test fixtures. A reader
// is assumed to stay at the starting baud, so after a `baud` fault the file holds what that
// reader would see: garbage.
import GPSBoxCore
import GPSBoxSystem
import GPSBoxSimulator

public enum SimulatorFileWriter {
    @discardableResult
    public static func write(_ receiver: inout SimulatedReceiver, duration: Double,
                             to file: OutputFile) -> SimulatorReport {
        var report = SimulatorReport()
        let readerBaud = receiver.baud
        var lineBaud = receiver.baud
        receiver.run(for: duration) { out in
            report.epochs += 1
            report.faults += out.faults
            if let b = out.baudBefore { lineBaud = b }
            let bytes = UARTResampler.resample(out.bytes, senderBaud: lineBaud, receiverBaud: readerBaud)
            file.write(bytes: bytes)
            report.bytesWritten += bytes.count
            if let b = out.baudAfter { lineBaud = b }
        }
        file.flush()
        return report
    }
}
