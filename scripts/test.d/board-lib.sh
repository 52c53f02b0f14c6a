# shellcheck shell=bash
# Shared by the board checks in scripts/test.d (sourced, not run: not executable).
# Each check prints "ok"/"FAIL"; `finish NAME` checks that the live system is unchanged and
# exits non-zero if anything failed. Checks build nothing twice: the debug gpsbox is reused.
# Many checks pass single-quoted scripts to bash -c / sh -c on purpose:
# shellcheck disable=SC2016
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
repo="$PWD"

failures=0
pass() { echo "  ok   $*"; }
fail() { echo "  FAIL $*"; failures=$((failures + 1)); }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
section() { echo "-- $*"; }

scratch="$(mktemp -d /tmp/gpsbox-board-checks.XXXXXX)"
trap 'rm -rf "$scratch"' EXIT

gpsbox="$repo/.build/debug/gpsbox"
[ -x "$gpsbox" ] || swift build --product gpsbox >/dev/null
[ -x "$gpsbox" ] || { echo "no $gpsbox"; exit 1; }

# The live system must be the same afterwards: remembered here, compared by `finish`.
live_state() {
    { getent passwd gpsbox pi || true; getent group gpsbox || true; dpkg -l gpsbox 2>&1 || true
      ls -la /etc/systemd/system/gpsbox.service /etc/udev/rules.d/99-gpsbox.rules /etc/gpsbox \
        /var/lib/gpsbox /usr/local/bin/gpsbox /usr/bin/gpsbox /dev/gpsbox-gnss /run/udev 2>&1 || true; }
}
live_before="$(live_state)"

# systemd-analyze verify with nothing to say (it only warns, exit 0, on unknown keys).
verify_clean() {
    local out status=0
    out="$(systemd-analyze verify "$1" 2>&1)" || status=$?
    if [ "$status" -ne 0 ] || [ -n "$out" ]; then printf '       %s\n' "$out"; return 1; fi
}

# Runs a command in a private mount namespace whose DIRS (e.g. "etc usr/local var") are
# overlays on scratch directories and whose /run is an empty tmpfs: it really installs,
# adds users and writes state, and every write lands in the scratch upper directories.
can_sandbox() { [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null && grep -qw overlay /proc/filesystems; }
sandbox() {
    # $1: the directories to overlay ("etc usr/local var"); the rest: the command.
    local top
    top="$scratch/sandbox-$(echo "$1" | tr ' /' '__')"
    mkdir -p "$top"
    unshare -m sh -c '
        set -e
        top="$1"; dirs="$2"; shift 2
        for dir in $dirs; do
            name=$(echo "$dir" | tr / _)
            mkdir -p "$top/$name.upper" "$top/$name.work"
            mount -t overlay overlay -o "lowerdir=/$dir,upperdir=$top/$name.upper,workdir=$top/$name.work" "/$dir"
        done
        mount -t tmpfs none /run
        "$@"
    ' sh "$top" "$@"
}

finish() {
    section "live system untouched"
    check "no user, unit, rules, config, logs, package or device links appeared on this machine" \
        test "$(live_state)" = "$live_before"
    if [ "$failures" -gt 0 ]; then
        echo "$1: $failures FAILED"
        exit 1
    fi
    echo "$1: all passed"
}

# A check that cannot run here says why in one line and exits 77 (scripts/test: "skipped").
cannot_run() { echo "$(basename "$0"): cannot run here: $*"; exit 77; }
# requires CMD:PACKAGE…: every command on PATH, or one line naming what is missing.
requires() {
    local item missing=()
    for item in "$@"; do command -v "${item%%:*}" >/dev/null 2>&1 || missing+=("${item%%:*} (package ${item#*:})"); done
    [ "${#missing[@]}" -eq 0 ] || cannot_run "needs ${missing[*]}; scripts/deps test installs them"
}
