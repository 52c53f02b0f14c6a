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
final class StreamDecoder {
    let format: DecodeCommand.Format
    private var splitter = FrameSplitter(options: .init(skipsCaptureComments: true, acceptsUncheckedNMEA: true))
    private var messageCounts: [String: Int] = [:]
    private(set) var invalidSentences = 0
    private(set) var malformedUBX = 0
    /// Each kind of damage in the order first met: where it first was, and what it was in words.
    private var damage: [(kind: String, offset: Int, what: String)] = []
    private var assembler = EpochAssembler()
    private(set) var fixes = 0
    /// gpsd's `# Date:` capture hint, read from the header however the reads cut it.
    private var hint = CaptureDateHintReader()
    private(set) var invalidFields = 0
    private(set) var sentencesWithInvalidFields = 0
    private(set) var polls = 0

    init(format: DecodeCommand.Format) { self.format = format }

    var counters: FrameCounters { splitter.counters }

    func feed(_ chunk: ArraySlice<UInt8>, _ io: inout CommandIO) {
        hint.feed(chunk)
        if assembler.referenceDate == nil, let d = hint.date { assembler.referenceDate = d }
        var lines: [String] = []
        splitter.feed(chunk, reportingOffsets: { frame, offset in self.handle(frame, offset, &lines) })
        for l in lines { io.out.write(l) }
    }

    /// Ends the stream. `interrupted` (SIGINT): the frame the last read cut in half is not
    /// damage, only unread, so the splitter is not finished.
    func finish(_ io: inout CommandIO, interrupted: Bool = false) {
        var lines: [String] = []
        if !interrupted {
            splitter.finish(reportingOffsets: { frame, offset in self.handle(frame, offset, &lines) })
        }
        if format == .tpv { assembler.flush { fix in self.emit(fix, &lines) } }
        for l in lines { io.out.write(l) }
        if format == .stats {
            assembler.flush { _ in self.fixes += 1 }
            io.out.write(statsLine + "\n")
        }
    }

    private func noteDamage(_ kind: String, _ offset: Int, _ what: @autoclosure () -> String) {
        if !damage.contains(where: { $0.kind == kind }) { damage.append((kind, offset, what())) }
    }

    private func handle(_ frame: Frame, _ offset: Int, _ lines: inout [String]) {
        switch frame {
        case .nmea(let s) where format == .tpv, .uncheckedNMEA(let s) where format == .tpv:
            // Grouped into epochs unparsed; decoded only when no UBX solution covers the epoch.
            assembler.consumeNMEA(s) { fix in self.emit(fix, &lines) }
        case .nmea(let s):
            decodeNMEA(s, offset, checked: true, &lines)
        case .uncheckedNMEA(let s):
            decodeNMEA(s, offset, checked: false, &lines)
        case .sirf(let s):
            // SiRF Binary Protocol Reference Manual: the message ID is the first payload byte.
            let mid = Int(s[s.startIndex + 4])
            count("SIRF-\(mid)")
            if format == .messages {
                var w = JSONObjectWriter()
                w.field("class", "SIRF"); w.field("mid", mid); w.field("length", s.count - 8)
                lines.append(w.finished() + "\n")
            }
        case let .ubx(id, payload):
            let message = UBXMessage(id: id, payload: payload)
            count(id.name)
            switch message {
            case .malformed(let error, _):
                malformedUBX += 1
                noteDamage("ubx", offset, "malformed \(id.name) message: \(error)")
            case .poll: polls += 1
            default: break
            }
            switch format {
            case .messages: lines.append(message.jsonLine + "\n")
            case .tpv: assembler.consumeUBX(message) { fix in self.emit(fix, &lines) }
            case .stats: assembler.consumeUBX(message) { _ in self.fixes += 1 }
            }
        case .rtcm3(let s):
            // RTCM 10403.3 §3.1: the message number is the first 12 bits of the message.
            let number = s.count >= 5 ? Int(s[s.startIndex + 3]) << 4 | Int(s[s.startIndex + 4]) >> 4 : 0
            count("RTCM3-\(number)")
            if format == .messages {
                var w = JSONObjectWriter()
                w.field("class", "RTCM3"); w.field("type", number); w.field("length", s.count - 6)
                lines.append(w.finished() + "\n")
            }
        case let .discarded(n, reason):
            guard reason.isDamage else { return }
            noteDamage(reason.rawValue, offset, "\(n) bytes skipped (\(reason.explanation))")
            if format == .messages {
                var w = JSONObjectWriter()
                w.field("class", "DISCARDED"); w.field("offset", offset); w.field("bytes", n)
                w.field("reason", reason.rawValue)
                lines.append(w.finished() + "\n")
            }
        }
    }

    /// A sentence for `--format messages` or `stats`. An unchecked one (no `*hh`) says so in
    /// its JSON object (`"unchecked":true`): nothing vouches for its bytes.
    private func decodeNMEA(_ s: ArraySlice<UInt8>, _ offset: Int, checked: Bool, _ lines: inout [String]) {
        do {
            let sentence = try NMEASentence(sentence: s)
            count(sentence.typeName)
            let invalid = sentence.invalidFields
            if !invalid.isEmpty {
                invalidFields += invalid.count
                sentencesWithInvalidFields += 1
            }
            switch format {
            case .messages:
                let line = sentence.jsonLine
                lines.append((checked ? line : line.dropLast() + ",\"unchecked\":true}") + "\n")
            case .tpv: break
            case .stats: assembler.consumeNMEA(s) { _ in self.fixes += 1 }
            }
        } catch {
            invalidSentences += 1
            let text = String(decoding: s, as: UTF8.self)
            noteDamage("sentence", offset, "invalid sentence \(text.prefix(6)): \(error)")
            if format == .messages {
                var w = JSONObjectWriter()
                w.field("class", "ERROR"); w.field("offset", offset); w.field("sentence", text)
                w.field("error", error.description)
                lines.append(w.finished() + "\n")
            }
        }
    }

    private func emit(_ fix: Fix, _ lines: inout [String]) {
        fixes += 1
        lines.append(TPVJSON.line(fix) + "\n")
    }

    private func count(_ type: String) {
        if format == .stats { messageCounts[type, default: 0] += 1 }
    }

    var statsLine: String {
        let c = splitter.counters
        var w = JSONObjectWriter()
        w.field("class", "STATS"); w.field("bytes", c.bytesFed); w.field("nmea", c.nmeaFrames)
        w.field("ubx", c.ubxFrames); w.field("rtcm3", c.rtcm3Frames)
        w.field("unchecked", c.uncheckedNMEAFrames); w.field("sirf", c.sirfFrames)
        w.field("checksumFailures", c.checksumFailures)
        w.field("malformedFrames", c.malformedFrames); w.field("truncatedFrames", c.truncatedFrames)
        w.field("bytesSkipped", c.bytesSkipped); w.field("commentBytes", c.commentBytes)
        w.field("invalidSentences", invalidSentences); w.field("malformedUBX", malformedUBX); w.field("ubxPolls", polls)
        w.field("invalidFields", invalidFields); w.field("sentencesWithInvalidFields", sentencesWithInvalidFields)
        w.field("fixes", fixes)
        var m = JSONObjectWriter()
        for (k, v) in messageCounts.sorted(by: { $0.key < $1.key }) { m.field(k, v) }
        w.rawField("messages", m.finished())
        return w.finished()
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
