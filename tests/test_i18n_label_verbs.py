"""Issue 39 leftover: the generic messages about a field ("%(label)s must be …", "… cannot be negative", "… is too
large/long") name fields that are often plural ("Red threes", "Canastas"). In Spanish, Portuguese and Italian a
verb or adjective after the label would agree with it, so the label stands alone before a colon and the rest reads
right for a singular or a plural field (“Tríos rojos: se espera un número entero”)."""
from __future__ import annotations

import os
import re

import pytest
from babel.messages.pofile import read_po

from tests.i18n_helpers import ROOT

ABOUT_A_FIELD = re.compile(r"%\(label\)s (must be|cannot be|is too) ")


@pytest.mark.parametrize("language", ["es", "pt_BR", "it"])
def test_a_message_about_a_field_puts_no_verb_after_its_label(language):
    with open(os.path.join(ROOT, "translations", language, "LC_MESSAGES", "messages.po"), "rb") as f:
        catalog = read_po(f)
    found = [(m.id, m.string) for m in catalog if isinstance(m.id, str) and ABOUT_A_FIELD.match(m.id)]
    assert len(found) >= 20
    agreeing = [(msgid, said) for msgid, said in found if not said.startswith("%(label)s: ")]
    assert agreeing == []
