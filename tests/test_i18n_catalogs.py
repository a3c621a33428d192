"""Each language's catalog is whole: every text the current code marks is in it, translated, not fuzzy, with the same
placeholders and HTML tags as its English msgid (a lost %(name)s would crash a page; a lost tag would break one).

The msgids come from the same extraction as `make catalogs-update` (tests/i18n_helpers.py), so a text marked
since the catalogs were last updated fails here until the lead runs the target and a translator translates it.
"""
from __future__ import annotations

import io
import os
import re
from collections import Counter

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

import lang
from tests.i18n_helpers import PLACEHOLDER, extracted

LANGUAGES = ("es", "pt_BR", "it", "de")
TAG = re.compile(r"</?([a-zA-Z][\w-]*)[^<>]*>")


def po_path(code: str) -> str:
    return os.path.join(lang.TRANSLATIONS, code, "LC_MESSAGES", f"{lang.DOMAIN}.po")


def catalog(code: str):
    path = po_path(code)
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: run make catalogs-update (and make catalog-init NEW={code} for a new "
                    "language), then translate it", pytrace=False)
    with open(path, "rb") as po:
        return read_po(po, locale=code)


def forms(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (list, tuple)) else [message.id]


def translations_of(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (list, tuple)) else [message.string]


def key(message) -> tuple:
    return (message.context, forms(message)[0])


def placeholders(text: str) -> Counter:
    return Counter(m.group(0) for m in PLACEHOLDER.finditer(text or "") if m.group(0) != "%%")


def tags(text: str) -> Counter:
    return Counter(m.group(0) if m.group(0).startswith("</") else f"<{m.group(1)}" for m in TAG.finditer(text or ""))


def label(message) -> str:
    context = f"[{message.context}] " if message.context else ""
    return f"{context}{forms(message)[0]!r}"


def fail_listing(what: str, code: str, items: list[str]) -> None:
    if items:
        pytest.fail(f"{len(items)} {what} in {po_path(code)}:\n" + "\n".join(f"  {i}" for i in items), pytrace=False)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_marked_text_of_the_code_is_in_the_catalog(code):
    have = {key(m) for m in catalog(code) if m.id}
    missing = [label(m) for m in extracted() if m.id and key(m) not in have]
    fail_listing("texts of the code not in the catalog (run make catalogs-update)", code, missing)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(code):
    po = catalog(code)
    entries = [m for m in po if m.id]
    assert entries, f"{po_path(code)} has no entries: run make catalogs-update"
    untranslated = [label(m) for m in entries if not all(t and t.strip() for t in translations_of(m))]
    fuzzy = [label(m) for m in entries if m.fuzzy]
    fail_listing("untranslated or fuzzy entries (translate; check a fuzzy one, then remove its fuzzy flag)", code,
                 [f"untranslated: {u}" for u in untranslated] + [f"fuzzy: {f}" for f in fuzzy])


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_translation_keeps_the_placeholders_and_tags_of_its_msgid(code):
    wrong = []
    for message in catalog(code):
        if not message.id:
            continue
        english = forms(message)
        want_names = set().union(*(placeholders(e) for e in english))
        for i, text in enumerate(translations_of(message)):
            if not text:
                continue
            source = english[0] if i == 0 else english[-1]
            names = set(placeholders(text))
            # a plural's one-form may say "one" in words instead of %(num)s; every other placeholder must stay
            allowed_missing = {"%(num)s"} if len(english) > 1 else set()
            if names - want_names or (set(placeholders(source)) - names) - allowed_missing:
                wrong.append(f"{label(message)} [{i}]: placeholders {sorted(names)} ≠ {sorted(placeholders(source))}")
            if tags(text) != tags(source):
                wrong.append(f"{label(message)} [{i}]: HTML tags {sorted(tags(text).elements())} ≠ "
                             f"{sorted(tags(source).elements())}")
    fail_listing("translations that lost or added a placeholder or an HTML tag", code, wrong)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_catalog_compiles_and_says_its_translations(code):
    """Babel's own checks pass (python-format placeholders) and the compiled catalog gives each translation back."""
    po = catalog(code)
    problems = [f"{label(m)}: {'; '.join(str(e) for e in errors)}" for m, errors in po.check()]
    fail_listing("entries Babel's checks refuse", code, problems)
    compiled = io.BytesIO()
    write_mo(compiled, po)
    compiled.seek(0)
    said = Translations(compiled)
    sample = [m for m in po if m.id and not m.fuzzy and not m.pluralizable and not m.context and m.string]
    assert sample, f"{po_path(code)} translates nothing"
    assert [said.gettext(m.id) for m in sample] == [m.string for m in sample]


def test_the_extraction_finds_the_marked_texts_of_code_and_templates():
    """The test's own extraction works: it reads the Python code and the templates as babel.cfg says."""
    found = {m.id for m in extracted() if m.id}
    places = {path for m in extracted() for path, _line in m.locations}
    assert found and any(p.endswith(".py") for p in places) and any(p.endswith(".html") for p in places), places
