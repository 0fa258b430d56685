#!/usr/bin/env bash
# Writes Sources/lexagg/link/startup.order: the functions and the writable data the common short commands touch, in
# the order the linker is to lay them out (release builds link with lld and pass the file as --symbol-ordering-file;
# see Package.swift).
#
# Why: a lookup runs about 400 KB of the binary's 40 MB of code and touches a few hundred of its data's globals,
# scattered over them, and every page of them a process touches is a page fault (code: one for each 64 KB window,
# about 3 us each on the VMs here; data: one or two per 4 KB page, about 2 us). Laid out together they take far fewer
# pages: a WordNet lookup 451 -> 289 faults, `--version` 315 -> 201, a cached lookup 510 -> 382 (perf stat), and the
# WordNet lookup 2.7 -> 2.3 ms (hyperfine). Release builds compile each of lexagg's functions into its own section
# (-function-sections in Package.swift), so the linker places them one by one; the static Swift runtime's C++ and
# Foundation's functions already are; the standard library's Swift code is one section, moved as a whole, and so is
# an object file's data.
#
# Names the file lists that a build no longer has are ignored, so a stale file only costs start-up time, never
# correctness. Regenerate it after large changes to the start-up path (SwiftPM does not relink for it, hence the rm):
#
#   apt-get install valgrind python3       # once
#   swift build -c release --static-swift-stdlib --product lexagg
#   Scripts/startup-order.sh [lexagg binary]
#   rm .build/release/lexagg && swift build -c release --static-swift-stdlib --product lexagg
#
# The commands profiled: --version, --help, lookup (WordNet: text and JSON; every offline database; a batch), a
# cached online lookup (answered from a warm cache, the server gone) and a lookup through an imported Wiktionary
# dump. callgrind names every function a run executes; lackey traces the short ones instruction by instruction and
# every load and store. The file lists the functions, then the writable data, grouped by which of --version, a
# WordNet lookup and the cached lookup touch them (see layout() below), each group in the order first executed.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }
binary=$(realpath "${1:-.build/release/lexagg}")
out="$PWD/Sources/lexagg/link/startup.order"
work=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
python3 Benchmarks/replay_server.py "$port" & server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
strip --strip-debug -o "$work/lexagg" "$binary"

export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" LEXAGG_CACHE_DIR="$work/cache"
export LEXAGG_NO_HISTORY=1 LEXAGG_DICT_PATH="$PWD/Providers/DictDatabase/Embedded"
export LEXAGG_WIKTIONARY_ENDPOINT="http://127.0.0.1:$port"
mkdir -p "$HOME"
for _ in $(seq 50); do curl -s "http://127.0.0.1:$port/api/v2/entries/en/x" >/dev/null && break; sleep 0.1; done
printf 'serendipity\nhouse\nrunning\n' > "$work/words.txt"
"$work/lexagg" lookup bank --providers wiktionary >/dev/null               # warms the cache
kill $server; wait $server 2>/dev/null || true                               # answered from the cache from here on
"$work/lexagg" data import wiktextract Fixtures/wiktextract/sample.jsonl --name sample --quiet >/dev/null

# Each run is labelled with the group it stands for (see the layout below): V --version, W a WordNet lookup,
# C the cached lookup, O anything else.
run=0
profile() {
  run=$((run + 1))
  echo "$1" >> "$work/labels"; shift
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$run.cg" "$work/lexagg" "$@" >/dev/null 2>"$work/$run.err" ||
    { cat "$work/$run.err" >&2; echo "lexagg $* failed" >&2; exit 1; }
}
profile V --version
profile W lookup serendipity --providers wordnet
LEXAGG_DICT_PATH= profile W lookup serendipity --providers wordnet     # the default search (a system dict-wn, if any)
profile W lookup serendipity --providers wordnet --format json
profile O lookup serendipity --offline
profile C lookup bank --providers wiktionary
profile O lookup --batch "$work/words.txt" --providers wordnet --format json
profile O lookup houses --providers sample
profile O --help

# The writable data the short lookups touch (metadata caches, lazy globals' tokens: .bss, .data,
# .data.rel.ro), in the order they touch it, from valgrind's lackey (every load and store). Swift puts an object
# file's data in one section, which the linker moves as a whole: the list gathers the objects whose data a start-up
# touches (the C++ runtime's and Foundation's globals have sections of their own) into a few pages.
data=0
trace() {
  data=$((data + 1))
  echo "$1" >> "$work/data-labels"; shift
  valgrind --tool=lackey --trace-mem=yes --log-file="$work/$data.mem" "$work/lexagg" "$@" >/dev/null 2>&1 ||
    { echo "lexagg $* failed under lackey" >&2; exit 1; }
}
trace V --version
trace W lookup serendipity --providers wordnet
LEXAGG_DICT_PATH= trace W lookup serendipity --providers wordnet
trace O lookup serendipity --offline
trace C lookup bank --providers wiktionary

nm "$work/lexagg" | awk '$2 ~ /^[tTwW]$/ {print $3}' > "$work/symbols"
# Writable data only (.data, .bss, .data.rel.ro): what lies in .rodata is read by the runtime's scans of every
# conformance record and type, all of it in every process, so ordering it gains little (ten faults for 14,000 names).
readelf -S -W "$work/lexagg" > "$work/sections"
nm -n -S "$work/lexagg" | awk 'NF == 4 && $3 ~ /^[bBdD]$/ {print $1, $2, $4}' > "$work/data-symbols"
nm -n -S "$work/lexagg" | awk 'NF == 4 && $3 ~ /^[tTwW]$/ {print $1, $2, $4}' > "$work/function-symbols"
python3 - "$out" "$work" <<'PY'
import bisect, re, sys
out, work = sys.argv[1], sys.argv[2]
ours = set(open(f"{work}/symbols").read().split())
labels = open(f"{work}/labels").read().split()
data_labels = open(f"{work}/data-labels").read().split()

def layout(touches):
    """`touches`: (name, group) in the order the runs first touched them. The names in the order to lay them out:
    grouped by which of the runs' groups touch them, so that what the cached lookup (C), `--version` (V) and a
    WordNet lookup (W) each touch is one stretch, or nearly:
        C only | C, W | C, V | C, W, V | W, V | V only | W only | anything else
    (C: the first four; V: the third to sixth; W: the second to seventh but for the two without it, which are
    little), each stretch in the order of first touch. A page one of them touches is then mostly a page of its own,
    not one it shares with what only other commands run: the cached lookup 359 -> 327 page faults (perf stat) against
    the runs' first-touch order."""
    groups, first = {}, {}
    for name, group in touches:
        groups.setdefault(name, set()).add(group)
        first.setdefault(name, len(first))
    def stretch(name):
        g = groups[name]
        c, w, v = "C" in g, "W" in g, "V" in g
        if c: return (0, 2, 1, 3)[w * 2 + v]
        if w: return 4 if v else 6
        return 5 if v else 7
    return sorted(first, key=lambda name: (stretch(name), first[name]))

def symbols(path, within=None):
    starts, ends, names = [], [], []
    for line in open(path):
        address, size, name = line.split()
        start = int(address, 16)
        if within is None or any(low <= start < high for low, high in within):
            starts.append(start); ends.append(start + int(size, 16)); names.append(name)
    return starts, ends, names

def traced(kind, starts, ends, names):
    """(name, group) of the symbols the lackey traces touch, kind "I" (instructions) or "LSM" (data), in order."""
    touches, seen = [], set()
    for trace, label in enumerate(data_labels, start=1):
        low = high = 0  # the symbol last found: consecutive instructions are mostly in one function
        for line in open(f"{work}/{trace}.mem", errors="replace"):
            if len(line) < 4 or line[1 if kind != "I" else 0] not in kind:
                continue
            address = int(line[3:line.index(",")], 16)
            if low <= address < high:
                continue
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0:
                low, high = starts[index], ends[index]
            if index >= 0 and address < ends[index] and (names[index], label) not in seen:
                seen.add((names[index], label))
                touches.append((names[index], label))
    return touches

# Functions: in the order the traced runs first execute them (lackey's instruction addresses), then the ones only the
# other runs name (callgrind names every function a run executes, in an order of its own).
touches = traced("I", *symbols(f"{work}/function-symbols"))
for run, label in enumerate(labels, start=1):
    for line in open(f"{work}/{run}.cg", errors="replace"):
        if m := re.match(r"c?fn=\(\d+\) (.+)", line):
            name = m.group(1).split("'")[0]
            if name in ours:
                touches.append((name, label))
functions = layout(touches)
# Data: the symbol each load or store lands in.
writable = []
for line in open(f"{work}/sections"):
    fields = line.replace("[ ", "[").split()
    if len(fields) > 5 and fields[1] in (".data", ".bss", ".data.rel.ro"):
        writable.append((int(fields[3], 16), int(fields[3], 16) + int(fields[5], 16)))
known = set(functions)
data = [name for name in layout(traced("LSM", *symbols(f"{work}/data-symbols", writable))) if name not in known]
with open(out, "w") as f:
    f.write("".join(f"{name}\n" for name in functions + data))
print(f"{out}: {len(functions)} functions, {len(data)} data symbols")
PY
