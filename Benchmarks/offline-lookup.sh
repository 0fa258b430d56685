#!/usr/bin/env bash
# Offline lookup, whole process: lexagg (static release build, embedded WordNet) against the classic C stack,
# `dict` talking to a real `dictd` on loopback that serves the same files. Two comparisons, each from one run:
#   1. `lookup WORD --providers wordnet` against `dict -d wn WORD` (target <= 1.0x);
#   2. `lookup WORD --offline` (every dictd database lexagg finds, and its cache, empty here) against `dict WORD`
#      asking every database of a dictd that serves the same databases (target <= 1.5x).
# Then lexagg's peak memory and how index lookups scale with index size.
#
#   apt-get install dictd dict hyperfine time      # once
#   Benchmarks/offline-lookup.sh [word] [rounds] [lexagg binary]      # default: builds the static release binary
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

. Benchmarks/common.sh
lexagg=$(installed_binary "${3:-}")
swift build -c release --product IndexScaling >/dev/null
db="$PWD/Providers/DictDatabase/Embedded"
work=$(mktemp -d)
port=$(free_port); all_port=$(free_port)
start_dictd "$work" "$db" "$port"
# The second dictd serves what `lookup --offline` asks: the WordNet files above (LEXAGG_DICT_PATH comes first) and
# every other database in /usr/share/dictd.
mkdir -p "$work/all" && chmod 1777 "$work/all"
{
  echo "global { listen_to 127.0.0.1
           port $all_port }"
  echo "database wn { data \"$db/wn.dict\"
              index \"$db/wn.index\" }"
  for index in /usr/share/dictd/*.index; do
    [ -e "$index" ] || continue
    name=$(basename "$index" .index)
    [ "$name" = wn ] && continue
    body="${index%.index}.dict.dz"; [ -e "$body" ] || body="${index%.index}.dict"
    echo "database $name { data \"$body\"
              index \"$index\" }"
  done
} > "$work/all/dictd.conf"
dictd --config "$work/all/dictd.conf" --pid-file "$work/all/dictd.pid" --listen-to 127.0.0.1 -p "$all_port"
trap 'kill "$(cat "$work/dictd.pid" 2>/dev/null)" "$(cat "$work/all/dictd.pid" 2>/dev/null)" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do dict -h 127.0.0.1 -p "$port" -d wn "$word" >/dev/null 2>&1 && break; sleep 0.1; done
for _ in $(seq 50); do dict -h 127.0.0.1 -p "$all_port" "$word" >/dev/null 2>&1 && break; sleep 0.1; done

# Both sides read the same files: lexagg's WordNet is the one dictd serves, its cache is empty, no history is written.
export LEXAGG_DICT_PATH="$db" LEXAGG_CACHE_DIR="$work/cache" LEXAGG_NO_HISTORY=1
dict_cmd="dict -h 127.0.0.1 -p $port -d wn $word"
lexagg_cmd="$lexagg lookup $word --providers wordnet"
all_cmd="dict -h 127.0.0.1 -p $all_port $word"
offline_cmd="$lexagg lookup $word --offline"
# Same answer from both, or the comparison means nothing.
$dict_cmd | grep -q . && $lexagg_cmd | grep -q .
echo "dict: $($all_cmd 2>/dev/null | grep -c '^From ') of the databases know '$word';" \
  "lexagg --offline: $($offline_cmd 2>&1 | tail -1)"

echo "word: $word    dictd: 127.0.0.1:$port    rounds: $rounds    lexagg: $lexagg"
echo "== 1. lookup $word --providers wordnet against dict -d wn $word"
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 20 --runs 200 --export-json "$work/round$round.json" \
    --command-name dict+dictd "$dict_cmd" --command-name lexagg "$lexagg_cmd" >/dev/null 2>&1
done
ratio_rounds "$work" "$rounds" dict+dictd lexagg "<= 1.0x"
echo "== 2. lookup $word --offline against dict $word (every database)"
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 20 --runs 200 --export-json "$work/round$round.json" \
    --command-name dict-all "$all_cmd" --command-name lexagg-offline "$offline_cmd" >/dev/null 2>&1
done
ratio_rounds "$work" "$rounds" dict-all lexagg-offline "<= 1.5x"
peak=$(/usr/bin/time -f %M "$lexagg" lookup "$word" --providers wordnet 2>&1 >/dev/null | tail -1)
echo "lexagg peak memory: $((peak / 1024)) MB (${peak} kB; target < 40 MB)"
peak=$(/usr/bin/time -f %M "$lexagg" lookup "$word" --offline 2>&1 >/dev/null | tail -1)
echo "lexagg --offline peak memory: $((peak / 1024)) MB (${peak} kB; target < 40 MB)"
echo
"$PWD/.build/release/IndexScaling"
