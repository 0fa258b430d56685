#!/usr/bin/env bash
# Builds lexagg's libFuzzer targets and runs them: Fuzz/run.sh [--seconds N] [--runs N] [--jobs J] [--timeout T] [target…]
#
# Every parser of outside data has a target (Fuzz/Sources/LexAggFuzz/FuzzTargets.swift); with no target named, all
# run, one after the other. Each target runs for N seconds (--seconds, default 60 when --runs is not given) and/or
# until it has run N inputs (--runs: libFuzzer's -runs, summed over the workers), whichever comes first.
# --jobs J runs J libFuzzer processes per target at once on the same corpus (each picks up what the others find),
# one per core; the runs of a target are split between them and summed in the report.
# --timeout T (default 10): an input still running after T seconds is a finding (a hang), saved as timeout-*; one that
# finished but took longer than T is saved as slow-unit-* (libFuzzer's own threshold, 10 s, is set to T). libFuzzer
# measures wall time, so a worker paused longer than T (SIGSTOP, e.g. while a benchmark runs) reports a false hang and
# stops: on a shared machine give more.
# Seeds come from the project's fixtures and Fuzz/seeds; the corpus grows in .build/fuzz-corpus/<target> and
# crashing inputs land in .build/fuzz-crashes/<target>/. At the end a table gives, per target, the runs, executions
# per second (runs over the target's wall time, all workers together), seconds, corpus size and crashes, with totals.
# Exit status: 0 when nothing crashed, 1 when something did, 2 when the build failed, 64 for a bad option.
#
# Examples:  Fuzz/run.sh --seconds 60                  every target, a minute each
#            Fuzz/run.sh --runs 1000000 --jobs 2       every target to a million runs, on two cores
#            Fuzz/run.sh --seconds 300 wikitext dictzip
#
# Inputs are capped per target at a length that fits its format (max_len below). Needs swiftc with -sanitize=fuzzer
# (the Linux toolchains have it). Not run by CI: it is for people (and for the numbers in issue 17's closing note).
# Every crash found becomes a regression test in the suite of its parser.
set -uo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
command="Fuzz/run.sh $*"
seconds=""
runs=""
jobs=1
timeout=10
targets=()
usage() { echo "$1 (Fuzz/run.sh --help)" >&2; exit 64; }
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds|--runs|--jobs|--timeout) [ $# -ge 2 ] || usage "$1 needs a number"; option="${1#--}"; value="$2"; shift 2 ;;
        --seconds=*|--runs=*|--jobs=*|--timeout=*) option="${1%%=*}"; option="${option#--}"; value="${1#*=}"; shift ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        -*) usage "unknown option $1" ;;
        *) targets+=("$1"); shift; continue ;;
    esac
    [[ "$value" =~ ^[1-9][0-9]*$ ]] || usage "--$option needs a whole number above 0, not '$value'"
    printf -v "$option" '%s' "$value"
done
[ -z "$seconds" ] && [ -z "$runs" ] && seconds=60
mapfile -t known < <(grep -o 'FuzzTarget(name: "[^"]*"' Fuzz/Sources/LexAggFuzz/FuzzTargets.swift | cut -d'"' -f2)
[ ${#targets[@]} -eq 0 ] && targets=("${known[@]}")
for target in "${targets[@]}"; do
    [[ " ${known[*]} " == *" $target "* ]] || usage "unknown target $target; the targets: ${known[*]}"
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
        wiktextract-line)
            for dump in Fixtures/wiktextract/*.jsonl; do split -l 1 -d -a 3 "$dump" "$corpus/$(basename "$dump" .jsonl)-"; done ;;
        wiktextract-import)
            sources=(Fixtures/wiktextract/*.jsonl)
            for dump in Fixtures/wiktextract/*.jsonl; do gzip -c "$dump" >"$corpus/$(basename "$dump").gz"; done ;;
        dataset-metadata)
            # The metadata of a dataset the fuzz binary's own importer writes: the JSON after the last "\n{".
            local made
            made=$(mktemp -d)
            ASAN_OPTIONS=detect_leaks=0 "$binary" import-seed Fixtures/wiktextract/sample.jsonl "$made" >/dev/null \
                && python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); sys.stdout.buffer.write(d[d.rindex(b"{\"formatVersion\"") if b"{\"formatVersion\"" in d else d.rindex(b"\n{") + 1:])' "$made"/*.lexwk >"$corpus/metadata.json"
            rm -rf "$made" ;;
        wiktextract-dataset)
            # A dataset in this build's format, imported from the fixture by the fuzz binary's own importer.
            local made
            made=$(mktemp -d)
            ASAN_OPTIONS=detect_leaks=0 "$binary" import-seed Fixtures/wiktextract/sample.jsonl "$made" >/dev/null \
                && cp "$made"/*.lexwk "$corpus/"
            rm -rf "$made" ;;
        key-sorter)
            # Headwords, one a line, as the importer's keys are.
            for index in Fixtures/dictdb/*.index; do cut -f1 "$index" | head -300 >"$corpus/$(basename "$index" .index).keys"; done ;;
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
# Measured: the 46 Wiktionary pages of the reference samples, median 7.2 KB, mean 12.9 KB; DICT entries (the lengths
# in the index files of Debian's dictd databases) average 173-210 bytes in freedict and wn and 788 in gcide, with 99 %
# under 1.1 KB (gcide 7.9 KB): 4 KB holds 99.9 % of freedict and wn entries and 96 % of gcide's.
max_len() {
    case "$1" in
        wikitext|wiktionary-json|dictzip|wiktextract-*|stored-answer) echo 16384 ;;
        html-text) echo 8192 ;;
        *) echo 4096 ;;
    esac
}

report=()
crashed=0
total_runs=0
total_seconds=0
for target in "${targets[@]}"; do
    corpus="$root/.build/fuzz-corpus/$target"
    crashes="$root/.build/fuzz-crashes/$target"
    mkdir -p "$corpus" "$crashes"
    seed "$target" "$corpus"
    limits=()
    [ -n "$seconds" ] && limits+=(-max_total_time="$seconds")
    [ -n "$runs" ] && limits+=(-runs="$(( (runs + jobs - 1) / jobs ))")
    echo "fuzzing $target (${limits[*]}, $jobs worker(s)) …" >&2
    start=$(date +%s.%N)
    pids=()
    for worker in $(seq 1 "$jobs"); do
        log="$root/.build/fuzz-corpus/$target.$worker.log"
        # Swift's runtime keeps caches alive to the end: leak reports would be noise, not findings. No allocation
        # stacks (malloc_context_size=0): recording one for every allocation was a fifth of a run's time, and Swift's
        # crashes are traps whose own stack is printed anyway; rerun a crashing input without it for heap reports.
        ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:malloc_context_size=0 LEXAGG_FUZZ_TARGET="$target" "$binary" \
            "${limits[@]}" -print_final_stats=1 -max_len="$(max_len "$target")" -timeout="$timeout" -report_slow_units="$timeout" \
            -rss_limit_mb=2048 \
            -artifact_prefix="$crashes/" "$corpus" >"$log" 2>&1 &
        pids+=($!)
    done
    status=0
    for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
    elapsed=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "%.1f", end - start }')
    target_runs=0
    for worker in $(seq 1 "$jobs"); do
        log="$root/.build/fuzz-corpus/$target.$worker.log"
        worker_runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$' | tail -1)
        target_runs=$(( target_runs + ${worker_runs:-0} ))
    done
    speed=$(awk -v runs="$target_runs" -v time="$elapsed" 'BEGIN { printf "%d", runs / (time > 0 ? time : 1) }')
    found=$(find "$crashes" -type f | wc -l)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$status" -ne 0 ] || [ "$found" -gt 0 ]; then
        crashed=1
        echo "  $target: exit $status, $found crashing input(s) in $crashes; logs .build/fuzz-corpus/$target.*.log" >&2
    fi
    total_runs=$(( total_runs + target_runs ))
    total_seconds=$(awk -v a="$total_seconds" -v b="$elapsed" 'BEGIN { printf "%.1f", a + b }')
    report+=("$(printf '%-20s %12s %10s %9.0f %8s %8s' "$target" "$target_runs" "$speed" "$elapsed" "$size" "$found")")
done

printf '\n%s  (%s worker(s) per target)\n' "$command" "$jobs"
printf '%-20s %12s %10s %9s %8s %8s\n' target runs "exec/s" seconds corpus crashes
printf '%s\n' "${report[@]}"
printf '%-20s %12s %10s %9.0f\n' total "$total_runs" "$(awk -v runs="$total_runs" -v time="$total_seconds" 'BEGIN { printf "%d", runs / (time > 0 ? time : 1) }')" "$total_seconds"
exit $crashed
