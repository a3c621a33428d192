"""Printable PDFs: a game's score sheet, blank sheets to fill in by pen, a rules card per variant.

Bad ids and parameters are refused (404 / 422), never with a broken PDF: a browser that followed a link is shown
a short page in its language, a program (no Accept, or one preferring JSON) gets the API's JSON error shape. Each PDF
speaks the language of the page that asked for it (or `?lang=`): web/plumbing/language.py sets it per request.
The PDF library (reportlab, some 16 MB) is imported on the first PDF asked for, not when the
server starts: a server that never prints never holds it. Each PDF is drawn once per revision of what it draws
(and language and paper), in a drawing thread, never a server thread (web/plumbing/drawings.py).
"""
from __future__ import annotations

import json

from flask import Blueprint, Response, jsonify, request

import lang
import service
from scoring import VARIANTS, FieldError, Refused, get_variant, new_game
from scoring.variant import Variant
from web.forms.numbers import whole_number
from web.plumbing.database import get_db
from web.plumbing.errors import refused_page
from web.plumbing.drawings import drawn

bp = Blueprint("sheets", __name__)

MAX_HANDS = 200
DEFAULT_HANDS = 12


@bp.errorhandler(Refused)
def refused(err: Refused):
    """A page for a browser (it asks for HTML first: these addresses are links on the pages), else JSON."""
    accept = request.accept_mimetypes
    if accept.quality("text/html") > accept.quality("application/json"):
        return refused_page(err)
    return jsonify({"errors": [e.as_dict() for e in err.errors]}), err.status


def pdf(content: bytes, filename: str) -> Response:
    """The PDF shown in the browser (it can still be saved or printed from there)."""
    return Response(content, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


def paper() -> str:
    """?paper=a4 (the default) or letter."""
    from sheets import PAPERS

    value = request.args.get("paper", "a4").strip().lower()
    if value not in PAPERS:
        raise Refused([FieldError("paper", lang._("paper must be one of %(papers)s (got “%(got)s”).",
                                                  papers=", ".join(PAPERS), got=request.args.get("paper")))])
    return value


def hands(options: dict) -> int:
    """?hands=N, how many empty rows a blank sheet gets: 1 to 200; by default 12, or the game's hand (round…) limit
    when it has a lower one: a game of 4 rounds gets a row for each."""
    raw = request.args.get("hands")
    if raw is None:
        return min(options.get("max_hands") or DEFAULT_HANDS, DEFAULT_HANDS)
    return whole_number(raw, "hands", 1, MAX_HANDS)


def variant_or_404(variant_id: str) -> Variant:
    variant = get_variant(variant_id)
    if variant is None:
        raise service.not_found(lang._("There is no variant “%(variant)s”. Variants are: %(variants)s.",
                                       variant=variant_id, variants=", ".join(VARIANTS)))
    return variant


def side_names(variant: Variant) -> list[dict]:
    """?side=Name&side=Name…, checked as a new game's sides are; 'Side 1', 'Side 2'… when none."""
    given = request.args.getlist("side")
    if not given:
        fewest = min(v["sides"][0] for v in variant.describe_sides.values()) if variant.describe_sides else 2
        given = [lang._("Side %(n)s", n=lang.number(i)) for i in range(1, fewest + 1)]
    try:
        sides, _ = new_game(variant, {"variant": variant.id, "sides": [{"name": n} for n in given]}, seated_now=False)
    except Refused as err:
        # the query names only sides, so report sides[2].name as side[2] and leave out the players' echo
        errors = [FieldError((e.field or "side").replace("sides", "side", 1).replace(".name", ""), e.message)
                  for e in err.errors if ".players" not in (e.field or "")]
        raise Refused(errors or err.errors) from None
    return sides


def spoken(language: str, draw, *args):
    """`draw(*args)` in `language` (a drawing thread has no request to take it from)."""
    def make() -> bytes:
        with lang.using(language):
            return draw(*args)
    return make


@bp.get("/games/<game_id>/sheet.pdf")
def game_sheet(game_id: str):
    from sheets import game_sheet_pdf

    game, size, language = service.get_game(get_db(), game_id), paper(), lang.current()
    content = drawn(("sheet", game.id, game.revision, game.updated, size, language),
                    spoken(language, game_sheet_pdf, game, size))
    return pdf(content, f"meldbook-{game.id}.pdf")


@bp.get("/games/<game_id>/blank-sheet.pdf")
def blank_sheet(game_id: str):
    from sheets import blank_sheet_pdf

    game = service.get_game(get_db(), game_id)
    size, rows, language = paper(), hands(game.options), lang.current()
    sides = [{"name": s.name, "players": list(s.players)} for s in game.sides]
    content = drawn(("blank", game.id, game.revision, game.updated, size, rows, language),
                    spoken(language, blank_sheet_pdf, get_variant(game.variant), sides, game.options, rows, size,
                           game.id))
    return pdf(content, f"meldbook-{game.id}-blank.pdf")


@bp.get("/games/<game_id>/card.pdf")
def game_rules_card(game_id: str):
    """The rules card of one game: its own rules, and its house rules (each change from the defaults) listed."""
    from sheets import rules_card_pdf

    game, size, language = service.get_game(get_db(), game_id), paper(), lang.current()
    options = json.dumps(game.options, default=dict, sort_keys=True)  # the card shows the variant and these only
    content = drawn(("game-card", game.variant, options, size, language),
                    spoken(language, rules_card_pdf, get_variant(game.variant), size, json.loads(options)))
    return pdf(content, f"meldbook-{game.id}-rules.pdf")


@bp.get("/variants/<variant_id>/card.pdf")
def rules_card(variant_id: str):
    from sheets import rules_card_pdf

    variant, size, language = variant_or_404(variant_id), paper(), lang.current()
    content = drawn(("card", variant.id, size, language), spoken(language, rules_card_pdf, variant, size))
    return pdf(content, f"meldbook-{variant.id}-rules.pdf")


@bp.get("/variants/<variant_id>/blank-sheet.pdf")
def variant_blank_sheet(variant_id: str):
    from sheets import blank_sheet_pdf

    variant = variant_or_404(variant_id)
    size, sides, language = paper(), side_names(variant), lang.current()
    options = variant.default_options(sides)
    rows = hands(options)
    named = tuple((s["name"], tuple(s["players"])) for s in sides)
    content = drawn(("variant-blank", variant.id, named, size, rows, language),
                    spoken(language, blank_sheet_pdf, variant, sides, options, rows, size))
    return pdf(content, f"meldbook-{variant.id}-blank.pdf")
