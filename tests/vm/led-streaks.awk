# The longest streak of consecutive blink cycles of each kind that line `line` of the
# gpsbox_gpiotest chip showed in [from, to) (seconds of the guest's monotonic clock), from its
# event log ("<ns> <line> <level>" per change). A cycle is one lit interval and the dark one
# after it: slow (350-800 ms lit, 1100-2100 ms dark: searching), fast (50-180 ms each: error).
# Finds a pattern after the fact, however late a slow guest was looked at.
# Usage: awk -v line=17 -v from=S -v to=S -f led-streaks.awk events   prints "slow=N fast=N"
function kind(on, off) {
    if (on >= 350 && on <= 800 && off >= 1100 && off <= 2100) return "slow"
    if (on >= 50 && on <= 180 && off >= 50 && off <= 180) return "fast"
    return "other"
}
function count(k) { run[k]++; if (run[k] > best[k]) best[k] = run[k]; for (o in run) if (o != k) run[o] = 0 }
$2 == line && $1 / 1e9 >= from && $1 / 1e9 < to {
    t = $1 / 1e9
    if ($3 == 1) {                       # lit: a cycle (lit, dark) just ended
        if (litAt && darkAt > litAt) count(kind((darkAt - litAt) * 1000, (t - darkAt) * 1000))
        litAt = t
    } else darkAt = t
}
END { printf "slow=%d fast=%d\n", best["slow"], best["fast"] }
