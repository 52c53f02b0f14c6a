#!/usr/bin/python3
"""Generates ubx_vectors.json: UBX payloads with pyubx2's own decoding of every field.

gpsbox's UBX views are checked against these (UBXDecoderTests). pyubx2 is an independent
implementation of the u-blox interface descriptions, so a field offset, sign or bit position
that gpsbox gets wrong shows up as a disagreement. Payloads are seeded random bytes (every
field exercises its full range, signs included); repeated-block counts are set to match the
length. Regenerate with: /usr/bin/python3 ubx_vectors.py > ubx_vectors.json
"""
import json
import re
import struct
import random
import sys

import pyubx2
from pyubx2 import UBXReader
from pyubx2.ubxhelpers import calc_checksum

rng = random.Random(20261130)


def frame(cls, mid, payload):
    body = bytes([cls, mid]) + len(payload).to_bytes(2, "little") + payload
    return b"\xb5\x62" + body + calc_checksum(body)


TEXT = re.compile(r"^(swVersion|hwVersion|extension_\d+|message)$")


def fields(msg):
    out = {}
    for k, v in vars(msg).items():
        if k.startswith("_") or k.startswith("reserved"):
            continue
        if isinstance(v, bytes):
            # Character arrays become text (cut at NUL); X bitfields become integers.
            v = v.split(b"\0")[0].decode("ascii") if TEXT.match(k) else int.from_bytes(v, "little")
        out[k] = v
    return out


def randbytes(n):
    return bytes(rng.randrange(256) for _ in range(n))


def text(n):
    return bytes(rng.choice(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .=") for _ in range(n))


def blocks(fixed, count_at, block, n):
    p = bytearray(randbytes(fixed + block * n))
    p[count_at] = n
    return bytes(p)


def with_floats(payload, fixed, block, n, fields):
    """Overwrites float fields (offset within block, struct code) with finite random values."""
    p = bytearray(payload)
    for i in range(n):
        for off, code in fields:
            at = fixed + block * i + off
            p[at:at + struct.calcsize(code)] = struct.pack(code, rng.uniform(-3e7, 3e7))
    return bytes(p)


def rawx():
    n = 3
    p = bytearray(with_floats(blocks(16, 11, 32, n), 16, 32, n, [(0, "<d"), (8, "<d"), (16, "<f")]))
    p[0:8] = struct.pack("<d", rng.uniform(0, 604800))
    return bytes(p)


def monver():
    return (text(20) + bytes(10) + text(6) + bytes(4) + text(13) + bytes(17) + text(25) + bytes(5))


CASES = [
    ("NAV-PVT", 0x01, 0x07, lambda: randbytes(92)),
    ("NAV-POSLLH", 0x01, 0x02, lambda: randbytes(28)),
    ("NAV-HPPOSLLH", 0x01, 0x14, lambda: bytes([0]) + randbytes(35)),
    ("NAV-VELNED", 0x01, 0x12, lambda: randbytes(36)),
    ("NAV-STATUS", 0x01, 0x03, lambda: randbytes(16)),
    ("NAV-DOP", 0x01, 0x04, lambda: randbytes(18)),
    ("NAV-SAT", 0x01, 0x35, lambda: blocks(8, 5, 12, 5)),
    ("NAV-SIG", 0x01, 0x43, lambda: blocks(8, 5, 16, 4)),
    ("NAV-SVINFO", 0x01, 0x30, lambda: blocks(8, 4, 12, 6)),
    ("NAV-TIMEUTC", 0x01, 0x21, lambda: randbytes(20)),
    ("NAV-TIMEGPS", 0x01, 0x20, lambda: randbytes(16)),
    ("NAV-TIMEGAL", 0x01, 0x25, lambda: randbytes(20)),
    ("NAV-TIMELS", 0x01, 0x26, lambda: randbytes(24)),
    ("NAV-EOE", 0x01, 0x61, lambda: randbytes(4)),
    ("NAV-SOL", 0x01, 0x06, lambda: randbytes(52)),
    ("NAV-POSECEF", 0x01, 0x01, lambda: randbytes(20)),
    ("NAV-HPPOSECEF", 0x01, 0x13, lambda: bytes([0]) + randbytes(27)),
    ("NAV-VELECEF", 0x01, 0x11, lambda: randbytes(20)),
    ("NAV-PVAT", 0x01, 0x17, lambda: bytes([0]) + randbytes(115)),
    ("HNR-PVT", 0x28, 0x00, lambda: randbytes(72)),
    ("LOG-RETRIEVEPOS", 0x21, 0x0B, lambda: randbytes(40)),
    ("TIM-TP", 0x0D, 0x01, lambda: randbytes(16)),
    ("NAV-CLOCK", 0x01, 0x22, lambda: randbytes(20)),
    ("NAV-EELL", 0x01, 0x3D, lambda: randbytes(16)),
    ("NAV-SBAS", 0x01, 0x32, lambda: blocks(12, 8, 12, 3)),
    ("NAV-DGPS", 0x01, 0x31, lambda: with_floats(blocks(16, 12, 12, 3), 16, 12, 3, [(4, "<f"), (8, "<f")])),
    ("RXM-RAWX", 0x02, 0x15, rawx),
    ("RXM-RAW", 0x02, 0x10, lambda: with_floats(blocks(8, 6, 24, 2), 8, 24, 2, [(0, "<d"), (8, "<d"), (16, "<f")])),
    ("RXM-SFRBX", 0x02, 0x13, lambda: blocks(8, 4, 4, 10)),
    ("RXM-SVSI", 0x02, 0x20, lambda: blocks(8, 7, 6, 4)),
    ("TIM-SVIN", 0x0D, 0x04, lambda: randbytes(28)),
    ("LOG-RETRIEVEPOSEXTRA", 0x21, 0x0F, lambda: randbytes(32)),
    ("CFG-TMODE2", 0x06, 0x3D, lambda: randbytes(28)),
    ("ACK-ACK", 0x05, 0x01, lambda: randbytes(2)),
    ("ACK-NAK", 0x05, 0x00, lambda: randbytes(2)),
    ("MON-VER", 0x0A, 0x04, monver),
    ("INF-ERROR", 0x04, 0x00, lambda: text(23)),
    ("INF-WARNING", 0x04, 0x01, lambda: text(17)),
    ("INF-NOTICE", 0x04, 0x02, lambda: text(31)),
    ("INF-TEST", 0x04, 0x03, lambda: text(9)),
    ("INF-DEBUG", 0x04, 0x04, lambda: text(40)),
]

vectors = []
for name, cls, mid, make in CASES:
    for _ in range(3):
        payload = make()
        raw = frame(cls, mid, payload)
        decoded = UBXReader.parse(raw, parsebitfield=True)
        whole = UBXReader.parse(raw, parsebitfield=False)
        assert decoded.identity == name, (decoded.identity, name)
        vectors.append({
            "type": name,
            "payload": payload.hex(),
            "fields": fields(decoded),
            "bytes": fields(whole),
        })

json.dump({"generator": f"pyubx2 {pyubx2.__version__}", "vectors": vectors}, sys.stdout, indent=None)
sys.stdout.write("\n")
