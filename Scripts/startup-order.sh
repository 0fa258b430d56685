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
# dump. callgrind names every function a run executes, each at its first mention; the file keeps them in that
# order, each once, the commands' in the order above; then the data the short lookups touch (below).
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

run=0
profile() {
  run=$((run + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$run.cg" "$work/lexagg" "$@" >/dev/null 2>"$work/$run.err" ||
    { cat "$work/$run.err" >&2; echo "lexagg $* failed" >&2; exit 1; }
}
profile --version
profile lookup serendipity --providers wordnet
LEXAGG_DICT_PATH= profile lookup serendipity --providers wordnet     # the default search (a system dict-wn, if any)
profile lookup serendipity --providers wordnet --format json
profile lookup serendipity --offline
profile lookup bank --providers wiktionary
profile lookup --batch "$work/words.txt" --providers wordnet --format json
profile lookup houses --providers sample
profile --help

# The writable data the short lookups touch (metadata caches, lazy globals' tokens: .bss, .data,
# .data.rel.ro), in the order they touch it, from valgrind's lackey (every load and store). Swift puts an object
# file's data in one section, which the linker moves as a whole: the list gathers the objects whose data a start-up
# touches (the C++ runtime's and Foundation's globals have sections of their own) into a few pages.
data=0
trace() {
  data=$((data + 1))
  valgrind --tool=lackey --trace-mem=yes --log-file="$work/$data.mem" "$work/lexagg" "$@" >/dev/null 2>&1 ||
    { echo "lexagg $* failed under lackey" >&2; exit 1; }
}
trace --version
trace lookup serendipity --providers wordnet
LEXAGG_DICT_PATH= trace lookup serendipity --providers wordnet
trace lookup serendipity --offline
trace lookup bank --providers wiktionary

nm "$work/lexagg" | awk '$2 ~ /^[tTwW]$/ {print $3}' > "$work/symbols"
# Writable data only (.data, .bss, .data.rel.ro): what lies in .rodata is read by the runtime's scans of every
# conformance record and type, all of it in every process, so ordering it gains little (ten faults for 14,000 names).
readelf -S -W "$work/lexagg" > "$work/sections"
nm -n -S "$work/lexagg" | awk 'NF == 4 && $3 ~ /^[bBdD]$/ {print $1, $2, $4}' > "$work/data-symbols"
python3 - "$out" "$work" "$run" "$data" <<'PY'
import bisect, re, sys
out, work, runs, traces = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
ours = set(open(f"{work}/symbols").read().split())
seen, order = set(), []
# Functions: every one each callgrind run named (a name is written once, at its first mention), in order.
for run in range(1, runs + 1):
    for line in open(f"{work}/{run}.cg", errors="replace"):
        if m := re.match(r"c?fn=\(\d+\) (.+)", line):
            name = m.group(1).split("'")[0]
            if name in ours and name not in seen:
                seen.add(name)
                order.append(name)
functions = len(order)
# Data: the symbol each load or store lands in, at its first touch.
writable = []
for line in open(f"{work}/sections"):
    fields = line.replace("[ ", "[").split()
    if len(fields) > 5 and fields[1] in (".data", ".bss", ".data.rel.ro"):
        writable.append((int(fields[3], 16), int(fields[3], 16) + int(fields[5], 16)))
starts, ends, names = [], [], []
for line in open(f"{work}/data-symbols"):
    address, size, name = line.split()
    start = int(address, 16)
    if any(low <= start < high for low, high in writable):
        starts.append(start); ends.append(start + int(size, 16)); names.append(name)
for trace in range(1, traces + 1):
    for line in open(f"{work}/{trace}.mem", errors="replace"):
        if len(line) < 4 or line[1] not in "LSM":
            continue
        address = int(line[3:line.index(",")], 16)
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < ends[index] and names[index] not in seen:
            seen.add(names[index])
            order.append(names[index])
with open(out, "w") as f:
    f.write("".join(f"{name}\n" for name in order))
print(f"{out}: {functions} functions, {len(order) - functions} data symbols")
PY
