// The epoch assembler's entry for `decode --format stats`, which counts the unusable fields of
// every sentence as well as the fixes: each sentence is checked once (NMEACheckedSentence), and
// decoded only when this assembler will read it at once.

extension EpochAssembler {
    /// Checks one NMEA sentence's fields and feeds it to its epoch, as
    /// `consumeNMEA(_:decoded:_:)` does with a sentence decoded beforehand: an NMEA-only stream
    /// (no UBX solution for `lazyNMEAEpochs` epochs) gets the sentences a fix reads decoded here,
    /// the rest only checked; while UBX solutions arrive every sentence is only checked and
    /// grouped raw, decoded later only if its epoch has no UBX solution. Throws, before feeding
    /// anything, what `NMEASentence(sentence:)` throws.
    public mutating func consumeNMEACheckingFields(_ sentence: ArraySlice<UInt8>,
                                                   _ emit: (Fix) -> Void) throws(NMEAError) -> NMEACheckedSentence {
        guard epochsSinceUBXSolution < Self.lazyNMEAEpochs else {
            return try NMEACheckedSentence(sentence: sentence) { decoded in consumeNMEA(decoded, emit) }
        }
        let checked = try NMEACheckedSentence(sentence: sentence)
        consumeNMEA(sentence, emit)
        return checked
    }
}
