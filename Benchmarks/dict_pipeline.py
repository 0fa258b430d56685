#!/usr/bin/env python3
"""Sends every word of a file as a pipelined DEFINE (RFC 2229) over one connection to a DICT server and reads all
the answers: the fastest way to ask dictd many words. Prints how many were found.

  dict_pipeline.py HOST PORT DATABASE WORDS_FILE [REPEAT]

With REPEAT, does it REPEAT times (a new connection each) and prints the median time in milliseconds from opening
the connection to the last answer: the server's work without this interpreter's start-up (tens of milliseconds, and
noisy, beside a server's few).
"""
import socket
import statistics
import sys
import threading
import time

host, port, database, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
repeat = int(sys.argv[5]) if len(sys.argv) > 5 else 0
words = [w.strip() for w in open(path, encoding="utf-8") if w.strip()]
payload = ("".join(f'DEFINE {database} "{w}"\r\n' for w in words) + "QUIT\r\n").encode("utf-8")


def ask() -> int:
    sock = socket.create_connection((host, port))
    reader = sock.makefile("rb")
    assert reader.readline().startswith(b"220")
    threading.Thread(target=lambda: sock.sendall(payload), daemon=True).start()
    found = answered = 0
    while answered < len(words):
        line = reader.readline()
        if not line:
            break
        code = line[:3]
        if code == b"552":          # no match
            answered += 1
        elif code == b"250":        # end of the definitions of one word
            answered += 1
            found += 1
        elif code == b"151":        # a definition follows, up to a line with a single dot
            while reader.readline() not in (b".\r\n", b""):
                pass
    sock.close()
    return found


if repeat:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        ask()
        times.append(time.perf_counter() - start)
    print(f"{statistics.median(times) * 1000:.3f}")
else:
    print(f"{ask()} of {len(words)} found")
