"""Writes one architecture's section ordering file (bench/link-order, bench/link-order-upload) from
a profile and the link map of that architecture's build (scripts/build-release --link-order writes it beside the binary).

  write-order.py PROFILE MAP ORDER ARCH SOURCE [WRITER]

PROFILE: "instructions<TAB>function" lines, most instructions first (callgrind-rank.py of an
x86_64 profile of `gpsbox run` or `gpsbox-upload`; mangled Swift and C++ names, the same on every architecture). Each
function becomes the input section that holds it in MAP: .text.NAME, gcc's
.text.{unlikely,hot,startup}.NAME, or the section the map lists NAME under; a function without a
section of its own (one of many in a .text) cannot be moved and is left out, as is everything
from glibc's archives (its functions and their internal CPU variants differ between builds).
A "# -- 95 %" line marks where the entries reach 95 % of the instructions of those kept:
scripts/build-release counts the matches above it (scripts/test.d/link-order)."""
import re, sys, textwrap

profile_path, map_path, order_path, arch, source, *rest = sys.argv[1:]
writer = rest[0] if rest else "bench/link-order"   # the command that writes ORDER, named in its header
GLIBC = re.compile(r"/lib(c|m|mvec|pthread|rt|dl|resolv|util|anl|crypt)(-[0-9.]+)?\.a\(")

sections = {}   # input section kept in the link -> True when it comes from glibc
by_symbol = {}  # global symbol -> its input section
current = None
with open(map_path, errors="replace") as f:
    for line in f:
        if line.startswith("Memory map"):
            break
    for line in f:
        fields = line.split()
        if not fields:
            continue
        if not line[0].isspace():                     # an output section: ".text  0x… 0x…"
            current = None
        elif line.startswith(" .") and not line.startswith("  "):   # " .text.NAME [addr size file]"
            current = fields[0]
            sections.setdefault(current, False)
            if len(fields) >= 4 and GLIBC.search(fields[3]):
                sections[current] = True
        elif current and fields[0].startswith("0x"):
            if len(fields) >= 3 and fields[1].startswith("0x"):   # the address line of a long section name
                if GLIBC.search(fields[2]):
                    sections[current] = True
            elif len(fields) == 2:                    # a global symbol defined in the section
                by_symbol.setdefault(fields[1], current)

def section_of(name):
    for candidate in (f".text.{name}", f".text.unlikely.{name}", f".text.hot.{name}", f".text.startup.{name}"):
        if candidate in sections:
            return candidate
    s = by_symbol.get(name)
    return s if s and s.startswith(".text.") else None

profile = []
with open(profile_path) as f:
    for line in f:
        cost, name = line.rstrip("\n").split("\t", 1)
        profile.append((int(cost), name))
total = sum(c for c, _ in profile) or 1
entries, seen, kept = [], set(), 0
for cost, name in profile:
    s = section_of(name)
    if s is None or sections[s] or s in seen:
        continue
    seen.add(s)
    entries.append((cost, s))
    kept += cost
mark, running = len(entries), 0
for i, (cost, _) in enumerate(entries):
    running += cost
    if running >= 0.95 * kept:
        mark = i + 1
        break
header = (f"Section ordering file for gold (--section-ordering-file) on {arch}, written by {writer} "
          f"from {source}: of the {len(profile)} functions it executed outside glibc, the {len(entries)} "
          f"with an input section of their own in this architecture's link ({100 * kept / total:.1f} % of the "
          f"instructions), most instructions first. Regenerate: {writer}. Used by scripts/build-release "
          f"--link-order; a line naming no section is ignored by the linker.")
with open(order_path, "w") as out:
    out.writelines(f"# {line}\n" for line in textwrap.wrap(header, 94, break_long_words=False, break_on_hyphens=False))
    for i, (_, s) in enumerate(entries):
        out.write(f"{s}\n")
        if i + 1 == mark:
            out.write(f"# -- 95 % of the instructions of the entries above lie above this line ({mark} entries)\n")
print(f"{writer}: {arch}: {len(entries)} of {len(profile)} profiled functions have a section of their own "
      f"({100 * kept / total:.1f} % of the instructions); {mark} cover 95 % -> {order_path}", file=sys.stderr)
