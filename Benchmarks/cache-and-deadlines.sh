#!/usr/bin/env bash
# Issue 5's benchmarks for the cache and the deadlines, whole processes, figures from one run:
#
# 1. A cached lookup (warm cache, an online provider, the network gone) against the least a program can do to
#    answer from the same cache file: Benchmarks/CacheReader opens it with GRDB and prints one stored row.
#    Target: lexagg / reader <= 1.5x.
# 2. A lookup with one provider that never answers (the replay server's injected stall) and --timeout 2: the
#    command must return within 2.2 s with the other providers' answers.
#
#   apt-get install hyperfine          # once
#   Benchmarks/cache-and-deadlines.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
command -v hyperfine >/dev/null || { echo "needs hyperfine: apt-get install hyperfine" >&2; exit 1; }

swift build -c release --static-swift-stdlib --product lexagg >/dev/null
swift build -c release --static-swift-stdlib --product cache-reader >/dev/null
lexagg="$PWD/.build/release/lexagg"
reader="$PWD/.build/release/cache-reader"

. Benchmarks/common.sh
work=$(mktemp -d)
port=$(free_port); stall_port=$(free_port)
python3 Benchmarks/replay_server.py "$port" & server=$!
python3 Benchmarks/replay_server.py "$stall_port" --stall wiktionary & stalled=$!
trap 'kill $server $stalled 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -s "http://127.0.0.1:$port/api/v2/entries/en/x" >/dev/null && break; sleep 0.1; done

export LEXAGG_CACHE_DIR="$work/cache" LEXAGG_DICT_PATH="$PWD/Fixtures/dictdb"
# As the other benchmarks: no lookup history (issue 19 measures with it off), and the user's own configuration and
# data directories untouched (the runs appended thousands of lines to the user's history before).
export LEXAGG_NO_HISTORY=1 XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export LEXAGG_WIKTIONARY_ENDPOINT="http://127.0.0.1:$port" LEXAGG_FREEDICTIONARY_ENDPOINT="http://127.0.0.1:$port"

echo "== 1. cached lookup vs a trivial reader of the same SQLite file"
"$lexagg" lookup bank --providers wiktionary >/dev/null                 # warm the cache
# A cache as a user's is: 300 other answers stored before (one batch), not one. A process that wrote must leave them
# in the database file, not in the write-ahead log, which every later process would read back before its first read.
python3 -c 'print("\n".join(f"word{i}" for i in range(300)))' > "$work/words300.txt"
"$lexagg" lookup --batch "$work/words300.txt" --providers wiktionary >/dev/null 2>&1
echo "cache file $(stat -c %s "$work/cache/cache.sqlite") bytes, write-ahead log $(stat -c %s "$work/cache/cache.sqlite-wal" 2>/dev/null || echo 0) bytes"
kill $server; wait $server 2>/dev/null || true                         # the network is gone from here on
"$lexagg" lookup bank --providers wiktionary | tail -1
lexagg_cmd="$lexagg lookup bank --providers wiktionary"
# The stored key (`define|<options fingerprint>|*|bank`), read once from the file: the reader looks up exactly that.
key=$(python3 -c 'import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute("SELECT key FROM answer WHERE provider = ? AND key LIKE ?", ("wiktionary", "define|%|bank")).fetchone()[0])' "$work/cache/cache.sqlite")
reader_cmd="$reader $work/cache/cache.sqlite wiktionary $key"
$reader_cmd >/dev/null
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 20 --runs 200 --export-json "$work/round$round.json" \
    --command-name reader "$reader_cmd" --command-name lexagg "$lexagg_cmd" >/dev/null 2>&1
done
ratio_rounds "$work" "$rounds" reader lexagg "<= 1.5x"

echo
echo "== 1b. cached lookup vs lexagg --version (issue 19: the whole process, start-up included)"
# The installed binary (stripped, as README's install leaves it): what a user's shell runs.
mkdir -p .build/bench && install -s "$lexagg" .build/bench/lexagg-cache
installed="$PWD/.build/bench/lexagg-cache"
for round in $(seq "$rounds"); do
  hyperfine -N --warmup 20 --runs 100 --export-json "$work/round$round.json" \
    --command-name version "$installed --version" --command-name cached "$installed lookup bank --providers wiktionary" >/dev/null 2>&1
done
ratio_rounds "$work" "$rounds" version cached "<= 1.5x"

echo
echo "== 2. one provider stalls, --timeout 2"
export LEXAGG_WIKTIONARY_ENDPOINT="http://127.0.0.1:$stall_port" LEXAGG_FREEDICTIONARY_ENDPOINT="http://127.0.0.1:$stall_port"
stall_cmd="$lexagg lookup bank --providers wordnet,wiktionary,freedictionary --timeout 2 --no-cache"
LEXAGG_DICT_PATH= $stall_cmd 2>&1 | tail -1
LEXAGG_DICT_PATH= hyperfine -N --runs 5 -i --export-json "$work/stall.json" "$stall_cmd" >/dev/null 2>&1
python3 - "$work/stall.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
print(f"wall time over {len(r['times'])} runs: mean {r['mean']:.3f} s, max {max(r['times']):.3f} s (target: within 2.2 s)")
PY
