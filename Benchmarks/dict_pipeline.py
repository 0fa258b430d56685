#!/usr/bin/env python3
"""Sends every word of a file as a pipelined DEFINE (RFC 2229) over one connection to a DICT server and reads all
the answers: the fastest way to ask dictd many words. Prints how many were found.

  dict_pipeline.py HOST PORT DATABASE WORDS_FILE
"""
import socket
import sys
import threading

host, port, database, path = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
words = [w.strip() for w in open(path, encoding="utf-8") if w.strip()]
sock = socket.create_connection((host, port))
reader = sock.makefile("rb")
assert reader.readline().startswith(b"220")


def send():
    payload = "".join(f'DEFINE {database} "{w}"\r\n' for w in words) + "QUIT\r\n"
    sock.sendall(payload.encode("utf-8"))


threading.Thread(target=send, daemon=True).start()
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
print(f"{found} of {len(words)} found")
