"""Names as they are seen: the marks that show nothing (or turn the text around them) taken out where names are read.

"Ann" and "Ann" + U+FE0F (a variation selector after a letter) look alike, and a right-to-left override in
"\u202eNNA" turns the text beside it around on screen: such marks are taken out of every name typed or
imported (scoring.game_setup's name check) and left out when names are compared (scoring.standings.player_key).
What a mark means is kept: a zero-width joiner inside an emoji or between two letters of a script that joins
them (Persian, Hindi…), a variation selector after an emoji or a CJK character, a flag's tag characters.
"""
from __future__ import annotations

import unicodedata

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): shown as nothing when not supported, and
# U+FFF9–FFFB (interlinear annotation) and U+2800 (braille blank), which show nothing either
IGNORABLE = ((0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
             (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x2800, 0x2800),
             (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFFB),
             (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
JOINERS = {0x200C, 0x200D}  # zero-width non-joiner and joiner
BLACK_FLAG, TAGS, CANCEL_TAG = 0x1F3F4, (0xE0020, 0xE007E), 0xE007F  # 🏴 + tags + cancel tag: a region's flag
MONGOLIAN = (0x1820, 0x18AA)


def _ignorable(code: int) -> bool:
    return any(low <= code <= high for low, high in IGNORABLE)


def _selector(code: int) -> bool:
    return 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF


def _shown(c: str) -> bool:
    """A character with a glyph of its own (not a space, a mark or an ignorable)."""
    return not c.isspace() and not _ignorable(ord(c)) and unicodedata.category(c) not in ("Mn", "Me", "Cf", "Cc")


def _means_something(text: str, i: int, kept: str) -> bool:
    """True when the ignorable text[i] changes how the characters around it look (kept: what is kept before it)."""
    code, before = ord(text[i]), kept[-1:] or " "
    after = text[i + 1] if i + 1 < len(text) else " "
    if code in JOINERS:  # joins, or keeps apart, two characters of a script or an emoji sequence
        return not before.isascii() and _shown(before) and not after.isascii() and _shown(after)
    if _selector(code):  # an emoji's or a CJK character's form
        return not before.isascii() and unicodedata.category(before) in ("So", "Sk", "Sm", "Lo")
    if 0x180B <= code <= 0x180F:  # Mongolian free variation selectors and vowel separator
        return MONGOLIAN[0] <= ord(before) <= MONGOLIAN[1]
    if TAGS[0] <= code <= TAGS[1] or code == CANCEL_TAG:  # a flag's tag sequence right after the black flag
        start = kept.rstrip("".join(chr(c) for c in range(TAGS[0], TAGS[1] + 1)))
        return start.endswith(chr(BLACK_FLAG))
    return False


def visible(text: str) -> str:
    """`text` without the marks that show nothing, nor combining marks with no character to sit on."""
    if text.isascii():
        return text  # nearly every name: nothing to take out
    kept = ""
    for i, c in enumerate(text):
        code = ord(c)
        if _ignorable(code) and not _means_something(text, i, kept):
            continue
        if unicodedata.category(c) in ("Mn", "Me") and not _ignorable(code) and (not kept or kept[-1].isspace()):
            continue  # an accent on nothing (at the start, or after a space) shows as a stray mark or nothing
        kept += c
    return kept
