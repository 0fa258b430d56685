#!/usr/bin/env python3
"""Runs a command and writes "WALL CPU MAXRSS" to a file: wall-clock seconds (perf_counter, microseconds: /usr/bin/time's
%e has 10 ms, a tenth of a 100 MB import), user + system CPU seconds of it and its children, and peak RSS in KB.

    Benchmarks/timed.py FIGURES_FILE command [args ...]      # the command's output is left where it was directed
"""
import os
import sys
import time

figures, command = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.execvp(command[0], command)
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(figures, "w") as out:
    out.write(f"{wall:.6f} {usage.ru_utime + usage.ru_stime:.6f} {usage.ru_maxrss}\n")
sys.exit(os.waitstatus_to_exitcode(status))
