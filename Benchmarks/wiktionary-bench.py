#!/usr/bin/env python3
"""Throughput of lexagg's Wiktionary extraction against mwparserfromhell.parse on the same page.

    pip install mwparserfromhell
    python3 Benchmarks/wiktionary-bench.py [PAGE.wikitext] [--iterations N] [--binary PATH]

Builds `wiktionary-bench` in release mode, then for the page repeated 1x, 4x and 16x measures
  - lexagg: wikitext bytes -> [Entry] for every language section (WikitextParser.entries), and
  - mwparserfromhell: mwparserfromhell.parse(text) (tokenise + node tree only; it extracts nothing),
and prints MB/s (UTF-8 bytes) for both, their ratio, and lexagg's MB/s relative to 1x (flat = linear).
Default page: Fixtures/wiktionary/pages/bank.wikitext.
"""
import argparse
import pathlib
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("page", nargs="?", default=str(ROOT / "Fixtures/wiktionary/pages/bank.wikitext"))
    parser.add_argument("--iterations", type=int, default=64, help="lexagg parses of the 1x page (scaled down for larger)")
    parser.add_argument("--binary", help="a wiktionary-bench already built (skips `swift build -c release`)")
    args = parser.parse_args()
    try:
        import mwparserfromhell
    except ImportError:
        print("mwparserfromhell is missing: pip install mwparserfromhell", file=sys.stderr)
        return 2

    if args.binary:
        binary = args.binary
    else:
        subprocess.run(["swift", "build", "-c", "release", "--product", "wiktionary-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                                capture_output=True, text=True).stdout.strip() + "/wiktionary-bench"

    page = pathlib.Path(args.page).read_bytes()
    print(f"page: {args.page} ({len(page)} bytes); mwparserfromhell {mwparserfromhell.__version__}"
          f" (C tokenizer: {mwparserfromhell.parser.use_c})")
    print(f"{'size':>5} {'bytes':>9} {'lexagg MB/s':>12} {'mwpfh MB/s':>11} {'ratio':>7} {'lexagg vs 1x':>13}")
    base = None
    ratios = []
    for factor in (1, 4, 16):
        iterations = max(4, args.iterations // factor)
        out = subprocess.run([binary, args.page, "--repeat", str(factor), "--iterations", str(iterations)],
                             check=True, capture_output=True, text=True).stdout
        fields = dict(item.split("=") for item in out.split())
        lexagg = float(fields["mb_per_s"])
        size = int(fields["bytes"])

        text = ((page + b"\n") * factor).decode("utf-8")
        assert len(text.encode("utf-8")) == size
        rounds = max(2, 16 // factor)
        mwparserfromhell.parse(text)  # warm-up
        start = time.perf_counter()
        for _ in range(rounds):
            mwparserfromhell.parse(text)
        elapsed = time.perf_counter() - start
        mwpfh = size * rounds / elapsed / 1e6

        base = base or lexagg
        ratios.append(lexagg / mwpfh)
        print(f"{factor:>4}x {size:>9} {lexagg:>12.1f} {mwpfh:>11.2f} {lexagg / mwpfh:>6.1f}x {lexagg / base:>12.2f}")
    print(f"lexagg / mwparserfromhell throughput: min {min(ratios):.1f}x (target >= 40x on the largest real page)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
