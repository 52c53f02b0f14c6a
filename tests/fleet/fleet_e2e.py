#!/usr/bin/python3
"""Fleet end-to-end tests with real servers: `gpsbox simulate` → `gpsbox run` → track log →
`gpsbox-fleet upload` → mosquitto (TLS, passwords, ACLs) → `gpsbox-fleet collect` → PostGIS,
compared with `gpsbox dump` of the box's own log. One line per test, then "N passed, M failed".
`fleet_e2e.py NAME…` runs the tests whose names contain NAME."""
import os, random, shutil, subprocess, sys, tempfile, time, traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testbed import (ACK_TIMEOUT_MS, BIN, FLEET, Box, Fleet, box_a_log, compare, compare_subset,  # noqa: E402
                     dumped, same_times, wait_for)

TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


@test
def clean_drive_arrives_exactly_once(fleet):
    box = Box(fleet.root, "box-a", seed=3, minutes=3)
    fleet.ensure_collector()
    box.start_upload(fleet.broker)
    box.finish()
    n = compare(fleet, box)
    time.sleep(3)  # repeats, if any, would have arrived by now
    assert fleet.count("box-a") == n, "rows doubled"
    import json
    time.sleep(1.5)  # the status file follows within a second
    # `gpsbox status --json` carries the upload's own status file as its member "upload".
    shown = subprocess.run([BIN, "status", "--json", "--status-file", os.path.join(box.dir, "status.json"),
                            "--upload-status-file", os.path.join(box.state, "status.json")], capture_output=True, text=True)
    status = json.loads(shown.stdout)["upload"]
    words = subprocess.run([BIN, "status", "--status-file", os.path.join(box.dir, "status.json"),
                            "--upload-status-file", os.path.join(box.state, "status.json")], capture_output=True, text=True)
    box.stop_upload()
    last = same_times(box.dumped())[-1][0]
    assert status["running"] and status["connected"] and status["samples_in_flight"] == 0, status
    assert status["backlog_samples"] == 0 and status["bytes_today"] > 0 and status["samples_lost"] == 0, status
    assert status["last_acknowledged"] == last, (status, last)
    assert "upload      connected as box box-a\nbacklog     0 sample(s)\n" in words.stdout, words.stdout
    return f"{n} samples, each once, positions and times equal to gpsbox dump; gpsbox status --json: {status}"



@test
def upload_collector_and_postgres_restarts_lose_nothing_and_double_nothing(fleet):
    box = Box(fleet.root, "box-b", seed=5, minutes=6, speedup=15)
    fleet.ensure_collector()
    box.start_upload(fleet.broker)
    rng = random.Random(26)
    kills = collector_kills = 0
    while box.sim.poll() is None:
        time.sleep(rng.uniform(0.3, 1.5))
        box.upload.kill()
        box.upload.wait()
        kills += 1
        if kills % 5 == 0 and fleet.count("box-b") > 0:
            # Mid-batch: these collectors hold what arrives for a second before COMMIT, so a kill
            # while the box sends almost always finds decoded, unstored batches in memory.
            c = fleet.collectors[-1]
            c.kill()
            c.wait()
            collector_kills += 1
            fleet.collect("--flush-ms", "1000")
        if kills == 12:
            fleet.db.stop("fast")  # PostgreSQL restarted under the collectors: their transactions fail
            time.sleep(1)
            fleet.db.start()
        box.start_upload(fleet.broker)
    box.finish()
    n = compare(fleet, box)
    box.stop_upload()
    assert kills >= 10, f"only {kills} kills during the drive"
    return (f"{n} samples after {kills} SIGKILLs of upload, {collector_kills} of the collector and a "
            "PostgreSQL restart: 0 lost, 0 doubled")


@test
def broker_outage_backlog_arrives(fleet):
    box = Box(fleet.root, "box-c", seed=7, minutes=5, speedup=10)
    fleet.ensure_collector()
    box.start_upload(fleet.broker)
    time.sleep(6)
    fleet.broker.stop()
    before = fleet.count("box-c")
    time.sleep(10)  # 100 s of the drive logged with no broker
    fleet.broker.start()
    box.finish()
    n = compare(fleet, box)
    box.stop_upload()
    return f"{n} samples, {n - before} of them logged during or after a 10 s broker outage (100 s of drive)"


@test
def another_box_topic_is_refused_by_the_acl(fleet):
    before = fleet.count("box-a")
    box_b_log = os.path.join(fleet.root, "box-b", "log")
    state = tempfile.mkdtemp(dir=fleet.root)
    err = os.path.join(state, "upload.log")
    p = subprocess.Popen([FLEET, "upload", "--log-dir", box_b_log, "--state-dir", state, "--box", "box-a",
                          "--ack-timeout-ms", ACK_TIMEOUT_MS, *fleet.broker.args("box-b")],
                         stdout=open(err, "w"), stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: "refused" in open(err).read(), 20, "the refusal in the upload's output")
        time.sleep(2)
    finally:
        p.terminate()
        p.wait()
    assert fleet.count("box-a") == before, "box-b's samples landed under box-a"
    assert not os.path.exists(os.path.join(state, "upload-cursor")), "the cursor moved without an acknowledgement"
    line = [l for l in open(err).read().splitlines() if "refused" in l]
    return line[0]


def one_error_line(fleet, extra_args, user, expect):
    state = tempfile.mkdtemp(dir=fleet.root)
    err = os.path.join(state, "upload.log")
    args = fleet.broker.args(user, **extra_args)
    p = subprocess.Popen([FLEET, "upload", "--log-dir", os.path.join(fleet.root, "box-a", "log"), "--state-dir", state,
                          "--box", user, *args], stdout=open(err, "w"), stderr=subprocess.STDOUT)
    time.sleep(5)  # several reconnection attempts
    p.terminate()
    p.wait()
    lines = open(err).read().splitlines()
    assert len(lines) == 1 and expect in lines[0], f"expected one line with '{expect}', got {lines}"
    return lines[0]


@test
def wrong_ca_or_password_is_one_clear_line(fleet):
    a = one_error_line(fleet, {"ca": fleet.broker.path("other-ca.crt")}, "box-a", "certificate verify failed")
    wrong = os.path.join(fleet.root, "wrong.password")
    with open(wrong, "w") as f:
        f.write("not-the-password\n")
    b = one_error_line(fleet, {"password_file": wrong}, "box-a", "refused box box-a")
    return f"{a} | {b}"


@test
def collector_names_missing_schema_and_wrong_password(fleet):
    fleet.db.psql("CREATE DATABASE bare")
    fleet.db.psql("CREATE EXTENSION postgis", db="bare")
    r = subprocess.run([FLEET, "collect", "--postgres", fleet.db.url("bare"), *fleet.broker.args("collector")],
                       capture_output=True, text=True, timeout=20)
    assert r.returncode == 1 and "no gpsbox schema" in r.stderr and "--migrate" in r.stderr, r.stderr
    r2 = subprocess.run([FLEET, "collect", "--postgres", fleet.db.url("fleet", password="wrong"),
                         *fleet.broker.args("collector")], capture_output=True, text=True, timeout=20)
    assert r2.returncode == 1 and "failed: password authentication failed" in r2.stderr, r2.stderr
    fleet.db.psql("CREATE DATABASE plain")
    r3 = subprocess.run([FLEET, "collect", "--postgres", fleet.db.url("plain"), *fleet.broker.args("collector")],
                        capture_output=True, text=True, timeout=20)
    assert r3.returncode == 1 and "PostGIS is not installed" in r3.stderr, r3.stderr
    fleet.db.psql("UPDATE gpsbox.schema_version SET version = 99", db="fleet")
    try:
        r4 = subprocess.run([FLEET, "collect", "--postgres", fleet.db.url("fleet"), *fleet.broker.args("collector")],
                            capture_output=True, text=True, timeout=20)
    finally:
        fleet.db.psql("UPDATE gpsbox.schema_version SET version = 2", db="fleet")
    assert r4.returncode == 1 and "schema version 99" in r4.stderr, r4.stderr
    return " | ".join(x.stderr.strip() for x in (r, r2, r3, r4))


@test
def load_twice_changes_nothing(fleet):
    log = box_a_log(fleet)
    def load(name):
        r = subprocess.run([FLEET, "load", log, "--postgres", fleet.db.url("fleet"), "--box", name],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        return r.stdout.strip()
    first, second = load("pulled-a"), load("pulled-a")
    n = fleet.count("pulled-a")
    snapshot = fleet.db.psql("SELECT md5(string_agg(t::text, '|' ORDER BY run, segment, record)) FROM gpsbox.samples t "
                             "WHERE box = 'pulled-a'", db="fleet")
    third = load("pulled-a")
    again = fleet.db.psql("SELECT md5(string_agg(t::text, '|' ORDER BY run, segment, record)) FROM gpsbox.samples t "
                          "WHERE box = 'pulled-a'", db="fleet")
    assert snapshot == again and f"0 new, {n} already stored" in second and f"0 new" in third, (first, second, third)
    # The uploaded box and the pulled copy of its log hold the same rows under the same keys.
    same = fleet.db.psql("SELECT count(*) FROM gpsbox.samples a JOIN gpsbox.samples b USING (run, segment, record) "
                         "WHERE a.box = 'box-a' AND b.box = 'pulled-a' AND ST_Equals(a.position, b.position) "
                         "AND a.time = b.time", db="fleet")
    if fleet.count("box-a"):
        assert int(same) == fleet.count("box-a") == n, f"{same} of {n} rows equal between upload and load"
    return f"{first}; again: {second}"


@test
def owntracks_messages_reach_an_owntracks_subscriber(fleet):
    import json
    log = box_a_log(fleet)
    want = dumped(log)
    b = fleet.broker
    sub = subprocess.Popen(["mosquitto_sub", "-h", "127.0.0.1", "-p", str(b.port), "--cafile", b.ca, "-u", "collector",
                            "-P", b.passwords["collector"], "-q", "1", "-t", "owntracks/#", "-v", "-C", str(len(want)),
                            "-W", "120"], stdout=subprocess.PIPE, text=True)
    time.sleep(1)
    state = tempfile.mkdtemp(dir=fleet.root)
    r = subprocess.run([FLEET, "upload", "--log-dir", log, "--state-dir", state, "--box", "box-a", "--format",
                        "owntracks", "--exit-when-sent", "--interval-ms", "0", *b.args("box-a")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out, _ = sub.communicate(timeout=120)
    lines = out.splitlines()
    assert len(lines) == len(want), f"{len(lines)} OwnTracks messages for {len(want)} samples"
    for line, (t, lat, lon) in zip(lines, want):
        topic, payload = line.split(" ", 1)
        m = json.loads(payload)
        assert topic == "owntracks/box-a/box-a" and m["_type"] == "location" and m["tid"] == "-a", line
        assert round(m["lat"] * 1e7) == lat and round(m["lon"] * 1e7) == lon, (line, lat, lon)
    cursor = open(os.path.join(state, "upload-cursor")).read()
    return f"{len(lines)} location messages, positions equal to the log; cursor saved on PUBACK ({cursor.split()[-1]})"


@test
def trips_agree_with_gpsbox_stats(fleet):
    import json
    log = box_a_log(fleet)
    if fleet.count("box-a") == 0:
        subprocess.run([FLEET, "load", log, "--postgres", fleet.db.url("fleet"), "--box", "box-a"], check=True,
                       capture_output=True, timeout=120)
    r = subprocess.run([FLEET, "trips", "--postgres", fleet.db.url("fleet"), "--box", "box-a"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    stats = json.loads(subprocess.run([BIN, "stats", "--json", "--log-dir", log], check=True, capture_output=True,
                                      text=True).stdout)
    rows = fleet.db.psql("SELECT trip, samples, distance, ST_Length(path::geography), extract(epoch FROM start_time) * 1000, "
                         "extract(epoch FROM end_time) * 1000 FROM gpsbox.trips WHERE box = 'box-a' ORDER BY trip", db="fleet")
    rows = [line.split("\t") for line in rows.splitlines()]
    assert len(rows) == len(stats["trips"]), f"{len(rows)} trips in PostGIS, {len(stats['trips'])} in gpsbox stats"
    worst = 0
    for row, t in zip(rows, stats["trips"]):
        want = t["distance_m"]
        assert int(row[1]) == t["samples"], (row, t)
        for got in (float(row[2]), float(row[3])):
            worst = max(worst, abs(got - want) / want)
    assert worst <= 0.005, f"trip length differs from gpsbox stats by {100 * worst:.3f} %"
    again = subprocess.run([FLEET, "trips", "--postgres", fleet.db.url("fleet"), "--box", "box-a"], capture_output=True,
                           text=True, timeout=120)
    assert again.returncode == 0 and int(fleet.db.psql("SELECT count(*) FROM gpsbox.trips WHERE box = 'box-a'",
                                                       db="fleet")) == len(rows)
    gpx = os.path.join(fleet.root, "trip.gpx")
    subprocess.run(["ogr2ogr", "-f", "GPX", gpx, f"PG:{fleet.db.url('fleet')}", "-sql",
                    "SELECT time, position FROM gpsbox.samples WHERE box = 'box-a' ORDER BY run, segment, record",
                    "-nlt", "POINT", "-dsco", "GPX_USE_EXTENSIONS=YES"], check=True, capture_output=True, timeout=60)
    import re
    points = [(round(float(a) * 1e7), round(float(b) * 1e7))
              for a, b in re.findall(r'<wpt lat="([-0-9.]+)" lon="([-0-9.]+)"', open(gpx).read())]
    want = [(a, b) for _, a, b in dumped(log)]
    assert points == want, f"ogr2ogr wrote {len(points)} points, gpsbox dump has {len(want)}; first difference " + \
        str(next(((p, w) for p, w in zip(points, want) if p != w), None))
    points = len(points)
    return (f"{len(rows)} trip(s), distance within {100 * worst:.4f} % of gpsbox stats (ST_Length on the spheroid "
            f"and TripStatistics); ogr2ogr -f GPX of the samples equals gpsbox dump ({points} points)")


def trip_rows(fleet, box):
    out = fleet.db.psql("SELECT samples, distance, extract(epoch FROM start_time) * 1000, extract(epoch FROM end_time) * 1000 "
                        f"FROM gpsbox.trips WHERE box = '{box}' ORDER BY trip", db="fleet")
    return [(int(a), float(b), round(float(c)), round(float(d))) for a, b, c, d in (l.split("\t") for l in out.splitlines())]


def ms(rfc3339):
    import datetime
    return round(datetime.datetime.fromisoformat(rfc3339.replace("Z", "+00:00")).timestamp() * 1000)


@test
def recorded_trips_upload_and_load_agree_with_gpsbox_stats(fleet):
    """`gpsbox record stop/start` mid-drive: the trip markers travel with the samples, and
    gpsbox.trips from the live upload and from `load` both equal `gpsbox stats` of the log."""
    import json
    box = Box(fleet.root, "box-r", seed=5, minutes=4)
    fleet.ensure_collector()
    box.start_upload(fleet.broker)
    status = os.path.join(box.dir, "status.json")
    def record(word):
        r = subprocess.run([BIN, "record", word, "--status-file", status], capture_output=True, text=True, timeout=20)
        assert r.returncode == 0, r.stderr
    wait_for(lambda: os.path.isdir(box.log) and len(box.dumped_or_none()) >= 20, 60, "20 samples in box-r's log")
    for pause in (1.5, 1.0):   # 30 s and 20 s of the drive at x20: shorter than the trip gap
        record("stop")
        time.sleep(pause)
        record("start")
        time.sleep(2)
    box.finish()
    compare(fleet, box)
    stats = json.loads(subprocess.run([BIN, "stats", "--json", "--log-dir", box.log], check=True, capture_output=True,
                                      text=True).stdout)["trips"]
    assert len(stats) >= 3, f"gpsbox stats shows {len(stats)} trip(s) for a drive recorded in three parts"
    # The stop marker after the drive's last sample comes with no sample after it: wait for the rest.
    wait_for(lambda: int(fleet.db.psql("SELECT count(*) FROM gpsbox.markers WHERE box = 'box-r' AND reason = 1",
                                       db="fleet")) >= 4, 30, "box-r's recording markers in gpsbox.markers")
    box.stop_upload()
    subprocess.run([FLEET, "load", box.log, "--postgres", fleet.db.url("fleet"), "--box", "pulled-r"], check=True,
                   capture_output=True, timeout=120)
    for name in ("box-r", "pulled-r"):
        r = subprocess.run([FLEET, "trips", "--postgres", fleet.db.url("fleet"), "--box", name], capture_output=True,
                           text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    live, loaded = trip_rows(fleet, "box-r"), trip_rows(fleet, "pulled-r")
    assert len(live) == len(stats), f"{len(live)} trips uploaded live, {len(stats)} in gpsbox stats"
    worst = 0
    for got, t in zip(live, stats):
        assert got[0] == t["samples"] and got[2] == ms(t["start"]) and got[3] == ms(t["end"]), (got, t)
        worst = max(worst, abs(got[1] - t["distance_m"]) / t["distance_m"])
    assert worst <= 0.005, f"trip distance differs from gpsbox stats by {100 * worst:.3f} %"
    assert loaded == live, f"trips from load {loaded} differ from the live upload's {live}"
    same = fleet.db.psql("SELECT count(*) FROM gpsbox.markers a JOIN gpsbox.markers b USING (run, segment, record, kind, "
                         "trip_id, reason) WHERE a.box = 'box-r' AND b.box = 'pulled-r'", db="fleet")
    return (f"{len(live)} trips live and from load, equal to gpsbox stats (count, start, end, samples; distance within "
            f"{100 * worst:.4f} %); {same} markers under the same keys")


@test
def migrate_takes_schema_1_to_2(fleet):
    fleet.db.psql("CREATE DATABASE old")
    url = fleet.db.url("old")
    r = subprocess.run([FLEET, "collect", "--migrate", "--postgres", url], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    fleet.db.psql("DROP TABLE gpsbox.markers; UPDATE gpsbox.schema_version SET version = 1", db="old")  # as version 1 left it
    refused = subprocess.run([FLEET, "trips", "--postgres", url], capture_output=True, text=True, timeout=20)
    assert refused.returncode == 1 and "schema version 1" in refused.stderr and "--migrate" in refused.stderr, refused.stderr
    r = subprocess.run([FLEET, "collect", "--migrate", "--postgres", url], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    version = fleet.db.psql("SELECT max(version) FROM gpsbox.schema_version", db="old")
    markers = fleet.db.psql("SELECT to_regclass('gpsbox.markers')::text", db="old")
    assert version == "2" and markers == "gpsbox.markers", (version, markers)
    again = subprocess.run([FLEET, "collect", "--migrate", "--postgres", url], capture_output=True, text=True, timeout=60)
    assert again.returncode == 0, again.stderr
    return f"version 1 refused ({refused.stderr.strip()}); --migrate made version 2 with gpsbox.markers, twice harmless"


@test
def mqtt_3_1_1_upload_and_collector_work_too(fleet):
    """A fresh cursor over box-a's log, over MQTT 3.1.1 end to end: every batch acknowledged by a
    3.1.1 collector (the upload exits only then), the rows already there unchanged."""
    log = box_a_log(fleet)
    fleet.ensure_collector()
    before = fleet.count("box-a")
    collector = fleet.collect("--mqtt-version", "3.1.1")
    for c in fleet.collectors[:-1]:
        c.kill()
        c.wait()
    state = tempfile.mkdtemp(dir=fleet.root)
    r = subprocess.run([FLEET, "upload", "--log-dir", log, "--state-dir", state, "--box", "box-a", "--mqtt-version",
                        "3.1.1", "--exit-when-sent", "--interval-ms", "0", "--ack-timeout-ms", ACK_TIMEOUT_MS,
                        *fleet.broker.args("box-a")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    n = len(dumped(log))
    assert collector.poll() is None, "the 3.1.1 collector died"
    if before:
        assert fleet.count("box-a") == before == n, (before, fleet.count("box-a"), n)
    else:
        assert fleet.count("box-a") == n
    cursor = open(os.path.join(state, "upload-cursor")).read().split()[-1]
    return f"{n} samples acknowledged over MQTT 3.1.1 (cursor at offset {cursor}), 0 doubled"


@test
def segments_the_ring_deleted_before_upload_are_counted(fleet):
    import json
    box = Box(fleet.root, "box-e", seed=17, minutes=40, speedup=60,
              logger_args=("--raw", "--quota", "1MiB", "--segment-size", "64KiB"))
    fleet.ensure_collector()
    box.start_upload(fleet.broker)
    wait_for(lambda: fleet.count("box-e") > 0, 30, "box-e's first samples in PostGIS")
    fleet.broker.stop()
    box.sim.wait(120)
    fleet.broker.start()
    box.finish()
    wait_for(lambda: "was deleted before all its samples were sent" in open(os.path.join(box.dir, "upload.log")).read(),
             60, "the loss report in upload's output")
    n = compare_subset(fleet, box)
    status = json.load(open(os.path.join(box.state, "status.json")))
    box.stop_upload()
    assert status["segments_lost"] >= 1 and status["samples_lost"] >= 1, status
    line = next(l for l in open(os.path.join(box.dir, "upload.log")) if "sample(s) lost" in l).strip()
    return (f"{status['samples_lost']} sample(s) in {status['segments_lost']} segment(s) reported lost ({line}); "
            f"all {n} samples still in the log arrived")


@test
def many_boxes_through_two_collectors_each_sample_once(fleet):
    """The 200-box benchmark (bench/bench-fleet) scaled down: GPSBOX_FLEET_BOXES boxes (20)
    replay one logged drive under their own names through one broker and two collectors."""
    import signal
    boxes = int(os.environ.get("GPSBOX_FLEET_BOXES", "20"))
    log = box_a_log(fleet)
    want = same_times(dumped(log))
    b = fleet.broker
    with open(b.path("acl"), "a") as f:
        f.write("\nuser many\ntopic write gpsbox/+/track\ntopic read gpsbox/+/ack\n")
    subprocess.run(["mosquitto_passwd", "-b", b.path("passwd"), "many", "pw-many"], check=True)
    with open(b.path("many.password"), "w") as f:
        f.write("pw-many\n")
    b.proc.send_signal(signal.SIGHUP)  # mosquitto reads its password and ACL files again
    time.sleep(1)
    while sum(p.poll() is None for p in fleet.collectors) < 2:
        fleet.collect()
    start = time.time()
    ups = [subprocess.Popen([BIN, "upload", "--log-dir", log, "--state-dir", tempfile.mkdtemp(dir=fleet.root),
                             "--box", f"fleet-{i:03d}", *b.args("many"), "--exit-when-sent", "--interval-ms", "0",
                             "--ack-timeout-ms", ACK_TIMEOUT_MS], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
           for i in range(boxes)]
    codes = [u.wait(300) for u in ups]
    took = time.time() - start
    assert codes == [0] * boxes, f"upload exit codes {codes}"
    rows = fleet.db.psql("SELECT box, count(*), count(DISTINCT (run, segment, record)) FROM gpsbox.samples "
                         "WHERE box LIKE 'fleet-%' GROUP BY box ORDER BY box", db="fleet").splitlines()
    counts = [tuple(r.split("\t")) for r in rows]
    assert [c[0] for c in counts] == [f"fleet-{i:03d}" for i in range(boxes)], counts
    wrong = [c for c in counts if int(c[1]) != len(want) or int(c[2]) != len(want)]
    assert not wrong, f"{len(wrong)} boxes with missing or doubled samples, first {wrong[0]} of {len(want)}"
    assert fleet.stored(f"fleet-{boxes - 1:03d}") == want, "a replayed box's rows differ from the log"
    return (f"{boxes} boxes x {len(want)} samples, every one stored once ({boxes * len(want)} rows) "
            f"through 2 collectors in {took:.1f} s")


def main(argv):
    names = argv[1:]
    chosen = [t for t in TESTS if not names or any(n in t.__name__ for n in names)]
    if not chosen:
        print("fleet: no test matches " + " ".join(names))
        return 1
    fleet = Fleet()
    failed = 0
    try:
        fleet.start()
        for t in chosen:
            start = time.time()
            try:
                detail = t(fleet)
                print(f"ok   {t.__name__} ({time.time() - start:.0f} s): {detail}", flush=True)
            except Exception as e:
                failed += 1
                print(f"FAIL {t.__name__} ({time.time() - start:.0f} s): {e}", flush=True)
                traceback.print_exc()
                print(f"     (logs kept in {fleet.root})")
    finally:
        fleet.close()
    if not failed:
        shutil.rmtree(fleet.root, ignore_errors=True)
    print(f"{len(chosen) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
