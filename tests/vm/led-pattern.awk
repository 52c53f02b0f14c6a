# Classifies the status LED's blinking from the gpsbox_gpiotest chip's event log
# ("<ns> <line> <level>" per change) for one line, within a window [from, to) in seconds of
# the guest's monotonic clock. Prints "PATTERN on=<median ms> off=<median ms> lit=<%> n=<changes>"
# with PATTERN one of: slow-blink (~500/1500 ms), fast-blink (~100/100 ms), steady (lit at
# least 85 % of the time: the 80 ms dips are the per-sample flashes), dark, other.
# Usage: awk -v line=17 -v from=S -v to=S -f led-pattern.awk events
function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n ? a[int((n + 1) / 2)] : 0
}
$2 == line {
    t = $1 / 1e9
    if (t < from) { level = $3; next }
    if (t >= to) next
    if (have) {
        d = (t - last) * 1000
        if (level) { on[++non] = d; lit += d } else off[++noff] = d
    } else if (level) lit += (t - from) * 1000
    have = 1; last = t; level = $3; changes++
}
END {
    if (!have) { last = from }
    if (level) lit += (to - last) * 1000
    pct = 100 * lit / ((to - from) * 1000)
    mon = median(on, non); moff = median(off, noff)
    if (changes < 3) p = level ? "steady" : "dark"
    else if (mon >= 350 && mon <= 800 && moff >= 1100 && moff <= 2100) p = "slow-blink"
    else if (mon >= 50 && mon <= 180 && moff >= 50 && moff <= 180) p = "fast-blink"
    else if (pct >= 85) p = "steady"
    else p = "other"
    printf "%s on=%d off=%d lit=%d%% n=%d\n", p, mon, moff, pct, changes
}
