#!/usr/bin/env python3
"""An independent reader of the gpsbox track log, written from docs/log-format.md alone.

It exists to prove the format document is complete: scripts/test.d/log-crash and log-damage
compare its output with the Swift reader's. Usage: log-read.py DIR|FILE...  Prints one line per
record (`sample <time-ms> <lat> <lon> ...`, `tripStart ...`, ...) and
`damage <file> <offset> <length> <kind>` (kinds as in section 5; `duplicateSegment` and
`tornTail` are not corruption). Exit status 3 if any corruption was found, else 0.
Also: log-read.py --example  prints the worked example of the format document.
"""
import datetime
import os
import stat
import struct
import sys

BLOCK = 4096
HEADER = 7
SEG_HEADER = 64
INT64_MIN = -(1 << 63)


def _crc_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


CRC_TABLE = _crc_table()


def crc32c(data, crc=0):
    """CRC-32C (Castagnoli), reflected, init and final XOR 0xFFFFFFFF (section 3)."""
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = CRC_TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def mask(c):
    return (((c >> 15) | (c << 17)) + 0xA282EAD8) & 0xFFFFFFFF


# Sample fields in presence-bit order (section 4.1): name, size, signed. altHAE is 3 bytes
# when flag bit 11 says it is stored as a separation from altMSL.
SAMPLE_FIELDS = [("altMSL", 4, True), ("altHAE", 4, True), ("speed", 3, True), ("course", 2, False),
                 ("climb", 3, True), ("hAcc", 2, False), ("vAcc", 2, False), ("sats", 1, False),
                 ("pdop", 2, False), ("hdop", 2, False), ("vdop", 2, False)]
DAY_MS = 86400000


def decode_sample(p, day):
    """Section 4.1. Prints time in ms since the epoch, altitudes in mm, speed/climb in mm/s,
    course in 0.01 degree, accuracies in cm, DOPs x100."""
    if len(p) < 14:
        return None
    flags = struct.unpack_from("<H", p, 0)[0]
    separation = flags & (1 << 11) and flags & 3 == 3
    t = day * DAY_MS + struct.unpack_from("<i", p, 2)[0]
    lat, lon = struct.unpack_from("<ii", p, 6)
    sizes = [3 if (i == 1 and separation) else size for i, (_, size, _) in enumerate(SAMPLE_FIELDS)]
    need = 14 + sum(sizes[i] for i in range(len(SAMPLE_FIELDS)) if flags & (1 << i))
    if len(p) < need:
        return None
    at, out, values = 14, [], {}
    for i, (name, _, signed) in enumerate(SAMPLE_FIELDS):
        if flags & (1 << i):
            v = int.from_bytes(p[at:at + sizes[i]], "little", signed=signed)
            if name == "altHAE" and separation:
                v += values["altMSL"]
            values[name] = v
            out.append("%s=%d" % (name, v))
            at += sizes[i]
    return "sample %d %d %d mode=%d %s" % (t, lat, lon, flags >> 13, " ".join(out))


def parse_name(path):
    """Section 1: (sequence, stamp, run or None) of a segment name, or None for any other name."""
    n = os.path.basename(path)
    if not n.endswith(".gpslog"):
        return None
    parts = n[:-len(".gpslog")].split("-")
    run = None
    if len(parts) == 3:
        if len(parts[2]) != 16 or any(c not in "0123456789abcdef" for c in parts[2]):
            return None
        run = int(parts[2], 16)
    elif len(parts) != 2:
        return None
    seq, stamp = parts[0], parts[1]
    if not (seq.isdigit() and 10 <= len(seq) <= 20 and int(seq) < 1 << 64 and len(stamp) == 16
            and stamp[8] == "T" and stamp[15] == "Z" and (stamp[:8] + stamp[9:15]).isdigit()):
        return None
    try:
        datetime.datetime(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:8]), int(stamp[9:11]), int(stamp[11:13]),
                          int(stamp[13:15]))
    except ValueError:
        return None
    return int(seq), stamp, run


def day_from_name(path):
    """The UTC day (days since 1970-01-01) in a segment name, or None (section 1)."""
    parsed = parse_name(path)
    if parsed is None or parsed[1] == "19700101T000000Z":  # "no GPS time was known yet"
        return None
    stamp = parsed[1]
    return (datetime.date(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:8])) - datetime.date(1970, 1, 1)).days


def decode(rtype, p, day):
    def tm(v):
        return "-" if v == INT64_MIN else str(v)
    if rtype == 1:
        return decode_sample(p, day)
    if rtype in (2, 3):
        if len(p) < 13:
            return None
        tid, t, reason = struct.unpack_from("<IqB", p, 0)
        return "%s %d %s %d" % ("tripStart" if rtype == 2 else "tripStop", tid, tm(t), reason)
    if rtype == 4:
        if len(p) < 9 or len(p) < 9 + p[8]:
            return None
        k = p[8]
        return "event %s %s=%s" % (tm(struct.unpack_from("<q", p, 0)[0]), p[9:9 + k].decode("utf-8", "replace"),
                                   p[9 + k:].decode("utf-8", "replace"))
    if rtype == 5:
        if len(p) < 8:
            return None
        return "raw %s %s" % (tm(struct.unpack_from("<q", p, 0)[0]), p[8:].hex())
    return ""  # unknown type: skipped


def read_regular(path):
    """Section 1: only regular files; never follows a link, never blocks on a FIFO."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


def read_segment(path, data, out):
    """Rules 1-8 for one segment. Returns (header fields or None, torn tail line or None):
    the caller applies rules 9-12 and decides whether a torn tail is reported as such."""
    pending = None  # (offset, kind, all_zero)

    def damage(off, kind, zero=False):
        nonlocal pending
        if pending is None:
            pending = (off, kind, zero)
        elif pending[2] and not zero:
            pending = (pending[0], kind, False)

    def end_pending(at):
        nonlocal pending
        if pending:
            out.append("damage %s %d %d %s" % (path, pending[0], at - pending[0], pending[1]))
        pending = None

    if len(data) < SEG_HEADER:
        return None, ("damage %s 0 %d tornTail" % (path, len(data)), not any(data)) if data else None
    hdr = data[:SEG_HEADER]
    day = None
    header = None
    version = struct.unpack_from("<H", hdr, 8)[0]
    if hdr[:8] == b"GPSBOXLG" and version not in (2, 3):
        out.append("damage %s 0 0 unsupportedVersion" % path)
        return None, None
    if hdr[:8] != b"GPSBOXLG" or struct.unpack_from("<I", hdr, 60)[0] != mask(crc32c(hdr[:60])):
        damage(0, "badHeader", not any(hdr))
    else:
        seq, run, first = struct.unpack_from("<QQq", hdr, 16)  # version 2: run = bootSequence
        header = {"version": version, "sequence": seq, "run": run,
                  "previous": struct.unpack_from("<Q", hdr, 40)[0] if version >= 3 else 0,
                  "closed_before": version >= 3 and struct.unpack_from("<I", hdr, 12)[0] & 1 != 0}
        if first != INT64_MIN:
            day = first // DAY_MS  # floor: the UTC day of firstTime
    if day is None:
        day = day_from_name(path)
    header_length = SEG_HEADER
    if pending is None:  # a valid header: block 0's records start at headerLength
        header_length = min(max(struct.unpack_from("<H", hdr, 10)[0], SEG_HEADER), min(len(data), BLOCK))
    block_start = 0
    while block_start < len(data):
        block = data[block_start:block_start + BLOCK]
        first = header_length if block_start == 0 else 0
        pos = first
        while True:
            if pos + HEADER > len(block):
                if any(block[pos:]):
                    damage(block_start + pos, "tornTail" if len(block) < BLOCK else "nonZeroPadding")
                break
            crc, length, rtype = struct.unpack_from("<IHB", block, pos)
            if not any(block[pos:pos + HEADER]):
                if not any(block[pos:]):
                    if pos == first:
                        damage(block_start + pos, "zeroedBlock", True)
                else:
                    damage(block_start + pos, "nonZeroPadding")
                break
            if rtype == 0 or pos + HEADER + length > len(block):
                damage(block_start + pos, "badRecordHeader")
                break
            payload = block[pos + HEADER:pos + HEADER + length]
            if mask(crc32c(bytes([rtype]) + payload)) != crc:
                damage(block_start + pos, "checksumMismatch")
                break
            if (pending and pending[2] and pending[0] == header_length and block_start + pos == BLOCK
                    and HEADER + length > BLOCK - header_length):
                pending = None  # rule 2: block 0 padded whole before a too-long first record (2.2)
            end_pending(block_start + pos)
            if rtype == 1 and day is None:
                out.append("damage %s %d %d undatedSample" % (path, block_start + pos, HEADER + length))
                pos += HEADER + length
                continue
            line = decode(rtype, payload, day)
            if line is None:
                out.append("damage %s %d %d malformedPayload" % (path, block_start + pos, HEADER + length))
            elif line:
                out.append(line)
            pos += HEADER + length
        block_start += BLOCK
    if pending:  # rule 6 torn tail; rule 4 an all-zero tail, reported only if the segment is closed
        return header, ("damage %s %d %d tornTail" % (path, pending[0], len(data) - pending[0]), pending[2])
    return header, None


def segments(directory):
    """Section 1, reading order: version 2 names by sequence, then runs (by earliest dated name,
    lowest sequence, run id), each run's segments by sequence."""
    names = []
    for n in os.listdir(directory):
        parsed = parse_name(n)
        if parsed is not None:
            names.append((parsed, n))
    runs = {}
    for (seq, stamp, run), _ in names:
        if run is not None:
            dated = stamp != "19700101T000000Z"
            t, s = runs.get(run, ("99999999T999999Z", 1 << 64))
            runs[run] = (min(t, stamp) if dated else t, min(s, seq))

    def key(item):
        (seq, _, run), n = item
        if run is None:
            return (0, 0, "", 0, 0, seq, n)
        t, s = runs[run]
        return (1, 0 if t == "99999999T999999Z" else 1, t, s, run, seq, n)
    return [os.path.join(directory, n) for _, n in sorted(names, key=key)]


def read_log(paths, out):
    """Rules 9-12 over the segments in order (section 5)."""
    seen = {}        # (has run, run, sequence) -> path
    previous = None  # (path, header, size, torn tail line)

    def flush():
        if previous and previous[3] and not previous[3][1]:
            out.append(previous[3][0])
    for path in paths:
        try:
            data = read_regular(path)
        except OSError:
            data = None
        if data is None:
            out.append("damage %s 0 0 notRegularFile" % path)
            continue
        segment_out = []
        header, tail = read_segment(path, data, segment_out)
        parsed = parse_name(path)
        if header is None and parsed is not None and parsed[2] is not None:
            header = {"version": 3, "sequence": parsed[0], "run": parsed[2], "previous": 0, "from_name": True}
        if header is None:
            flush()
            previous = None
            out.extend(segment_out)
            if tail and not tail[1]:
                out.append(tail[0])
            continue
        ident = (header["version"] >= 3, header["run"], header["sequence"])
        if ident in seen:
            first = seen[ident]
            if read_regular(first) == data:
                out.append("damage %s 0 0 duplicateSegment" % path)
                continue
            if header["version"] >= 3:
                out.append("damage %s 0 0 conflictingCopy" % path)
                continue
        else:
            seen[ident] = path
        if not header.get("from_name") and parsed is not None and (
                parsed[0] != header["sequence"]
                or (parsed[2] != header["run"] if header["version"] >= 3 else parsed[2] is not None)):
            out.append("damage %s 0 0 misnamedSegment" % path)
        if previous is not None:
            p_path, p_header, p_size, p_tail = previous
            same_run = (header["version"] >= 3 and p_header["version"] >= 3 and header["run"] == p_header["run"]
                        and header["sequence"] > p_header["sequence"]
                        and (header["previous"] != 0 or header.get("from_name")))
            # rule 13: the first segment after a clean stop closes the other run's segment before it
            after_stop = (header.get("closed_before") and p_header["version"] >= 3
                          and p_header["run"] != header["run"] and p_header["sequence"] + 1 == header["sequence"])
            if same_run or after_stop:
                if p_tail:
                    out.append(p_tail[0].replace(" tornTail", " damagedClosedSegment"))
                if header["sequence"] - 1 == p_header["sequence"]:
                    if not header.get("from_name") and p_size != header["previous"]:
                        out.append("damage %s %d %d sizeMismatch" % (p_path, min(p_size, header["previous"]),
                                                                     abs(p_size - header["previous"])))
                else:
                    out.append("damage %s 0 0 missingSegment" % path)
            elif p_tail and not p_tail[1]:
                out.append(p_tail[0])
        out.extend(segment_out)
        previous = (path, header, len(data), tail)
    flush()


def example():
    """Builds the worked example of docs/log-format.md section 7 and prints it as hex."""
    hdr = (b"GPSBOXLG" + struct.pack("<HHIQQqQ", 3, 64, 0, 1, 0x5be1c2d3e4f50617, 1796029225000, 0)
           + b"0.1.0".ljust(12, b"\0"))
    hdr += struct.pack("<I", mask(crc32c(hdr)))
    trip = struct.pack("<IqB", 1, 1796029225000, 3)
    # position, MSL 408.123 m, HAE 455.600 m (separation 47.477 m), speed 1.234 m/s, course
    # 123.45 degrees, 12 satellites, HDOP 0.87 -> bits 0, 1, 2, 3, 7, 9 and 11; mode 3
    flags = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) | (1 << 7) | (1 << 9) | (1 << 11) | (3 << 13)
    time_of_day = 1796029225000 - (1796029225000 // DAY_MS) * DAY_MS
    sample = (struct.pack("<Hiii", flags, time_of_day, 473977000, 85449000) + struct.pack("<i", 408123)
              + (455600 - 408123).to_bytes(3, "little", signed=True) + (1234).to_bytes(3, "little", signed=True)
              + struct.pack("<H", 12345) + bytes([12]) + struct.pack("<H", 87))

    def record(rtype, p):
        return struct.pack("<IHB", mask(crc32c(bytes([rtype]) + p)), len(p), rtype) + p

    seg = hdr + record(2, trip) + record(1, sample)
    for off in range(0, len(seg), 16):
        chunk = seg[off:off + 16]
        print("%04x  %s" % (off, " ".join("%02x" % b for b in chunk)))


def main(args):
    if args == ["--example"]:
        example()
        return 0
    out = []
    paths = []
    for a in args:
        paths += segments(a) if os.path.isdir(a) and not os.path.islink(a) else [a]
    read_log(paths, out)
    print("\n".join(out))
    harmless = (" tornTail", " duplicateSegment")
    return 3 if any(l.startswith("damage ") and not l.endswith(harmless) for l in out) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
