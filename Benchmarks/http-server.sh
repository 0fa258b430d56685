#!/usr/bin/env bash
# Issue 15's `serve http` benchmark, figures from one run: wrk on loopback against the release build's server,
# lookups of 1,000 distinct WordNet words through the dictionaryapi.dev route (each word asked once before, so the
# run measures warm lookups; WordNet is an offline dictionary, which lexagg reads directly rather than from its
# cache of online answers) against /healthz on the same server. Prints requests/s of both, the ratio (target:
# lookups at least 0.5x /healthz) and both p99 latencies.
#
#   apt-get install wrk      # once
#   Benchmarks/http-server.sh [seconds] [connections]
#   LEXAGG=.build/debug/lexagg Benchmarks/http-server.sh     # another binary, without building
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
connections="${2:-32}"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 1; }

if [ -z "${LEXAGG:-}" ]; then
  swift build -c release --static-swift-stdlib --product lexagg >/dev/null
  LEXAGG="$PWD/.build/release/lexagg"
fi
lexagg="$(cd "$(dirname "$LEXAGG")" && pwd)/$(basename "$LEXAGG")"
db="$PWD/Providers/DictDatabase/Embedded"
work=$(mktemp -d)
# WordNet only (lookup.providers): the run measures the server and the lookup service, not the network.
export HOME="$work" LEXAGG_CACHE_DIR="$work/cache" LEXAGG_DICT_PATH="$db" LEXAGG_PROVIDERS=wordnet
"$lexagg" --ui-language en serve http --port 0 --rate-limit 0 --max-concurrent 1024 --quiet > "$work/out" 2>"$work/err" & server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q "serving HTTP" "$work/out" 2>/dev/null && break; sleep 0.1; done
base=$(awk '{print $NF; exit}' "$work/out")
echo "server: $base (pid $server)"

# 1,000 distinct single-word WordNet headwords (fixed seed), as a wrk script cycling through them.
python3 - "$db/wn.index" "$work" <<'PY'
import random, sys, urllib.parse
words = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")
         if not l.startswith("00-database") and " " not in l.split("\t")[0] and l.split("\t")[0].isalpha()]
random.Random(15).shuffle(words)
words = words[:1000]
open(f"{sys.argv[2]}/words.txt", "w").write("\n".join(words) + "\n")
paths = ",".join('"/api/v2/entries/en/%s"' % urllib.parse.quote(w) for w in words)
open(f"{sys.argv[2]}/lookups.lua", "w").write(
    "local paths = {%s}\nlocal i = 0\nrequest = function()\n  i = i %% #paths + 1\n"
    "  return wrk.format(\"GET\", paths[i])\nend\n" % paths)
PY
# Warm-up: every word once (and check they are all found).
found=0
while read -r word; do
  status=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/v2/entries/en/$word")
  [ "$status" = 200 ] && found=$((found + 1))
done < "$work/words.txt"
echo "warm-up: $found of 1000 words found"

threads=2
wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency "$base/healthz" > "$work/healthz.txt"
wrk -t"$threads" -c"$connections" -d"${seconds}s" --latency -s "$work/lookups.lua" "$base" > "$work/lookups.txt"
python3 - "$work/healthz.txt" "$work/lookups.txt" <<'PY'
import re, sys
def read(path):
    text = open(path).read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", text)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, float(p99.group(1)) * scale, int(errors.group(1)) if errors else 0
h_rps, h_p99, h_err = read(sys.argv[1])
l_rps, l_p99, l_err = read(sys.argv[2])
print(f"/healthz: {h_rps:,.0f} requests/s, p99 {h_p99:.2f} ms, non-2xx {h_err}")
print(f"lookups:  {l_rps:,.0f} requests/s, p99 {l_p99:.2f} ms, non-2xx {l_err}")
print(f"lookups / healthz throughput ratio {l_rps / h_rps:.2f}x (target at least 0.5x)")
PY
