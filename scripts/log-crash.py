#!/usr/bin/env python3
"""Track-log crash test: SIGKILL a writer child at random moments, many times.

Each child (`gpsbox-bench log-writer DIR SYNC_MS ACKED`) first verifies that every sample the
previous children acknowledged as synced is in the log, in order, exactly once, with no
corruption; then it appends fixes and prints `synced N` after each completed fdatasync. The
parent kills it with SIGKILL after a random 10-150 ms, at every sync interval in turn. At the
end the log is checked once more by the Swift reader (`log-check`) and by scripts/log-read.py,
an independent reader written from docs/log-format.md; a copy of the directory taken while a
child was writing is checked too.

Usage: log-crash.py BENCH_BINARY [KILLS] [SEED]
"""
import os
import random
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run_child(bench, directory, sync_ms, acked, lifetime, snapshot=None):
    """Runs one child for `lifetime` seconds, then SIGKILLs it; returns the last acknowledged sample."""
    p = subprocess.Popen([bench, "log-writer", directory, str(sync_ms), str(acked)], stdout=subprocess.PIPE)
    deadline = time.monotonic() + lifetime
    out = b""
    copied = None
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        ready, _, _ = select.select([p.stdout], [], [], left)
        if ready:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                break
            out += chunk
        if snapshot and copied is None and out.count(b"\n") >= 3:
            # A copy taken mid-write (what `scp -r` of a live log does).
            lines = out.decode().split("\n")
            copied = max([acked] + [int(l.split()[1]) for l in lines if l.startswith("synced ")])
            shutil.copytree(directory, snapshot)
    p.send_signal(signal.SIGKILL)
    out += p.stdout.read()
    p.wait()
    text = out.decode()
    for line in text.splitlines():
        if line.startswith("FAIL"):
            sys.exit("log-crash: child failed: " + line)
    if p.returncode != -signal.SIGKILL:
        sys.exit("log-crash: child exited with %d before the kill: %s" % (p.returncode, text[-500:]))
    synced = [int(l.split()[1]) for l in text.splitlines() if l.startswith("synced ")]
    return max([acked] + synced), copied


def check(bench, directory, acked):
    r = subprocess.run([bench, "log-check", directory, str(acked)], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("log-crash: %s: %s" % (directory, r.stdout + r.stderr))
    return int(r.stdout.split()[1])


def main():
    bench = sys.argv[1]
    kills = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else random.randrange(1 << 30)
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="gpsbox-log-crash-", dir="/var/tmp")
    directory = os.path.join(work, "log")
    acked = -1
    intervals = [0, 1000, 10000, 60000]
    started = time.monotonic()
    snapshot_acked = None
    try:
        for k in range(kills):
            snapshot = os.path.join(work, "copy") if k == kills // 2 else None
            acked, copied = run_child(bench, directory, intervals[k % len(intervals)], acked,
                                      rng.uniform(0.01, 0.15), snapshot)
            if copied is not None:
                snapshot_acked = copied
        count = check(bench, directory, acked)
        # The independent reader must see the same samples and no corruption.
        lines = subprocess.run([sys.executable, os.path.join(HERE, "log-read.py"), directory],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        samples = [l for l in lines if l.startswith("sample ")]
        bad = [l for l in lines if l.startswith("damage ") and not l.endswith(" tornTail")]
        times = [int(l.split()[1]) for l in samples]
        if bad or len(samples) != count or times != [times[0] + 1000 * i for i in range(len(times))]:
            sys.exit("log-crash: log-read.py disagrees: %d samples vs %d, damage %s" % (len(samples), count, bad[:3]))
        if snapshot_acked is not None:
            check(bench, os.path.join(work, "copy"), snapshot_acked)
        torn = sum(1 for l in lines if l.endswith(" tornTail"))
        segments = len([n for n in os.listdir(directory) if n.endswith(".gpslog")])
        print("log-crash: seed %d: %d SIGKILLs, %d samples in %d segments, last acknowledged %d present, "
              "%d torn tails, 0 corrupt, python reader agrees, mid-write copy ok (%.1f s)"
              % (seed, kills, count, segments, acked, torn, time.monotonic() - started))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
