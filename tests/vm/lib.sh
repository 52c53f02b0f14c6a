# shellcheck shell=bash
# Variables come from tests/vm/run; test bodies passed to bash -c are single-quoted on purpose.
# shellcheck disable=SC2154,SC2016,SC2034
# Host-side helpers of the VM check (sourced by tests/vm/run): the simulators, QEMU, SSH and
# the step table. Variables set by run: work, box, hostbin, accel, port, kver, arch, gnss_tty,
# ddc_tty.

steps_file=""          # "result<TAB>step<TAB>detail" lines, printed as the table at the end
vm_failures=0
step_ok()   { printf 'ok\t%s\t%s\n' "$1" "${2:-}" >> "$steps_file"; echo "  ok   $1${2:+: $2}"; }
step_fail() { printf 'FAIL\t%s\t%s\n' "$1" "${2:-}" >> "$steps_file"; echo "  FAIL $1${2:+: $2}"; vm_failures=$((vm_failures + 1)); }
# check STEP DETAIL COMMAND...: the command decides.
check() { local step="$1" detail="$2"; shift 2; if "$@"; then step_ok "$step" "$detail"; else step_fail "$step" "$detail"; fi; }

# ------------------------------------------------------------------ simulators on host ptys
# sim_start NAME COLD_START [START]: `gpsbox simulate` as the u-blox M8 at its factory 9600 Bd,
# 1 Hz, on the pty $work/NAME-pty (QEMU opens the pty's slave as a host serial port); START is
# the UTC of its simulated time 0 (default 2026-06-01T08:00:00Z, given explicitly: the
# simulator's own default is the system clock).
sim_start() {
    local name="$1" cold="$2" start="${3:-2026-06-01T08:00:00Z}"
    rm -f "$work/$name-pty"
    "$hostbin" simulate --pty "$work/$name-pty" --model m8 --rate 1 --route walk --cold-start "$cold" \
        --start "$start" --seed 7 > "$work/$name-sim.log" 2>&1 &
    echo $! > "$work/$name-sim.pid"
    local i
    for i in $(seq 50); do [ -L "$work/$name-pty" ] && return 0; sleep 0.1; done
    echo "vm-box: gpsbox simulate made no pty for $name" >&2; return 1
}
sim_stop() {
    local pidfile="$work/$1-sim.pid"
    [ -f "$pidfile" ] || return 0
    kill "$(cat "$pidfile")" 2>/dev/null || true
    wait "$(cat "$pidfile")" 2>/dev/null || true
    rm -f "$pidfile"
}

# ------------------------------------------------------------------ QEMU
# boot N [plugged|unplugged]: starts the guest from the overlay disk and waits for sshd; sets
# boot_started (epoch s) and boot_ssh_s. plugged: the simulators run from power-on (start them
# first); unplugged: the module's UART and the DDC line have nothing behind them until `plug`.
boot() {
    local n="$1"
    : > "$work/console-$n.log"
    boot_started="$(date +%s.%N)"
    if [ "$arch" = amd64 ]; then
        local gnss=null ddc=null
        if [ "${2:-plugged}" = plugged ]; then
            gnss="serial,path=$(readlink -f "$work/gnss-pty")"; ddc="serial,path=$(readlink -f "$work/ddc-pty")"
        fi
        # -nodefaults: no VGA, parallel port, floppy or CD-ROM to probe; no svm: no kvm module.
        qemu-system-x86_64 -M pc -accel "$accel" -cpu qemu64,-svm -m 1024 -smp 1 -nodefaults -display none -no-reboot \
            -kernel "$box/vmlinuz" -initrd "$box/initrd.img" \
            -append "root=/dev/vda rw console=ttyS0 net.ifnames=0 panic=-1 systemd.show_status=0" \
            -drive "file=$work/disk.qcow2,if=virtio,format=qcow2,cache=writeback" \
            -netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:22,hostfwd=tcp:127.0.0.1:$webport-:8080" -device virtio-net-pci,netdev=n0 \
            -serial "file:$work/console-$n.log" \
            -chardev "$gnss,id=gnss" -serial chardev:gnss -chardev "$ddc,id=ddc" -serial chardev:ddc \
            -monitor "unix:$work/monitor.sock,server=on,wait=off" \
            > "$work/qemu-$n.log" 2>&1 &
    else
        # The board's one PL011 (ttyAMA0, the Pi's UART) is the module's; the console is a
        # virtio console (hvc0) and the DDC line a PCI 16550 (ttyS0). -cpu max: cortex-a72
        # has no 16 KiB translation granule; pauth=off: a Pi 5's Cortex-A76 (Armv8.2) has no
        # pointer authentication either, and TCG's emulation of it is the costliest part of max
        # (the kernel and Debian 13's programs are built to run with or without it). The serial
        # lines are sockets that plug connects.
        # The board's PL061 GPIO controller is left without its (built-in) driver, so the
        # test chip is gpiochip0, as the header's chip is on a Pi.
        rm -f "$work/gnss.sock" "$work/ddc.sock"
        qemu-system-aarch64 -M virt -accel tcg -cpu max,pauth=off -m 1024 -smp 2 -nodefaults -display none -no-reboot \
            -kernel "$box/vmlinuz" -initrd "$box/initrd.img" \
            -append "root=/dev/vda rw console=hvc0 net.ifnames=0 panic=-1 systemd.show_status=0 initcall_blacklist=pl061_gpio_driver_init" \
            -drive "file=$work/disk.qcow2,if=none,id=d0,format=qcow2,cache=writeback" -device virtio-blk-pci,drive=d0 \
            -netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:22,hostfwd=tcp:127.0.0.1:$webport-:8080" -device virtio-net-pci,netdev=n0 \
            -device virtio-serial-pci -chardev "file,id=con,path=$work/console-$n.log" -device virtconsole,chardev=con \
            -chardev "socket,id=gnss,path=$work/gnss.sock,server=on,wait=off" -serial chardev:gnss \
            -chardev "socket,id=ddc,path=$work/ddc.sock,server=on,wait=off" -device pci-serial,chardev=ddc \
            -monitor "unix:$work/monitor.sock,server=on,wait=off" \
            > "$work/qemu-$n.log" 2>&1 &
    fi
    qemu_pid=$!
    if [ "$arch" = arm64 ] && [ "${2:-plugged}" = plugged ]; then
        wait_for 30 test -S "$work/ddc.sock" && plug gnss && plug ddc
    fi
    local deadline=$((SECONDS + ${GPSBOX_VM_BOOT_TIMEOUT:-900}))
    until /usr/bin/ssh -F "$work/ssh_config" -o ConnectTimeout=10 gpsbox-vm true 2>/dev/null; do
        if ! kill -0 "$qemu_pid" 2>/dev/null; then echo "vm-box: QEMU exited during boot $n" >&2; tail -5 "$work/qemu-$n.log" >&2; return 1; fi
        if [ "$SECONDS" -ge "$deadline" ]; then echo "vm-box: no SSH after boot $n" >&2; tail -20 "$work/console-$n.log" >&2; return 1; fi
        sleep 2
    done
    boot_ssh_s="$(awk -v a="$boot_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')"
}
# plug NAME / unplug NAME: connect the simulator's pty to the guest's port, or nothing (the
# module's wires pulled). x86_64: QEMU's chardev-change swaps the host side under the running
# 16550. arm64: QEMU's PL011 cannot swap its host side, so socat joins the pty to the port's
# socket, its line at the module's factory 9600 Bd (the PL011 does not pass the guest's rate on).
hmp() { echo "$*" | socat - "UNIX-CONNECT:$work/monitor.sock" >/dev/null; }
plug() {
    if [ "$arch" = amd64 ]; then hmp "chardev-change $1 serial,path=$(readlink -f "$work/$1-pty")"; return; fi
    unplug "$1"
    socat "FILE:$(readlink -f "$work/$1-pty"),raw,echo=0,b9600" "UNIX-CONNECT:$work/$1.sock" 2>>"$work/$1-socat.log" &
    echo $! > "$work/$1-socat.pid"
}
unplug() {
    if [ "$arch" = amd64 ]; then hmp "chardev-change $1 null"; return; fi
    [ -f "$work/$1-socat.pid" ] || return 0
    kill "$(cat "$work/$1-socat.pid")" 2>/dev/null || true
    wait "$(cat "$work/$1-socat.pid")" 2>/dev/null || true
    rm -f "$work/$1-socat.pid"
}
# power_cut: SIGKILL, no shutdown, no flush: the guest's page cache is gone.
power_cut() { kill -KILL "$qemu_pid"; wait "$qemu_pid" 2>/dev/null || true; qemu_pid=""; }
# halt: a clean poweroff; QEMU exits (-no-reboot also turns a reboot into an exit).
halt() { g systemctl "${1:-poweroff}" >/dev/null 2>&1 || true; wait_qemu_exit 120; }
wait_qemu_exit() {
    local i
    for i in $(seq "$1"); do kill -0 "$qemu_pid" 2>/dev/null || { wait "$qemu_pid" 2>/dev/null || true; qemu_pid=""; return 0; }; sleep 1; done
    power_cut; return 1
}

# ------------------------------------------------------------------ SSH
ssh_setup() {
    cat > "$work/ssh_config" <<EOC
Host gpsbox-vm
    HostName 127.0.0.1
    Port $port
    User root
    IdentityFile $sshkey
    IdentitiesOnly yes
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    ConnectTimeout 30
    ServerAliveInterval 5
    ServerAliveCountMax 4
    BatchMode yes
EOC
    # pull-logs calls plain `ssh`/`scp`/`rsync`: a wrapper first on PATH adds the config.
    mkdir -p "$work/bin"
    printf '#!/bin/sh\nexec /usr/bin/ssh -F %s "$@"\n' "$work/ssh_config" > "$work/bin/ssh"
    printf '#!/bin/sh\nexec /usr/bin/scp -F %s "$@"\n' "$work/ssh_config" > "$work/bin/scp"
    chmod +x "$work/bin/ssh" "$work/bin/scp"
}
# g COMMAND…: runs COMMAND in the guest. ssh's own failures (255: a guest slowed down by TCG
# on a busy host misses the banner time-out) are retried, the command's are not.
g() {
    local try status
    for try in 1 2 3; do
        status=0
        /usr/bin/ssh -F "$work/ssh_config" gpsbox-vm "$@" || status=$?
        [ "$status" -eq 255 ] || return "$status"
        sleep 3
    done
    return 255
}
# wait_for SECONDS COMMAND...: polls until the command succeeds or SECONDS of wall clock have
# passed (a poll over SSH to a slow guest may itself take seconds).
wait_for() {
    local deadline=$((SECONDS + $1)); shift
    until "$@"; do [ "$SECONDS" -lt "$deadline" ] || return 1; sleep 1; done
}

# ------------------------------------------------------------------ the Swift tests in the guest
# test_bundle DIR: the aarch64 test bundle (scripts/cross/build --tests) and the libraries it
# needs from the sysroot (those the guest's own Debian 13 has apart) in DIR and DIR/lib, for the
# tests that qemu-user cannot run (scripts/test.d/arm64 skips them by name).
test_bundle() {
    local dir="$1" bindir sysroot lib path queue
    bindir="$("${build[@]}" "$repo/scripts/cross/build" --arch arm64 --tests | tail -1)" || return 1
    sysroot="$("$repo/scripts/cross/roots" sysroot)"
    mkdir -p "$dir/lib"
    cp "$bindir/gpsboxPackageTests.xctest" "$dir/"
    queue=("$dir/gpsboxPackageTests.xctest")
    while [ "${#queue[@]}" -gt 0 ]; do
        for lib in $(readelf -d "${queue[0]}" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
            case "$lib" in libc.so.*|libm.so.*|ld-linux-*|libstdc++.so.*|libgcc_s.so.*) continue ;; esac
            [ -e "$dir/lib/$lib" ] && continue
            for path in "$sysroot/usr/libexec/swift/lib/swift/linux/$lib" "$sysroot/usr/lib/aarch64-linux-gnu/$lib"; do
                [ -e "$path" ] && { cp -L "$path" "$dir/lib/$lib"; queue+=("$dir/lib/$lib"); break; }
            done
        done
        queue=("${queue[@]:1}")
    done
}
