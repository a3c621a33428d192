"""One word per idea in each catalog: the checked words of translations/GLOSSARY-<lang>.toml.

Each language's glossary (GLOSSARY-<lang>.md, the why; GLOSSARY-<lang>.toml, the words this test checks) lists, for
an idea such as "a playing side" or "the tournament's referee", the one word the catalog uses and the words it must
not use (es *lado*, it *direttore*, de *Seite*, pt *coringa*…). A rule may hold for every entry, or only for the
entries of some source files (`files`: Burraco's side is a *coppia*, a Samba run a *Sequenz*) or whose msgid says
something (`msgids`, a regular expression); `unless` (a regular expression on the msgid) and `except` (exact msgids)
leave out entries where the word means something else ("scrolls sideways" → *hacia los lados*). `must` is a word
every entry in the rule's scope has to contain.

Placeholders and HTML tags are not read as words. A failure names the catalog, the rule, the msgid and the wrong word it found.
"""
from __future__ import annotations

import os
import re
import tomllib
from functools import cache

import pytest
from babel.messages.pofile import read_po

import lang
from tests.i18n_helpers import PLACEHOLDER, TAG, extracted

LANGUAGES = ("es", "pt_BR", "it", "de")
RULE_KEYS = {"idea", "use", "never", "must", "files", "msgids", "unless", "except"}


def glossary_path(code: str) -> str:
    return os.path.join(lang.TRANSLATIONS, f"GLOSSARY-{code}.toml")


@cache
def rules(code: str) -> tuple[dict, ...]:
    with open(glossary_path(code), "rb") as f:
        return tuple(tomllib.load(f)["rule"])


@cache
def entries(code: str) -> tuple[tuple[str, str, tuple[str, ...], frozenset[str]], ...]:
    """(msgid, context, translations, source files) of every translated entry of the catalog; the source files are
    where the current code marks the msgid (not the catalog's location comments, which may lag behind)."""
    sources: dict = {}
    for m in extracted():
        if m.id:
            one = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
            sources[(m.context, one)] = frozenset(path for path, _ in m.locations)
    with open(os.path.join(lang.TRANSLATIONS, code, "LC_MESSAGES", f"{lang.DOMAIN}.po"), "rb") as po:
        catalog = read_po(po, locale=code)
    out = []
    for m in catalog:
        if not m.id:
            continue
        ids = list(m.id) if isinstance(m.id, (list, tuple)) else [m.id]
        strings = tuple(s for s in (m.string if isinstance(m.string, (list, tuple)) else [m.string]) if s)
        out.append((ids[0], m.context or "", strings, sources.get((m.context, ids[0]), frozenset())))
    return tuple(out)


def in_scope(rule: dict, msgid: str, files: frozenset[str]) -> bool:
    if msgid in rule.get("except", ()):
        return False
    if "files" in rule and not (files and all(any(f.endswith(want) for want in rule["files"]) for f in files)):
        return False
    if "msgids" in rule and not re.search(rule["msgids"], msgid):
        return False
    return not ("unless" in rule and re.search(rule["unless"], msgid))


def label(msgid: str, context: str) -> str:
    return f"[{context}] {msgid!r}" if context else repr(msgid)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_glossary_rules_are_well_formed(code):
    assert rules(code), f"{glossary_path(code)} has no [[rule]]"
    for rule in rules(code):
        assert {"idea", "use"} <= rule.keys() <= RULE_KEYS, f"{glossary_path(code)}: {rule}"
        assert "never" in rule or "must" in rule, f"{glossary_path(code)}: {rule['idea']} checks nothing"
        for key in ("never", "must", "msgids", "unless"):
            if key in rule:
                re.compile(rule[key])


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_uses_the_glossary_word(code):
    wrong = []
    for rule in rules(code):
        hits = 0
        for msgid, context, strings, files in entries(code):
            if not in_scope(rule, msgid, files):
                continue
            hits += 1
            for text in strings:
                text = TAG.sub(" ", PLACEHOLDER.sub(" ", text))  # %(time)s is no Portuguese "time" (team)
                found = re.search(rule["never"], text) if "never" in rule else None
                if found:
                    wrong.append(f"{rule['idea']} (use {rule['use']}): {label(msgid, context)} says "
                                 f"{found.group(0)!r}: {text!r}")
                    break
                if "must" in rule and not re.search(rule["must"], text):
                    wrong.append(f"{rule['idea']} (use {rule['use']}): {label(msgid, context)} lacks "
                                 f"{rule['must']!r}: {text!r}")
                    break
        assert hits, f"{glossary_path(code)}: the rule {rule['idea']!r} applies to no entry (is its scope right?)"
    if wrong:
        pytest.fail(f"{len(wrong)} entries of the {code} catalog break {glossary_path(code)}:\n"
                    + "\n".join(f"  {w}" for w in wrong), pytrace=False)
