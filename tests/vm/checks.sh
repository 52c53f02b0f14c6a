# shellcheck shell=bash
# Variables come from tests/vm/run; test bodies passed to bash -c are single-quoted on purpose.
# shellcheck disable=SC2154,SC2016,SC2034
# The individual checks of the VM check (sourced by tests/vm/steps.sh). Each ends in one
# step_ok/step_fail line; details go to the step table and the work directory.

svc() { g systemctl show gpsbox -p "$1" --value; }
# dump_csv [LOGDIR]: the guest's log as CSV rows without the header and the trip/run columns
# (time, position, …: what must be identical however the log was split into trips).
dump_csv() { g "gpsbox dump --log-dir ${1:-/var/lib/gpsbox} --format csv 2>/dev/null" | tail -n +2 | cut -d, -f3-; }
sample_count() { dump_csv | wc -l; }
is_active() { [ "$(svc ActiveState)" = active ]; }
restarted_from() { [ "$(svc MainPID)" != "$1" ] && is_active; }
last_sample_time() { dump_csv | tail -1 | cut -d, -f1; }
# has_new_samples TIME: a sample later than TIME (RFC 3339 sorts as text) is in the log.
has_new_samples() { [ "$(dump_csv | tail -1 | cut -d, -f1)" \> "$1" ]; }

check_udev() {
    local links target node
    target="$(g readlink -f /dev/gpsbox-gnss || true)"
    check "udev: /dev/gpsbox-gnss" "-> ${target:-nothing} (serial0 = $gnss_tty by the test drop-in)" test "$target" = "/dev/$gnss_tty"
    links="$(g 'for t in /sys/class/tty/*; do udevadm info -q symlink -p "$t"; done' | tr ' ' '\n' | grep -c '^gpsbox-gnss$' || true)"
    check "udev: one gpsbox-gnss" "$links device(s) claim the name" test "$links" = 1
    node="$(g stat -c '%G:%a' "/dev/$gnss_tty")"
    check "udev: UART node" "$gnss_tty $node" test "$node" = dialout:660
    i2cbus="$(g 'grep -l "^gpsbox-ddc" /sys/class/i2c-dev/*/name' | sed -n 's|.*/i2c-\([0-9]*\)/name|\1|p' | head -1)"
    node="$(g stat -c '%G:%a' "/dev/i2c-${i2cbus:-none}" 2>/dev/null || true)"
    check "udev: I2C node" "i2c-${i2cbus:-?} $node" test "$node" = i2c:660
    node="$(g 'readlink -f /sys/bus/gpio/devices/gpiochip0 | grep -q gpsbox-gpiotest && stat -c %G:%a /dev/gpiochip0' || true)"
    check "udev: GPIO node" "gpiochip0 (gpsbox-gpiotest) $node" test "$node" = gpio:660
}

check_service_started() {
    wait_for 60 is_active || true
    local state
    state="$(g systemctl show gpsbox -p Type -p ActiveState -p SubState -p NRestarts -p StatusText -p WatchdogUSec | tr '\n' ' ')"
    # A Type=notify unit is "activating" until the daemon sends READY=1.
    check "systemd: started at boot, READY" "$state" \
        bash -c '[[ "$1" == *ActiveState=active* && "$1" == *Type=notify* && "$1" == *NRestarts=0* && "$1" == *WatchdogUSec=30s* ]]' _ "$state"
}

check_unit_as_shipped() {
    local guest host dropins
    guest="$(g sha256sum /lib/systemd/system/gpsbox.service | cut -d' ' -f1)"
    host="$(sha256sum "$work/host/lib/systemd/system/gpsbox.service" | cut -d' ' -f1)"
    dropins="$(svc DropInPaths)"
    check "systemd: unit as shipped" "no drop-ins${dropins:+: $dropins}" test "$guest" = "$host" -a -z "$dropins"
}

guest_uptime() { g "cut -d' ' -f1 /proc/uptime"; }
# The status file's name for a pattern ("solid" is what led-pattern.awk calls steady).
led_status_is() { g gpsbox status --json 2>/dev/null | grep -q "\"led\":\"${1/steady/solid}\""; }
# check_led STEP PATTERN SECONDS: the pattern line 17 of gpiochip0 showed over the last SECONDS,
# once the daemon's status has named that pattern for that long (up to a minute).
check_led() {
    local now seen
    wait_for 60 led_status_is "$2" && sleep "$3"
    now="$(guest_uptime)"
    g cat /sys/kernel/debug/gpsbox-gpiotest/events > "$work/led-events"
    seen="$(awk -v line=17 -v from="$(awk -v n="$now" -v s="$3" 'BEGIN { print n - s }')" -v to="$now" -f "$here/led-pattern.awk" "$work/led-events")"
    check "$1" "$seen (want $2; status: $(g gpsbox status --json 2>/dev/null | grep -o '"led":"[^"]*"'))" \
        test "${seen%% *}" = "$2"
}
# led_blinked slow|fast CYCLES SINCE: line 17 blinked that way for CYCLES cycles in a row at
# some time since SINCE (guest uptime, s), judged from the chip's history, so a guest slowed down
# by TCG cannot make the check look too late; the longest streaks go to led_streaks.
led_blinked() {
    local n
    g cat /sys/kernel/debug/gpsbox-gpiotest/events > "$work/led-events-$1"
    led_streaks="$(awk -v line=17 -v from="$3" -v to=1e12 -f "$here/led-streaks.awk" "$work/led-events-$1")"
    n="$(tr ' ' '\n' <<< "$led_streaks" | sed -n "s/^$1=//p")"
    [ "${n:-0}" -ge "$2" ]
}
# check_blink STEP slow|fast CYCLES SINCE [WAIT]: led_blinked, waiting up to WAIT seconds for
# the cycles to happen (polled, not slept: the step ends as soon as they are seen).
check_blink() {
    local seen=no
    wait_for "${5:-0}" led_blinked "$2" "$3" "$4" && seen=yes
    check "$1" "longest streaks since ${4}s: $led_streaks (want $2 >= $3)" test "$seen" = yes
}

check_journal() {
    g journalctl -u gpsbox -o json --no-pager > "$work/journal.json"
    local seen
    # The daemon's own lines (SYSLOG_IDENTIFIER=gpsbox), their priorities, and any "<N>"
    # prefix journald failed to turn into a priority.
    seen="$(/usr/bin/python3 - "$work/journal.json" <<'PY'
import json, sys
own = [e for e in map(json.loads, open(sys.argv[1])) if e.get("SYSLOG_IDENTIFIER") == "gpsbox"]
prios = sorted({e.get("PRIORITY") for e in own})
raw = sum(1 for e in own if isinstance(e.get("MESSAGE"), str) and e["MESSAGE"][:1] == "<")
print(len(own), ",".join(prios), raw)
PY
)"
    read -r lines prios raw <<< "$seen"
    check "journal: lines with priorities" "$lines daemon lines, priorities $prios, $raw unparsed <N> prefixes" \
        test "${lines:-0}" -gt 0 -a "${raw:-1}" -eq 0 -a "$(tr ',' '\n' <<< "$prios" | wc -l)" -ge 2
}

check_security() {
    local guest host
    guest="$(g systemd-analyze security gpsbox --no-pager | sed -n 's/.*Overall exposure level for gpsbox.service: \([0-9.]*\).*/\1/p')"
    host="$(systemd-analyze security --offline=true "$work/host/lib/systemd/system/gpsbox.service" 2>/dev/null |
        sed -n 's/.*Overall exposure level for gpsbox.service: \([0-9.]*\).*/\1/p')"
    check "systemd-analyze security" "guest $guest, offline on the host $host" test -n "$guest" -a "$guest" = "$host"
}

# reload: sample-interval 1s -> 3s by `systemctl reload`, seen in the spacing of new samples.
check_reload() {
    local pid since gaps
    pid="$(svc MainPID)"
    g "sed -i 's/^sample-interval = 1s/sample-interval = 3s/' /etc/gpsbox/gpsbox.conf && systemctl reload gpsbox"
    since="$(last_sample_time)"
    sleep 14
    gaps="$(dump_csv | awk -F, -v s="$since" '$1 > s { print $1 }' | /usr/bin/python3 -c '
import sys, datetime
t = [datetime.datetime.fromisoformat(l.strip().replace("Z", "+00:00")) for l in sys.stdin if l.strip()]
print(" ".join(str(int((b - a).total_seconds())) for a, b in zip(t[1:], t[2:])))')"
    g "sed -i 's/^sample-interval = 3s/sample-interval = 1s/' /etc/gpsbox/gpsbox.conf && systemctl reload gpsbox"
    local now_pid
    now_pid="$(svc MainPID)"
    check "systemctl reload" "PID $pid -> $now_pid; gaps after reload to 3s: ${gaps:-none}" \
        bash -c '[ "$1" = "$2" ] && [ -n "$3" ] && ! grep -qvx 3 <<< "$(tr " " "\n" <<< "$3")"' _ "$pid" "$now_pid" "$gaps"
}

check_watchdog() {
    local pid restarts
    pid="$(svc MainPID)"; restarts="$(svc NRestarts)"
    g kill -STOP "$pid"
    wait_for 90 restarted_from "$pid" || true
    local now_pid now_restarts
    now_pid="$(svc MainPID)"; now_restarts="$(svc NRestarts)"
    check "watchdog: stopped daemon restarted" "PID $pid -> $now_pid, NRestarts $restarts -> $now_restarts, $(g journalctl -u gpsbox -o cat --no-pager | grep -c 'Watchdog timeout') watchdog timeouts logged" \
        test "$now_pid" != "$pid" -a "$now_restarts" -gt "$restarts"
}

check_exit78() {
    g "cp /etc/gpsbox/gpsbox.conf /root/gpsbox.conf.good && echo 'sample-interval = banana' >> /etc/gpsbox/gpsbox.conf"
    g systemctl restart gpsbox >/dev/null 2>&1 || true
    local r1 r2
    r1="$(svc NRestarts)"
    sleep 12   # more than RestartSec=5s
    r2="$(g systemctl show gpsbox -p ActiveState -p ExecMainStatus -p NRestarts | tr '\n' ' ')"
    g "cp /root/gpsbox.conf.good /etc/gpsbox/gpsbox.conf && systemctl restart gpsbox"
    check "exit 78 not restarted" "$r2(NRestarts $r1 right after)" \
        bash -c '[[ "$1" == *ActiveState=failed* && "$1" == *ExecMainStatus=78* && "$1" == *NRestarts=$2\ * ]]' _ "$r2" "$r1"
    wait_for 30 is_active || true
}

# I2C: the daemon, as user gpsbox, once with --i2c on the gpsbox_ddc adapter fed by the
# second simulator (same route, seed and start time as the UART one: the same fixes).
check_i2c() {
    g systemd-run --quiet --unit=gpsbox-vm-ddc-feed /usr/local/sbin/gpsbox-vm-ddc-feed
    g "rm -rf /var/tmp/i2c-log && install -d -o gpsbox -g gpsbox /var/tmp/i2c-log && runuser -u gpsbox -- timeout 50 gpsbox run --config /etc/gpsbox/gpsbox.conf --i2c ${i2cbus:-99} --log-dir /var/tmp/i2c-log --status-file /var/tmp/i2c-status.json --led none > /var/tmp/i2c-run.log 2>&1; true"
    g cat /var/tmp/i2c-run.log > "$work/i2c-run.log" || true
    dump_csv /var/tmp/i2c-log > "$work/i2c.csv" || true
    dump_csv > "$work/uart.csv"
    local n common same
    n="$(wc -l < "$work/i2c.csv")"
    common="$(cut -d, -f1 "$work/i2c.csv" | sort | comm -12 - <(cut -d, -f1 "$work/uart.csv" | sort) | wc -l)"
    # Time, latitude, longitude: the fix. One sample may differ: the first, taken from NMEA
    # (rounded) before the module was configured for NAV-PVT.
    same="$(cut -d, -f1-3 "$work/i2c.csv" | sort | comm -12 - <(cut -d, -f1-3 "$work/uart.csv" | sort) | wc -l)"
    check "I2C: daemon --i2c $i2cbus logs fixes" "$n samples; $common times also logged over the UART, $same with the same position" \
        bash -c '[ "$1" -ge 10 ] && [ "$2" -ge 5 ] && [ "$3" -ge $(($2 - 1)) ]' _ "$n" "$common" "$same"
    g systemctl stop gpsbox-vm-ddc-feed || true
}

# pull-logs N: the host's scripts/pull-logs against the guest's sshd; the second pull must
# copy only segments that are new or grew since the first.
check_pull() {
    local tool="$repo/scripts/pull-logs"
    [[ ",$breaking," != *,pull-logs,* ]] || tool="$work/pull-logs"
    [ "$1" = 1 ] || { g 'cd /var/lib/gpsbox && stat -c "%n %s" *.gpslog' > "$work/guest-sizes-2"; (cd "$work/pulled/log" && stat -c '%n %s' ./*.gpslog | sed 's|^\./||') > "$work/local-sizes-1"; }
    if ! PATH="$work/bin:$PATH" "$tool" --gpsbox "$hostbin" gpsbox-vm "$work/pulled" > "$work/pull-$1.log" 2>&1; then
        step_fail "pull-logs $1" "failed: $(tail -1 "$work/pull-$1.log")"; return
    fi
    local copied gpx
    copied="$(grep -c '^copied .*gpslog' "$work/pull-$1.log" || true)"
    gpx="$(find "$work/pulled/gpx" -name '*.gpx' 2>/dev/null | wc -l)"
    if [ "$1" = 1 ]; then
        check "pull-logs 1" "$copied segments copied, $gpx GPX files" test "$copied" -ge 2 -a "$gpx" -ge 1
        return
    fi
    # Unchanged = same size here after pull 1 as on the guest before pull 2.
    local unchanged recopied
    unchanged="$(sort "$work/local-sizes-1" | comm -12 - <(sort "$work/guest-sizes-2") | cut -d' ' -f1)"
    recopied="$(for f in $unchanged; do grep -qx "copied $f" "$work/pull-2.log" && echo "$f"; done | wc -l)"
    check "pull-logs 2: only new segments" "$copied copied, $(wc -w <<< "$unchanged") unchanged, $recopied of those copied again" \
        test "$recopied" = 0 -a "$(wc -w <<< "$unchanged")" -ge 1 -a "$copied" -ge 1
}

# The cut: what `gpsbox dump` showed, then sync-interval (2 s) + 1 s for the daemon to
# fdatasync it, then SIGKILL to QEMU. All of that must be back after the reboot.
# status_syncs: the daemon's count of fdatasyncs of the log, from its status file.
status_syncs() {
    g cat /run/gpsbox/status.json | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["log"]["syncs"])'
}

check_power_cut_before() {
    # What survives a cut is what the daemon synced. On ext4 (data=ordered) the journal's own
    # 5 s commit also writes file data out, so a daemon that stopped syncing would still lose
    # little here; its promise is checked directly instead: with sync-interval = 2s the
    # status file's sync count rises by about 5 in 10 s.
    local syncs_a syncs_b
    syncs_a="$(status_syncs)"; sleep 10; syncs_b="$(status_syncs)"
    check "power cut: daemon syncs at its interval" "log syncs ${syncs_a:-?} -> ${syncs_b:-?} in 10 s (sync-interval 2s; want 3 or more)" \
        test "$(( ${syncs_b:-0} - ${syncs_a:-0} ))" -ge 3
    g "cd /var/lib/gpsbox && ls *.gpslog" > "$work/segments-before-cut"
    # One dump, its damage report apart, and the cut right after the sync interval.
    g "gpsbox dump --format csv 2>/root/dump.err; cat /root/dump.err >&2" 2> "$work/dump-before-cut.err" |
        tail -n +2 | cut -d, -f3- > "$work/before-cut.csv"
    sleep 3
    power_cut
    step_ok "power cut" "$(wc -l < "$work/before-cut.csv") samples synced before SIGKILL to QEMU"
}

check_power_cut_after() {
    local status=0 missing dupes last
    g "gpsbox dump --format csv > /dev/null" 2> "$work/dump-after-cut.err" || status=$?
    dump_csv > "$work/after-cut.csv"
    # In order, once: the old rows are a prefix-in-order of the new ones.
    missing="$(/usr/bin/python3 - "$work/before-cut.csv" "$work/after-cut.csv" <<'PY'
import sys
before = open(sys.argv[1]).read().splitlines(); after = open(sys.argv[2]).read().splitlines()
it = iter(after)
print(sum(1 for row in before if not any(row == a for a in it)))
PY
)"
    # Times logged twice that were not twice before the cut.
    dupes="$(cut -d, -f1 "$work/after-cut.csv" | sort | uniq -d | comm -23 - <(cut -d, -f1 "$work/before-cut.csv" | sort | uniq -d) | wc -l)"
    # Damage `gpsbox dump` reports now, in a segment that existed at the cut, that it did not
    # report before the cut (exit 3 = damage; segments begun after the reboot are not the cut's).
    newdamage="$(grep -F -f "$work/segments-before-cut" "$work/dump-after-cut.err" | grep damaged | sort |
        comm -23 - <(grep damaged "$work/dump-before-cut.err" | sort) | wc -l)"
    check "power cut: synced samples kept" "$missing of $(wc -l < "$work/before-cut.csv") missing or out of order, $dupes new duplicate times, $newdamage new damage reports in the cut's segments (dump exit $status)" \
        test "$missing" = 0 -a "$dupes" = 0 -a "$newdamage" = 0
    last="$(tail -1 "$work/before-cut.csv" | cut -d, -f1)"
    wait_for 120 has_new_samples "$last" || true
    check "power cut: logging resumes" "$(g 'ls /var/lib/gpsbox/*.gpslog | wc -l') segments; newest sample $(last_sample_time)" has_new_samples "$last"
}

check_first_sample() {
    local since="$1" seen
    wait_for 300 has_new_samples "$since" || true
    seen="$(awk -v a="$boot_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"
    boot_first_sample_s="$seen"
    check "boot to first sample" "$seen s after QEMU start (SSH after $boot_ssh_s s)" has_new_samples "$since"
}

check_resources() {
    local pid a b rss
    pid="$(svc MainPID)"
    a="$(g "cut -d' ' -f14,15 /proc/$pid/stat")"; sleep 60
    b="$(g "cut -d' ' -f14,15 /proc/$pid/stat")"
    rss="$(g "grep VmRSS /proc/$pid/status" | awk '{ print $2 }')"
    cpu="$(awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " "); printf "%.2f", (y[1] + y[2] - x[1] - x[2]) / 100 / 60 * 100 }')"
    check "daemon RSS and CPU" "RSS ${rss} KiB, CPU ${cpu} % over 60 s (TCG)" test -n "$rss"
}

check_deb_life_cycle() {
    local v up segs
    v="$(dpkg-deb -f "$deb" Version)"
    rm -rf "$work/up"; dpkg-deb -R "$deb" "$work/up"
    sed -i "s/^Version: .*/Version: $v+vm1/" "$work/up/DEBIAN/control"
    dpkg-deb --root-owner-group -Zxz -b "$work/up" "$work/gpsbox-up.deb" >/dev/null
    /usr/bin/scp -F "$work/ssh_config" -q "$deb" gpsbox-vm:/root/gpsbox.deb
    /usr/bin/scp -F "$work/ssh_config" -q "$work/gpsbox-up.deb" gpsbox-vm:/root/gpsbox-up.deb
    segs="$(g 'ls /var/lib/gpsbox/*.gpslog | wc -l')"
    g "dpkg -i --force-confold /root/gpsbox-up.deb" > "$work/deb-upgrade.log" 2>&1 || true
    up="$(g "dpkg-query -W -f='\${Version}' gpsbox; echo; systemctl is-active gpsbox; ls /var/lib/gpsbox/*.gpslog | wc -l" | tr '\n' ' ')"
    check "deb: upgrade" "$v -> $up(version, state, segments; $segs before)" \
        bash -c '[ "$(cut -d" " -f1 <<< "$1")" = "$2+vm1" ] && [ "$(cut -d" " -f2 <<< "$1")" = active ] && [ "$(cut -d" " -f3 <<< "$1")" -ge "$3" ]' _ "$up" "$v" "$segs"
    g "dpkg -r gpsbox" > "$work/deb-remove.log" 2>&1 || true
    up="$(g 'systemctl is-active gpsbox; test -e /usr/bin/gpsbox && echo binary || echo no-binary; ls /var/lib/gpsbox/*.gpslog | wc -l; test -f /etc/gpsbox/gpsbox.conf && echo conf' | tr '\n' ' ')"
    check "deb: remove" "$up(logs and configuration stay)" \
        bash -c '[[ "$1" == "inactive no-binary "* && "$1" == *" conf " ]] && [ "$(cut -d" " -f3 <<< "$1")" -ge "$2" ]' _ "$up" "$segs"
    g "dpkg -P gpsbox" > "$work/deb-purge.log" 2>&1 || true
    up="$(g 'test -e /var/lib/gpsbox && echo logs || echo no-logs; test -e /etc/gpsbox && echo conf || echo no-conf; getent passwd gpsbox >/dev/null && echo user || echo no-user' | tr '\n' ' ')"
    check "deb: purge" "$up" test "$up" = "no-logs no-conf no-user "
    g "dpkg -i /root/gpsbox.deb" > "$work/deb-install.log" 2>&1 || true
    wait_for 30 is_active || true
    check "deb: install on a running system" "$(svc ActiveState), user $(g id -nG gpsbox)" test "$(svc ActiveState)" = active
}

# gpsbox doctor on the box as installed and running: all well (exit 0; its run time goes into
# the detail), then with a log-dir in the configuration that the unit does not let the service
# write (the daemon is not reloaded, so logging goes on), which it must name with its fix.
check_doctor() {
    local out last
    out="$(g 'start=$(date +%s%N); gpsbox doctor; status=$?; echo "exit $status in $((($(date +%s%N) - start) / 1000000)) ms"' 2>&1)"
    printf '%s\n' "$out" > "$work/doctor-healthy.txt"
    last="$(tail -1 <<< "$out")"
    check "doctor: healthy box" "$last; $(grep -c '^ok' <<< "$out") ok, $(grep -c '^PROBLEM' <<< "$out") problems (doctor-healthy.txt)" \
        bash -c '[[ "$1" == "exit 0 in "* ]]' _ "$last"
    g "cp /etc/gpsbox/gpsbox.conf /root/gpsbox.conf.doctor && install -d -o gpsbox -g gpsbox /srv/tracks && echo 'log-dir = /srv/tracks' >> /etc/gpsbox/gpsbox.conf"
    out="$(g 'gpsbox doctor; echo "exit $?"' 2>&1)"
    g "cp /root/gpsbox.conf.doctor /etc/gpsbox/gpsbox.conf && rmdir /srv/tracks"
    printf '%s\n' "$out" > "$work/doctor-planted.txt"
    check "doctor: log-dir outside the unit's ReadWritePaths named" "$(grep -A1 '^PROBLEM' <<< "$out" | tr -s ' \n' ' ')$(tail -1 <<< "$out")" \
        bash -c '[[ "$1" == *"/srv/tracks is outside the unit"*"ReadWritePaths=/srv/tracks"* && "$1" == *"exit 4" ]]' _ "$(tr -s ' \n' ' ' <<< "$out" | sed 's/ $//')"
}

# The Swift tests that need a real kernel's serial and I2C ioctls, which qemu-user lacks (the
# arm64 check skips them there by name): the cross-built bundle, run in the arm64 guest.
kernel_tests='openIsExclusive|setBaudAppliesTheFastRates|nonI2CDeviceFailsAtTheAddressIoctl'
check_kernel_tests() {
    local passed
    if ! rsync -a -e "/usr/bin/ssh -F $work/ssh_config" "$work/swift-tests/" gpsbox-vm:/root/swift-tests/; then
        step_fail "Swift tests on the arm64 kernel" "the bundle did not reach the guest"; return
    fi
    g "cd /root/swift-tests && LD_LIBRARY_PATH=/root/swift-tests/lib ./gpsboxPackageTests.xctest --testing-library swift-testing --filter '$kernel_tests'" \
        > "$work/swift-tests.log" 2>&1 || true
    passed="$(grep -cE "Test ($kernel_tests)\(.*\) passed" "$work/swift-tests.log" || true)"
    check "Swift tests on the arm64 kernel" "$passed of 3 passed ($(grep -E 'Test run with' "$work/swift-tests.log" | tail -1 | cut -c1-80))" \
        test "$passed" = 3
    g rm -rf /root/swift-tests
}
