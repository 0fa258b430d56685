#!/usr/bin/env python3
"""Builds Fixtures/wiktionary/responses/*.json (action=parse, formatversion=2) from pages/*.wikitext.

Run from anywhere: python3 Fixtures/wiktionary/make-responses.py
The JSON mirrors what https://en.wiktionary.org/w/api.php?action=parse&format=json&formatversion=2
&prop=wikitext&redirects=1&page=TITLE returns: compact, UTF-8 (formatversion 2 implies utf8=1).
WiktionaryFixtureTests checks that each response's wikitext equals its page file.
"""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent

# response name -> (page file, title, pageid, redirects)
PAGES = {
    "parse-gadzooks": ("gadzooks", "gadzooks", 61231, []),
    "parse-bank": ("bank", "bank", 4398, []),
    "parse-kissa": ("kissa", "kissa", 15092, []),
    "parse-cats": ("cats", "cats", 29475, []),
    "parse-b": ("b", "b", 3124, []),
    "parse-Austin": ("Austin", "Austin", 48212, []),
    "parse-kilometre": ("kilometre", "kilometre", 19077, []),
    "parse-stomach-ache-redirect": (
        "stomachache", "stomachache", 1188304, [{"from": "stomach ache", "to": "stomachache"}]),
}

for name, (page, title, pageid, redirects) in PAGES.items():
    wikitext = (HERE / "pages" / f"{page}.wikitext").read_text(encoding="utf-8")
    body = {"parse": {"title": title, "pageid": pageid, "redirects": redirects, "wikitext": wikitext}}
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    (HERE / "responses" / f"{name}.json").write_text(text, encoding="utf-8")
    print(f"wrote responses/{name}.json")
