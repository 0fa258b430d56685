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

. Benchmarks/common.sh
work=$(mktemp -d)
port=$(free_port)
start_dictd "$work" "$db" "$port"
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
ratio_rounds "$work" "$rounds" dict+dictd lexagg "<= 1.0x"
peak=$(/usr/bin/time -f %M "$lexagg" lookup "$word" --providers wordnet 2>&1 >/dev/null | tail -1)
echo "lexagg peak memory: $((peak / 1024)) MB (${peak} kB; target < 40 MB)"
echo
"$PWD/.build/release/IndexScaling"
