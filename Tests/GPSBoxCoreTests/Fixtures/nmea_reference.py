"""Independent NMEA reference for NMEAReferenceTests: parses each stdin line with pynmeagps
(PyPI) and prints one JSON object per line with the fields gpsbox decodes, in gpsbox's units
(nanodegrees rounded from pynmeagps' float degrees, millimetres, ms of day). null = empty."""
import json
import sys

import pynmeagps


def num(v):
    return None if v in ("", None) else v


def ms_of_day(t):
    if t in ("", None):
        return None
    return ((t.hour * 60 + t.minute) * 60 + t.second) * 1000 + t.microsecond // 1000


def deg(v):
    return None if v in ("", None) else round(float(v) * 1e9)


def mm(v):
    return None if v in ("", None) else round(float(v) * 1000)


for line in sys.stdin:
    line = line.strip()
    out = {}
    try:
        m = pynmeagps.NMEAReader.parse(line, validate=0)
        ident = m.identity
        kind = ident[2:] if not ident.startswith("PUBX") else ident
        out["type"] = kind
        if kind in ("GGA", "GNS"):
            out.update(time=ms_of_day(m.time), lat=deg(m.lat), lon=deg(m.lon), numSV=num(m.numSV),
                       hdop=mm(m.HDOP) // 10 if num(m.HDOP) is not None else None, alt=mm(m.alt), sep=mm(m.sep))
            if kind == "GGA":
                out["quality"] = num(m.quality)
        elif kind == "RMC":
            out.update(time=ms_of_day(m.time), status=m.status, lat=deg(m.lat), lon=deg(m.lon),
                       knots=num(m.spd), cog=num(m.cog), posMode=num(getattr(m, "posMode", None)),
                       date=None if m.date in ("", None) else [m.date.day, m.date.month, m.date.year % 100])
        elif kind == "GLL":
            out.update(time=ms_of_day(m.time), status=m.status, lat=deg(m.lat), lon=deg(m.lon))
        elif kind == "VTG":
            out.update(cogt=num(m.cogt), knots=num(m.sogn), kmh=num(m.sogk))
        elif kind == "GSA":
            ids = [getattr(m, "svid_%02d" % i) for i in range(1, 13)]
            out.update(navMode=num(m.navMode), ids=[int(x) for x in ids if x not in ("", None)],
                       pdop=num(m.PDOP), hdop=num(m.HDOP), vdop=num(m.VDOP))
        elif kind == "GSV":
            sats = []
            for i in range(1, 5):
                if not hasattr(m, "svid_%02d" % i):
                    break
                sats.append([num(getattr(m, "%s_%02d" % (f, i))) for f in ("svid", "elv", "az", "cno")])
            out.update(numSV=num(m.numSV), sats=sats)
        elif kind == "ZDA":
            out.update(time=ms_of_day(m.time), day=num(m.day), month=num(m.month), year=num(m.year))
        elif kind == "TXT":
            out.update(text=m.text)
    except Exception as e:  # noqa: BLE001 - every failure is reported to the Swift side
        out = {"error": str(e)}
    print(json.dumps(out))
