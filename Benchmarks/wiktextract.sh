#!/usr/bin/env bash
# Issue 20's benchmarks, figures from one run:
# 1. Import throughput of `lexagg data import wiktextract` in MB/s of JSON Lines against python3 reading the same
#    file line by line and json.loads-ing every line (the ratio; target >= 5x), for each size (MB) given, with the
#    import's peak RSS (target < 200 MB) and its time per MB (linear if flat); best of three rounds, wall clock (the
#    import uses two threads) and CPU time (user + system; steadier on a loaded machine), by Benchmarks/timed.py.
# 2. 1,000 lookups (`lookup --batch FILE --format json`) through the imported provider against the same through the
#    WordNet provider (target: at least WordNet's throughput), and 4,000 to show the cost per word. The offline words
#    are a quarter inflected forms, WordNet's are headwords; two last lines compare like with like: WordNet on the
#    same mix, and the offline provider on headwords alone.
# Input is generated (Benchmarks/wiktextract_generate.py): ~2 KB lines in wiktextract's shape.
#
#   apt-get install hyperfine      # once
#   Benchmarks/wiktextract.sh [MB ...]        # default: 10 100; the issue's full run: 10 100 1000
#   LEXAGG=.build/debug/lexagg Benchmarks/wiktextract.sh 10   # an already built binary (no release build)
#   IMPORT_ONLY=1 Benchmarks/wiktextract.sh 10 50 100          # the import figures only
#   PYTHONS="/usr/bin/python3 /opt/py/bin/python3" Benchmarks/wiktextract.sh 10   # the interpreters to time against
# Python interpreters differ a lot on this loop (Debian's python3, built with profile-guided optimisation, reads a
# dump 1.4x as fast as a python3 compiled from source without it): by default the distribution's /usr/bin/python3
# and the python3 first on PATH are both timed, each by its real path and version, when they are different programs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(10 100); fi
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }

if [ -z "${LEXAGG:-}" ]; then
  swift build -c release --static-swift-stdlib --product lexagg >/dev/null
  lexagg="$PWD/.build/release/lexagg"
else
  lexagg="$(cd "$(dirname "$LEXAGG")" && pwd)/$(basename "$LEXAGG")"
fi
db="$PWD/Providers/DictDatabase/Embedded"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export LEXAGG_DATA_DIR="$work/data" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" HOME="$work"
export LEXAGG_DICT_PATH="$db"

best() { python3 -c 'import sys; print(min(float(x) for x in sys.argv[1:]))' "$@"; }
# The interpreters to time: PYTHONS, else the distribution's and PATH's python3 (once if they are the same program).
if [ -n "${PYTHONS:-}" ]; then
  read -r -a pythons <<< "$PYTHONS"
else
  pythons=()
  [ -x /usr/bin/python3 ] && pythons+=("$(readlink -f /usr/bin/python3)")
  onpath=$(python3 -c 'import os, sys; print(os.path.realpath(sys.executable))')
  [[ " ${pythons[*]:-} " == *" $onpath "* ]] || pythons+=("$onpath")
fi
echo "== import: MB/s of JSON Lines, lexagg against python3 json.loads line by line"
for index in "${!pythons[@]}"; do
  echo "   python $((index + 1)): ${pythons[$index]} ($("${pythons[$index]}" --version 2>&1))"
done
for mb in "${sizes[@]}"; do
  python3 Benchmarks/wiktextract_generate.py "$mb" "$work/dump$mb.jsonl" "$work/words$mb.txt" 2>/dev/null
  bytes=$(stat -c %s "$work/dump$mb.jsonl")
  cat "$work/dump$mb.jsonl" > /dev/null   # both sides read from the page cache
  lx=() lxcpu=()
  for index in "${!pythons[@]}"; do : > "$work/py$index.walls"; : > "$work/py$index.cpus"; done
  for round in 1 2 3; do
    # Each round imports into an empty data directory, as a first import does (replacing the previous round's 1 GB
    # dataset would bill its deletion to this one), with the previous round's writes on disk (not written back
    # during this one).
    "$lexagg" data remove "bench$mb" > /dev/null 2>&1 || true
    sync
    for index in "${!pythons[@]}"; do
      Benchmarks/timed.py "$work/py.time" "${pythons[$index]}" -c '
import json, sys
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        json.loads(line)' "$work/dump$mb.jsonl" >/dev/null
      read -r wall cpu _ < "$work/py.time"
      echo "$wall" >> "$work/py$index.walls"
      echo "$cpu" >> "$work/py$index.cpus"
    done
    Benchmarks/timed.py "$work/lx.time" "$lexagg" data import wiktextract "$work/dump$mb.jsonl" --name "bench$mb" --quiet \
      > "$work/import$mb.txt"
    read -r wall cpu rss < "$work/lx.time"
    lx+=("$wall") lxcpu+=("$cpu")
  done
  for index in "${!pythons[@]}"; do
    # shellcheck disable=SC2046
    python3 - "$bytes" "$(best $(cat "$work/py$index.walls"))" "$(best "${lx[@]}")" "$rss" "$mb" \
      "$(best $(cat "$work/py$index.cpus"))" "$(best "${lxcpu[@]}")" "$((index + 1))" "$index" <<'PY'
import sys
size, py, lx, rss, mb = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
pycpu, lxcpu, number, first = float(sys.argv[6]), float(sys.argv[7]), sys.argv[8], sys.argv[9] == "0"
mbs = size / 1e6
label = f"{mb:>5} MB:" if first else " " * 9
print(f"{label} python {number} json.loads {py:7.3f} s ({mbs/py:6.1f} MB/s)   lexagg import {lx:7.3f} s ({mbs/lx:6.1f} MB/s, "
      f"{lx/mbs*1000:.1f} ms/MB)   ratio {py/lx:.1f}x (target >= 5x)   peak RSS {rss/1024:.0f} MB (target < 200 MB)")
print(f"          CPU time (user + system, all threads): python {number} {pycpu:.2f} s, lexagg {lxcpu:.2f} s, "
      f"ratio {pycpu/max(lxcpu, 0.001):.1f}x")
PY
  done
  head -1 "$work/import$mb.txt"
done

[ -n "${IMPORT_ONLY:-}" ] && exit 0   # IMPORT_ONLY=1: the import figures only
largest="${sizes[${#sizes[@]}-1]}"
echo
echo "== lookup: 1000 words through the imported provider (bench$largest, a quarter of them inflected forms) and WordNet"
python3 - "$db/wn.index" "$work" <<'PY'
import random, sys
words = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")
         if not l.startswith("00-database") and " " not in l.split("\t")[0]]
random.Random(2229).shuffle(words)
open(f"{sys.argv[2]}/wordnet1000.txt", "w").write("\n".join(words[:1000]) + "\n")
open(f"{sys.argv[2]}/wordnet4000.txt", "w").write("\n".join(words[:4000]) + "\n")
# Candidates for inflected forms WordNet knows through its morphology (a plural or third person: -s on a word that
# takes it plainly), kept below when the lookup finds them that way.
forms = [w + "s" for w in words[4000:] if w.isalpha() and w.islower() and len(w) >= 4 and w[-1] not in "sxzhy"][:1000]
open(f"{sys.argv[2]}/wordnet-candidates.txt", "w").write("\n".join(forms) + "\n")
PY
# The same mix as the offline words (a quarter inflected forms, which go through the lemma fallback: a second
# lookup), for WordNet: 750 of its headwords and 250 forms its morphology leads to a headword.
# (Exit 1 when some candidates are not found: they are left out.)
{ "$lexagg" lookup --batch "$work/wordnet-candidates.txt" --providers wordnet --format json 2>/dev/null || true; } | python3 -c '
import json, random, sys
forms = [d["query"]["term"] for d in map(json.loads, sys.stdin) if d["found"] and "lemma" in d["query"] and "matchedAs" not in d["query"]]
words = open(sys.argv[1]).read().split()[:750] + forms[:250]
random.Random(2229).shuffle(words)
open(sys.argv[2], "w").write("\n".join(words) + "\n")' "$work/wordnet1000.txt" "$work/wordnet-mixed1000.txt"
for i in 1 2 3 4; do cat "$work/words$largest.txt"; done > "$work/offline4000.txt"
# And the offline provider on headwords alone, as WordNet's list is: 1,000 of the dump's headwords.
python3 - "$work/dump$largest.jsonl" "$work/offline-heads1000.txt" <<'PY'
import json, random, sys
words = sorted({json.loads(line)["word"] for line in open(sys.argv[1], encoding="utf-8")})
random.Random(2229).shuffle(words)
open(sys.argv[2], "w").write("\n".join(words[:1000]) + "\n")
PY
found=$("$lexagg" lookup --batch "$work/words$largest.txt" --providers "bench$largest" --format json 2>/dev/null | grep -c '"found":true' || true)
echo "the offline provider found $found of 1000 words"
hyperfine -N --warmup 3 --runs 15 --export-json "$work/lookup.json" \
  --command-name wordnet-1000 "$lexagg lookup --batch $work/wordnet1000.txt --providers wordnet --format json" \
  --command-name offline-1000 "$lexagg lookup --batch $work/words$largest.txt --providers bench$largest --format json" \
  --command-name wordnet-4000 "$lexagg lookup --batch $work/wordnet4000.txt --providers wordnet --format json" \
  --command-name offline-4000 "$lexagg lookup --batch $work/offline4000.txt --providers bench$largest --format json" \
  --command-name wordnet-mixed "$lexagg lookup --batch $work/wordnet-mixed1000.txt --providers wordnet --format json" \
  --command-name offline-heads "$lexagg lookup --batch $work/offline-heads1000.txt --providers bench$largest --format json" >/dev/null 2>&1
python3 - "$work/lookup.json" <<'PY'
import json, sys
m = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
for name in ("wordnet", "offline"):
    slope = (m[f"{name}-4000"] - m[f"{name}-1000"]) / 3000
    print(f"{name:8} 1000 words {m[f'{name}-1000']*1000:7.1f} ms ({1000/m[f'{name}-1000']:7,.0f} words/s)   "
          f"4000 words {m[f'{name}-4000']*1000:7.1f} ms   marginal {slope*1e6:6.1f} us/word")
print(f"throughput ratio offline/wordnet (1000 words, whole process): {m['wordnet-1000']/m['offline-1000']:.2f}x (target >= 1x)")
print(f"the same mix for both (WordNet 750 headwords and 250 inflected forms, {m['wordnet-mixed']*1000:.1f} ms): "
      f"{m['wordnet-mixed']/m['offline-1000']:.2f}x")
print(f"headwords only for both (1000 of the dump's headwords, {m['offline-heads']*1000:.1f} ms): "
      f"{m['wordnet-1000']/m['offline-heads']:.2f}x")
PY
