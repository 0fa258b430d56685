#!/usr/bin/env bash
# Instructions per request of `serve http`, counted by callgrind (valgrind) rather than timed, so the figures do not
# depend on how busy the machine is: /healthz against warm dictionaryapi.dev lookups of N distinct WordNet words (the
# words of Benchmarks/http-server.sh, each asked twice before counting), one request at a time on one connection.
# Prints both figures and their ratio (healthz / lookup: what the throughput ratio would be if instructions were
# all that counted), and keeps the callgrind files for `callgrind_annotate` (the release binary's debug information
# is stripped first: valgrind cannot read Swift's).
#
#   apt-get install valgrind curl      # once
#   Benchmarks/http-callgrind.sh [words] [output directory]
#   LEXAGG=path/to/lexagg Benchmarks/http-callgrind.sh     # another binary, without building
#   callgrind_annotate --inclusive=yes OUT/callgrind.lookups | swift demangle --simplified | less
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-200}"
out="${2:-$(mktemp -d)}"
for tool in valgrind callgrind_control curl python3; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install valgrind curl" >&2; exit 1; }
done
if [ -z "${LEXAGG:-}" ]; then
  swift build -c release --static-swift-stdlib --product lexagg >/dev/null
  LEXAGG="$PWD/.build/release/lexagg"
fi
db="$PWD/Providers/DictDatabase/Embedded"
work=$(mktemp -d)
mkdir -p "$out"
strip --strip-debug -o "$work/lexagg" "$LEXAGG"
# WordNet only, answers kept for an hour (the server runs slowly under valgrind).
export HOME="$work" LEXAGG_CACHE_DIR="$work/cache" LEXAGG_DICT_PATH="$db" LEXAGG_PROVIDERS=wordnet LEXAGG_SERVER_MEMO_TTL=3600
valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.%p" \
  "$work/lexagg" --ui-language en serve http --port 0 --rate-limit 0 --quiet > "$work/out" 2>"$work/valgrind" & server=$!
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q "serving HTTP" "$work/out" 2>/dev/null && break; sleep 0.2; done
base=$(awk '{print $NF; exit}' "$work/out")

python3 - "$db/wn.index" "$work" "$count" "$base" <<'PY'
import random, sys, urllib.parse
words = [l.split("\t")[0] for l in open(sys.argv[1], encoding="utf-8")
         if not l.startswith("00-database") and " " not in l.split("\t")[0] and l.split("\t")[0].isalpha()]
random.Random(15).shuffle(words)
words, directory, base = words[:int(sys.argv[3])], sys.argv[2], sys.argv[4]
with open(f"{directory}/lookups.curl", "w") as f:
    for word in words:
        f.write('url = "%s/api/v2/entries/en/%s"\noutput = "/dev/null"\n' % (base, urllib.parse.quote(word)))
with open(f"{directory}/healthz.curl", "w") as f:
    f.write(('url = "%s/healthz"\noutput = "/dev/null"\n' % base) * len(words))
PY
for _ in 1 2; do curl -s -K "$work/lookups.curl"; curl -s -K "$work/healthz.curl"; done
for part in healthz lookups; do
  callgrind_control -z "$server" >/dev/null
  curl -s -K "$work/$part.curl"
  callgrind_control -d "$part" "$server" >/dev/null
done
sleep 1
instructions() {
  local file
  file=$(grep -l "^desc: Trigger: dump $1" "$out"/callgrind.* | head -1)
  cp "$file" "$out/callgrind.$1"
  awk '/^summary:/ {print $2; exit}' "$file"
}
healthz=$(instructions healthz)
lookups=$(instructions lookups)
python3 - "$healthz" "$lookups" "$count" <<'PY'
import sys
healthz, lookups, count = int(sys.argv[1]) / int(sys.argv[3]), int(sys.argv[2]) / int(sys.argv[3]), int(sys.argv[3])
print(f"/healthz: {healthz:,.0f} instructions per request ({count} requests)")
print(f"lookups:  {lookups:,.0f} instructions per request ({count} warm words)")
print(f"healthz / lookup instructions {healthz / lookups:.2f}x")
PY
echo "callgrind files: $out/callgrind.healthz, $out/callgrind.lookups"
