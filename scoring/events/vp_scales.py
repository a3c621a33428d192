"""Victory-point (VP) scales: the scales Meldbook ships, as data (API.md "Tournaments as federations run them"), a
vp_scale sent with a new event (a shipped scale's name, or rows) checked into rows, and the VP one game gives."""
from __future__ import annotations

from typing import Any

import lang

from ..base import FieldError
from ..entries import whole_number

MAX_VP_ROWS = 50

# [margin_at_least, winner_vp, loser_vp]: the row with the largest margin_at_least not above the MP difference
SCALES = {
    "fibur-3": {"name": lang.L_("FIBUR, 3 deals a turn"), "rows": (
        (0, 10, 10), (55, 11, 9), (155, 12, 8), (255, 13, 7), (355, 14, 6), (505, 15, 5), (655, 16, 4),
        (805, 17, 3), (1005, 18, 2), (1255, 19, 1), (1505, 20, 0))},
    "fibur-4": {"name": lang.L_("FIBUR, 4 deals a turn"), "rows": (
        (0, 10, 10), (105, 11, 9), (305, 12, 8), (505, 13, 7), (705, 14, 6), (905, 15, 5), (1105, 16, 4),
        (1305, 17, 3), (1505, 18, 2), (1705, 19, 1), (2005, 20, 0))},
}


def shipped() -> list[dict]:
    """GET /api/vp-scales: every shipped scale, its id, name (in the current language) and rows."""
    return [{"id": key, "name": str(scale["name"]), "rows": [list(r) for r in scale["rows"]]}
            for key, scale in SCALES.items()]


def vp_of(scale: tuple[tuple[int, int, int], ...] | None, won: bool, winners: int, margin: int) -> int:
    """The VP a side gets for one game: the row with the largest margin_at_least not above `margin` (the MP
    difference); a tie (`winners` not 1) gives each side the 0 row's winner_vp. No scale: 0."""
    if not scale:
        return 0
    if winners != 1:
        return scale[0][1]
    row = [r for r in scale if r[0] <= margin][-1]
    return row[1] if won else row[2]


def check_vp_scale(raw: Any) -> tuple[tuple[tuple[int, int, int], ...] | None, str | None, list[FieldError]]:
    """A vp_scale as sent: a shipped scale's name (its rows copied, the name kept), or rows; (rows, name, errors)."""
    if isinstance(raw, str):
        if raw in SCALES:
            return SCALES[raw]["rows"], raw, []
        shown = raw if len(raw) <= 40 else raw[:40] + "…"
        return None, None, [FieldError("vp_scale", lang._(
            "There is no VP scale “%(name)s”; choose %(names)s, or give the rows [margin_at_least, winner_vp, "
            "loser_vp].", name=shown, names=", ".join(f"“{k}”" for k in SCALES)))]
    rows, errors = _vp_rows(raw)
    return rows, None, errors


def _vp_rows(raw: Any) -> tuple[tuple[tuple[int, int, int], ...] | None, list[FieldError]]:
    """[[margin_at_least, winner_vp, loser_vp], …]: the first row's margin 0, margins rising row by row."""
    example = "[[0, 10, 10], [500, 15, 5], [1500, 20, 0]]"
    if raw is None:
        return None, [FieldError("vp_scale", lang._("Ranking by vp needs vp_scale: rows [margin_at_least, winner_vp, "
                                                    "loser_vp], the first with margin_at_least 0, e.g. %(example)s.",
                                                    example=example))]
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_VP_ROWS:
        return None, [FieldError("vp_scale", lang._("vp_scale must be a list of 1 to %(most)s rows [margin_at_least, "
                                                    "winner_vp, loser_vp], e.g. %(example)s.", most=MAX_VP_ROWS,
                                                    example=example))]
    rows, errors = [], []
    for i, row in enumerate(raw):
        if not isinstance(row, list) or len(row) != 3:
            errors.append(FieldError(f"vp_scale[{i}]", lang._("Row %(n)s of vp_scale must be three whole numbers "
                                                              "[margin_at_least, winner_vp, loser_vp].", n=i + 1)))
            continue
        numbers = []
        for j, (value, label) in enumerate(zip(row, ("margin_at_least", "winner_vp", "loser_vp"))):
            n, err = whole_number(value, f"vp_scale[{i}][{j}]",
                                  lang._("Row %(n)s's %(field)s", n=i + 1, field=label))
            errors += [err] if err else []
            numbers.append(n)
        if None in numbers:
            continue
        margin, winner, loser = numbers
        if i == 0 and margin != 0:
            errors.append(FieldError("vp_scale[0][0]", lang._("The first row's margin_at_least must be 0 (it scores "
                                                              "ties and the closest wins); got %(got)s.",
                                                              got=lang.number(margin))))
        elif rows and margin <= rows[-1][0]:
            errors.append(FieldError(f"vp_scale[{i}][0]", lang._(
                "Row %(n)s's margin_at_least must be above row %(before)s's (%(least)s); got %(got)s. List the rows "
                "from the smallest margin up.", n=i + 1, before=i, least=lang.number(rows[-1][0]),
                got=lang.number(margin))))
        if loser > winner:
            errors.append(FieldError(f"vp_scale[{i}][2]", lang._(
                "Row %(n)s gives the loser more vp (%(loser)s) than the winner (%(winner)s); loser_vp is at most "
                "winner_vp.", n=i + 1, loser=lang.number(loser), winner=lang.number(winner))))
        rows.append((margin, winner, loser))
    return (None if errors else tuple(rows)), errors
