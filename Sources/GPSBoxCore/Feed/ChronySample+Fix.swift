// Which epoch fixes give chrony a time sample (each fix whose time the receiver marks
// valid and fully resolved), the rule gpsd applies before ntpshm_put/chrony_send: a time the
// receiver vouches for, date included.
//   UBX: NAV-PVT / NAV-PVAT with validDate, validTime and fullyResolved (u-blox M8 §32.17.15
//        "valid" flags; EpochAssembler sets Fix.timeValid from exactly those three), or
//        NAV-TIMEUTC with validUTC (the assembler takes no other TIMEUTC).
//   NMEA: RMC or ZDA (the sentences that carry the date) in an epoch whose status was valid.
// NAV-SOL / NAV-TIMEGPS times are GPS week times converted with a leap-second count the
// receiver may not have confirmed; HNR-PVT is an interpolated epoch: neither is sent.

extension ChronySample {
    /// The sample for `fix`, stamped with the system time of the read that brought its epoch's first byte;
    /// nil when the fix's time does not qualify.
    public init?(fix: Fix, receivedNanoseconds: Int64, leap: Int32 = 0) {
        guard let time = fix.time, Self.qualifies(fix) else { return nil }
        self.init(fixTime: time, receivedNanoseconds: receivedNanoseconds, leap: leap)
    }

    /// Whether the fix's time may be given to chrony.
    public static func qualifies(_ fix: Fix) -> Bool {
        guard fix.time != nil, fix.timeValid, let source = fix.provenance.time else { return false }
        switch source {
        case .navPVT, .navPVAT, .navTIMEUTC, .rmc, .zda: return true
        default: return false
        }
    }
}
