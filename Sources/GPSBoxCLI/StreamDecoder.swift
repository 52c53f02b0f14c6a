// The decode pipeline behind `gpsbox decode`: FrameSplitter → NMEA/UBX views → output lines,
// with the counts and first-damage offsets the command reports.
//
// decode reads what a receiver wrote, so it accepts what real receivers write: NMEA sentences
// without the optional `*hh` (NMEA 0183 v4.11 §5.3; the HP 58534A, MediaTek's $POLYN) are
// decoded and counted as "unchecked", and SiRF binary frames are counted and skipped; neither is
// damage. A sentence type seen with a checksum must keep it (FrameSplitter.Options). The daemon
// does not accept unchecked sentences: nothing unverified reaches the track log.
import GPSBoxCore

/// A class so the splitter's callback can update the counts while the splitter (a struct
/// held separately) is being mutated.
///
/// Every output line is written straight into `out`, one reusable byte buffer that hands large
/// blocks to the command's output; frames go to the same EpochAssembler path the benchmark
/// measures (NMEA of an epoch its NAV-PVT decides is never parsed for `tpv`), and `stats`
/// counts messages in a fixed table by message id (MessageTally): nothing is allocated per frame
/// or per line.
final class StreamDecoder {
    let format: DecodeCommand.Format
    let out: OutputBuffer
    private var splitter = FrameSplitter(options: .init(skipsCaptureComments: true, acceptsUncheckedNMEA: true))
    // The two stored properties touched per frame skip the dynamic exclusivity check a
    // class's `var` gets on every access (measured: 2 checks per sentence, about 5 % of
    // NMEA-only `stats`). Safe: the decoder is used from one thread, and neither property is
    // reached again while it is being mutated (the callbacks touch only counters).
    @exclusivity(unchecked) private var tally = MessageTally()
    private(set) var invalidSentences = 0
    private(set) var malformedUBX = 0
    /// Each kind of damage in the order first met: where it first was, and what it was in words.
    private var damage: [(kind: String, offset: Int, what: String)] = []
    @exclusivity(unchecked) private var assembler = EpochAssembler()
    private(set) var fixes = 0
    /// gpsd's `# Date:` capture hint, read from the header however the reads cut it.
    private var hint = CaptureDateHintReader()
    private(set) var invalidFields = 0
    private(set) var sentencesWithInvalidFields = 0
    private(set) var polls = 0

    init(format: DecodeCommand.Format, out: OutputBuffer) {
        self.format = format
        self.out = out
    }

    var counters: FrameCounters { splitter.counters }

    func feed(_ chunk: ArraySlice<UInt8>) {
        hint.feed(chunk)
        if assembler.referenceDate == nil, let d = hint.date { assembler.referenceDate = d }
        // The open epoch's sentences are kept by their place in `chunk` while it is being read,
        // and copied only if the epoch is still open when the caller reuses its buffer.
        assembler.lendInput(chunk)
        splitter.feedSpans(chunk) { span, offset, buffer in self.handle(span, offset, buffer) }
        assembler.endInputLoan()
    }

    /// Ends the stream and flushes the output. `interrupted` (SIGINT): the frame the last read
    /// cut in half is not damage, only unread, so the splitter is not finished.
    func finish(interrupted: Bool = false) {
        if !interrupted {
            splitter.finishSpans { span, offset, buffer in self.handle(span, offset, buffer) }
        }
        switch format {
        case .tpv: assembler.flush { fix in self.emit(fix) }
        case .stats:
            assembler.flush { _ in self.fixes += 1 }
            writeStats()
        case .messages: break
        }
        out.flush()
    }

    private func noteDamage(_ kind: String, _ offset: Int, _ what: @autoclosure () -> String) {
        if !damage.contains(where: { $0.kind == kind }) { damage.append((kind, offset, what())) }
    }

    private func noteUBX(_ message: UBXMessage, _ id: UBXMessageID, _ offset: Int) {
        switch message {
        case .malformed(let error, _):
            malformedUBX += 1
            noteDamage("ubx", offset, "malformed \(id.name) message: \(error)")
        case .poll: polls += 1
        default: break
        }
    }

    /// Each frame, read in the splitter's buffer (no `Frame` made). `tpv` groups NMEA sentences
    /// into epochs unparsed, straight from the buffer; they are decoded only when no UBX solution
    /// covers their epoch (most sentences of a UBX epoch are copied into it without a view made).
    private func handle(_ span: FrameSpan, _ offset: Int, _ buffer: FrameBuffer) {
        switch span {
        case .nmea(let r) where format == .tpv, .uncheckedNMEA(let r) where format == .tpv:
            assembler.consumeNMEA(r, in: buffer) { fix in self.emit(fix) }
        case .nmea(let r):
            decodeNMEA(buffer.slice(r), offset, checked: true)
        case .uncheckedNMEA(let r):
            decodeNMEA(buffer.slice(r), offset, checked: false)
        case .sirf(let r):
            // SiRF Binary Protocol Reference Manual: the message ID is the first payload byte.
            let mid = Int(buffer.bytes[r.lowerBound + 4])
            switch format {
            case .stats: tally.count(sirf: mid)
            case .messages:
                var w = JSONByteWriter(out)
                w.field("class", "SIRF"); w.field("mid", mid); w.field("length", r.count - 8)
                w.end(newline: true)
            case .tpv: break
            }
        case .ubx(let r):
            let (id, payload) = buffer.ubx(r)
            let message = UBXMessage(id: id, payload: payload)
            noteUBX(message, id, offset)
            switch format {
            case .messages:
                message.writeJSON(to: out)
                out.byte(UInt8(ascii: "\n"))
            case .tpv: assembler.consumeUBX(message) { fix in self.emit(fix) }
            case .stats:
                tally.count(ubx: id)
                assembler.consumeUBX(message) { _ in self.fixes += 1 }
            }
        case .rtcm3(let r):
            // RTCM 10403.3 §3.1: the message number is the first 12 bits of the message.
            let b = buffer.bytes
            let number = r.count >= 5 ? Int(b[r.lowerBound + 3]) << 4 | Int(b[r.lowerBound + 4]) >> 4 : 0
            switch format {
            case .stats: tally.count(rtcm3: number)
            case .messages:
                var w = JSONByteWriter(out)
                w.field("class", "RTCM3"); w.field("type", number); w.field("length", r.count - 6)
                w.end(newline: true)
            case .tpv: break
            }
        case let .discarded(n, reason):
            guard reason.isDamage else { return }
            noteDamage(reason.rawValue, offset, "\(n) bytes skipped (\(reason.explanation))")
            if format == .messages {
                var w = JSONByteWriter(out)
                w.field("class", "DISCARDED"); w.field("offset", offset); w.field("bytes", n)
                w.field("reason", reason.rawValue)
                w.end(newline: true)
            }
        }
    }

    /// A sentence for `--format messages` or `stats`. An unchecked one (no `*hh`) says so in
    /// its JSON object (`"unchecked":true`): nothing vouches for its bytes. `stats` only checks
    /// each sentence's fields in place, decoding what a fix reads (NMEACheckedSentence).
    private func decodeNMEA(_ s: ArraySlice<UInt8>, _ offset: Int, checked: Bool) {
        do {
            let invalid: NMEAInvalidFields
            if format == .stats {
                let sentence = try assembler.consumeNMEACheckingFields(s) { _ in self.fixes += 1 }
                tally.count(sentence.type, address: s[sentence.address])
                invalid = sentence.invalidFields
            } else {
                let sentence = try NMEASentence(sentence: s)
                sentence.writeJSON(to: out, unchecked: !checked)
                out.byte(UInt8(ascii: "\n"))
                invalid = sentence.invalidFields
            }
            if !invalid.isEmpty {
                invalidFields += invalid.count
                sentencesWithInvalidFields += 1
            }
        } catch {
            invalidSentences += 1
            noteDamage("sentence", offset, "invalid sentence \(String(decoding: s, as: UTF8.self).prefix(6)): \(error)")
            if format == .messages {
                var w = JSONByteWriter(out)
                w.field("class", "ERROR"); w.field("offset", offset); w.field("sentence", utf8: s)
                w.field("error", error.description)
                w.end(newline: true)
            }
        }
    }

    private func emit(_ fix: Fix) {
        fixes += 1
        TPVJSON.write(fix, to: out)
        out.byte(UInt8(ascii: "\n"))
    }

    /// The one `stats` line: frame counters, then the message counts named once, here.
    private func writeStats() {
        let c = splitter.counters
        var w = JSONByteWriter(out)
        w.field("class", "STATS"); w.field("bytes", c.bytesFed); w.field("nmea", c.nmeaFrames)
        w.field("ubx", c.ubxFrames); w.field("rtcm3", c.rtcm3Frames)
        w.field("unchecked", c.uncheckedNMEAFrames); w.field("sirf", c.sirfFrames)
        w.field("checksumFailures", c.checksumFailures)
        w.field("malformedFrames", c.malformedFrames); w.field("truncatedFrames", c.truncatedFrames)
        w.field("bytesSkipped", c.bytesSkipped); w.field("commentBytes", c.commentBytes)
        w.field("invalidSentences", invalidSentences); w.field("malformedUBX", malformedUBX); w.field("ubxPolls", polls)
        w.field("invalidFields", invalidFields); w.field("sentencesWithInvalidFields", sentencesWithInvalidFields)
        w.field("fixes", fixes)
        w.object("messages") { m in
            for (name, n) in tally.byName { m.field(named: name, n) }
        }
        w.end(newline: true)
    }

    /// What decode accepted that a strict reader would not, nil when nothing: not damage, but
    /// the user should know the bytes of unchecked sentences are unverified.
    var acceptedOddities: String? {
        let c = splitter.counters
        var parts: [String] = []
        if c.uncheckedNMEAFrames > 0 { parts.append("\(c.uncheckedNMEAFrames) NMEA sentences without a checksum decoded unchecked") }
        if c.sirfFrames > 0 { parts.append("\(c.sirfFrames) SiRF binary frames skipped (not decoded)") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// One sentence about the damage, nil when there was none: the totals, then every kind of
    /// damage met, in words, with the byte offset where it first occurred.
    var damageSummary: String? {
        let c = splitter.counters
        guard c.sawDamage || invalidSentences > 0 || malformedUBX > 0, let first = damage.first else { return nil }
        var parts: [String] = []
        if c.bytesSkipped > 0 { parts.append("\(c.bytesSkipped) bytes skipped") }
        if c.checksumFailures > 0 { parts.append("\(c.checksumFailures) checksum failures") }
        if c.malformedFrames > 0 { parts.append("\(c.malformedFrames) malformed frames") }
        if c.truncatedFrames > 0 { parts.append("\(c.truncatedFrames) truncated frames") }
        if invalidSentences > 0 { parts.append("\(invalidSentences) sentences with invalid fields") }
        if malformedUBX > 0 { parts.append("\(malformedUBX) malformed UBX messages") }
        let later = damage.dropFirst().map { "; also at byte offset \($0.offset): \($0.what)" }
        return "damaged data skipped: " + parts.joined(separator: ", ")
            + "; first at byte offset \(first.offset): \(first.what)" + later.joined()
    }
}
