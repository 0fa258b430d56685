#!/usr/bin/env bash
# Offline lookup, whole process: lexagg (static release build, embedded WordNet) against the classic C stack,
# `dict` talking to a real `dictd` on loopback that serves the same WordNet files. Prints both timings from one
# run and their ratio, lexagg's peak memory, and how index lookups scale with index size.
#
#   apt-get install dictd dict hyperfine time      # once
#   Benchmarks/offline-lookup.sh [word] [rounds]
#
# Machines here are noisy: the two commands alternate in several rounds and the ratio is the median of the
# per-round ratios of medians.
set -euo pipefail
cd "$(dirname "$0")/.."
word="${1:-serendipity}"
rounds="${2:-5}"
for tool in dictd dict hyperfine /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install dictd dict hyperfine time" >&2; exit 1; }
done

swift build -c release --static-swift-stdlib --product lexagg >/dev/null
swift build -c release --product IndexScaling >/dev/null
lexagg="$PWD/.build/release/lexagg"
db="$PWD/Providers/DictDatabase/Embedded"

work=$(mktemp -d); chmod 1777 "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/dictd.conf" <<CONF
global { listen_to 127.0.0.1
         port $port }
database wn { data "$db/wn.dict.dz"
              index "$db/wn.index" }
CONF
dictd --config "$work/dictd.conf" --pid-file "$work/dictd.pid" --listen-to 127.0.0.1 -p "$port"
trap 'kill "$(cat "$work/dictd.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do dict -h 127.0.0.1 -p "$port" -d wn "$word" >/dev/null 2>&1 && break; sleep 0.1; done

dict_cmd="dict -h 127.0.0.1 -p $port -d wn $word"
lexagg_cmd="$lexagg lookup $word --providers wordnet"
# Same answer from both, or the comparison means nothing.
$dict_cmd | grep -q . && LEXAGG_DICT_PATH= $lexagg_cmd | grep -q .

echo "word: $word    dictd: 127.0.0.1:$port    rounds: $rounds"
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 20 --runs 200 --export-json "$work/round$round.json" \
    --command-name dict+dictd "$dict_cmd" --command-name lexagg "$lexagg_cmd" >/dev/null 2>&1
done
python3 - "$work" "$rounds" <<'PY'
import json, statistics, sys
work, rounds = sys.argv[1], int(sys.argv[2])
ratios, dict_ms, lex_ms = [], [], []
for r in range(1, rounds + 1):
    results = {x["command"]: x for x in json.load(open(f"{work}/round{r}.json"))["results"]}
    d, l = results["dict+dictd"]["median"] * 1000, results["lexagg"]["median"] * 1000
    dict_ms.append(d); lex_ms.append(l); ratios.append(l / d)
    print(f"round {r}: dict+dictd {d:.2f} ms   lexagg {l:.2f} ms   ratio {l / d:.2f}x")
print(f"median: dict+dictd {statistics.median(dict_ms):.2f} ms   lexagg {statistics.median(lex_ms):.2f} ms   "
      f"lexagg/dict ratio {statistics.median(ratios):.2f}x (target <= 1.0x)")
PY
peak=$(/usr/bin/time -f %M "$lexagg" lookup "$word" --providers wordnet 2>&1 >/dev/null | tail -1)
echo "lexagg peak memory: $((peak / 1024)) MB (${peak} kB; target < 40 MB)"
echo
"$PWD/.build/release/IndexScaling"
