#!/usr/bin/env bash
# Issue 19's batch benchmark, figures from one run: `lexagg lookup --batch FILE --providers wordnet --format json`
# (NDJSON written to a file) over N words of the WordNet database against the same N words sent as pipelined
# DEFINEs over one connection to a real dictd serving the same files (Benchmarks/dict_pipeline.py); N = 1,000 in
# alternating rounds for the ratio, then 10,000 and 100,000 to show the cost stays linear. Then the same 1,000
# words against the replay server standing in for Wiktionary (reported, no target).
#
#   apt-get install dictd hyperfine      # once
#   Benchmarks/batch.sh [rounds] [lexagg binary]      # default: builds the static release binary
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
for tool in dictd hyperfine; do command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install dictd hyperfine" >&2; exit 1; }; done

. Benchmarks/common.sh
lexagg=$(lexagg_binary "${2:-}")
db="$PWD/Providers/DictDatabase/Embedded"
work=$(mktemp -d)
port=$(free_port); replay_port=$(free_port)
start_dictd "$work" "$db" "$port"
python3 Benchmarks/replay_server.py "$replay_port" & replay=$!
trap 'kill "$(cat "$work/dictd.pid" 2>/dev/null)" $replay 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1

# N single-word WordNet headwords, the same for both sides (fixed seed; as a learner's list would be). WordNet has
# fewer than 100,000 single words: the longest list repeats them in a new order.
python3 - "$db/wn.index" "$work" <<'PY'
import random, sys
words = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")
         if not l.startswith("00-database") and " " not in l.split("\t")[0]]
rng = random.Random(2229)
rng.shuffle(words)
for n in (1000, 10000, 100000):
    chosen = []
    while len(chosen) < n:
        chosen += words[:n - len(chosen)]
        rng.shuffle(words)
    open(f"{sys.argv[2]}/words{n}.txt", "w").write("\n".join(chosen) + "\n")
PY

export LEXAGG_DICT_PATH="$db" LEXAGG_NO_HISTORY=1
# Both sides find the same words, or the comparison means nothing.
"$lexagg" lookup --batch "$work/words1000.txt" --providers wordnet --format json >"$work/out.ndjson" 2>"$work/summary1000"
python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$port" wn "$work/words1000.txt" > "$work/dictd1000"
echo "lexagg: $(tail -1 "$work/summary1000")    dictd: $(cat "$work/dictd1000")"
echo "lexagg binary: $lexagg"
# hyperfine -N runs without a shell, so the NDJSON goes to a file through --output.
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 2 --runs 10 --export-json "$work/round$round.json" --output "$work/out.ndjson" \
    --command-name dictd-1000 "python3 Benchmarks/dict_pipeline.py 127.0.0.1 $port wn $work/words1000.txt" \
    --command-name lexagg-1000 "$lexagg lookup --batch $work/words1000.txt --providers wordnet --format json" \
    --command-name python-startup "python3 -c pass" >/dev/null 2>&1
done
hyperfine -N --runs 3 --export-json "$work/large.json" --output "$work/out.ndjson" \
  --command-name lexagg-10000 "$lexagg lookup --batch $work/words10000.txt --providers wordnet --format json" \
  --command-name lexagg-100000 "$lexagg lookup --batch $work/words100000.txt --providers wordnet --format json" \
  >/dev/null 2>&1
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
rows, user = {}, {}
for r in range(1, rounds + 1):
    for x in json.load(open(f"{work}/round{r}.json"))["results"]:
        rows.setdefault(x["command"], []).append(x["median"])
        user.setdefault(x["command"], []).append(x["user"] + x["system"])
for x in json.load(open(f"{work}/large.json"))["results"]:
    rows[x["command"]] = [x["median"]]
    user[x["command"]] = [x["user"] + x["system"]]
m = {k: statistics.median(v) for k, v in rows.items()}
cpu = {k: statistics.median(v) for k, v in user.items()}
# The pipelined client is a Python process: its interpreter start-up is not dictd's work, so it is taken off.
dictd = m["dictd-1000"] - m["python-startup"]
print(f"dictd, 1000 pipelined DEFINEs on one connection: {dictd*1000:.1f} ms  ({1000/dictd:,.0f} words/s; python start-up "
      f"{m['python-startup']*1000:.1f} ms taken off)")
for n in (1000, 10000, 100000):
    t = m[f"lexagg-{n}"]
    print(f"lexagg --batch {n:>6} words, NDJSON to a file: {t*1000:8.1f} ms wall, {cpu[f'lexagg-{n}']*1000:8.1f} ms CPU "
          f"({n/t:,.0f} words/s, whole process)")
print(f"per word: 1k {m['lexagg-1000']/1000*1e6:.1f} us, 10k {m['lexagg-10000']/10000*1e6:.1f} us, "
      f"100k {m['lexagg-100000']/100000*1e6:.1f} us (linear when these stay close)")
print(f"throughput ratio lexagg/dictd (1000 words, whole process): {(1000/m['lexagg-1000'])/(1000/dictd):.2f}x (target >= 10x)")
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
