"""The fleet tests' bench of real parts: a simulated box with its logger (Box), the broker, the
database and the collectors (Fleet), and comparisons of PostGIS with `gpsbox dump` of a box's log.
Used by fleet_e2e.py and bench/bench-fleet."""
import csv, io, os, signal, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from servers import Broker, Database, run  # noqa: E402,F401

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BIN = os.environ.get("GPSBOX_BIN", os.path.join(ROOT, ".build", "debug", "gpsbox"))
FLEET = os.environ.get("GPSBOX_FLEET_BIN", os.path.join(ROOT, ".build", "debug", "gpsbox-fleet"))
ACK_TIMEOUT_MS = "2000"


def wait_for(cond, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if cond():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")


BOXES = []  # every Box started, so a failing test leaves no process behind (Fleet.close)


class Box:
    """A simulated module on a pty and the logger writing a track log, as in the daemon's tests."""

    def __init__(self, root, name, seed, minutes=4, speedup=20, logger_args=(), wrap=()):
        """`wrap`: words before every box program (`ip netns exec NS`: the box in a namespace)."""
        self.name = name
        self.wrap = list(wrap)
        self.dir = os.path.join(root, name)
        os.makedirs(self.dir)
        self.log = os.path.join(self.dir, "log")
        self.state = os.path.join(self.dir, "state")
        os.makedirs(self.state)
        link = os.path.join(self.dir, "gnss")
        out = open(os.path.join(self.dir, "box.log"), "ab")
        self.sim = subprocess.Popen([*self.wrap, BIN, "simulate", "--pty", link, "--route", "freeway", "--speedup", str(speedup),
                                     "--duration", f"{minutes}m", "--seed", str(seed), "--cold-start", "2s"],
                                    stdout=out, stderr=subprocess.STDOUT)
        wait_for(lambda: os.path.exists(link), 10, "the simulator's pty")
        self.logger = subprocess.Popen([*self.wrap, BIN, "run", "--config", "/dev/null", "--device", link, "--log-dir", self.log,
                                        "--status-file", os.path.join(self.dir, "status.json"), "--led", "none",
                                        "--sample-interval", "1s", "--sync-interval", "1s", *logger_args],
                                       stdout=out, stderr=subprocess.STDOUT)
        self.upload = None
        BOXES.append(self)

    def finish(self):
        """Waits for the drive's end, then stops the logger (SIGTERM: it closes the log)."""
        self.sim.wait(600)
        time.sleep(1)
        self.logger.send_signal(signal.SIGTERM)
        self.logger.wait(20)

    def start_upload(self, broker, *extra, user=None):
        err = open(os.path.join(self.dir, "upload.log"), "ab")
        # Through `gpsbox upload`, which execs gpsbox-upload from its own folder (same pid).
        self.upload = subprocess.Popen([*self.wrap, BIN, "upload", "--log-dir", self.log, "--state-dir", self.state,
                                        "--box", self.name, "--ack-timeout-ms", ACK_TIMEOUT_MS, "--interval-ms", "5",
                                        *broker.args(user or self.name), *extra], stdout=err, stderr=err)
        return self.upload

    def stop_upload(self):
        if self.upload and self.upload.poll() is None:
            self.upload.terminate()
            self.upload.wait(10)

    def dumped(self):
        return dumped(self.log)

    def dumped_or_none(self):
        """The samples logged so far ([] before the first)."""
        try:
            return dumped(self.log)
        except (AssertionError, subprocess.CalledProcessError):
            return []


def dumped(log):
    """(time, lat e7, lon e7) of every logged sample, from `gpsbox dump --format csv`."""
    out = subprocess.run([BIN, "dump", "--format", "csv", "--log-dir", log], check=True,
                         capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows, "the logger wrote no samples"
    return [(r["time_utc"], round(float(r["latitude_deg"]) * 1e7), round(float(r["longitude_deg"]) * 1e7)) for r in rows]


def box_a_log(fleet):
    """box-a's log from the clean drive, or a short drive of its own when that test did not run."""
    log = os.path.join(fleet.root, "box-a", "log")
    if not os.path.isdir(log):
        Box(fleet.root, "box-a", seed=3, minutes=2).finish()
    return log


class Fleet:
    def __init__(self, broker_host="127.0.0.1", boxes=None):
        self.root = tempfile.mkdtemp(prefix="gpsbox-fleet-")
        self.broker = Broker(self.root, broker_host, **({"boxes": boxes} if boxes else {}))
        self.db = Database(self.root)
        self.collectors = []

    def start(self):
        self.broker.start()
        self.db.start()
        self.db.psql("CREATE DATABASE fleet")
        r = subprocess.run([FLEET, "collect", "--migrate", "--postgres", self.db.url("fleet")], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr

    def collect(self, *extra):
        err = open(os.path.join(self.root, f"collect{len(self.collectors)}.log"), "ab")
        # A 5 s session: a killed collector's share of the batches stops going to its queue soon.
        p = subprocess.Popen([FLEET, "collect", "--postgres", self.db.url("fleet"), "--client-id",
                              f"collector-{len(self.collectors)}", "--session-s", "5", *self.broker.args("collector"),
                              *extra],
                             stdout=err, stderr=err)
        self.collectors.append(p)
        return p

    def ensure_collector(self):
        if not any(p.poll() is None for p in self.collectors):
            self.collect()

    def stored(self, box):
        out = self.db.psql("SELECT to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), "
                           "round(ST_Y(position) * 1e7), round(ST_X(position) * 1e7) FROM gpsbox.samples "
                           f"WHERE box = '{box}' ORDER BY run, segment, record", db="fleet")
        return [(t, int(float(a)), int(float(b))) for t, a, b in (line.split("\t") for line in out.splitlines() if line)]

    def count(self, box=None):
        where = f"WHERE box = '{box}'" if box else ""
        return int(self.db.psql(f"SELECT count(*) FROM gpsbox.samples {where}", db="fleet"))

    def close(self):
        for box in BOXES:
            for p in (box.upload, box.logger, box.sim):
                if p and p.poll() is None:
                    p.kill()
                    p.wait()
        for p in self.collectors:
            if p.poll() is None:
                p.kill()
                p.wait()
        self.broker.stop()
        self.db.stop("immediate")


def same_times(dumped):
    """dump prints times with millisecond precision and a Z: the same text as the query's."""
    return [(t if "." in t else t[:-1] + ".000Z", a, b) for t, a, b in dumped]


def compare(fleet, box):
    want = same_times(box.dumped())
    wait_for(lambda: fleet.count(box.name) >= len(want), 120, f"{len(want)} samples of {box.name} in PostGIS")
    got = fleet.stored(box.name)
    assert len(got) == len(want), f"{box.name}: {len(got)} rows in PostGIS for {len(want)} logged samples"
    diff = [(g, w) for g, w in zip(got, want) if g != w]
    assert not diff, f"{box.name}: {len(diff)} rows differ from the log, first {diff[0]}"
    return len(want)


def compare_subset(fleet, box):
    """Every sample still in the box's log is in PostGIS once (older ones may be there too)."""
    want = same_times(box.dumped())
    wait_for(lambda: set(want) <= set(fleet.stored(box.name)), 120, f"the {len(want)} logged samples of {box.name}")
    got = fleet.stored(box.name)
    assert len(got) == len(set(got)), "rows doubled"
    return len(want)
