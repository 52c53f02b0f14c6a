#!/usr/bin/env python3
"""An independent reader of the gpsbox track log, written from docs/log-format.md alone.

It exists to prove the format document is complete: scripts/test.d/log-crash compares its
output with the Swift reader's. Usage: log-read.py DIR|FILE...  Prints one line per record
(`sample <time-ms> <lat> <lon> ...`, `tripStart ...`, ...) and `damage <file> <offset> <length> <kind>`.
Also: log-read.py --example  prints the worked example of the format document.
"""
import datetime
import os
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


def day_from_name(path):
    """The UTC day (days since 1970-01-01) in a segment name, or None (section 1)."""
    stamp = os.path.basename(path).split("-")[-1]  # YYYYMMDDTHHMMSSZ.gpslog
    if stamp.startswith("19700101T000000Z"):  # "no GPS time was known yet"
        return None
    try:
        return (datetime.date(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:8])) - datetime.date(1970, 1, 1)).days
    except ValueError:
        return None


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


def read_segment(path, out):
    data = open(path, "rb").read()  # the Swift reader streams; a test tool may slurp
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
        if any(data):
            out.append("damage %s 0 %d tornTail" % (path, len(data)))
        return
    hdr = data[:SEG_HEADER]
    day = None
    if hdr[:8] == b"GPSBOXLG" and struct.unpack_from("<H", hdr, 8)[0] != 2:
        out.append("damage %s 0 0 unsupportedVersion" % path)
        return
    if hdr[:8] != b"GPSBOXLG" or struct.unpack_from("<I", hdr, 60)[0] != mask(crc32c(hdr[:60])):
        damage(0, "badHeader", not any(hdr))
    elif struct.unpack_from("<q", hdr, 32)[0] != INT64_MIN:
        day = struct.unpack_from("<q", hdr, 32)[0] // DAY_MS  # floor: the UTC day of firstTime
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
    if pending and not pending[2]:
        out.append("damage %s %d %d tornTail" % (path, pending[0], len(data) - pending[0]))


def segments(directory):
    names = []
    for n in os.listdir(directory):
        parts = n.split("-")
        if (n.endswith(".gpslog") and len(parts) == 2 and parts[0].isdigit() and len(parts[0]) >= 10
                and len(n) == len(parts[0]) + 24):
            names.append((int(parts[0]), n))
    return [os.path.join(directory, n) for _, n in sorted(names)]


def example():
    """Builds the worked example of docs/log-format.md section 7 and prints it as hex."""
    hdr = b"GPSBOXLG" + struct.pack("<HHIQQq", 2, 64, 0, 1, 1, 1796029225000) + b"0.1.0".ljust(20, b"\0")
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
    for a in args:
        for path in segments(a) if os.path.isdir(a) else [a]:
            read_segment(path, out)
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
