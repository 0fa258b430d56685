#!/usr/bin/env python3
"""Cut small, real dictd test databases out of Debian's dictd packages.

Each fixture keeps the chosen entries' text byte for byte and their index lines in the original order
(including the 00-database-* metadata and the untidy lines: empty headwords, leading spaces), with offsets
rewritten for the smaller .dict, then compressed by the real `dictzip`. Run it again after changing the word
lists:

    apt-get install dictd dict-wn dict-gcide dict-freedict-eng-deu dict-freedict-deu-eng
    python3 Fixtures/dictdb/make-fixtures.py
"""
import gzip
import os
import subprocess
import sys

SOURCE = "/usr/share/dictd"
HERE = os.path.dirname(os.path.abspath(__file__))
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

FIXTURES = {
    # name: (headwords to keep, whether to keep every headword starting with a space / empty)
    "wn": (["'hood", ".22", "aachen", "bank", "house", "ice cream", "run", "serendipity", "serenity",
            "serene", "set", "zymurgy", "cafe"], False),
    "gcide": (["House", "Serene", "Serenity", "A"], False),
    "freedict-eng-deu": (["house", "run", "acute", "and a half", "serendipity", "wizard"], True),
    "freedict-deu-eng": (["essen", "haus", "straße"], True),
}


def b64encode(n):
    if n == 0:
        return "A"
    digits = ""
    while n:
        digits = B64[n % 64] + digits
        n //= 64
    return digits


def b64decode(s):
    n = 0
    for c in s:
        n = n * 64 + B64.index(c)
    return n


def cut(name, words, keep_untidy):
    body = gzip.open(os.path.join(SOURCE, name + ".dict.dz")).read()
    wanted = {w.lower() for w in words}
    out_index, out_body = [], bytearray()
    with open(os.path.join(SOURCE, name + ".index"), "rb") as f:
        for raw in f:
            line = raw.rstrip(b"\n").decode("utf-8")
            headword, offset, length = line.split("\t")[:3]
            keep = (headword.startswith("00-database") or headword.startswith("00database")
                    or headword.lower().strip() in wanted
                    or (keep_untidy and (headword == "" or headword.startswith(" "))))
            if not keep:
                continue
            text = body[b64decode(offset):b64decode(offset) + b64decode(length)]
            if headword in ("00-database-info", "00databaseinfo"):
                text = text[:1500]  # the licence text is long; its start says what the database is
            out_index.append(f"{headword}\t{b64encode(len(out_body))}\t{b64encode(len(text))}")
            out_body += text
    missing = wanted - {l.split("\t")[0].lower().strip() for l in out_index}
    if missing:
        print(f"{name}: not in the source database: {sorted(missing)}", file=sys.stderr)
    with open(os.path.join(HERE, name + ".index"), "w", encoding="utf-8") as f:
        f.write("\n".join(out_index) + "\n")
    dict_path = os.path.join(HERE, name + ".dict")
    with open(dict_path, "wb") as f:
        f.write(out_body)
    subprocess.run(["dictzip", "-f", "-n", dict_path], check=True)
    print(f"{name}: {len(out_index)} index lines, {len(out_body)} bytes of text")


for fixture, (words, untidy) in FIXTURES.items():
    cut(fixture, words, untidy)
