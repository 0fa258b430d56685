#!/usr/bin/env bash
# Start-up of the command line, counted in instructions by callgrind (valgrind) rather than timed, so the figures
# do not move with the machine's load. For each command: the whole process's instructions, and the parts spent in
# the dynamic loader, in the Swift runtime's protocol conformance scans (an `as?` cast to a protocol, or a generic
# type's requirements checked on its first use, reads every conformance record of the static binary) and in
# ArgumentParser.
#
#   apt-get install valgrind          # once
#   Benchmarks/startup-callgrind.sh [lexagg binary] [output directory]
#   callgrind_annotate --inclusive=yes OUT/version.cg | swift demangle --simplified | less
#
# Default binary: the static release build (built when missing). Debug information is stripped from a copy first
# (callgrind reads a 100 MB binary's DWARF slowly); symbols stay, so the reports name functions.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install valgrind" >&2; exit 1; }
. Benchmarks/common.sh
binary=$(lexagg_binary "${1:-}")
out="${2:-$(mktemp -d)}"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/lexagg" "$binary"

# Nothing from the user's own configuration, cache or history: the offline default as a fresh install has it.
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" LEXAGG_CACHE_DIR="$work/cache" LEXAGG_NO_HISTORY=1
export LEXAGG_DICT_PATH="$PWD/Providers/DictDatabase/Embedded"
mkdir -p "$HOME"

part() { # name, then the command's arguments
  local name="$1"; shift
  valgrind --tool=callgrind --callgrind-out-file="$out/$name.cg" "$work/lexagg" "$@" >/dev/null 2>"$work/$name.err" ||
    { cat "$work/$name.err" >&2; echo "$name failed" >&2; exit 1; }
  callgrind_annotate --inclusive=yes "$out/$name.cg" 2>/dev/null | awk -v name="$name" '
    function count(s) { gsub(",", "", s); return s + 0 }
    /PROGRAM TOTALS/ { total = count($1) }
    /\*?  ?\?\?\?:swift_conformsToProtocolMaybeInstantiateSuperclasses\(.*bool\) \[/ && !scans { scans = count($1) }
    /rtld.c:_dl_start / && !loader { loader = count($1) }
    /ArgumentParser/ && $0 ~ /parseAsRoot/ && !parser { parser = count($1) }
    END {
      printf "%-28s %12.1f M %14.1f M %12.1f M %14.1f M\n", name, total / 1e6, scans / 1e6, loader / 1e6, parser / 1e6
    }'
}

printf "%-28s %14s %16s %14s %16s\n" command instructions "conformance scans" "dynamic loader" ArgumentParser
part version --version
part lookup-wordnet lookup serendipity --providers wordnet
part lookup-offline lookup serendipity --offline
part lookup-json lookup serendipity --providers wordnet --format json
echo "callgrind files: $out"
