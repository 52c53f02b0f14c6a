# shellcheck shell=bash
# Shared by scripts/cross/microhttpd and scripts/cross/mosquitto, which build a C library from
# Debian 13's own source package into a static archive. The caller sets `name` (messages, the
# cache's lock and source folder) and `help_lines` (its header's sed range), then sources this:
# it reads --arch, sets arch, triple, repo, cache, clang and tools (clang's folder) and takes
# the cache lock; `debian_source PACKAGE DIR_PREFIX` then sets src and version.
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cache="${GPSBOX_CROSS_CACHE:-/var/cache/gpsbox}"
mirror="${GPSBOX_CROSS_MIRROR:-http://deb.debian.org/debian}"
arch="$(dpkg --print-architecture)"
die() { echo "cross/$name: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) [ $# -ge 2 ] || die "--arch needs amd64 or arm64"; arch="$2"; shift ;;
        --arch=*) arch="${1#*=}" ;;
        -h|--help) sed -n "${help_lines}s/^# \{0,1\}//p" "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
    shift
done
case "$arch" in
    amd64) triple=x86_64-linux-gnu ;;
    arm64) triple=aarch64-linux-gnu ;;
    *) die "unknown architecture '$arch' (amd64, arm64)" ;;
esac
clang="$(command -v clang)" || die "clang not found (the Swift toolchain's)"
tools="$(dirname "$clang")"
command -v make >/dev/null || die "make not found (scripts/deps)"
mkdir -p "$cache"
exec 8>"$cache/.$name.lock"
flock 8

# debian_source PACKAGE DIR_PREFIX: the source, fetched once from a private apt state (this
# machine's apt sources are not touched); sets src (its unpacked folder, DIR_PREFIX then the
# version) and version.
debian_source() {
    local package="$1" dir_prefix="$2" src_cache="$cache/$name-source"
    if [ ! -f "$src_cache/.complete" ]; then
        rm -rf "$src_cache"; mkdir -p "$src_cache/lists/partial" "$src_cache/apt/archives/partial"
        echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror trixie main" > "$src_cache/sources.list"
        local apt=(-o Dir::Etc::SourceList="$src_cache/sources.list" -o Dir::Etc::SourceParts=/nonexistent
                   -o Dir::State::Lists="$src_cache/lists" -o Dir::Cache="$src_cache/apt" -o Debug::NoLocking=1
                   -o APT::Sandbox::User=root -o Acquire::Retries=3)
        apt-get "${apt[@]}" -qq update >&2
        # The index can name a version the mirror no longer (or not yet) holds: then the next one.
        local v fetched=no
        for v in $(apt-cache "${apt[@]}" showsrc "$package" | sed -n 's/^Version: //p' | sort -Vr | uniq); do
            if (cd "$src_cache" && apt-get "${apt[@]}" -qq source "$package=$v" >&2); then fetched=yes; break; fi
            rm -rf "$src_cache/$package"-* "$src_cache/$package"_*
            echo "cross/$name: $package $v not on the mirror, trying an older one" >&2
        done
        [ "$fetched" = yes ] || die "no source of $package could be fetched"
        touch "$src_cache/.complete"
    fi
    src="$(find "$src_cache" -mindepth 1 -maxdepth 1 -type d -name "$dir_prefix[0-9]*" | head -1)"
    [ -n "$src" ] || die "no unpacked source in $src_cache"
    version="${src##*/"$dir_prefix"}"
}
