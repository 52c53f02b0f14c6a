// Turns the user's configuration (gpsbox.conf + flags) into the settings of the pure core
// types the daemon drives: sampler, log writer, receiver configurator.
import GPSBoxCore

extension GPSBoxConfiguration {
    public var samplerConfiguration: SamplerConfiguration {
        SamplerConfiguration(
            intervalMs: ConfigValueSyntax.milliseconds(sampleInterval),
            maximumHorizontalAccuracyMetres: maxHorizontalAccuracy.map { Double($0.rawValue) / 1000 },
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

    /// `port`: what the host knows of its device (ReceiverLinkPort); the module is asked too.
    public func receiverSettings(currentBaud: Int, port: ReceiverPort) throws(ReceiverSettingsError) -> ReceiverSettings {
        var s = try ReceiverSettings(port: port, currentBaudRate: currentBaud, rateHertz: rateHz, silenceNMEA: !nmeaOutput,
                                     dynamicModel: UBXDynamicModel(rawValue: dynamicModel.dynModel))
        s.resolvesPort = true
        s.linePolicy = effectiveLinePolicy
        s.rawMeasurements = rawMeasurements
        return s
    }

    /// raise-baud needs auto-baud to find the module again after a reconnect; with a fixed
    /// `baud` the line stays as it is and the output is trimmed to fit it.
    public var effectiveLinePolicy: ReceiverLinePolicy {
        switch (linePolicy, baud) {
        case (.raiseBaud, .auto): .raiseBaud(maximum: maxBaud)
        default: .trim
        }
    }

    public var noDataTimeoutMs: Int64 { max(1000, ConfigValueSyntax.milliseconds(noDataTimeout)) }
}
