// Turns the user's configuration (gpsbox.conf + flags) into the settings of the pure core
// types the daemon drives: sampler, log writer, receiver configurator.
import GPSBoxCore

extension GPSBoxConfiguration {
    public var samplerConfiguration: SamplerConfiguration {
        SamplerConfiguration(
            intervalMs: ConfigValueSyntax.milliseconds(sampleInterval),
            maximumHorizontalAccuracyMetres: minAccuracy.map { Double($0.rawValue) / 1000 },
            distanceFilterMetres: Double(distanceFilter.rawValue) / 1000,
            suppressesStationaryJitter: stationarySpeed.rawValue > 0,
            stationarySpeed: Double(stationarySpeed.rawValue) / 1000,
            tripGapMs: max(1, ConfigValueSyntax.milliseconds(tripGap)),
            autoStart: autoRecord)
    }

    public func logWriterConfiguration(version: String) -> LogWriterConfiguration {
        var c = LogWriterConfiguration()
        c.segmentSizeLimitBytes = segmentSize.rawValue
        c.syncIntervalMilliseconds = ConfigValueSyntax.milliseconds(syncInterval)
        c.ring.quotaBytes = quota.rawValue
        c.ring.freeSpaceFloorBytes = freeSpaceFloor?.rawValue
        c.gpsboxVersion = "gpsbox " + version
        return c
    }

    public func receiverSettings(currentBaud: Int) throws(ReceiverSettingsError) -> ReceiverSettings {
        let port: ReceiverPort = i2c != nil ? .i2c : (device.contains("ttyACM") ? .usb : .uart1)
        var target: Int?
        if case .fixed(let b) = baud, port == .uart1, b != currentBaud { target = b }
        return try ReceiverSettings(port: port, currentBaudRate: currentBaud, baudRate: target, rateHertz: rateHz,
                                    silenceNMEA: !nmeaOutput, dynamicModel: UBXDynamicModel(rawValue: dynamicModel.dynModel))
    }

    public var noDataTimeoutMs: Int64 { max(1000, ConfigValueSyntax.milliseconds(noDataTimeout)) }
}
