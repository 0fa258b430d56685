#!/usr/bin/env bash
# Issue 16's benchmark: cached lookups per second through the shared PostgreSQL store against through the SQLite
# cache file, on the same machine. `serve http` (the release build) with Wiktionary on the loopback replay server
# (Benchmarks/replay_server.py: every word has an answer), 1,000 distinct words each looked up once to fill the
# cache, then wrk cycling through them (`/v1/lookup?word=…&providers=wiktionary`): every request is a fresh cached
# answer read from the store. One run with the SQLite file, one with LEXAGG_STORE_URL on a throwaway PostgreSQL
# cluster (.ci/postgres-start), alternating for ROUNDS rounds; prints lookups/s of each, and the median ratio
# PostgreSQL / SQLite.
#
#   apt-get install wrk postgresql      # once
#   Benchmarks/shared-store.sh [seconds] [connections] [rounds]
#   LEXAGG=.build/debug/lexagg Benchmarks/shared-store.sh     # another binary, without building
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${2:-16}"
rounds="${3:-2}"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 1; }
. Benchmarks/common.sh

if [ -z "${LEXAGG:-}" ]; then
  swift build -c release --static-swift-stdlib --product lexagg >/dev/null
  LEXAGG="$PWD/.build/release/lexagg"
fi
lexagg="$(cd "$(dirname "$LEXAGG")" && pwd)/$(basename "$LEXAGG")"
work=$(mktemp -d)
chmod 755 "$work"
pg_url="$(.ci/postgres-start)"
replay_port=$(free_port)
python3 Benchmarks/replay_server.py "$replay_port" & replay=$!
server=""
trap 'kill $replay $server 2>/dev/null || true; .ci/postgres-stop "$pg_url" || true; rm -rf "$work"' EXIT
echo "PostgreSQL: $pg_url; replay server on port $replay_port"

python3 - "$work" <<'PY'
import sys
words = ["benchword%04d" % i for i in range(1000)]
open(f"{sys.argv[1]}/words.txt", "w").write("\n".join(words) + "\n")
paths = ",".join('"/v1/lookup?providers=wiktionary&word=%s"' % w for w in words)
open(f"{sys.argv[1]}/lookups.lua", "w").write(
    "local paths = {%s}\nlocal i = 0\nrequest = function()\n  i = i %% #paths + 1\n"
    "  return wrk.format(\"GET\", paths[i])\nend\n" % paths)
PY

# run NAME [store URL]: one server on a fresh cache (SQLite file or the database), warm-up, wrk; prints lookups/s.
run() {
  local name="$1" store="${2:-}" home="$work/$1"
  rm -rf "$home"; mkdir -p "$home"
  if [ -n "$store" ]; then
    psql -q "$store" -c "TRUNCATE cache_answer" 2>/dev/null || true
  fi
  HOME="$home" LEXAGG_CACHE_DIR="$home/cache" LEXAGG_DATA_DIR="$home/data" LEXAGG_PROVIDERS=wiktionary \
    LEXAGG_WIKTIONARY_ENDPOINT="http://127.0.0.1:$replay_port" LEXAGG_STORE_URL="$store" \
    "$lexagg" --ui-language en serve http --port 0 --rate-limit 0 --max-concurrent 1024 --quiet > "$home/out" 2>"$home/err" & server=$!
  for _ in $(seq 100); do grep -q "serving HTTP" "$home/out" 2>/dev/null && break; sleep 0.1; done
  local base; base=$(awk '{print $NF; exit}' "$home/out")
  local cached=0
  while read -r word; do
    curl -s -o /dev/null "$base/v1/lookup?providers=wiktionary&word=$word"
  done < "$work/words.txt"
  # Every word is now a fresh cached answer.
  cached=$(curl -s "$base/v1/lookup?providers=wiktionary&word=benchword0999" | grep -c '"origin" *: *"cache"' || true)
  [ "$cached" -ge 1 ] || { echo "$name: the warm-up did not fill the cache" >&2; cat "$home/err" >&2; exit 1; }
  wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$work/lookups.lua" "$base" > "$home/wrk.txt"
  kill "$server"; wait "$server" 2>/dev/null || true; server=""
  python3 - "$home/wrk.txt" "$name" <<'PY' | tee -a "$work/results.txt"
import re, sys
text = open(sys.argv[1]).read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
print(f"{sys.argv[2]} {rps:.1f} {ms:.2f} {int(errors.group(1)) if errors else 0}")
PY
}

# The schema exists before the first round (so no round pays for migrating).
LEXAGG_STORE_URL="$pg_url" HOME="$work" "$lexagg" store migrate
for round in $(seq "$rounds"); do
  echo "round $round"
  run sqlite
  run postgres "$pg_url"
done
python3 - "$work/results.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
sqlite = [float(r[1]) for r in rows if r[0] == "sqlite"]
postgres = [float(r[1]) for r in rows if r[0] == "postgres"]
ratios = [p / s for s, p in zip(sqlite, postgres)]
for name, values, p99s in (("SQLite", sqlite, [r[2] for r in rows if r[0] == "sqlite"]),
                           ("PostgreSQL", postgres, [r[2] for r in rows if r[0] == "postgres"])):
    print(f"{name:10}: cached lookups/s per round " + ", ".join(f"{v:,.0f}" for v in values)
          + " (p99 ms " + ", ".join(p99s) + ")")
print(f"PostgreSQL / SQLite cached-lookup throughput ratio (median of rounds): {statistics.median(ratios):.2f}x")
PY
