#!/usr/bin/env python3
"""Write a dictzip file (dictzip(1): gzip with a random-access table) with a chosen chunk length.

    Scripts/rechunk-dictzip.py IN.dict[.dz] OUT.dict.dz [--chunk BYTES]

IN is a dictzip file or a plain `.dict` text. dictzip(1) always cuts the text into chunks of about 58 KB; a reader
inflates a whole chunk to read one entry in it. The benchmarks use this script to serve the embedded WordNet
(Providers/DictDatabase/Embedded/wn.dict, plain text since issue 19: inflating was a quarter of a 1,000-word batch
even in 2 KB chunks) from dictd as Debian ships it (`--chunk 58315`: dictzip's own chunks; from Debian's
wn.dict.dz, byte for byte). The text is unchanged byte for byte (checked below), the file is a valid dictzip file
that dictd, dict and gzip read, and the gzip header keeps the input's file name and modification time (a plain
input's own name and mtime).
"""
import argparse
import gzip
import struct
import os
import sys
import zlib


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--chunk", type=int, default=2048, help="uncompressed bytes a chunk (default 2048)")
    args = parser.parse_args()
    with open(args.input, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b" and raw[2] == 8:
        flags, mtime = raw[3], struct.unpack_from("<I", raw, 4)[0]
        position = 10
        if flags & 0x04:
            position += 2 + struct.unpack_from("<H", raw, position)[0]
        name = b""
        if flags & 0x08:
            end = raw.index(b"\0", position)
            name = raw[position:end]
        text = gzip.decompress(raw)
    else:
        # A plain .dict: its text as it is, its name and modification time in the header.
        name = os.path.basename(args.input).encode()
        mtime = int(os.stat(args.input).st_mtime) & 0xFFFFFFFF
        text = raw

    # One raw deflate stream, a full flush after every chunk (so each inflates alone, the last one too: dictd inflates
    # a chunk with Z_PARTIAL_FLUSH and takes the end of the stream for an error), then, after the last chunk and
    # outside the table, the empty final block that ends the stream (as dictzip(1) writes it).
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
    chunks = []
    for start in range(0, len(text), args.chunk):
        piece = text[start:start + args.chunk]
        data = compressor.compress(piece) + compressor.flush(zlib.Z_FULL_FLUSH)
        if len(data) > 0xFFFF:
            print(f"chunk at {start} compresses to {len(data)} bytes, more than a dictzip table holds", file=sys.stderr)
            return 1
        chunks.append(data)
    table = struct.pack("<HHH", 1, args.chunk, len(chunks)) + b"".join(struct.pack("<H", len(c)) for c in chunks)
    subfield = b"RA" + struct.pack("<H", len(table)) + table
    if len(subfield) > 0xFFFF:
        print(f"{len(chunks)} chunks do not fit a gzip extra field; use a larger --chunk", file=sys.stderr)
        return 1
    header = b"\x1f\x8b\x08" + bytes([0x04 | (0x08 if name else 0)]) + struct.pack("<I", mtime) + b"\x02\x03"
    header += struct.pack("<H", len(subfield)) + subfield + (name + b"\0" if name else b"")
    trailer = struct.pack("<II", zlib.crc32(text) & 0xFFFFFFFF, len(text) & 0xFFFFFFFF)
    out = header + b"".join(chunks) + compressor.flush(zlib.Z_FINISH) + trailer
    if gzip.decompress(out) != text:
        print("the rewritten file does not inflate to the same text", file=sys.stderr)
        return 1
    with open(args.output, "wb") as f:
        f.write(out)
    print(f"{args.output}: {len(text):,} bytes of text in {len(chunks):,} chunks of {args.chunk:,}; "
          f"{len(raw):,} -> {len(out):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
