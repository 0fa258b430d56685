#!/usr/bin/env bash
# How many of N random words of a word list `lookup --batch --offline` answers, and how many WordNet answers
# (issue 13: "at least 90 % of 1,000 random /usr/share/dict/words words").
#
#   Benchmarks/offline-coverage.sh [N=1000] [SEED=1] [WORDS=/usr/share/dict/words]
#
# Needs a built lexagg (LEXAGG=path, default .build/release/lexagg, else .build/debug/lexagg), python3, and a word
# list (Debian: apt-get install wamerican), openssl. The same seed gives the same sample. It runs with an empty cache
# and configuration of its own, so only the offline dictionaries answer (not answers cached from the network).
# MISSES=file writes the words not answered there, one a line.
set -euo pipefail
count=${1:-1000}
seed=${2:-1}
words=${3:-/usr/share/dict/words}
lexagg=${LEXAGG:-$( [ -x .build/release/lexagg ] && echo .build/release/lexagg || echo .build/debug/lexagg )}
[ -r "$words" ] || { echo "no word list at $words (apt-get install wamerican)" >&2; exit 2; }
sample=$(mktemp)
home=$(mktemp -d)
trap 'rm -rf "$sample" "$home"' EXIT
# A seeded byte stream for shuf: the same seed, the same uniform sample.
shuf -n "$count" --random-source=<(openssl enc -aes-256-ctr -pass "pass:$seed" -nosalt -pbkdf2 </dev/zero 2>/dev/null) \
    "$words" > "$sample"
HOME=$home XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache XDG_DATA_HOME=$home/data LEXAGG_CACHE_DIR=$home/cache \
LEXAGG_NO_HISTORY=1 "$lexagg" lookup --batch "$sample" --offline --format json 2>/dev/null | python3 -c '
import json, os, sys
total = found = wordnet = lemma = 0
missed = []
for line in sys.stdin:
    document = json.loads(line)
    total += 1
    if document.get("found"):
        found += 1
    else:
        missed.append(document["query"]["term"])
    if document.get("query", {}).get("lemma"):
        lemma += 1
    if any(o["provider"] == "wordnet" and o["status"] == "answered" for o in document.get("outcomes", [])):
        wordnet += 1
print(f"{total} words: {found} answered ({100 * found / total:.1f} %), WordNet {100 * wordnet / total:.1f} %, "
      f"{lemma} through a lemma")
names = sum(1 for word in missed if word[:1].isupper())
print(f"not answered: {len(missed)}, of which {names} capitalised (names); e.g. {missed[:12]}")
if os.environ.get("MISSES"):
    with open(os.environ["MISSES"], "w") as out:
        out.writelines(word + "\n" for word in missed)
'
