#!/usr/bin/env python3
"""A small external provider for lexagg: a built-in English glossary (docs/external-providers.md).

lexagg starts this program on first use and talks newline-delimited JSON-RPC 2.0 on stdin/stdout:
one request per line in, one response per line out. Diagnostics go to stderr, never stdout.

Install:  cp external-provider.py ~/.config/lexagg/providers/glossary.py   (the id is the file name: "glossary")
Check:    lexagg provider check ~/.config/lexagg/providers/glossary.py
Use:      lexagg lookup house --providers glossary

Set GLOSSARY_FILE to a tab-separated file (word<TAB>part of speech<TAB>definition) to use your own words.
"""
import datetime
import json
import os
import random
import re
import sys

# The id must equal the file name without its extension (lexagg checks): installed as glossary.py it is "glossary";
# here, as external-provider.py, it is "external-provider".
PROVIDER_ID = os.path.basename(sys.argv[0]).split(".")[0] or "glossary"
SOURCE = "Examples/external-provider.py (built-in glossary)"

GLOSSARY = {
    "house": [("noun", "A building in which people live, usually one family."),
              ("verb", "To provide someone with a place to live.")],
    "hello": [("interjection", "A greeting said when meeting someone.")],
    "serendipity": [("noun", "The luck of finding something good without looking for it.")],
    "lexicon": [("noun", "The vocabulary of a language, a person or a field.")],
    "glossary": [("noun", "An alphabetical list of words with their meanings, at the end of a book.")],
    "household": [("noun", "The people who live together in one house.")],
    "horizon": [("noun", "The line where the earth or the sea seems to meet the sky.")],
    "word": [("noun", "A unit of language that carries meaning and is written with spaces around it.")],
}


def load_glossary():
    path = os.environ.get("GLOSSARY_FILE")
    if not path:
        return GLOSSARY
    words = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3:
                words.setdefault(parts[0].lower(), []).append((parts[1] or None, parts[2]))
    return words


def provenance():
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    return {"provider": PROVIDER_ID, "source": SOURCE, "retrievedAt": now.strftime("%Y-%m-%dT%H:%M:%SZ")}


def sense(definition):
    """A sense in lexagg's entry schema: every list present, even when empty."""
    return {"definition": definition, "examples": [], "labels": [], "synonyms": [], "antonyms": [],
            "subsenses": [], "sources": [provenance()]}


def entry(word, senses):
    groups = {}
    for part_of_speech, definition in senses:
        groups.setdefault(part_of_speech, []).append(sense(definition))
    sense_groups = []
    for part_of_speech, group in groups.items():
        sense_group = {"senses": group}
        if part_of_speech:
            sense_group["partOfSpeech"] = part_of_speech
        sense_groups.append(sense_group)
    return {"headword": word, "language": "en", "pronunciations": [], "senseGroups": sense_groups,
            "translations": [], "provenance": provenance()}


class RPCError(Exception):
    def __init__(self, code, message, kind=None):
        super().__init__(message)
        self.code, self.message, self.kind = code, message, kind


def handle(method, params, words):
    if method == "initialize":
        return {"protocolVersion": 1, "id": PROVIDER_ID, "name": "Example glossary",
                "capabilities": ["define", "suggest", "random", "match"],
                "matchStrategies": ["exact", "prefix", "substring", "suffix", "regex"],
                "languages": ["en"], "online": False,
                "license": "CC0-1.0", "source": SOURCE}
    if method == "define":
        word = params.get("word")
        if not isinstance(word, str) or not word.strip():
            raise RPCError(-32602, "params.word must be a non-empty string", "invalid-query")
        language = params.get("language")
        if language not in (None, "en"):
            return {"entries": []}
        found = words.get(word.strip().lower())
        return {"entries": [entry(word.strip().lower(), found)] if found else []}
    if method == "suggest":
        prefix = str(params.get("word", "")).strip().lower()
        limit = max(0, int(params.get("limit", 5)))
        return {"words": sorted(w for w in words if w.startswith(prefix))[:limit]}
    if method == "match":
        return {"words": match(words, params)}
    if method == "random":
        count = max(0, int(params.get("count", 1)))
        if params.get("language") not in (None, "en"):
            raise RPCError(-32000, "only English words here", "unsupported-language")
        return {"words": random.sample(sorted(words), min(count, len(words)))}
    if method == "shutdown":
        return None
    raise RPCError(-32601, "method not found: %s" % method)


def match(words, params):
    """Headwords matching params.pattern by params.strategy: the exact one first, then alphabetical."""
    pattern = str(params.get("pattern", "")).strip().lower()
    strategy = params.get("strategy")
    limit = max(0, int(params.get("limit", 100)))
    if strategy == "regex":
        try:
            # Python's syntax is close to POSIX extended for the usual patterns (anchors, groups, classes).
            expression = re.compile(pattern, re.IGNORECASE)
        except re.error as error:
            raise RPCError(-32602, "'%s' is not a valid regular expression: %s" % (pattern, error), "invalid-query")
        test = lambda word: expression.search(word) is not None
    elif strategy in ("exact", "prefix", "substring", "suffix"):
        test = {"exact": lambda word: word == pattern, "prefix": lambda word: word.startswith(pattern),
                "substring": lambda word: pattern in word, "suffix": lambda word: word.endswith(pattern)}[strategy]
    else:
        raise RPCError(-32602, "no match strategy '%s' here" % strategy, "invalid-query")
    found = sorted(word for word in words if test(word))
    return sorted(found, key=lambda word: word != pattern)[:limit]


def main():
    words = load_glossary()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            reply = {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "parse error"}}
            print(json.dumps(reply), flush=True)
            continue
        method, request_id = request.get("method"), request.get("id")
        try:
            reply = {"jsonrpc": "2.0", "id": request_id, "result": handle(method, request.get("params") or {}, words)}
        except RPCError as error:
            body = {"code": error.code, "message": error.message}
            if error.kind:
                body["data"] = {"code": error.kind}
            reply = {"jsonrpc": "2.0", "id": request_id, "error": body}
        except Exception as error:  # a bug here is an error answer, never a crash of the loop
            print("glossary: %r" % error, file=sys.stderr, flush=True)
            reply = {"jsonrpc": "2.0", "id": request_id,
                     "error": {"code": -32603, "message": str(error), "data": {"code": "unavailable"}}}
        if request_id is not None:
            print(json.dumps(reply), flush=True)
        if method == "shutdown":
            break


if __name__ == "__main__":
    main()
