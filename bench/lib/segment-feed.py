# Copies track-log segment SRC to DST up to START records, then appends one record a second for
# SECONDS seconds, following the record framing of docs/log-format.md (4 KiB blocks, 7-byte
# record headers: CRC-32C, length, type; zero padding to the block's end).
#   python3 bench/lib/segment-feed.py SRC DST START SECONDS
import sys, time

src, dst, start, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
b = open(src, 'rb').read()

def next_end(p):
    while True:
        if p % 4096 + 7 > 4096 or b[p:p + 7] == b'\0' * 7:
            p = (p // 4096 + 1) * 4096
            continue
        n = b[p + 4] | b[p + 5] << 8
        return p + 7 + n

p, n = 64, 0
while n < start:
    p = next_end(p); n += 1
with open(dst, 'wb') as f:
    f.write(b[:p])
print("initial", n, "records", p, "bytes", flush=True)
for i in range(seconds):
    time.sleep(1)
    q = next_end(p)
    with open(dst, 'ab') as f:
        f.write(b[p:q])
    p = q
print("fed", seconds, flush=True)
