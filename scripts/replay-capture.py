#!/usr/bin/python3
"""Replays a gpsd regression capture into a pty, like a receiver on a serial port.

Uses python3-gps's own replayer (gps.fake.TestLoad + FakePTY): the bytes go out exactly as
gpsd's test harness sends them, packet by packet, written by a tool gpsbox did not write.
usage: replay-capture.py CAPTURE LINK [--wait SECONDS] [--delay SECONDS]
"""
import argparse, os, sys, time
import gps.fake

p = argparse.ArgumentParser()
p.add_argument("capture")
p.add_argument("link")
p.add_argument("--wait", type=float, default=2.0, help="time for the reader to open the pty")
p.add_argument("--delay", type=float, default=0.002, help="pause between packets")
a = p.parse_args()

with open(a.capture, "rb") as f:
    load = gps.fake.TestLoad(f, oneshot=True)
pty = gps.fake.FakePTY(load, speed=115200)
if os.path.lexists(a.link):
    os.unlink(a.link)
os.symlink(pty.byname, a.link)
time.sleep(a.wait)
load.delay = a.delay
for _ in range(len(load.sentences)):
    pty.feed()
pty.drain()
time.sleep(a.wait)
os.unlink(a.link)
print(f"replayed {len(load.sentences)} packets from {os.path.basename(a.capture)}", file=sys.stderr)
