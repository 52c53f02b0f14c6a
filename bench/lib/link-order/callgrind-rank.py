"""Ranks the functions callgrind profiles executed: prints "instructions<TAB>function" lines, most
instructions first, summed over every profile given, glibc's names left out (public and internal,
such as the CPU variants of memcpy: they differ between glibc builds and machines). The input of
write-order.py (bench/link-order, bench/link-order-upload).

  callgrind-rank.py LIBC-NAMES CALLGRIND-OUT...

Callgrind's file (written with --compress-strings=no --compress-pos=no): `fn=NAME` opens a
function, a line of numbers is a cost line of it, and the line after `calls=` is a call's
inclusive cost, which belongs to the callee. NAME'2 marks a recursion level of NAME."""
import collections, re, sys

libc_names, *profiles = sys.argv[1:]
libc = set(open(libc_names).read().split())
cost = collections.Counter()
for profile in profiles:
    fn, after_call = None, False
    with open(profile) as f:
        for line in f:
            if line.startswith("fn="):
                fn, after_call = re.sub(r"'\d+$", "", line[3:].strip()), False
                cost[fn] += 0
            elif line.startswith("calls="):
                after_call = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_call:
                    after_call = False
                elif fn is not None:
                    cost[fn] += int(line.split()[1])
# Nameless code (0x… addresses: PLT stubs) and callgrind's own "(below main)" have no section.
for name, c in sorted(cost.items(), key=lambda kv: (-kv[1], kv[0])):
    if not name.startswith(("0x", "(")) and name not in libc:
        print(f"{c}\t{name}")
