import Testing
@testable import GPSBoxCore

/// `raw-measurements`: RXM-RAWX and RXM-SFRBX every solution, on the port in use; a module
/// without raw output NAKs them and the rest of the configuration stands (ScriptedModule and
/// `configure` are ReceiverConfiguratorTests').
@Suite struct ReceiverRawMeasurementsTests {
    static func settings() throws -> ReceiverSettings {
        var s = try ReceiverSettings(rateHertz: 1)
        s.rawMeasurements = true
        return s
    }

    @Test func anM8TGetsCfgMsgForBoth() throws {
        let run = configure(try Self.settings(), module: ScriptedModule(identity: ReceiverConfiguratorTests.m8))
        #expect(run.sent.suffix(2) == ["CFG-MSG RXM-RAWX every 1 solution", "CFG-MSG RXM-SFRBX every 1 solution"])
        #expect(try #require(run.report).isComplete)
    }

    @Test func anF9GetsTheUART1MsgoutKeysInItsValset() throws {
        let run = configure(try Self.settings(), module: ScriptedModule(identity: ReceiverConfiguratorTests.m10))
        #expect(run.sent.last?.hasSuffix("NAV-DOP every 1 solution, RXM-RAWX every 1 solution, RXM-SFRBX every 1 solution") == true)
        // CFG-MSGOUT-UBX_RXM_RAWX_UART1 0x209102a5, _SFRBX_UART1 0x20910232 (F9P interface description §6.9.28).
        var valset = CfgVALSET(layers: .ram)
        valset.set(UBXReceiverCommandEncoding.messageOutputKey(.rxmRAWX, port: .uart1), 1)
        valset.set(UBXReceiverCommandEncoding.messageOutputKey(.rxmSFRBX, port: .uart1), 1)
        #expect(valset.items.map(\.key.rawValue) == [0x2091_02A5, 0x2091_0232])
        #expect(UBXReceiverCommandEncoding.messageOutputKey(.rxmRAWX, port: .i2c).rawValue == 0x2091_02A4)
        #expect(UBXReceiverCommandEncoding.messageOutputKey(.rxmSFRBX, port: .usb).rawValue == 0x2091_0234)
    }

    @Test func aModuleWithoutRawOutputRejectsOnlyThose() throws {
        let run = configure(try Self.settings(), module: ScriptedModule(identity: ReceiverConfiguratorTests.m8, nak: ["RXM-"]))
        let report = try #require(run.report)
        #expect(report.mode == .configured)
        #expect(report.errors == [.rejected(command: "CFG-MSG RXM-RAWX every 1 solution"),
                                  .rejected(command: "CFG-MSG RXM-SFRBX every 1 solution")])
        #expect(report.applied.count == 4)
    }

    @Test func offByDefaultAndCountedInTheLineBudget() throws {
        let plain = try ReceiverSettings(rateHertz: 1)
        #expect(!plain.rawMeasurements)
        let run = configure(plain, module: ScriptedModule(identity: ReceiverConfiguratorTests.m8))
        #expect(!run.sent.contains { $0.contains("RXM-") })
        let budget = plain.budget(for: ReceiverConfiguratorTests.m8)
        let raw = try Self.settings().budget(for: ReceiverConfiguratorTests.m8)
        // 32 satellites: RAWX 16 + 32·32 + 8 a solution, SFRBX 32 · 56 bytes every 6 s.
        let added = raw.bytesPerSecond - budget.bytesPerSecond
        #expect(added == 1048 + (32 * 56 + 5) / 6)
    }
}
