#!/usr/bin/python3
"""The box's network cut: the box (simulator, logger, `gpsbox upload`) in a network namespace of
its own, joined to the broker by a veth pair; mid-drive the link is taken down for ten minutes
(GPSBOX_NETCUT_SECONDS), then up again. Afterwards the backlog arrives: every logged sample in
PostGIS once, equal to `gpsbox dump`, stored oldest first; during the cut the upload keeps its
status current (it never blocks on the dead path) and counts the backlog in samples."""
import json, os, shutil, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testbed import Box, Fleet, compare, wait_for  # noqa: E402

CUT_S = int(os.environ.get("GPSBOX_NETCUT_SECONDS", "600"))
TAG = str(os.getpid() % 100000)
NS, HOST_IF, BOX_IF = f"gpsbox-cut-{TAG}", f"gbxh{TAG}", f"gbxb{TAG}"
HOST_IP, BOX_IP = f"10.231.{int(TAG) % 250}.1", f"10.231.{int(TAG) % 250}.2"


def ip(*args, check=True):
    return subprocess.run(["ip", *args], check=check, capture_output=True, text=True)


def make_namespace():
    ip("netns", "add", NS)
    ip("link", "add", HOST_IF, "type", "veth", "peer", "name", BOX_IF)
    ip("link", "set", BOX_IF, "netns", NS)
    ip("addr", "add", f"{HOST_IP}/30", "dev", HOST_IF)
    ip("link", "set", HOST_IF, "up")
    ip("-n", NS, "addr", "add", f"{BOX_IP}/30", "dev", BOX_IF)
    ip("-n", NS, "link", "set", BOX_IF, "up")
    ip("-n", NS, "link", "set", "lo", "up")


def remove_namespace():
    ip("link", "del", HOST_IF, check=False)
    ip("netns", "del", NS, check=False)


def status(box):
    path = os.path.join(box.state, "status.json")
    return json.load(open(path)), time.time() - os.stat(path).st_mtime


def drive_through_the_cut(fleet):
    fleet.collect()
    # A drive at the real pace (1 Hz, speedup 1): 1.5 min before the cut, the cut, 1.5 min after.
    box = Box(fleet.root, "box-cut", seed=29, minutes=(CUT_S + 180 + 59) // 60, speedup=1,
              wrap=("ip", "netns", "exec", NS))
    box.start_upload(fleet.broker)
    wait_for(lambda: fleet.count("box-cut") > 0, 120, "box-cut's first samples in PostGIS")
    time.sleep(60)
    ip("link", "set", HOST_IF, "down")
    cut = time.time()
    stalest, seen_disconnected, stored_at_cut = 0.0, False, fleet.count("box-cut")
    while time.time() - cut < CUT_S:
        time.sleep(5)
        s, age = status(box)
        seen_disconnected |= not s["connected"]
        if time.time() - cut > 60:  # the keep-alive has noticed by now
            stalest = max(stalest, age)
    during, _ = status(box)
    stored_during = fleet.count("box-cut")
    ip("link", "set", HOST_IF, "up")
    up = time.time()
    assert box.upload.poll() is None, "the upload exited during the cut"
    assert seen_disconnected and not during["connected"], during
    # At 1 Hz, the cut's samples wait in the log (the keep-alive may let a few through first).
    assert during["backlog_samples"] >= CUT_S - 90, during
    assert stored_during - stored_at_cut < 90, (stored_at_cut, stored_during)
    assert stalest < 30, f"the upload's status went {stalest:.0f} s without an update during the cut"
    said = open(os.path.join(box.dir, "upload.log")).read()
    assert "no answer within the keep-alive" in said, f"the dropped connection in words: {said}"
    box.finish()
    n = compare(fleet, box)
    caught_up = time.time() - up
    # Oldest first: in log order the rows' transactions never go back (one collector commits in arrival order).
    xids = [int(x) for x in fleet.db.psql("SELECT xmin::text FROM gpsbox.samples WHERE box = 'box-cut' "
                                          "ORDER BY run, segment, record", db="fleet").split()]
    back = sum(1 for a, b in zip(xids, xids[1:]) if b < a)
    assert back == 0, f"{back} samples stored before older ones"
    time.sleep(2)
    after, _ = status(box)
    box.stop_upload()
    assert fleet.count("box-cut") == n and after["backlog_samples"] == 0 and after["samples_lost"] == 0, after
    return (f"{n} samples, each once, equal to gpsbox dump, stored in log order; a {CUT_S} s cut left "
            f"{during['backlog_samples']} samples waiting (status at most {stalest:.0f} s old during the cut); "
            f"the drive ended and every sample was stored {caught_up:.0f} s after the link came back")


def main():
    start = time.time()
    remove_namespace()
    make_namespace()
    fleet = None
    try:
        fleet = Fleet(broker_host=HOST_IP, boxes=("box-cut",))
        fleet.start()
        detail = drive_through_the_cut(fleet)
        print(f"ok   box_network_cut_backlog_arrives_once_in_order ({time.time() - start:.0f} s): {detail}", flush=True)
        fleet.close()
        shutil.rmtree(fleet.root, ignore_errors=True)
        fleet = None
        return 0
    except Exception as e:
        print(f"FAIL box_network_cut_backlog_arrives_once_in_order ({time.time() - start:.0f} s): {e}", flush=True)
        if fleet:
            print(f"     (logs kept in {fleet.root})")
        raise
    finally:
        if fleet:
            fleet.close()
        remove_namespace()


if __name__ == "__main__":
    sys.exit(main())
