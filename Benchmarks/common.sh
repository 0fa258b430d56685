# Shared by the benchmark scripts (sourced, not run).

# lexagg_binary [PATH]: the absolute path of the lexagg binary PATH, or with no PATH the static release build's
# (built first; the build the README's install section makes).
lexagg_binary() {
  if [ -n "${1:-}" ]; then
    realpath "$1"
  else
    swift build -c release --static-swift-stdlib --product lexagg >/dev/null && echo "$PWD/.build/release/lexagg"
  fi
}

# installed_binary [PATH]: the binary of lexagg_binary as README's install leaves it (`install -s`: stripped, 129 MB
# instead of 256; the unstripped file costs a lookup about 1.5 ms more of exec and page faults), copied to
# .build/bench/lexagg; its path.
installed_binary() {
  local source
  source=$(lexagg_binary "${1:-}") || return 1
  mkdir -p .build/bench && install -s "$source" .build/bench/lexagg && echo "$PWD/.build/bench/lexagg"
}

# A free TCP port on loopback.
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# start_dictd WORKDIR DATABASE_DIR PORT: a real dictd on 127.0.0.1:PORT serving DATABASE_DIR/wn.index and its text
# (wn.dict.dz, else the plain wn.dict the embedded WordNet is) as database "wn"; its pid file is WORKDIR/dictd.pid
# (the caller's trap kills it).
start_dictd() {
  local work="$1" db="$2" port="$3" data="$2/wn.dict"
  [ -f "$db/wn.dict.dz" ] && data="$db/wn.dict.dz"
  chmod 1777 "$work"
  cat > "$work/dictd.conf" <<CONF
global { listen_to 127.0.0.1
         port $port }
database wn { data "$data"
              index "$db/wn.index" }
CONF
  dictd --config "$work/dictd.conf" --pid-file "$work/dictd.pid" --listen-to 127.0.0.1 -p "$port"
}

# ratio_rounds WORKDIR ROUNDS REFERENCE CANDIDATE TARGET: after ROUNDS hyperfine runs exported as
# WORKDIR/round<N>.json, each with commands named REFERENCE and CANDIDATE, prints both medians per round and the
# median of the per-round ratios (machines here are noisy: one ratio per round, then the median).
ratio_rounds() {
  python3 - "$@" <<'PY'
import json, statistics, sys
work, rounds, ref, cand, target = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
ratios, ref_ms, cand_ms = [], [], []
for r in range(1, rounds + 1):
    results = {x["command"]: x for x in json.load(open(f"{work}/round{r}.json"))["results"]}
    a, b = results[ref]["median"] * 1000, results[cand]["median"] * 1000
    ref_ms.append(a); cand_ms.append(b); ratios.append(b / a)
    print(f"round {r}: {ref} {a:.2f} ms   {cand} {b:.2f} ms   ratio {b / a:.2f}x")
print(f"median: {ref} {statistics.median(ref_ms):.2f} ms   {cand} {statistics.median(cand_ms):.2f} ms   "
      f"{cand}/{ref} ratio {statistics.median(ratios):.2f}x (target {target})")
PY
}
