#!/usr/bin/env bash
# Issue 15's DICT server benchmark, figures from one run: 1,000 pipelined DEFINEs on one connection
# (Benchmarks/dict_pipeline.py) to `lexagg serve dict` over the embedded WordNet and to a real dictd serving the same
# files, alternated in rounds (hyperfine), and the throughput ratio lexagg/dictd (target >= 1x).
#
#   apt-get install dictd hyperfine      # once
#   Benchmarks/dict-server.sh [rounds]          (LEXAGG=.build/debug/lexagg: another binary, no build)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
for tool in dictd hyperfine python3; do command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install dictd hyperfine" >&2; exit 1; }; done

# LEXAGG=path/to/lexagg measures that binary instead of a fresh release build (a debug build's figures are not the target's).
lexagg="${LEXAGG:-}"
if [ -z "$lexagg" ]; then
  swift build -c release --static-swift-stdlib --product lexagg >/dev/null
  lexagg="$PWD/.build/release/lexagg"
fi
db="$PWD/Providers/DictDatabase/Embedded"
. Benchmarks/common.sh
work=$(mktemp -d)
dictd_port=$(free_port)
start_dictd "$work" "$db" "$dictd_port"
# lexagg with nothing of the user's: its own configuration and cache directories, WordNet as the one database.
XDG_CONFIG_HOME="$work/config" XDG_CACHE_HOME="$work/cache" XDG_DATA_HOME="$work/data" \
  "$lexagg" --ui-language en serve dict --port 0 --providers wordnet > "$work/serve.out" 2> "$work/serve.err" & lexagg_pid=$!
trap 'kill "$(cat "$work/dictd.pid" 2>/dev/null)" $lexagg_pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q "listening on" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
lexagg_port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/serve.out")
[ -n "$lexagg_port" ] || { echo "lexagg serve dict did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
sleep 0.5

# 1000 distinct WordNet headwords, the same for both sides (fixed seed, as Benchmarks/batch.sh).
python3 - "$db/wn.index" "$work" <<'PY'
import random, sys
words = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")
         if not l.startswith("00-database") and " " not in l.split("\t")[0]]
random.Random(2229).shuffle(words)
open(f"{sys.argv[2]}/words.txt", "w").write("\n".join(words[:1000]) + "\n")
PY

# Both sides find the same words, or the comparison means nothing.
echo "dictd: $(python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$dictd_port" wn "$work/words.txt")    lexagg: $(python3 Benchmarks/dict_pipeline.py 127.0.0.1 "$lexagg_port" wordnet "$work/words.txt")"
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 3 --runs 15 --export-json "$work/round$round.json" \
    --command-name dictd "python3 Benchmarks/dict_pipeline.py 127.0.0.1 $dictd_port wn $work/words.txt" \
    --command-name lexagg "python3 Benchmarks/dict_pipeline.py 127.0.0.1 $lexagg_port wordnet $work/words.txt" \
    --command-name python-startup "python3 -c pass" >/dev/null 2>&1
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
ratios = []
for r in range(1, rounds + 1):
    m = {x["command"]: x["median"] for x in json.load(open(f"{work}/round{r}.json"))["results"]}
    # The client is a Python process: its interpreter start-up is neither server's work, so it is taken off both.
    dictd, lexagg = m["dictd"] - m["python-startup"], m["lexagg"] - m["python-startup"]
    ratios.append(dictd / lexagg)
    print(f"round {r}: dictd {dictd*1000:.1f} ms ({1000/dictd:,.0f} DEFINEs/s)   lexagg {lexagg*1000:.1f} ms "
          f"({1000/lexagg:,.0f} DEFINEs/s)   throughput ratio lexagg/dictd {dictd/lexagg:.2f}x")
print(f"median throughput ratio lexagg/dictd, 1000 pipelined DEFINEs on one connection: {statistics.median(ratios):.2f}x (target >= 1x)")
PY
grep -h "VmHWM" /proc/$lexagg_pid/status 2>/dev/null | sed 's/^/lexagg serve dict peak memory: /' || true
