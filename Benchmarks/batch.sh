#!/usr/bin/env bash
# Issue 19's batch benchmark, figures from one run: `lexagg lookup --batch FILE --providers wordnet --format json`
# (NDJSON written to a file) over N words of the WordNet database against the same N words sent as pipelined
# DEFINEs over one connection to a real dictd (Benchmarks/dict_pipeline.py, timed from connecting to the last answer,
# so the Python client's start-up is not counted). Two dictds:
#   - serving the same files lexagg reads (the embedded WordNet: its text plain, a `.dict`);
#   - serving WordNet as Debian's dict-wn ships it: the same text in dictzip's own 58 KB chunks (the setup the issue
#     measured first; dictd inflates a whole chunk for every entry it reads, as lexagg did).
# N = 1,000 in alternating rounds for the ratios (median of per-round ratios), then 10,000 and 100,000 to show the
# cost stays linear. Then the same 1,000 words against the replay server standing in for Wiktionary (no target).
#
#   apt-get install dictd hyperfine      # once
#   Benchmarks/batch.sh [rounds] [lexagg binary]      # default: builds the static release binary; measured stripped
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
for tool in dictd hyperfine; do command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install dictd hyperfine" >&2; exit 1; }; done

. Benchmarks/common.sh
lexagg=$(installed_binary "${2:-}")
db="$PWD/Providers/DictDatabase/Embedded"
work=$(mktemp -d)
port=$(free_port); debian_port=$(free_port); replay_port=$(free_port)
start_dictd "$work" "$db" "$port"
mkdir -p "$work/debian"
cp "$db/wn.index" "$work/debian/"
python3 Scripts/rechunk-dictzip.py "$db/wn.dict" "$work/debian/wn.dict.dz" --chunk 58315 >/dev/null
start_dictd "$work/debian" "$work/debian" "$debian_port"
python3 Benchmarks/replay_server.py "$replay_port" & replay=$!
trap 'kill "$(cat "$work/dictd.pid" 2>/dev/null)" "$(cat "$work/debian/dictd.pid" 2>/dev/null)" $replay 2>/dev/null || true; rm -rf "$work"' EXIT
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
echo "lexagg: $(tail -1 "$work/summary1000")    dictd: $(python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$port" wn "$work/words1000.txt")"
echo "lexagg binary: $lexagg"
# hyperfine -N runs without a shell, so the NDJSON goes to a file through --output.
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 2 --runs 10 --export-json "$work/round$round.json" --output "$work/out.ndjson" \
    --command-name lexagg-1000 "$lexagg lookup --batch $work/words1000.txt --providers wordnet --format json" >/dev/null 2>&1
  python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$port" wn "$work/words1000.txt" 10 > "$work/same$round"
  python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$debian_port" wn "$work/words1000.txt" 10 > "$work/debian$round"
done
hyperfine -N --runs 3 --export-json "$work/large.json" --output "$work/out.ndjson" \
  --command-name lexagg-10000 "$lexagg lookup --batch $work/words10000.txt --providers wordnet --format json" \
  --command-name lexagg-100000 "$lexagg lookup --batch $work/words100000.txt --providers wordnet --format json" \
  >/dev/null 2>&1
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
m, cpu, same, debian = {}, {}, [], []
for r in range(1, rounds + 1):
    x = json.load(open(f"{work}/round{r}.json"))["results"][0]
    m.setdefault("lexagg-1000", []).append(x["median"])
    cpu.setdefault("lexagg-1000", []).append(x["user"] + x["system"])
    same.append(float(open(f"{work}/same{r}").read()) / 1000)
    debian.append(float(open(f"{work}/debian{r}").read()) / 1000)
    print(f"round {r}: lexagg {x['median']*1000:.1f} ms   dictd (same files) {same[-1]*1000:.1f} ms   "
          f"dictd (Debian's 58 KB chunks) {debian[-1]*1000:.1f} ms")
for x in json.load(open(f"{work}/large.json"))["results"]:
    m[x["command"]] = [x["median"]]
    cpu[x["command"]] = [x["user"] + x["system"]]
lexagg_rounds = m["lexagg-1000"]
m = {k: statistics.median(v) for k, v in m.items()}
cpu = {k: statistics.median(v) for k, v in cpu.items()}
for name, times in (("the same files", same), ("Debian's dict-wn chunks", debian)):
    t = statistics.median(times)
    print(f"dictd ({name}), 1000 pipelined DEFINEs on one connection: {t*1000:.1f} ms ({1000/t:,.0f} words/s)")
for n in (1000, 10000, 100000):
    t = m[f"lexagg-{n}"]
    print(f"lexagg --batch {n:>6} words, NDJSON to a file: {t*1000:8.1f} ms wall, {cpu[f'lexagg-{n}']*1000:8.1f} ms CPU "
          f"({n/t:,.0f} words/s, whole process)")
print(f"per word: 1k {m['lexagg-1000']/1000*1e6:.1f} us, 10k {m['lexagg-10000']/10000*1e6:.1f} us, "
      f"100k {m['lexagg-100000']/100000*1e6:.1f} us (linear when these stay close)")
for name, times in (("the same files", same), ("Debian's dict-wn chunks", debian)):
    ratio = statistics.median(d / l for d, l in zip(times, lexagg_rounds))
    print(f"throughput ratio lexagg/dictd serving {name} (1000 words, lexagg's whole process): {ratio:.2f}x (target >= 10x)")
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
