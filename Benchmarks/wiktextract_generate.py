#!/usr/bin/env python3
"""Writes a synthetic wiktextract (kaikki.org) JSON Lines dump of about SIZE_MB megabytes, in the shape of
Fixtures/wiktextract/sample.jsonl (wiktextract's WordData/SenseData/SoundData/FormData/TranslationData), with the
sizes of a real English dump: ~2 KB a line, a few forms, senses with examples, pronunciations, translations.

Senses per entry follow Wiktionary's own count: 1,269,938 definitions for 996,450 English words (English Wiktionary
statistics, July 2021), 478,068 of them "form of" definitions, which leaves about 1.5 for a word that is not a form
of another -- what these entries are (their inflected forms are listed in `forms`). An entry has one sense in 70 %,
two in 17 %, three in 7 % and four to eight in 6 % (1.6 on average; an earlier version drew one to five evenly, 3.0
on average, twice what a real entry has). A sense is in the shape current dumps write: its `categories` objects
(`name`, `kind`, `parents`, `source`), an `id`, `links`.

Headwords are distinct and each has a handful of entries at most (one per part of speech, as wiktextract writes one
line per word, part of speech and etymology): one for three headwords in four, and 1.4 on average, whatever the size
of the file, as in a real dump. (Headwords drawn at random from a fixed set of syllable combinations, as an earlier
version did, collided more the larger the file: 1.4 entries per looked-up word at 10 MB, 4.6 at 100 MB and about a
hundred for the shortest words at 1 GB, which no real dump has.) A headword's entries share one etymology, as a
page's parts of speech under one Etymology section do (they had one each, which a real dump gives only numbered).

    Benchmarks/wiktextract_generate.py SIZE_MB OUT.jsonl [WORDS.txt]

WORDS.txt gets 1,000 of the generated headwords and forms (a quarter of them inflected forms), for lookups.
Deterministic (fixed seed), so every run measures the same input."""
import json
import random
import sys

size = int(float(sys.argv[1]) * 1_000_000)
out = sys.argv[2]
words_out = sys.argv[3] if len(sys.argv) > 3 else None
rng = random.Random(20)
syllables = ["ka", "lo", "mi", "ter", "san", "vo", "ri", "del", "qua", "zen", "bra", "tis", "po", "nu", "gel",
             "fa", "sho", "wer", "ix", "um", "an", "ost", "ple", "cra", "dü", "né", "ço"]
gloss_words = ("a the of to and in that is for it as with was on be at by this had not are but from or have an they which "
               "one you were her all she there would their we him been has when who will more no if out so said what up its "
               "about into than them can only other new some could time these two may then do first any my now such like our "
               "over man me even most made after also did many before must through back years where much your way well down "
               "should because each just those people how too little state good very make world still own see men work long "
               "get here between both life being under never day same another know while last might us great old year off "
               "come since against go came right used take three structure dwelling family house animal plant tool small").split()
languages = [("de", "German"), ("fr", "French"), ("es", "Spanish"), ("it", "Italian"), ("nl", "Dutch"), ("fi", "Finnish"),
             ("ru", "Russian"), ("ja", "Japanese"), ("pl", "Polish"), ("sv", "Swedish"), ("pt", "Portuguese"), ("tr", "Turkish")]
poses = ["noun", "verb", "adj", "adv", "name", "intj"]


def word(most=4):
    return "".join(rng.choice(syllables) for _ in range(rng.randint(2, most)))


seen = set()


def headword():
    """A word not used as a headword before (two to five syllables: 15 million of them)."""
    while True:
        candidate = word(5)
        if candidate not in seen:
            seen.add(candidate)
            return candidate


def entries_per_headword():
    """How many entries (parts of speech) a headword has: 1 for 75%, 2 for 15%, 3 for 6%, 4-6 for 4%."""
    draw = rng.random()
    return 1 if draw < 0.75 else 2 if draw < 0.90 else 3 if draw < 0.96 else rng.randint(4, 6)


def senses_per_entry():
    """How many senses an entry has: 1 for 70%, 2 for 17%, 3 for 7%, 4-8 for 6% (1.6 on average)."""
    draw = rng.random()
    return 1 if draw < 0.70 else 2 if draw < 0.87 else 3 if draw < 0.94 else rng.randint(4, 8)


def sentence(n):
    return " ".join(rng.choice(gloss_words) for _ in range(n)).capitalize() + "."


written = 0
picked = []
with open(out, "w", encoding="utf-8") as f:
    n = 0
    group = []
    while written < size:
        n += 1
        if not group:
            head = headword()
            group = rng.sample(poses, entries_per_headword())
            etymology = None
        pos = group.pop()
        forms = [{"form": head + suffix, "tags": tags} for suffix, tags in
                 rng.sample([("s", ["plural"]), ("ed", ["past"]), ("ing", ["participle", "present"]), ("er", ["comparative"]),
                             ("est", ["superlative"])], rng.randint(1, 4))]
        forms.append({"form": "no-table-tags", "source": "conjugation", "tags": ["table-tags"]})
        senses = []
        for number in range(senses_per_entry()):
            sense = {"links": [[g, g] for g in rng.sample(gloss_words, 2)], "glosses": [sentence(rng.randint(4, 16))],
                     "id": f"en-{head}-en-{pos}-{number}",
                     "categories": [{"name": name, "kind": "other", "parents": [], "source": "w"} for name in
                                    rng.sample(["English " + pos + "s", "Pages with 1 entry", "Pages with entries",
                                                "English terms with quotations", "English lemmas"], rng.randint(1, 4))]}
            if rng.random() < 0.5:
                sense["tags"] = rng.sample(["transitive", "intransitive", "informal", "obsolete", "figuratively", "UK"], 1)
            if rng.random() < 0.6:
                sense["examples"] = [{"text": sentence(rng.randint(6, 20)), "type": "example"}]
            senses.append(sense)
        record = {
            "pos": pos,
            "head_templates": [{"name": "en-" + pos, "args": {"1": head}, "expansion": head + " (" + ", ".join(x["form"] for x in forms) + ")"}],
            "forms": forms,
            "etymology_text": "From " + word().capitalize() + " " + word() + ", from " + sentence(8),
            "sounds": [{"ipa": "/" + head + "/", "tags": ["UK"]}, {"rhymes": "-" + head[-2:]},
                       {"audio": "en-us-" + head + ".ogg", "ogg_url": "https://upload.wikimedia.org/wikipedia/commons/x/xx/En-us-" + head + ".ogg", "tags": ["US"]}],
            "word": head, "lang": "English", "lang_code": "en",
            "translations": [{"lang_code": code, "lang": name, "sense": sentence(4).rstrip("."), "word": word(),
                              **({"tags": ["neuter"]} if rng.random() < 0.3 else {})}
                             for code, name in rng.sample(languages, rng.randint(0, 8))],
            "senses": senses,
            "categories": ["English lemmas", "English " + pos + "s"],
            "wikipedia": [head] if rng.random() < 0.1 else [],
        }
        # A headword's parts of speech share its etymology, as the lines of a page with one Etymology section do (a
        # page with several numbers them, `etymology_number`); drawn for each line all the same, so that the rest of
        # the file is what it was before they shared it.
        if etymology is None:
            etymology = record["etymology_text"]
        record["etymology_text"] = etymology
        line = json.dumps(record, ensure_ascii=False) + "\n"
        written += len(line.encode("utf-8"))
        f.write(line)
        # Reservoir sampling: 1,000 words spread over the whole file.
        choice = forms[0]["form"] if rng.random() < 0.25 else head
        if len(picked) < 1000:
            picked.append(choice)
        elif (slot := rng.randrange(n)) < 1000:
            picked[slot] = choice
if words_out:
    with open(words_out, "w", encoding="utf-8") as f:
        f.write("\n".join(picked) + "\n")
print(f"{out}: {written / 1e6:.1f} MB, {n} entries", file=sys.stderr)
