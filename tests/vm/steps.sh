# shellcheck shell=bash
# Variables come from tests/vm/run; test bodies passed to bash -c are single-quoted on purpose.
# shellcheck disable=SC2154,SC2016,SC2034
# The steps of the VM check, in two boots (sourced by tests/vm/run after lib.sh):
#   boot 1  module unplugged at power-on, then plugged in: udev, gpsbox doctor, systemd (READY,
#           journal, security, the box's page from the host, reload, watchdog, exit 78), the LED
#           on the GPIO chip, I2C, pull-logs, and a power cut while the daemon logs;
#   boot 2  power-on after the cut with the module plugged in: boot to first sample, recovery,
#           the second pull-logs, RSS and CPU, (arm64) the Swift tests qemu-user cannot run,
#           unplug, the .deb life cycle, and a clean reboot at the end.
# shellcheck source=tests/vm/checks.sh
. "$here/checks.sh"
# shellcheck source=tests/vm/checks-page.sh
. "$here/checks-page.sh"

run_steps() {
    set +e   # a failing command fails its step, not the whole run
    phase "boot 1: power-on with the module unplugged"
    boot 1 unplugged || { step_fail "boot 1" "no SSH; console: $work/console-1.log"; return; }
    step_ok "boot 1" "SSH after $boot_ssh_s s ($accel)"
    plant_break
    check_udev
    check_service_started
    check_unit_as_shipped
    check_blink "LED, no module at boot" fast 5 0 30

    phase "plug the module in (simulator cold start 90 s)"
    # The I2C receiver starts with it (same route, seed and clock: the same fixes at the same
    # times), though its wires are only connected for the I2C step.
    plugged_at="$(guest_uptime)"
    sim_start gnss 90s && sim_start ddc 90s && plug gnss
    wait_for 200 has_new_samples "" || true
    check_blink "LED while searching" slow 2 "$plugged_at"
    check "samples over the UART" "$(sample_count) samples in /var/lib/gpsbox" has_new_samples ""
    # Finding 1: bytes QEMU queued while the port was closed or at another rate once made
    # auto-baud give up 9600 or "find" 921600 for a module that only ever sent 9600.
    # arm64: the bridge passes bytes at any guest rate, so the line is fixed at 9600 Bd
    # (guest-config-arm64.sed): no auto-baud, and every rate the daemon names is 9600.
    if [ "$arch" = amd64 ]; then
        rates="$(g "journalctl -u gpsbox -o cat --no-pager | grep -o 'talks at [0-9]* Bd' | sort | uniq -c" | tr -s ' \n' ' ')"
        check "auto-baud after the plug" "found:${rates:- nothing} (want only 9600)" \
            test -n "$rates" -a -z "$(grep -o 'talks at [0-9]*' <<< "$rates" | grep -v 'at 9600$')"
    else
        rates="$(g "journalctl -u gpsbox -o cat --no-pager | grep -o 'at [0-9]* Bd' | sort | uniq -c" | tr -s ' \n' ' ')"
        check "line at the fixed rate after the plug" "named:${rates:- nothing} (want only 9600)" \
            test -n "$rates" -a -z "$(grep -o 'at [0-9]*' <<< "$rates" | grep -v 'at 9600$')"
    fi
    check_led "LED while recording" steady 6
    check_doctor
    check_journal
    check_security
    check_page
    check_reload
    check_watchdog
    check_exit78
    plug ddc
    check_i2c
    # Faults that only boot 1 can show end the run here.
    [ -z "$breaking" ] || [[ ",$breaking," == *,powercut,* || ",$breaking," == *,pull-logs,* ]] || return 0
    check_pull 1
    check_power_cut_before

    # The cut takes the module's power too: it starts again with the box (5 s to a fix) on a new
    # drive, its clock hours on, so any sample after 11:59:59 is one logged since this power-on
    # and this boot is also the boot to first sample, the cut log recovered first.
    sim_stop gnss; sim_stop ddc
    sim_start gnss 5s 2026-06-01T12:00:00Z && sim_start ddc 5s 2026-06-01T12:00:00Z

    phase "boot 2: power-on after the cut, boot to first sample, unplug, package life cycle"
    boot 2 plugged || { step_fail "boot 2" "no SSH after the power cut; console: $work/console-2.log"; return; }
    step_ok "boot 2" "SSH after $boot_ssh_s s"
    check_first_sample 2026-06-01T11:59:59Z
    check_power_cut_after
    check_pull 2
    [ -z "$breaking" ] || return 0
    check_resources
    [ "$arch" = amd64 ] || check_kernel_tests
    unplugged_at="$(guest_uptime)"
    warned="$(g "journalctl -u gpsbox -p warning -o cat --no-pager | wc -l")"
    sim_stop gnss
    check_blink "LED, module unplugged" fast 5 "$unplugged_at" 60
    warnings="$(g "journalctl -u gpsbox -p warning -o cat --no-pager | tail -n +$((warned + 1)) | head -2" | tr '\n' ' ')"
    check "journal: warning when the module went" "${warnings:-none}" test -n "$warnings"
    check_deb_life_cycle
    # Last, a clean reboot: systemd stops gpsbox and the guest goes down (-no-reboot: QEMU exits).
    halt reboot
    check "clean reboot" "gpsbox stopped, QEMU exited (-no-reboot)" test -z "$qemu_pid"
}

# --break KIND[,KIND…]: the fault is planted in the running guest (as an owner's mistake or a broken
# build would leave it), before the checks it must trip.
plant_break() {
    local kind
    for kind in ${breaking//,/ }; do plant "$kind"; done
}
plant() {
    echo "vm-box: planting break '$1'"
    case "$1" in
        unit) g "sed -i '/^DeviceAllow=char-${gnss_tty%%[0-9]*} rw/d' /lib/systemd/system/gpsbox.service && systemctl daemon-reload && systemctl restart gpsbox" ;;
        udev) g "sed -i 's/SYMLINK==\"serial0\"/SYMLINK==\"serial9\"/' /lib/udev/rules.d/99-gpsbox.rules && udevadm control --reload && udevadm trigger --action=add /sys/class/tty/$gnss_tty && udevadm settle && systemctl restart gpsbox" ;;
        gpio) g "sed -i 's/^#led = .*/led = gpiochip0:18/' /etc/gpsbox/gpsbox.conf && systemctl restart gpsbox" ;;
        i2c) g "rmmod gpsbox_ddc && modprobe gpsbox_ddc addr=0x43" ;;
        # The daemon never syncs; and the kernel's own writeback (dirty pages older than 30 s)
        # is turned off too, or it would save the samples by chance.
        powercut) g "sed -i 's/^sync-interval = .*/sync-interval = 1h/' /etc/gpsbox/gpsbox.conf && sysctl -q vm.dirty_writeback_centisecs=0 vm.dirty_expire_centisecs=360000 && systemctl restart gpsbox" ;;
        pull-logs) sed 's/rsync -a --itemize-changes/rsync -a --ignore-times --itemize-changes/' \
                       "$repo/scripts/pull-logs" > "$work/pull-logs" && chmod +x "$work/pull-logs" ;;
    esac
}
