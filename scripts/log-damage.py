#!/usr/bin/env python3
"""Track-log damage soak: seeded random damage of real logs, many trials.

A few base logs are written by real writer processes that are SIGKILLed at random moments
(`gpsbox-bench log-writer`, as in scripts/log-crash.py), so they hold several runs, closed
segments and the torn tails of crashes. Each trial copies one, applies 1-3 seeded damages
(bit flips, truncations and zeroed blocks in closed and open segments, a deleted middle
segment, an exact copy, a renamed segment, a foreign file, a FIFO and a symlink to /dev/zero
named like segments) and reads it with `gpsbox dump --format csv` under a time limit.
Each trial must show: no crash, no hang, no sample that the base log does not hold (invented)
or twice (duplicated), and every lost sample reported (exit 3 and a `damaged data skipped:
FILE: offset N` line) unless all losses are in the newest segment of a run that a tail
damage hit (docs/log-format.md section 5: a torn tail is the end of data). Every 25th trial
scripts/log-read.py (written from the format document alone) must agree on the samples and
on the exit status.

Usage: log-damage.py GPSBOX BENCH [TRIALS] [SEED]
"""
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LIMIT = 20  # seconds a read may take before it counts as a hang
NAME = re.compile(r"^(\d{10,20})-(\d{8}T\d{6}Z)-([0-9a-f]{16})\.gpslog$")


def write_base(bench, directory, rng):
    """A log of several runs, each ended by SIGKILL; returns the number of samples."""
    acked = -1
    for _ in range(rng.randint(3, 5)):
        p = subprocess.Popen([bench, "log-writer", directory, str(rng.choice([1000, 10000])), str(acked), "8192"],
                             stdout=subprocess.PIPE)
        time.sleep(rng.uniform(0.2, 0.6))
        p.send_signal(signal.SIGKILL)
        out = p.stdout.read().decode()
        p.wait()
        if "FAIL" in out:
            sys.exit("log-damage: writer failed: " + out[-300:])
        acked = max([acked] + [int(l.split()[1]) for l in out.splitlines() if l.startswith("synced ")])
    r = subprocess.run([bench, "log-check", directory, str(acked)], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("log-damage: base log is not clean: " + r.stdout)
    return int(r.stdout.split()[1])


def dump(gpsbox, args):
    """(status, {time: row}, duplicated times, stderr) of `gpsbox dump --format csv`; the trip
    and run columns are left out (they depend on which samples are there)."""
    r = subprocess.run([gpsbox, "dump", "--format", "csv"] + args, capture_output=True, text=True, timeout=LIMIT)
    rows, dup = {}, 0
    for line in r.stdout.splitlines()[1:]:
        cols = line.split(",")
        key = cols[2]
        dup += key in rows
        rows[key] = ",".join(cols[2:])
    return r.returncode, rows, dup, r.stderr


def base_log(gpsbox, bench, work, k, rng):
    directory = os.path.join(work, "base%d" % k)
    write_base(bench, directory, rng)
    status, rows, dup, err = dump(gpsbox, ["--log-dir", directory])
    if status != 0 or dup:
        sys.exit("log-damage: base log reads with exit %d: %s" % (status, err))
    segments = sorted(n for n in os.listdir(directory) if NAME.match(n))
    times = {}
    for n in segments:
        times[n] = set(dump(gpsbox, [os.path.join(directory, n)])[1])
    newest = {}
    for n in segments:
        seq, _, run = NAME.match(n).groups()
        if run not in newest or int(seq) > int(NAME.match(newest[run]).group(1)):
            newest[run] = n
    return {"dir": directory, "rows": rows, "segments": segments, "times": times, "newest": set(newest.values())}


def damage(base, directory, rng):
    """Applies one seeded damage; returns (description, the segment whose tail it may tear)."""
    segments = [n for n in sorted(os.listdir(directory)) if NAME.match(n) and os.path.isfile(os.path.join(directory, n))
                and not os.path.islink(os.path.join(directory, n))]
    kind = rng.choice(["flip", "flip-last-block", "truncate", "zero-block", "delete-middle", "duplicate",
                       "rename", "foreign", "fifo", "symlink"])
    if not segments:
        kind = "foreign"
    name = rng.choice(segments) if segments else None
    path = os.path.join(directory, name) if name else None
    size = os.path.getsize(path) if path else 0
    seq, stamp, run = NAME.match(name).groups() if name else ("0", "", "")
    if kind in ("flip", "flip-last-block") and size:
        lo = max(0, size - 4096) if kind == "flip-last-block" else 0
        at = rng.randrange(lo, size)
        with open(path, "r+b") as f:
            f.seek(at)
            b = f.read(1)[0] ^ (1 << rng.randrange(8))
            f.seek(at)
            f.write(bytes([b]))
        return "%s %s@%d" % (kind, name, at), name
    if kind == "truncate" and size:
        n = rng.randrange(0, size)
        os.truncate(path, n)
        return "truncate %s to %d" % (name, n), name
    if kind == "zero-block" and size:
        k = rng.randrange(0, (size + 4095) // 4096)
        with open(path, "r+b") as f:
            f.seek(4096 * k)
            f.write(bytes(min(4096, size - 4096 * k)))
        return "zero block %d of %s" % (k, name), name
    if kind == "delete-middle":
        same = [n for n in segments if NAME.match(n).group(3) == run]
        middle = same[1:-1]
        if middle:
            victim = rng.choice(middle)
            os.remove(os.path.join(directory, victim))
            return "delete %s" % victim, None
    if kind == "duplicate" and name:
        hour = int(stamp[9:11])
        copy = "%s-%s%02d%s-%s.gpslog" % (seq, stamp[:9], (hour + 1) % 24, stamp[11:], run)
        if not os.path.exists(os.path.join(directory, copy)):
            shutil.copyfile(path, os.path.join(directory, copy))
            return "duplicate %s as %s" % (name, copy), None
    if kind == "rename" and name:
        target = "%010d-%s-%s.gpslog" % (int(seq) + rng.randint(1000, 9000), stamp, run)
        if not os.path.exists(os.path.join(directory, target)):
            os.rename(path, os.path.join(directory, target))
            return "rename %s to %s" % (name, target), None
    odd = "%010d-20261130T090000Z-%016x.gpslog" % (rng.randint(1, 99999), rng.getrandbits(64))
    if kind == "fifo":
        os.mkfifo(os.path.join(directory, odd))
        return "fifo " + odd, None
    if kind == "symlink":
        os.symlink("/dev/zero", os.path.join(directory, odd))
        return "symlink " + odd, None
    junk = rng.choice([odd, "notes-%d.txt" % rng.randint(0, 99)])
    with open(os.path.join(directory, junk), "wb") as f:
        f.write(bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 9000))))
    return "foreign " + junk, None


def python_agrees(directory, status, rows):
    r = subprocess.run([sys.executable, os.path.join(HERE, "log-read.py"), directory], capture_output=True,
                       text=True, timeout=10 * LIMIT)
    times = sorted(int(l.split()[1]) for l in r.stdout.splitlines() if l.startswith("sample "))
    return r.returncode == status and len(times) == len(rows) and len(set(times)) == len(times)


def main():
    gpsbox, bench = sys.argv[1], sys.argv[2]
    trials = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else random.randrange(1 << 30)
    rng = random.Random(seed)
    work = tempfile.mkdtemp(prefix="gpsbox-log-damage-", dir="/var/tmp")
    started = time.monotonic()
    figures = dict(crashes=0, hangs=0, invented=0, duplicated=0, silent=0, reported=0, torn=0, python=0)
    failures = []
    try:
        bases = [base_log(gpsbox, bench, work, k, rng) for k in range(3)]
        for trial in range(trials):
            base = rng.choice(bases)
            directory = os.path.join(work, "trial")
            shutil.rmtree(directory, ignore_errors=True)
            shutil.copytree(base["dir"], directory, symlinks=True)
            done = [damage(base, directory, rng) for _ in range(rng.choice([1, 1, 2, 3]))]
            what = "; ".join(d for d, _ in done)
            torn_ok = set()
            for _, hit in done:
                if hit in base["newest"]:
                    torn_ok |= base["times"][hit]
            try:
                status, rows, dup, err = dump(gpsbox, ["--log-dir", directory])
            except subprocess.TimeoutExpired:
                figures["hangs"] += 1
                failures.append("trial %d hang: %s" % (trial, what))
                continue
            if status not in (0, 3):
                figures["crashes"] += 1
                failures.append("trial %d exit %d: %s: %s" % (trial, status, what, err[-300:]))
                continue
            invented = [t for t, row in rows.items() if base["rows"].get(t) != row]
            figures["invented"] += len(invented)
            figures["duplicated"] += dup
            lost = set(base["rows"]) - set(rows)
            located = re.search(r"damaged data skipped: \S+: offset \d+", err)
            if lost and not lost <= torn_ok:
                if status == 3 and located:
                    figures["reported"] += 1
                else:
                    figures["silent"] += 1
                    failures.append("trial %d: %d samples lost silently (exit %d): %s" % (trial, len(lost), status, what))
            elif lost:
                figures["torn"] += 1
            if invented or dup:
                failures.append("trial %d: %d invented, %d duplicated: %s" % (trial, len(invented), dup, what))
            if trial % 25 == 0:
                if python_agrees(directory, status, rows):
                    figures["python"] += 1
                else:
                    failures.append("trial %d: scripts/log-read.py disagrees: %s" % (trial, what))
        seconds = time.monotonic() - started
        print("log-damage: seed %d: %d trials, %d crashes, %d hangs, %d invented, %d duplicated, %d silent losses; "
              "%d losses reported, %d newest-segment torn tails; python reader agrees on %d checked trials (%.1f s)"
              % (seed, trials, figures["crashes"], figures["hangs"], figures["invented"], figures["duplicated"],
                 figures["silent"], figures["reported"], figures["torn"], figures["python"], seconds))
        if failures:
            print("\n".join(failures[:20]))
            sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
