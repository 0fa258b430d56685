#!/usr/bin/env bash
# Issue 5's batch benchmark, figures from one run: `lexagg lookup --batch` over N words of the offline WordNet
# database against the same N words sent as pipelined DEFINEs over one connection to a real dictd serving the same
# files (Benchmarks/dict_pipeline.py); N = 1000, 2000, 4000 to show the cost is linear. Then the same 1000 words
# against the replay server standing in for Wiktionary (reported, no target).
#
#   apt-get install dictd hyperfine      # once
#   Benchmarks/batch.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
for tool in dictd hyperfine; do command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install dictd hyperfine" >&2; exit 1; }; done

swift build -c release --static-swift-stdlib --product lexagg >/dev/null
lexagg="$PWD/.build/release/lexagg"
db="$PWD/Providers/DictDatabase/Embedded"
. Benchmarks/common.sh
work=$(mktemp -d)
port=$(free_port); replay_port=$(free_port)
start_dictd "$work" "$db" "$port"
python3 Benchmarks/replay_server.py "$replay_port" & replay=$!
trap 'kill "$(cat "$work/dictd.pid" 2>/dev/null)" $replay 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1

# N distinct WordNet headwords, the same for both sides (fixed seed; single words, as a learner's list would be).
python3 - "$db/wn.index" "$work" <<'PY'
import random, sys
words = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")
         if not l.startswith("00-database") and " " not in l.split("\t")[0]]
random.Random(2229).shuffle(words)
for n in (1000, 2000, 4000):
    open(f"{sys.argv[2]}/words{n}.txt", "w").write("\n".join(words[:n]) + "\n")
PY

export LEXAGG_DICT_PATH="$db"
# Both sides find the same words, or the comparison means nothing.
"$lexagg" lookup --batch "$work/words1000.txt" --providers wordnet >/dev/null 2>"$work/summary1000"
python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$port" wn "$work/words1000.txt" > "$work/dictd1000"
echo "lexagg: $(tail -1 "$work/summary1000")    dictd: $(cat "$work/dictd1000")"
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 2 --runs 10 --export-json "$work/round$round.json" \
    --command-name dictd-1000 "python3 Benchmarks/dict_pipeline.py 127.0.0.1 $port wn $work/words1000.txt" \
    --command-name lexagg-1000 "$lexagg lookup --batch $work/words1000.txt --providers wordnet" \
    --command-name lexagg-2000 "$lexagg lookup --batch $work/words2000.txt --providers wordnet" \
    --command-name lexagg-4000 "$lexagg lookup --batch $work/words4000.txt --providers wordnet" \
    --command-name python-startup "python3 -c pass" >/dev/null 2>&1
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
rows = {}
for r in range(1, rounds + 1):
    for x in json.load(open(f"{work}/round{r}.json"))["results"]:
        rows.setdefault(x["command"], []).append(x["median"])
m = {k: statistics.median(v) for k, v in rows.items()}
# The pipelined client is a Python process: its interpreter start-up is not dictd's work, so it is taken off.
dictd = m["dictd-1000"] - m["python-startup"]
print(f"dictd, 1000 pipelined DEFINEs on one connection: {dictd*1000:.1f} ms  ({1000/dictd:,.0f} words/s; python start-up "
      f"{m['python-startup']*1000:.1f} ms taken off)")
for n in (1000, 2000, 4000):
    t = m[f"lexagg-{n}"]
    print(f"lexagg --batch {n} words: {t*1000:.1f} ms  ({n/t:,.0f} words/s, whole process)")
slope = (m["lexagg-4000"] - m["lexagg-1000"]) / 3000
print(f"lexagg marginal cost: {slope*1e6:.1f} us/word ({1/slope:,.0f} words/s); "
      f"2000/1000 time ratio {m['lexagg-2000']/m['lexagg-1000']:.2f}, 4000/1000 {m['lexagg-4000']/m['lexagg-1000']:.2f}")
print(f"throughput ratio lexagg/dictd (1000 words, whole process): {(1000/m['lexagg-1000'])/(1000/dictd):.1f}x (target >= 10x)")
PY

echo
echo "== the same 1000 words against the replay server (Wiktionary), --jobs 8, no cache"
LEXAGG_WIKTIONARY_ENDPOINT="http://127.0.0.1:$replay_port" hyperfine -N --runs 3 --export-json "$work/replay.json" \
  "$lexagg lookup --batch $work/words1000.txt --providers wiktionary --no-cache --jobs 8 --timeout 60" >/dev/null 2>&1
python3 - "$work/replay.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"1000 words via the replay server: {r['median']:.2f} s ({1000/r['median']:,.0f} words/s)")
PY
