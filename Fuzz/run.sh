#!/usr/bin/env bash
# Builds lexagg's libFuzzer targets and runs them: Fuzz/run.sh [--seconds N] [target…]
#
# Every parser of outside data has a target (Fuzz/Sources/LexAggFuzz/FuzzTargets.swift); with no target named, all
# run, one after the other, N seconds each (default 60). Seeds come from the project's fixtures and Fuzz/seeds;
# the corpus grows in .build/fuzz-corpus/<target> and crashing inputs land in .build/fuzz-crashes/<target>/.
# At the end a table gives, per target, the runs, executions per second, corpus size and crashes.
# Exit status: 0 when nothing crashed, 1 when something did, 2 when the build failed.
#
# Inputs are capped per target at a length that fits its format (max_len below). Needs swiftc with -sanitize=fuzzer
# (the Linux toolchains have it). Not run by CI: it is for people (and for the numbers in issue 17's closing note).
# Every crash found becomes a regression test in the suite of its parser.
set -uo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
seconds=60
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        --seconds=*) seconds="${1#*=}"; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option $1 (Fuzz/run.sh --help)" >&2; exit 64 ;;
        *) targets+=("$1"); shift ;;
    esac
done

# LEXAGG_FUZZ=1 makes Package.swift add the target and build lexagg's own modules optimised (-O) and instrumented
# (-sanitize=fuzzer,address); dependencies keep the ordinary flags. Its own build directory by default;
# LEXAGG_FUZZ_SCRATCH=.build reuses the ordinary one's dependencies (BoringSSL alone is 400 C files) at the price of
# recompiling lexagg's own modules at the next ordinary build.
scratch="${LEXAGG_FUZZ_SCRATCH:-$root/.build/fuzz}"
case "$scratch" in /*) ;; *) scratch="$root/$scratch" ;; esac
mkdir -p "$scratch"
echo "building lexagg-fuzz (address sanitizer, libFuzzer coverage) in $scratch …" >&2
if ! LEXAGG_FUZZ=1 swift build --scratch-path "$scratch" --product lexagg-fuzz >"$root/.build/fuzz-build.log" 2>&1; then
    grep -E "error" "$root/.build/fuzz-build.log" | head -20 >&2
    echo "build failed; the whole log is in .build/fuzz-build.log" >&2
    exit 2
fi
binary="$(LEXAGG_FUZZ=1 swift build --scratch-path "$scratch" --show-bin-path)/lexagg-fuzz"
[ ${#targets[@]} -eq 0 ] && mapfile -t targets < <(grep -o 'FuzzTarget(name: "[^"]*"' Fuzz/Sources/LexAggFuzz/FuzzTargets.swift | cut -d'"' -f2)

# Seed files for a target: fixtures in the shapes the parsers meet, and Fuzz/seeds/<target>.
seed() {
    local target=$1 corpus=$2
    local sources=()
    case "$target" in
        wikitext) sources=(Fixtures/wiktionary/pages/*) ;;
        wiktionary-json) sources=(Fixtures/wiktionary/responses/*) ;;
        freedictionary-json) sources=(Fixtures/freedictionary/*) ;;
        pons-json) sources=(Fixtures/pons/*) ;;
        randomword-json) sources=(Fixtures/randomword/*) ;;
        dictzip) sources=(Fixtures/dictdb/*.dict.dz) ;;
        html-text) sources=(Fixtures/freedictionary/*.html Fixtures/randomword/*.html Fixtures/wiktionary/responses/*.html) ;;
        dictd-index)
            for index in Fixtures/dictdb/*.index; do head -c 4000 "$index" >"$corpus/$(basename "$index")"; done ;;
        dict-text)
            for body in Fixtures/dictdb/*.dict.dz; do
                gzip -dc "$body" 2>/dev/null | head -c 6000 >"$corpus/$(basename "$body" .dict.dz).txt"
            done ;;
    esac
    [ -d "Fuzz/seeds/$target" ] && sources+=("Fuzz/seeds/$target"/*)
    for file in "${sources[@]}"; do [ -f "$file" ] && cp "$file" "$corpus/"; done
}

# The longest input per target, in bytes: as long as the format's real inputs (a Wiktionary page or a DICT entry runs
# to several kilobytes, a config or an import line to far less), and no longer — every run parses the whole input,
# so a needless 64 KB cap spends the minute on a few huge inputs instead of many varied ones. Longer seeds are cut.
max_len() {
    case "$1" in
        wikitext|wiktionary-json|dictzip) echo 16384 ;;
        dict-text|html-text) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

report=()
crashed=0
for target in "${targets[@]}"; do
    corpus="$root/.build/fuzz-corpus/$target"
    crashes="$root/.build/fuzz-crashes/$target"
    mkdir -p "$corpus" "$crashes"
    seed "$target" "$corpus"
    log="$root/.build/fuzz-corpus/$target.log"
    echo "fuzzing $target for $seconds s …" >&2
    # Swift's runtime keeps caches alive to the end: leak reports would be noise, not findings.
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 LEXAGG_FUZZ_TARGET="$target" "$binary" \
        -max_total_time="$seconds" -print_final_stats=1 -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1
    status=$?
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
    speed=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
    found=$(find "$crashes" -type f | wc -l)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
        crashed=1
        echo "  $target: exit $status, $found crashing input(s) in $crashes; log $log" >&2
    fi
    report+=("$(printf '%-20s %12s %10s %8s %8s' "$target" "${runs:-?}" "${speed:-?}" "$size" "$found")")
done

printf '\n%-20s %12s %10s %8s %8s\n' target runs "exec/s" corpus crashes
printf '%s\n' "${report[@]}"
exit $crashed
