#!/usr/bin/env python3
"""A loopback stand-in for Wiktionary and the Free Dictionary API, for the benchmarks (not the tests: those use the
Swift ReplayServer). Answers are the project's fixtures, in the services' real shapes (Fixtures/SOURCES.md).

  replay_server.py PORT [--stall wiktionary|freedictionary]

- Wiktionary  GET /w/api.php?action=parse&page=W  -> Fixtures/wiktionary/responses/parse-bank.json, its title
  set to W (so every word has an English noun entry), or missingtitle for words starting with "zz".
- Free Dictionary  GET /api/v2/entries/en/W  -> Fixtures/freedictionary/entries-en-bass.json with "bass" set to W.
- --stall NAME: that service accepts the connection and never answers (an injected stall).
"""
import http.server
import json
import os
import sys
import threading
import time
import urllib.parse

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")
bank = json.load(open(os.path.join(root, "wiktionary/responses/parse-bank.json")))
missing = open(os.path.join(root, "wiktionary/responses/error-missingtitle.json"), "rb").read()
bass = open(os.path.join(root, "freedictionary/entries-en-bass.json"), encoding="utf-8").read()
port = int(sys.argv[1])
stall = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--stall" else None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, body, status=200):
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/w/api.php":
            if stall == "wiktionary":
                time.sleep(3600)
            page = urllib.parse.parse_qs(url.query).get("page", [""])[0]
            if page.startswith("zz"):
                return self.send(missing)
            answer = json.loads(json.dumps(bank))
            answer["parse"]["title"] = page
            return self.send(json.dumps(answer).encode())
        if url.path.startswith("/api/v2/entries/en/"):
            if stall == "freedictionary":
                time.sleep(3600)
            word = urllib.parse.unquote(url.path.rsplit("/", 1)[1])
            return self.send(bass.replace('"bass"', json.dumps(word)).encode())
        self.send(b'{"error":"no route"}', 404)


server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
server.daemon_threads = True
server.serve_forever()
