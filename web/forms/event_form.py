"""The new-club-night form (web/views/event_pages.py): the posted form as POST /api/events' body, and the service's
refusals (scoring.Refused, field paths such as entrants[3].name or vp_scale[1][2]) back at the inputs they are
about, in the form's own words.

Entrants are typed one a line: "Ann & Bob" (or "Ann and Bob", "Ann, Bob & Cy") is a side of those players named as
typed with & between them; a single name is one player alone. A player's federation number may follow the name
after "#" ("Ann #IT-004512 & Bob #IT-004513"): a secretary types the night's list as it is called out, adding a
number only for a member who has none kept yet (a number once given stays with the player, so the regulars' lines
stay "Ann & Bob"). The victory point scale is typed one row a line:
"margin winner loser" ("500 15 5").
"""
from __future__ import annotations

import re
from typing import Any

import lang
from scoring import FieldError, Variant
from scoring.base import team_name
from scoring.events import SCALES, movements
from web.forms import layouts, seating_shape
from web.forms.numbers import number

FIELDS = ("name", "variant", "options.target", "options.max_hands", "entrants", "table_size", "rounds", "movement",
          "standings", "vp_scale", "deals_per_round", "round_minutes", "bye", "pin", "director_pin", "table_pins",
          "season", "confirm", "sections")
DEFAULT_VP_SCALE = "0 10 10\n500 12 8\n1000 14 6\n1500 16 4\n2000 18 2\n3000 20 0"
DEFAULTS = {"table_size": "2", "rounds": "3", "movement": movements.DEFAULT, "standings": "wins",
            "vp_scale": DEFAULT_VP_SCALE}


def movement_words() -> dict:
    """Each movement that seats pairs: its name and one line of help, as its module declares them (asked each time:
    a movement registered later is offered too)."""
    return {name: (m.label, m.help) for name, m in movements.offered(movements.FIXED).items()}



STANDINGS_WORDS = {
    "wins": (lang.L_("Wins"), lang.L_("Games won; a tied win is shared.")),
    "points": (lang.L_("Points"), lang.L_("The scores of all games added up.")),
    "vp": (lang.L_("Victory points"), lang.L_("Each game gives points by the winning margin, from the scale below. "
                                              "Two at a table only.")),
}
# the API's names for things, as the form calls them
WORDS = (("table_size (entrants at one table)", lang.L_("Table size")), ("table_size", lang.L_("table size")),
         ("vp_scale", lang.L_("victory point scale")), ("margin_at_least", lang.L_("margin")),
         ("winner_vp", lang.L_("winner's points")), ("loser_vp", lang.L_("loser's points")), ("(vp)", ""),
         ("“vp”", lang.L_("“victory points”")), ("deals_per_round", lang.L_("deals a round")),
         ("round_minutes", lang.L_("minutes a round")), ("bye.vp", lang.L_("sitting out: VP")),
         ("bye.points", lang.L_("sitting out: points")),
         ("sections (how many sections the entrants are split into)", lang.L_("Sections")))


def _movement_words() -> list[tuple[str, str]]:
    """Each movement's API name in quotes (“danish-modified”) as the form names it (“Modified Danish”)."""
    return [(f"“{name}”", f"“{m.label}”") for name, m in movements.MOVEMENTS.items()]


def _split(line: str) -> list[str]:
    """The players of one typed line: between them &, a comma, "+", "and" or the page language's own "and"."""
    word = lang.pgettext("the word typed between the two players of a pair: Ann and Bob", "and")
    words = "|".join(re.escape(w) for w in {"and", word.strip()} if w.strip())
    return [p.strip() for p in re.split(rf"\s*(?:&|,|\+|\b(?:{words})\b)\s*", line, flags=re.IGNORECASE)]


def entrant_lines(raw: str) -> list[str]:
    """The typed lines that name an entrant (blank lines left out)."""
    return [line.strip() for line in (raw or "").splitlines() if line.strip()]


NUMBERED = re.compile(r"^(.*?)\s*#\s*(\S+)$")  # "Ann #IT-004512": a name, then its federation number after #


def _numbered(part: str) -> tuple[str, str | None]:
    """A typed player with the federation number after "#", if one follows the name."""
    m = NUMBERED.match(part)
    return (m[1].strip(), m[2]) if m and m[1].strip() else (part, None)


def entrant(line: str) -> dict:
    """One typed line as an entrant: 'Ann & Bob' → Ann and Bob, named 'Ann & Bob'; 'Ann' → Ann alone; a name may
    carry its federation number after "#" ('Ann #IT-1 & Bob' → members ["IT-1", None])."""
    typed = [_numbered(p) for p in _split(line)]
    players, members = [name for name, _ in typed], [member for _, member in typed]
    if len(players) == 1:
        found = {"name": players[0], "players": players}
        return found | ({"member": members[0]} if members[0] else {})
    found = {"name": team_name(players) if all(players) else line, "players": players}
    return found | ({"members": members} if any(members) else {})


def vp_lines(raw: str) -> list[str]:
    return [line.strip() for line in (raw or "").splitlines() if line.strip()]


def vp_row(line: str) -> list[Any]:
    return [number(part, "vp_scale") for part in re.split(r"[\s;/]+", line.strip()) if part]


def main_option(form) -> dict:
    options = {}
    for key in ("target", "max_hands"):
        raw = form.get(f"options.{key}", "").strip()
        if raw:
            options[key] = number(raw, f"options.{key}")
    return options


def payload(form) -> dict:
    """The posted form as POST /api/events' body."""
    body: dict[str, Any] = {
        "name": form.get("name", "").strip(), "variant": form.get("variant", ""),
        "entrants": [entrant(line) for line in entrant_lines(form.get("entrants", ""))],
        "table_size": number(form.get("table_size", ""), "table_size") if form.get("table_size", "").strip() else 2,
        "rounds": number(form.get("rounds", ""), "rounds") if form.get("rounds", "").strip() else None,
        "movement": form.get("movement") or None, "standings": form.get("standings") or None}
    options = main_option(form)
    if options:
        body["options"] = options
    for key in ("pin", "director_pin"):
        if form.get(key, "").strip():
            body[key] = form[key].strip()
    if form.get("table_pins"):
        body["table_pins"] = True
    if form.get("season"):
        body["season"] = form["season"]
    if form.get("confirm") and form["confirm"] != "none":
        body["confirm"] = form["confirm"]  # a table's result confirmed by both sides (API.md)
    if body["standings"] == "vp":
        body["vp_scale"] = _scale(form)
    for key in ("deals_per_round", "round_minutes", "sections"):
        if form.get(key, "").strip():
            body[key] = number(form[key], key)
    bye = {key: form.get(f"bye.{key}", "").strip() for key in ("vp", "points")}
    if any(bye.values()):
        body["bye"] = {key: number(raw, f"bye.{key}") if raw else 0 for key, raw in bye.items()}
    return body


def scale_text(rows) -> str:
    """A VP scale's rows as the form shows them, one a line: "55 11 9"."""
    return "\n".join(" ".join(str(n) for n in row) for row in rows)


def _scale(form) -> Any:
    """The scale chosen by name (its rows as shipped, or left as the form first showed them), else the rows typed:
    a shipped scale whose rows were edited is the club's own."""
    name, typed = form.get("vp_scale_name", ""), vp_lines(form.get("vp_scale", ""))
    if name in SCALES and (not typed or typed == vp_lines(DEFAULT_VP_SCALE)
                           or typed == vp_lines(scale_text(SCALES[name]["rows"]))):
        return name
    return [vp_row(line) for line in typed]


def in_words(message: str) -> str:
    for api, words in (*_movement_words(), *WORDS):
        message = message.replace(api, str(words))
    return re.sub(r"\s{2,}", " ", message).strip()


def place(errors: list[FieldError], form) -> tuple[dict[str, list[str]], list[str]]:
    """Each refusal at the input it is about (a line of the entrants or of the scale named by its number and what
    it says), the rest for the top of the form."""
    lines, rows = entrant_lines(form.get("entrants", "")), vp_lines(form.get("vp_scale", ""))
    at: dict[str, list[str]] = {}
    general = []
    for err in errors:
        field, message = err.field or "", in_words(err.message)
        field = "bye" if field.startswith("bye.") else field
        m = re.match(r"(entrants|vp_scale)\[(\d+)\]", field)
        if m:
            typed = (lines if m[1] == "entrants" else rows)
            n = int(m[2])
            line = f"“{typed[n]}”" if n < len(typed) else ""
            field, message = m[1], lang._("Line %(n)s %(line)s: %(refusal)s", n=lang.number(n + 1), line=line,
                                          refusal=message).replace("  ", " ")
        elif field.startswith("options.") and field not in FIELDS:
            field = ""
        if field in FIELDS:
            at.setdefault(field, []).append(message)
        else:
            general.append(message)
    return at, general


def variant_defaults(variant: Variant) -> str:
    """What a table's game of this variant plays to when the boxes are left empty: 'to 5,000' or '4 rounds'."""
    layout, (low, _) = next(iter(layouts(variant).items()))
    defaults = variant.default_options(seating_shape(layout, low))
    words = variant.words
    target, limit = defaults.get("target"), defaults.get("max_hands")
    if target is not None and limit:
        return words.say_n("to %(target)s or %(num)s %(round)s", "to %(target)s or %(num)s %(rounds)s", limit,
                           target=lang.number(target))
    if target is not None:
        return lang._("to %(target)s", target=lang.number(target))
    return words.rounds_counted(limit) if limit else lang._("with no limit")
