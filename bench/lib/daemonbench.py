"""What bench/bench-daemon and bench/bench-feed share: the simulated 10 Hz module on a pty,
the readers (gpsbox run, and gpsd through a socat bridge) and the per-process figures from /proc."""
import os, subprocess, tempfile, time

def proc_stats(pid):
    # schedstat's time on CPU is in ns; /proc/PID/stat's utime + stime count 10 ms ticks, too
    # coarse for 30 s at x1 (one tick is 1.2 CPU s per hour).
    with open(f"/proc/{pid}/schedstat") as f:
        cpu = int(f.read().split()[0]) / 1e9
    st = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, v = line.split(":", 1)
            st[k] = v.strip()
    io = {}
    with open(f"/proc/{pid}/io") as f:
        for line in f:
            k, v = line.split(":")
            io[k] = int(v)
    return {"cpu": cpu, "hwm_kb": int(st["VmHWM"].split()[0]),
            "wakeups": int(st["voluntary_ctxt_switches"]) + int(st["nonvoluntary_ctxt_switches"]),
            "syscw": io["syscw"], "syscr": io["syscr"], "write_bytes": io["write_bytes"]}

def wait_for_path(path, timeout=20):
    end = time.time() + timeout
    while not os.path.exists(path):
        if time.time() > end:
            raise RuntimeError(f"{path} did not appear within {timeout} s")
        time.sleep(0.05)

def start_simulator(binary, d, speedup, sim_seconds):
    """The bench's stream: freeway route, M8 at 10 Hz, NAV-PVT + NAV-SAT + full NMEA, 921600 Bd."""
    link = os.path.join(d, "gnss")
    sim = subprocess.Popen([binary, "simulate", "--pty", link, "--route", "freeway", "--model", "m8", "--rate", "10",
                            "--protocol", "both", "--baud", "921600", "--speedup", str(speedup), "--cold-start", "0",
                            "--duration", f"{int(sim_seconds)}s", "--seed", "4"],
                           stdout=subprocess.DEVNULL, stderr=open(os.path.join(d, "sim.log"), "w"))
    wait_for_path(link)
    return sim, link

# status.json goes on a tmpfs as on the box (/run/gpsbox): here /run and /tmp are on the
# disk, where replacing a file by rename(2) makes ext4 write the new file out at once (its
# auto_da_alloc), a cost the box never pays. The track log stays on the disk, as on the card.
RUN_DIR = "/dev/shm" if os.path.isdir("/dev/shm") else None

def status_path(tag):
    return os.path.join(tempfile.mkdtemp(prefix=f"gpsbox-bench-{tag}-", dir=RUN_DIR), "status.json")

def gpsbox_command(binary, d, link, status, *extra):
    return [binary, "run", "--config", "/dev/null", "--device", link, "--baud", "921600", "--rate", "10",
            "--log-dir", os.path.join(d, "log"), "--status-file", status, "--led", "none", *extra]

def gpsd_command(d, link, port=29471):
    """gpsd hunts baud rates by setting the pty's speed, which the simulator honours like a real
    line; socat holds the simulator's side at 921600 Bd and gives gpsd its own pty. Returns
    (command, bridge process)."""
    bridged = os.path.join(d, "gpsd-in")
    bridge = subprocess.Popen(["socat", f"OPEN:{link},rawer,b921600", f"PTY,link={bridged},rawer"],
                              stderr=subprocess.DEVNULL)
    wait_for_path(bridged)
    return ["gpsd", "-N", "-n", "-b", "-S", str(port), "-F", os.path.join(d, "gpsd.sock"), bridged], bridge

def last_line(path):
    with open(path) as f:
        lines = f.read().strip().splitlines()
    return lines[-1] if lines else ""
