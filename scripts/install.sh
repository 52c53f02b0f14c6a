#!/usr/bin/env bash
# Installs gpsbox on a Raspberry Pi (or any systemd Linux): binary, systemd unit, udev rules,
# tmpfiles entry, example configuration, service user; then enables and starts the service.
# The page's server (gpsbox-web) and its unit go beside it, off by default
# (`systemctl enable --now gpsbox-web`).
# Safe to run again (an upgrade is the same command). Run from a checkout, as root:
#
#   sudo scripts/install.sh                      build (needs Swift) and install
#   sudo scripts/install.sh --binary PATH        install a prebuilt binary, no build (and the
#                                                gpsbox-web beside it, or --web-binary PATH)
#   sudo scripts/install.sh --upload PATH        also the fleet upload (gpsbox-upload, its unit;
#                                                docs/fleet.md), enabled once /etc/gpsbox/fleet.env is set
#   sudo scripts/install.sh --boot-config        also free the UART in config.txt/cmdline.txt
#   sudo scripts/install.sh --uninstall [--purge]
#   DESTDIR=/tmp/stage scripts/install.sh --binary PATH   stage only: touches nothing live
#
# Options: --prefix DIR (default /usr/local), --destdir DIR (same as DESTDIR=), --no-start
# (enable but do not start), --no-deps (skip apt-get), --help. SWIFT=PATH picks the toolchain.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
given_args="$*"
prefix=/usr/local
destdir="${DESTDIR:-}"
binary=""
web_binary=""
upload=""
action=install
start=yes
deps=yes
boot_config=no
purge=no

usage() { sed -n '2,19s/^# \{0,1\}//p' "$0"; }
die() { echo "install.sh: $*" >&2; exit 1; }
say() { echo "install.sh: $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix="$2"; shift ;;
        --prefix=*) prefix="${1#*=}" ;;
        --destdir) [ $# -ge 2 ] || die "--destdir needs a directory"; destdir="$2"; shift ;;
        --destdir=*) destdir="${1#*=}" ;;
        --binary) [ $# -ge 2 ] || die "--binary needs a path"; binary="$2"; shift ;;
        --binary=*) binary="${1#*=}" ;;
        --web-binary) [ $# -ge 2 ] || die "--web-binary needs a path"; web_binary="$2"; shift ;;
        --web-binary=*) web_binary="${1#*=}" ;;
        --upload) [ $# -ge 2 ] || die "--upload needs a path"; upload="$2"; shift ;;
        --upload=*) upload="${1#*=}" ;;
        --uninstall) action=uninstall ;;
        --purge) purge=yes ;;
        --no-start) start=no ;;
        --no-deps) deps=no ;;
        --boot-config) boot_config=yes ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option $1" ;;
    esac
    shift
done
case "$prefix" in /*) ;; *) die "--prefix must be an absolute path" ;; esac
[ -z "$destdir" ] || destdir="$(mkdir -p "$destdir" && cd "$destdir" && pwd)"

# Staging (DESTDIR) never touches the live system: no apt, no users, no systemctl, no udev.
live=yes
[ -n "$destdir" ] && live=no
if [ "$live" = yes ] && [ "$(id -u)" -ne 0 ]; then
    die "run as root (sudo $0 $given_args), or stage with DESTDIR=DIR"
fi
# Swift for Linux exists for 64-bit ARM and x86 only: a 32-bit Raspberry Pi OS cannot run it.
if [ "$live" = yes ] && command -v dpkg >/dev/null; then
    case "$(dpkg --print-architecture)" in
        armhf|armel) die "this is a 32-bit system ($(dpkg --print-architecture)); gpsbox needs the 64-bit Raspberry Pi OS (arm64): reflash with Raspberry Pi Imager, 'Raspberry Pi OS Lite (64-bit)'" ;;
    esac
fi
# systemd may be absent (a container, a chroot): then files are installed but not activated.
has_systemd=no
[ "$live" = yes ] && [ -d /run/systemd/system ] && has_systemd=yes

bindir="$prefix/bin"
docdir="$prefix/share/doc/gpsbox"
datadir="$prefix/share/gpsbox"
unitdir=/etc/systemd/system
udevdir=/etc/udev/rules.d
tmpfilesdir=/etc/tmpfiles.d
confdir=/etc/gpsbox
statedir=/var/lib/gpsbox
# The installing user (behind sudo) joins group gpsbox to read logs and status.
owner="${SUDO_USER:-}"
[ "$owner" = root ] && owner=""

d() { echo "$destdir$1"; }

# ---------------------------------------------------------------- uninstall
if [ "$action" = uninstall ]; then
    if [ "$has_systemd" = yes ]; then
        systemctl disable --now gpsbox-web.service gpsbox-upload.service 2>/dev/null || true
        systemctl disable --now gpsbox.service 2>/dev/null || true
    fi
    rm -f "$(d "$bindir/gpsbox-web")" "$(d "$unitdir/gpsbox-web.service")"
    rm -f "$(d "$bindir/gpsbox-upload")" "$(d "$unitdir/gpsbox-upload.service")"
    rm -f "$(d "$bindir/gpsbox")" "$(d "$unitdir/gpsbox.service")" "$(d "$udevdir/99-gpsbox.rules")" \
          "$(d "$tmpfilesdir/gpsbox.conf")" "$(d "$confdir/gpsbox.conf.new")"
    rm -rf "$(d "$docdir")" "$(d "$datadir")"
    if [ "$has_systemd" = yes ]; then systemctl daemon-reload; fi
    if [ "$live" = yes ] && command -v udevadm >/dev/null; then udevadm control --reload 2>/dev/null || true; fi
    if [ "$purge" = yes ]; then
        rm -rf "$(d "$confdir")" "$(d "$statedir")" "$(d /run/gpsbox)"
        if [ "$live" = yes ] && getent passwd gpsbox >/dev/null; then userdel gpsbox || true; fi
        say "removed gpsbox, its configuration, its logs and the gpsbox user"
    else
        say "removed gpsbox; kept $confdir (configuration) and $statedir (logs): --purge removes them"
    fi
    exit 0
fi

# ---------------------------------------------------------------- dependencies
apt_install() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    say "installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
if [ "$live" = yes ] && [ "$deps" = yes ] && command -v apt-get >/dev/null; then
    if [ -n "$binary" ]; then
        # Runtime libraries only: libgpiod3 on Debian 13 / Pi OS trixie, libgpiod2 before.
        if apt-cache show libgpiod3 >/dev/null 2>&1; then gpiod=libgpiod3; else gpiod=libgpiod2; fi
        apt_install "$gpiod" libi2c0
    else
        apt_install libgpiod-dev libi2c-dev pkg-config
        # The static gpsbox-web: scripts/cross/microhttpd builds Debian's libmicrohttpd source.
        apt_install make dpkg-dev
    fi
    [ -z "$upload" ] || apt_install libmosquitto1
fi

# ---------------------------------------------------------------- build
find_swift() {
    # SWIFT=/path/to/usr/bin/swift names the toolchain and skips the search.
    if [ -n "${SWIFT:-}" ]; then
        if [ -x "$SWIFT" ]; then echo "$SWIFT"; return 0; fi
        return 1
    fi
    local candidates=()
    command -v swift >/dev/null 2>&1 && candidates+=("$(command -v swift)")
    # sudo resets PATH: look where the official toolchain and swiftly put it.
    local home=""
    [ -n "$owner" ] && home="$(getent passwd "$owner" | cut -d: -f6)"
    candidates+=(/opt/swift/usr/bin/swift /usr/share/swift/usr/bin/swift /usr/local/swift/usr/bin/swift)
    [ -n "$home" ] && candidates+=("$home/.local/share/swiftly/bin/swift" "$home/swift/usr/bin/swift")
    for c in "${candidates[@]}"; do
        if [ -x "$c" ]; then echo "$c"; return 0; fi
    done
    return 1
}

if [ -z "$binary" ]; then
    if ! swift="$(find_swift)"; then
        cat >&2 <<EOF
install.sh: no Swift toolchain found (looked on PATH, in /opt/swift and in swiftly's directory).
Swift is not in Raspberry Pi OS's apt archive. Two supported ways on:
  1. On any x86_64 Debian or Ubuntu machine (no Swift needed), as root, build the Pi's package:
       sudo scripts/package-deb --arch arm64   # writes out/gpsbox_<version>_arm64.deb
     copy it to the Pi and install it there:
       sudo apt install ./gpsbox_*.deb
  2. Install the official Swift toolchain for aarch64 Linux on the Pi (https://swift.org/install,
     "Linux", Debian 12 / aarch64, or swiftly), then run this script again.
A binary you built yourself installs with: sudo scripts/install.sh --binary PATH
EOF
        exit 1
    fi
    build=("$repo/scripts/build-release")
    say "building with $swift (scripts/build-release: release, fully static)"
    if [ -n "$owner" ] && [ "$(stat -c %U "$repo")" = "$owner" ]; then
        # Build as the checkout's owner so .build/ does not end up owned by root.
        binary="$(sudo -u "$owner" env PATH="$(dirname "$swift"):$PATH" "${build[@]}")"
    else
        binary="$(PATH="$(dirname "$swift"):$PATH" "${build[@]}")"
    fi
    # The page's server, static too, with libmicrohttpd built without HTTPS: the archive is
    # made (and cached in /var/cache/gpsbox) as root, the program by the same user as gpsbox.
    # Without it (no network for the source, say) gpsbox still installs, without the page.
    if [ -z "$web_binary" ] && ! mhd="$(PATH="$(dirname "$swift"):$PATH" "$repo/scripts/cross/microhttpd")"; then
        say "libmicrohttpd could not be built (above): installing gpsbox without its page"
    elif [ -z "$web_binary" ]; then
        if [ -n "$owner" ] && [ "$(stat -c %U "$repo")" = "$owner" ]; then
            web_binary="$(sudo -u "$owner" env PATH="$(dirname "$swift"):$PATH" GPSBOX_MICROHTTPD="$mhd" "${build[@]}" --product gpsbox-web)"
        else
            web_binary="$(PATH="$(dirname "$swift"):$PATH" GPSBOX_MICROHTTPD="$mhd" "${build[@]}" --product gpsbox-web)"
        fi
    fi
elif [ -z "$web_binary" ] && [ -x "$(dirname "$binary")/gpsbox-web" ]; then
    web_binary="$(dirname "$binary")/gpsbox-web"
fi
if [ -n "$web_binary" ] && { [ ! -f "$web_binary" ] || [ ! -x "$web_binary" ]; }; then die "no executable at $web_binary"; fi
if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then die "no executable at $binary"; fi
if [ -n "$upload" ] && { [ ! -f "$upload" ] || [ ! -x "$upload" ]; }; then die "--upload: no executable at $upload"; fi
"$binary" --version >/dev/null 2>&1 || die "$binary does not run here (built for another architecture?)"

# ---------------------------------------------------------------- files
say "installing into ${destdir:-/} (prefix $prefix)"
install -D -m 0755 "$binary" "$(d "$bindir/gpsbox")"
install -d -m 0755 "$(d "$unitdir")" "$(d "$udevdir")" "$(d "$tmpfilesdir")" "$(d "$docdir")" "$(d "$datadir")"
sed "s|^ExecStart=/usr/bin/gpsbox |ExecStart=$bindir/gpsbox |; s|file:/usr/share/doc/gpsbox/|file:$docdir/|" \
    "$repo/board/gpsbox.service" > "$(d "$unitdir/gpsbox.service")"
chmod 0644 "$(d "$unitdir/gpsbox.service")"
if [ -n "$web_binary" ]; then
    install -m 0755 "$web_binary" "$(d "$bindir/gpsbox-web")"
    sed "s|^ExecStart=/usr/bin/gpsbox |ExecStart=$bindir/gpsbox |; s|file:/usr/share/doc/gpsbox/|file:$docdir/|" \
        "$repo/board/gpsbox-web.service" > "$(d "$unitdir/gpsbox-web.service")"
    chmod 0644 "$(d "$unitdir/gpsbox-web.service")"
else
    say "no gpsbox-web beside $binary: the page is not installed (--web-binary PATH)"
fi
install -m 0644 "$repo/board/99-gpsbox.rules" "$(d "$udevdir/99-gpsbox.rules")"
install -m 0644 "$repo/board/tmpfiles.d/gpsbox.conf" "$(d "$tmpfilesdir/gpsbox.conf")"
for doc in docs/raspberry-pi.md docs/log-format.md board/WIRING.md board/config.txt board/gpsbox-gpsd-tcp.conf; do
    [ -f "$repo/$doc" ] && install -m 0644 "$repo/$doc" "$(d "$docdir/$(basename "$doc")")"
done

# The fleet upload (docs/fleet.md): its program, its unit and an example of its settings; the
# owner's fleet.env is never replaced. libmosquitto comes from Debian (dynamically linked).
if [ -n "$upload" ]; then
    install -D -m 0755 "$upload" "$(d "$bindir/gpsbox-upload")"
    sed "s|^ExecStart=/usr/bin/gpsbox-upload |ExecStart=$bindir/gpsbox-upload |; s|file:/usr/share/doc/gpsbox/|file:$docdir/|" \
        "$repo/board/gpsbox-upload.service" > "$(d "$unitdir/gpsbox-upload.service")"
    chmod 0644 "$(d "$unitdir/gpsbox-upload.service")"
    install -m 0644 "$repo/docs/fleet.md" "$(d "$docdir/fleet.md")"
    install -d -m 0755 "$(d "$confdir")"
    if [ ! -e "$(d "$confdir/fleet.env")" ]; then
        printf '%s\n' "# gpsbox-upload's settings (docs/fleet.md, \"Units\"); empty GPSBOX_BOX: named from /etc/machine-id." \
            "GPSBOX_BOX=" "MQTT_HOST=mqtt.example.org" "MQTT_PORT=8883" "MQTT_USER=" > "$(d "$confdir/fleet.env")"
        chmod 0644 "$(d "$confdir/fleet.env")"
    fi
fi

# The configuration is the owner's: a file they edited is never replaced. The pristine copy
# of what we shipped last time tells "edited" from "an older example".
install -d -m 0755 "$(d "$confdir")"
conf="$(d "$confdir/gpsbox.conf")"
shipped="$(d "$datadir/gpsbox.conf.default")"
# The example for this machine: a Pi 5's /dev/serial0 is the debug connector, its header
# UART is ttyAMA0.
example="$(mktemp)"
trap 'rm -f "$example"' EXIT
cp "$repo/board/gpsbox.conf" "$example"
model="$(tr -d '\0' < "$(d /proc/device-tree/model)" 2>/dev/null || true)"
case "$model" in
    "Raspberry Pi 5"*) sed -i 's|^#device = /dev/serial0$|device = /dev/ttyAMA0|' "$example" ;;
esac
if [ ! -e "$conf" ]; then
    install -m 0644 "$example" "$conf"
    say "installed $confdir/gpsbox.conf (every option, commented out at its default)"
    case "$model" in
        "Raspberry Pi 5"*) say "$model: set device = /dev/ttyAMA0 (the header UART; serial0 is the debug port)" ;;
    esac
elif cmp -s "$conf" "$example"; then
    :
elif [ -f "$shipped" ] && cmp -s "$conf" "$shipped"; then
    install -m 0644 "$example" "$conf"
    say "updated $confdir/gpsbox.conf (you had not edited it)"
else
    install -m 0644 "$example" "$conf.new"
    say "kept your edited $confdir/gpsbox.conf; the new example is $confdir/gpsbox.conf.new"
fi
install -m 0644 "$example" "$shipped"

# ---------------------------------------------------------------- boot configuration
if [ "$boot_config" = yes ]; then
    bootdir="$(d /boot/firmware)"
    [ -d "$bootdir" ] || bootdir="$(d /boot)"
    [ -f "$bootdir/config.txt" ] || die "no config.txt in $bootdir (is this a Raspberry Pi OS card?)"
    if grep -q "^# >>> gpsbox" "$bootdir/config.txt"; then
        say "config.txt already has the gpsbox section"
    else
        cp -p "$bootdir/config.txt" "$bootdir/config.txt.gpsbox-bak"
        { echo; echo "# >>> gpsbox (scripts/install.sh --boot-config)"; grep -v '^#' "$repo/board/config.txt" | grep -v '^$'; echo "# <<< gpsbox"; } \
            >> "$bootdir/config.txt"
        say "added the UART/I2C lines to $bootdir/config.txt (backup: config.txt.gpsbox-bak)"
    fi
    if [ -f "$bootdir/cmdline.txt" ] && grep -Eq 'console=(serial0|ttyAMA0|ttyS0),[0-9]+' "$bootdir/cmdline.txt"; then
        cp -p "$bootdir/cmdline.txt" "$bootdir/cmdline.txt.gpsbox-bak"
        sed -E -i 's/(^|[[:space:]]+)console=(serial0|ttyAMA0|ttyS0),[0-9]+//g; s/^[[:space:]]+//' "$bootdir/cmdline.txt"
        say "removed the serial console from $bootdir/cmdline.txt (backup: cmdline.txt.gpsbox-bak)"
    fi
    [ "$live" = yes ] && say "reboot for the UART changes to take effect"
fi

if [ "$live" = no ]; then
    say "staged into $destdir; nothing on this system was changed"
    exit 0
fi

# ---------------------------------------------------------------- user, devices, service
for g in dialout i2c gpio; do
    getent group "$g" >/dev/null || groupadd --system "$g"
done
if ! getent passwd gpsbox >/dev/null; then
    useradd --system --user-group --home-dir "$statedir" --no-create-home \
            --shell /usr/sbin/nologin --comment "gpsbox GPS logger" gpsbox
    say "created system user gpsbox"
fi
usermod -a -G dialout,i2c,gpio gpsbox
if [ -n "$owner" ] && ! id -nG "$owner" | tr ' ' '\n' | grep -qx gpsbox; then
    usermod -a -G gpsbox "$owner"
    say "added $owner to group gpsbox (reads logs and status; takes effect at the next login)"
fi
if command -v systemd-tmpfiles >/dev/null; then systemd-tmpfiles --create "$tmpfilesdir/gpsbox.conf"; fi
if command -v udevadm >/dev/null && [ -d /run/udev ]; then
    udevadm control --reload || true
    udevadm trigger --subsystem-match=tty --subsystem-match=i2c-dev --subsystem-match=gpio || true
fi
if [ "$has_systemd" = yes ]; then
    systemctl daemon-reload
    if [ "$start" = yes ]; then
        systemctl enable gpsbox.service
        # restart, not start: a re-run after an upgrade must run the new binary.
        systemctl restart gpsbox.service || say "gpsbox did not start: see 'journalctl -u gpsbox'"
        # The page stays off unless enabled (systemctl enable --now gpsbox-web); if on, an upgrade restarts it.
        systemctl try-restart gpsbox-web.service 2>/dev/null || true
    else
        systemctl enable gpsbox.service
        say "enabled gpsbox (starts at boot; --no-start: not started now)"
    fi
else
    say "systemd is not running here: files installed, service not enabled"
fi
if [ -n "$upload" ] && [ "$has_systemd" = yes ]; then
    if grep -q '^MQTT_USER=.' "$confdir/fleet.env" && [ -f "$confdir/fleet-password" ] && [ -f "$confdir/fleet-ca.crt" ]; then
        systemctl enable gpsbox-upload.service
        [ "$start" = no ] || systemctl restart gpsbox-upload.service || say "gpsbox-upload did not start: see 'journalctl -u gpsbox-upload'"
    else
        say "gpsbox-upload installed, not enabled: set $confdir/fleet.env, $confdir/fleet-password (0600) and"
        say "$confdir/fleet-ca.crt (docs/fleet.md), then: sudo systemctl enable --now gpsbox-upload"
    fi
fi

"$bindir/gpsbox" config check "$confdir/gpsbox.conf" || say "fix the configuration above, then: sudo systemctl restart gpsbox"
cat <<EOF

gpsbox is installed. Check it with:
  systemctl status gpsbox          is the service running?
  journalctl -u gpsbox -f          its log messages
  gpsbox status                    fix, satellites, trip, log usage
  gpsbox config show               effective configuration ($confdir/gpsbox.conf)
Logs are in $statedir; pull them to a laptop with scripts/pull-logs.
EOF
