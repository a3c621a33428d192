"""The OpenAPI 3.1 description of the JSON API (API.md), served at /api/openapi.json.

Longer than the ~300 lines other modules keep to because it is one document, read top to bottom: the shared
schemas, then the paths (games and hands, players, rule sets, club nights, seasons, a table's confirmed result).
What is worked out from the variants lives in web/present/openapi_variants.py; the rest is data."""
from __future__ import annotations

import copy
from typing import Any

from flask import Blueprint, jsonify

import lang
from db import export
from scoring import VARIANTS
from scoring.events import MOVEMENTS, SCALES
from web.present.openapi_variants import (
    ADJUSTMENT,
    entry_schema,
    hand_limits,
    house_rules_description,
    house_rules_schema,
    mark_summary,
    max_hands_description,
    schema_name,
    sides_description,
)

bp = Blueprint("openapi", __name__, url_prefix="/api")


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def nullable(kind: str) -> dict:
    return {"type": [kind, "null"]}


def obj(required: dict, optional: dict | None = None, *, closed: bool = False) -> dict:
    """An object schema: `required` properties must be there, `optional` ones may be."""
    schema = {"type": "object", "required": list(required), "properties": {**required, **(optional or {})}}
    if closed:
        schema["additionalProperties"] = False
    return schema


INT, STR, BOOL = {"type": "integer"}, {"type": "string"}, {"type": "boolean"}
MEMBER_OR_NULL = {"type": ["string", "null"], "minLength": 1, "maxLength": 32}
TIME = {"type": "string", "format": "date-time"}
CARD_POINTS = {"oneOf": [{"type": "integer", "minimum": 0, "multipleOf": 5},
                         {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                          "description": "card counts by value, e.g. {\"jokers\": 2, \"tens\": 3}"}]}

SCHEMAS = {
    "FieldError": obj({"field": nullable("string"), "message": STR}, closed=True),
    "Error": obj({"errors": {"type": "array", "minItems": 1, "items": ref("FieldError")}},
                 {"game": ref("Game")}),
    "Variant": obj({"id": {"enum": []}, "name": STR, "summary": STR,
                    "options": ref("Options"),
                    "sides": {"type": "object"},  # its description names each variant's hand limits: document()
                    "card_values": {"type": "object", "additionalProperties": INT},
                    "fields": {"type": "array", "items": ref("EntryField")}}),
    "EntryField": obj({"name": STR, "kind": {"enum": ["count", "points", "flag", "choice", "adjustment", "text"]},
                       "label": STR, "help": STR, "type": {"enum": ["integer", "boolean", "string"]}},
                      {"min": INT, "max": INT, "multiple_of": INT, "choices": {"type": "array", "items": STR},
                       "nullable": BOOL, "max_length": INT}),
    "Options": obj({"target": nullable("integer"), "max_hands": nullable("integer"), "decks": nullable("integer"),
                    "finish_at": nullable("string"), "house_rules": {"type": "object"}}),
    "NewOptions": obj({}, {"target": nullable("integer"),
                           "max_hands": {"type": ["integer", "null"], "minimum": 1, "maximum": 1000},  # described in document()
                           "decks": nullable("integer"), "finish_at": {"type": ["string", "null"], "format": "date-time"},
                           "house_rules": {"type": "object"}}, closed=True),  # described in document()
    "NewSide": obj({"name": {"type": "string", "minLength": 1, "maxLength": 40}},
                   {"players": {"type": "array", "minItems": 1, "maxItems": 2,  # the most a variant seats: document()
                                "items": {"type": "string", "minLength": 1, "maxLength": 40}},
                    "start_score": {"type": "integer", "minimum": -1000000, "maximum": 1000000, "default": 0,
                                    "description": "the side's total on paper when the game began there"}},
                   closed=True),
    "NewGame": obj({"variant": {"enum": []},
                    "sides": {"type": "array", "minItems": 1, "maxItems": 16, "items": ref("NewSide")}},
                   {"options": ref("NewOptions"),
                    "pin": {"type": ["string", "null"], "pattern": "^[0-9]{4,8}$",
                            "description": "optional table PIN; changing the game then needs it"},
                    "rule_set": {"type": "string", "description": "a rule set's id (GET /api/rule-sets): its options, "
                                                                  "then those given here, key by key"}}, closed=True),
    "Entry": {"type": "object", "description": "one side's values; a number left out is 0, a flag false; "
                                               "the fields are the variant's (GET /api/variants), others are refused",
              # each variant's entry (anyOf, below) bounds its fields; a paper entry's total may be below 0
              # a text: a choice (a special hand) or a penalty or award's reason
              "additionalProperties": {"anyOf": [INT, BOOL, CARD_POINTS, STR, {"type": "null"}]}},
    "PaperEntry": obj({"total": {"type": "integer", "minimum": -1_000_000, "maximum": 1_000_000, "multipleOf": 5,
                                 "description": "the side's hand score as written on a score slip"}}, ADJUSTMENT,
                      closed=True),
    "HandInput": obj({"entries": {"type": "array", "items": ref("Entry"), "description": "one per side, in side order"}},
                     {"revision": {"type": ["integer", "string"],
                                   "description": "the game revision this hand is based on (like If-Match)"}},
                     closed=True),
    "Side": obj({"index": INT, "name": STR, "players": {"type": "array", "items": STR}, "score": INT,
                 "next_min_meld": INT},
                {"start_score": {"type": "integer", "description": "brought forward from paper (0 when none)"}}),
    "Score": obj({"side": INT, "total": INT, "breakdown": {"type": "object", "additionalProperties": INT},
                  "running_total": INT},
                 {"own": INT, "own_breakdown": {"type": "object", "additionalProperties": INT}, "partner": INT}),
    "Hand": obj({"number": {"type": "integer", "minimum": 1},
                 "entries": {"type": "array", "items": {"type": "object"}},
                 "scores": {"type": "array", "items": ref("Score")}, "recorded_at": TIME,
                 "from_paper": {"type": "boolean", "description": "each side's total copied from a score slip"}}),
    "Game": obj({"id": STR, "variant": STR, "variant_name": STR, "options": ref("Options"),
                 "sides": {"type": "array", "items": ref("Side")}, "hands": {"type": "array", "items": ref("Hand")},
                 "finished": BOOL,
                 "finish_reasons": {"type": "array", "items": {"enum": ["ended", "target", "max_hands", "finish_time",
                                                                        "won_outright"]}},
                 "winner": {"type": ["array", "null"], "items": INT}, "margin": nullable("integer"),
                 "dealing": nullable("object"), "revision": {"type": "integer", "minimum": 1},
                 "created": TIME, "updated": TIME, "ended_at": {"type": ["string", "null"], "format": "date-time"},
                 "hands_played": INT, "has_pin": BOOL,
                 "playing_off": {**nullable("integer"), "description": "house rule tie_plays_another_hand: the level "
                                 "best total of a tie at the target that is played off, one more hand until one side is "
                                 "ahead (the game is not finished meanwhile); null otherwise"}},
                {"event": {**obj({"id": STR, "round": {"type": "integer", "minimum": 1},
                                  "table": {"type": "integer", "minimum": 1}}, closed=True),
                           "description": "a club night's table: which event, round and table (games of no event "
                                          "have no such key)"}}),
    "GameSummary": obj({"id": STR, "variant": STR, "variant_name": STR, "names": {"type": "array", "items": STR},
                        "scores": {"type": "array", "items": INT}, "hands_played": INT, "finished": BOOL,
                        "winner": {"type": ["array", "null"], "items": INT}, "created": TIME, "updated": TIME,
                        "revision": {"type": "integer", "minimum": 1}}),
    "HandAndGame": obj({"hand": ref("Hand"), "game": ref("Game")}),
    "Export": obj({"format": {"const": export.FORMAT}, "version": {"const": export.VERSION},
                   "games": {"type": "array", "items": {"type": "object"}}},
                  {"events": {"type": "array", "items": {"type": "object"}},
                   "rule_sets": {"type": "array", "description": "every saved rule set (id, name, variant, options, "
                                 "created, updated); an import skips one already there and keeps one whose name is "
                                 "taken there under another name", "items": {"type": "object"}},
                   "members": {"type": "array", "description": "every federation number kept ({player, member})",
                               "items": {"type": "object"}},
                   "seasons": {"type": "array", "description": "every season (id, name, counting, created, events)",
                               "items": {"type": "object"}}}),
}


def _error(description: str) -> dict:
    return {"description": description, "content": {"application/json": {"schema": ref("Error")}}}


def _ok(description: str, schema: dict) -> dict:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": STR}
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": STR,
            "description": "the game's revision this write is based on; a stale one is refused with 409"}
PIN = {"name": "X-Table-PIN", "in": "header", "required": False, "schema": STR,
       "description": "the table PIN, needed to change a game created with one (a club night's table: the night's "
                      "one PIN, or that table's own)"}
DIRECTOR_PIN = {"name": "X-Director-PIN", "in": "header", "required": False, "schema": STR,
                "description": "a club night's director's PIN: it opens every table's game of the night too"}
WRITE_PARAMS = [GAME_ID, IF_MATCH, PIN, DIRECTOR_PIN]
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "schema": {"type": "string", "minLength": 1, "maxLength": 64, "pattern": "^[ -~]+$"},
                   "description": "1-64 printable ASCII characters chosen by the sender; a repeat with the same key "
                                  "answers what the first answered and stores nothing; another body under it is 422"}
HAND_PARAMS = [*WRITE_PARAMS, IDEMPOTENCY_KEY]

NOT_FOUND = _error("unknown game (or hand, or side)")
BAD_JSON = _error("the body is not valid JSON, or gives a key twice")
BAD_JSON_OR_NUMBER = _error("the body is not valid JSON or gives a key twice, or the number in the address has "
                            "more than 9 digits or digits other than 0-9 (the error names it)")
NOT_JSON = _error("the body is not application/json")
TOO_LARGE = _error("the body is larger than 64 kB")
STALE = _error("the If-Match revision is stale (the answer carries the current `game`), or the game is finished")
BAD_INPUT = _error("the input breaks a rule, or If-Match / revision is no revision (1 to 2^53); "
                   "every error names its field")
NEEDS_PIN = _error("the game has a PIN and it was not sent, or is wrong")
TOO_MANY = {**_error("too many wrong PINs from this client for this game: it waits (30 s, doubling up to "
                     "an hour) and its PIN is not checked meanwhile"),
            "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}}
WRITE_ERRORS = {"403": NEEDS_PIN, "404": NOT_FOUND, "409": STALE, "429": TOO_MANY}
BODY_ERRORS = {"400": BAD_JSON, "413": TOO_LARGE, "415": NOT_JSON, "422": BAD_INPUT}


def _body(schema: dict) -> dict:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


# writes that need no body may send {"revision": N} instead of If-Match; any other body is refused
REVISION_BODY = {"required": False, "content": {"application/json": {"schema": {
    "type": "object", "additionalProperties": False,
    "properties": {"revision": {"type": ["integer", "string"], "description": "like If-Match"}}}}}}
OPTIONAL_BODY_ERRORS = {"400": BAD_JSON, "415": NOT_JSON, "422": BAD_INPUT}


OWN_PAGE_REFUSALS = {  # an entrant's own page and its parts: short pages, in the request's language
    "400": {"description": "the entrant in the address is no whole number (a short page)",
            "content": {"text/html": {"schema": STR}}},
    "404": {"description": "unknown event or entrant (a short page)", "content": {"text/html": {"schema": STR}}}}
PATHS = {
    "/api/openapi.json": {"get": {"operationId": "openapi", "summary": "This description",
                                  "responses": {"200": _ok("the OpenAPI document", {"type": "object"})}}},
    "/api/variants": {"get": {"operationId": "listVariants", "summary": "The variants with their options and entry fields",
                              "responses": {"200": _ok("every variant", {"type": "array", "items": ref("Variant")})}}},
    "/api/games": {
        "get": {"operationId": "listGames", "summary": "Every game, most recently changed first",
                "responses": {"200": _ok("the games", {"type": "array", "items": ref("GameSummary")})}},
        "post": {"operationId": "createGame", "summary": "Start a game", "requestBody": _body(ref("NewGame")),
                 "responses": {"201": _ok("the new game", ref("Game")), **BODY_ERRORS}},
    },
    "/api/games/{game_id}": {"get": {"operationId": "getGame", "summary": "One game", "parameters": [GAME_ID],
                                     "responses": {"200": _ok("the game", ref("Game")), "404": NOT_FOUND}}},
    "/api/games/{game_id}/download": {"get": {
        "operationId": "downloadGame", "summary": "One game as a file `python app.py import` reads (PIN left out)",
        "parameters": [GAME_ID],
        "responses": {"200": _ok("the export document with this one game", ref("Export")), "404": NOT_FOUND}}},
    "/api/games/{game_id}/hands": {"post": {
        "operationId": "recordHand", "summary": "Record the next hand", "parameters": HAND_PARAMS,
        "requestBody": _body(ref("HandInput")),
        "responses": {"201": _ok("the hand and the game after it", ref("HandAndGame")), **BODY_ERRORS, **WRITE_ERRORS}}},
    "/api/games/{game_id}/hands/{number}": {
        "parameters": [{"name": "number", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1}}],
        "put": {"operationId": "replaceHand", "summary": "Correct a hand; every later total is recomputed",
                "parameters": HAND_PARAMS, "requestBody": _body(ref("HandInput")),
                "responses": {"200": _ok("the corrected hand and the game", ref("HandAndGame")),
                              **BODY_ERRORS, "400": BAD_JSON_OR_NUMBER, **WRITE_ERRORS}},
        "delete": {"operationId": "deleteHand", "summary": "Delete a hand; later hands move up one number",
                   "parameters": WRITE_PARAMS, "requestBody": REVISION_BODY,
                   "responses": {"200": _ok("the game", ref("Game")), **OPTIONAL_BODY_ERRORS,
                                 "400": BAD_JSON_OR_NUMBER, **WRITE_ERRORS}},
    },
    "/api/games/{game_id}/end": {"post": {
        "operationId": "endGame", "summary": "The table stops now; the highest total wins",
        "parameters": WRITE_PARAMS, "requestBody": REVISION_BODY,
        "responses": {"200": _ok("the finished game", ref("Game")), **OPTIONAL_BODY_ERRORS, **WRITE_ERRORS}}},
}

PDF = {"description": "the PDF", "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}
PAPER = {"name": "paper", "in": "query", "required": False, "schema": {"enum": ["a4", "letter"], "default": "a4"}}
PATHS.update({
    "/games/{game_id}/sheet.pdf": {"get": {
        "operationId": "gameSheet", "summary": "The score sheet: every hand, each side's breakdown, running totals, result",
        "parameters": [GAME_ID, PAPER], "responses": {"200": PDF, "404": NOT_FOUND, "422": _error("unknown paper size")}}},
    "/games/{game_id}/blank-sheet.pdf": {"get": {
        "operationId": "blankSheet", "summary": "A blank sheet for this game's variant and sides, to fill in by pen",
        "parameters": [GAME_ID, PAPER, {"name": "hands", "in": "query", "required": False,
                                        "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 12},
                                        "description": "empty rows; left out: 12, or the game's hand limit when lower"}],
        "responses": {"200": PDF, "404": NOT_FOUND, "422": _error("hands or paper out of range")}}},
})

RATING = obj({"mu": {"type": "number"}, "sigma": {"type": "number"},
              "ordinal": {"type": "number", "description": "mu − 3·sigma: the rating the pages show"}})
PEOPLE = {"type": "array", "items": obj({"name": STR, "games": INT, "wins": INT})}
SCHEMAS.update({
    "Player": obj({"name": STR, "games": {"type": "integer", "description": "games sat in, finished or not"},
                   "wins": {"type": "integer", "description": "finished games their side won (a tie counts for "
                                                          "every tied side)"},
                   "rating": {"type": "object", "additionalProperties": RATING,
                              "description": "per variant of which they finished a game (openskill Plackett–Luce)"},
                   "last_played": TIME,
                   "member": {**nullable("string"), "description": "the player's federation (or club) membership "
                                                                  "number, null when none is kept"}}),
    "PlayerDetail": obj(
        {"name": STR, "games": INT, "wins": INT, "rating": {"type": "object", "additionalProperties": RATING},
         "last_played": TIME, "partners": PEOPLE, "opponents": PEOPLE,
         "best_hand": {"type": "object", "additionalProperties": {
             "type": ["object", "null"], "required": ["score", "game", "hand"],
             "properties": {"score": INT, "game": STR, "hand": INT}}},
         "best_game": {"type": "object", "additionalProperties": {
             "type": ["object", "null"], "required": ["score", "game", "won"],
             "properties": {"score": INT, "game": STR, "won": BOOL, "finished_at": TIME}},
             "description": "per variant: the highest final total in a finished game (null when none finished)"}},
        {"recent_games": {"type": "array", "items": {"type": "object"}}}),
})
NAME = {"name": "name", "in": "path", "required": True, "schema": STR,
        "description": "a player's name, matched ignoring case and spacing"}
NO_PLAYER = _error("no player by that name")
PLAYER_PIN = {**PIN, "description": "the table PIN of the games with one that the change touches (when they share "
                                    "it); a browser session that unlocked a game needs none"}
LOCKED_GAMES = _error("a game it would change has a table PIN not entered by this client (the message names "
                      "each such game), or a club night whose entrants it renames has a director's PIN not entered "
                      "or sent (X-Director-PIN); nothing changed")
PLAYER_DIRECTOR_PIN = {**DIRECTOR_PIN, "description": "the director's PIN of the club nights whose entrants the change "
                                                    "renames (and whose tables' games it opens), when they have one"}
PATHS.update({
    "/api/players": {"get": {"operationId": "listPlayers", "summary": "Every player seen in a game, most games first",
                             "responses": {"200": _ok("the players", {"type": "array", "items": ref("Player")})}}},
    "/api/players/{name}": {"get": {
        "operationId": "getPlayer", "summary": "One player: partners, opponents, best hand and game per variant",
        "parameters": [NAME], "responses": {"200": _ok("the player", ref("PlayerDetail")), "404": NO_PLAYER}},
        "put": {"operationId": "setMember", "summary": "The player's federation number (null removes it)",
                "parameters": [NAME], "requestBody": _body(obj({"member": MEMBER_OR_NULL}, closed=True)),
                "responses": {"200": _ok("the player", ref("PlayerDetail")), "400": BAD_JSON, "404": NO_PLAYER,
                              "413": TOO_LARGE, "415": NOT_JSON,
                              "422": _error("not 1 to 32 printable characters, or another player's number")}}},
    "/api/players/{name}/rename": {"post": {
        "operationId": "renamePlayer", "summary": "Rename a player in every game (sides named after them follow)",
        "parameters": [NAME, PLAYER_PIN, PLAYER_DIRECTOR_PIN], "requestBody": _body(obj({"name": STR}, closed=True)),
        "responses": {"200": _ok("the player under the new name", ref("PlayerDetail")), "400": BAD_JSON,
                      "403": LOCKED_GAMES, "413": TOO_LARGE, "415": NOT_JSON, "404": NO_PLAYER,
                      "422": _error("the new name is empty, too long, or another player's"), "429": TOO_MANY}}},
    "/api/players/{name}/merge": {"post": {
        "operationId": "mergePlayer", "summary": "Make two names one player: this one becomes `into` everywhere",
        "parameters": [NAME, PLAYER_PIN, PLAYER_DIRECTOR_PIN], "requestBody": _body(obj({"into": STR}, closed=True)),
        "responses": {"200": _ok("the player merged into", ref("PlayerDetail")), "400": BAD_JSON,
                      "403": LOCKED_GAMES, "413": TOO_LARGE, "415": NOT_JSON, "404": NO_PLAYER,
                      "422": _error("into is this same player, unknown, or sat at a game with it"), "429": TOO_MANY}}},
})

# a mark a variant declares for a side between hands (Pony's failed meld): `action` names it, its values and
# summary are the registered variants' marks (document())
RULE_SET = obj({"id": STR, "name": STR, "variant": STR, "options": {"type": "object"}, "preset": BOOL},
               {"source": STR, "created": TIME, "updated": TIME, "has_pin": BOOL})
NEW_RULE_SET = obj({"name": {"type": "string", "minLength": 1, "maxLength": 80}, "variant": STR},
                   {"options": {"type": "object", "description": "target, max_hands, decks and house_rules, as for a "
                                                                 "new game"},
                    "pin": {"type": ["string", "null"], "pattern": "^[0-9]{4,8}$",
                            "description": "4 to 8 digits: PUT and DELETE then need it in X-Rule-Set-PIN"}},
                   closed=True)
SET_ID = {"name": "set_id", "in": "path", "required": True, "schema": STR}
SET_PIN = {"name": "X-Rule-Set-PIN", "in": "header", "required": False, "schema": STR,
           "description": "the PIN of a rule set saved with one, needed to change or delete it"}
SET_PIN_ERRORS = {"403": _error("the rule set has a PIN and X-Rule-Set-PIN was not sent or is wrong"),
                  "429": _error("too many wrong PINs from this device: wait Retry-After seconds")}
NO_SET = _error("no rule set with that id")
SHIPPED = _error("a rule set Meldbook ships cannot be changed or deleted, or another set of the variant has that name")
PATHS.update({
    "/api/rule-sets": {
        "get": {"operationId": "listRuleSets", "summary": "The saved rule sets, then the ones Meldbook ships",
                "parameters": [{"name": "variant", "in": "query", "required": False, "schema": STR}],
                "responses": {"200": _ok("the rule sets", {"type": "array", "items": RULE_SET})}},
        "post": {"operationId": "createRuleSet", "summary": "Keep a table's house rules and options under a name",
                 "parameters": [IDEMPOTENCY_KEY], "requestBody": _body(NEW_RULE_SET),
                 "responses": {"201": _ok("the rule set", RULE_SET), "409": SHIPPED, **BODY_ERRORS}},
    },
    "/api/rule-sets/{set_id}": {
        "get": {"operationId": "getRuleSet", "summary": "One rule set", "parameters": [SET_ID],
                "responses": {"200": _ok("the rule set", RULE_SET), "404": NO_SET}},
        "put": {"operationId": "changeRuleSet", "summary": "Change a saved rule set's name and options",
                "parameters": [SET_ID, SET_PIN], "requestBody": _body(NEW_RULE_SET),
                "responses": {"200": _ok("the rule set", RULE_SET), "404": NO_SET, "409": SHIPPED, **BODY_ERRORS,
                              **SET_PIN_ERRORS}},
        "delete": {"operationId": "deleteRuleSet", "summary": "Forget a saved rule set (its games keep their rules)",
                   "parameters": [SET_ID, SET_PIN],
                   "responses": {"200": _ok("deleted", obj({"deleted": STR})), "404": NO_SET, "409": SHIPPED,
                                 **SET_PIN_ERRORS}},
    },
})
MARK_PATH = {"post": {
    "operationId": "markSide",
    "parameters": [*WRITE_PARAMS, {"name": "side", "in": "path", "required": True,
                                   "schema": {"type": "integer", "minimum": 0}},
                   {"name": "action", "in": "path", "required": True, "schema": {"enum": []}}],
    "requestBody": REVISION_BODY,
    "responses": {"200": _ok("the game", ref("Game")), **OPTIONAL_BODY_ERRORS, "400": BAD_JSON_OR_NUMBER,
                  "422": _error("the game's variant has no such mark, the body is not {\"revision\": N}, "
                                "or the revision is no revision (1 to 2^53)"),
                  **WRITE_ERRORS}}}


# -- club nights (API.md, "Club nights (events)") -------------------------------------------------------------------
ENTRANT_INDEX = {"type": "integer", "minimum": 0}
SECTION_LETTER = {"type": "string", "pattern": "^[A-Z]$",
                  "description": "an event in sections: the section's letter (pages and slips show its tables as "
                                 "\"B 13\")"}
MOVEMENT_NAMES = list(MOVEMENTS)
BYE = obj({"vp": {"type": "integer", "minimum": 0}, "points": {"type": "integer", "minimum": 0, "multipleOf": 5}},
          closed=True)
SCHEMAS.update({
    "NewEntrant": obj({"name": {"type": "string", "minLength": 1, "maxLength": 40}},
                      {"players": {"type": "array", "minItems": 1, "maxItems": 2,  # the most a variant seats: document()
                                   "items": {"type": "string", "minLength": 1, "maxLength": 40},
                                   "description": "left out: the entrant plays alone, under its name"},
                       "member": {**MEMBER_OR_NULL, "description": "an entrant of one player: that player's federation "
                                  "number (kept with the player; another player's number, or another number than "
                                  "the player's, is refused)"},
                       "members": {"type": "array", "items": MEMBER_OR_NULL,
                                   "description": "beside a pair's players, one number (or null) for each, in their "
                                                  "order"}}, closed=True),
    "NewEvent": obj({"name": {"type": "string", "minLength": 1, "maxLength": 40}, "variant": {"enum": []},
                     "entrants": {"type": "array", "minItems": 2, "maxItems": 1024, "items": ref("NewEntrant"),
                                  "description": "the sides that play: at least table_size, names distinct, "
                                                 "nobody in two; at most 256 tables a round (512 pairs at tables "
                                                 "of 2)"},
                     "rounds": {"type": "integer", "minimum": 1, "maximum": 100},
                     "movement": {"enum": MOVEMENT_NAMES,
                                  "description": "round-robin: table_size 2 only, rounds at most entrants − 1 (or "
                                                 "the count, when odd); mitchell and danish: table_size 2 only"},
                     "standings": {"enum": ["points", "wins", "vp"]}},
                    {"options": ref("NewOptions"),
                     "season": {"type": "string", "description": "the id of a season the night joins, at the end "
                                                                 "of its events (same variant)"},
                     "table_size": {"type": "integer", "minimum": 2, "default": 2},
                     "pin": {"type": ["string", "null"], "pattern": "^[0-9]{4,8}$",
                             "description": "the table PIN every table's game gets (4 to 8 digits); left out: none"},
                     "director_pin": {"type": ["string", "null"], "pattern": "^[0-9]{4,8}$",
                                      "description": "4 to 8 digits: starting a round, adjustments and every change "
                                                     "to the event then need it (X-Director-PIN, or a browser session "
                                                     "that entered it); left out: none"},
                     "table_pins": {"type": "boolean", "default": False,
                                    "description": "every table of every round gets its own 4-digit PIN, which "
                                                   "opens that table's game only; not together with pin (422)"},
                     "vp_scale": {"oneOf": [{"type": ["array", "null"], "maxItems": 50,
                                             "items": {"type": "array", "minItems": 3, "maxItems": 3, "items": INT}},
                                            {"enum": list(SCALES)}],
                                  "description": "[[margin_at_least, winner_vp, loser_vp], …], the first row's "
                                                 "margin 0, or a shipped scale's id (GET /api/vp-scales); required "
                                                 "when standings is vp, else left out"},
                     "deals_per_round": {"type": ["integer", "null"], "minimum": 1, "maximum": 100,
                                         "description": "every table's game gets max_hands = this and target null"},
                     "round_minutes": {"type": ["integer", "null"], "minimum": 5, "maximum": 240,
                                       "description": "every table's game gets finish_at = the round's start + this"},
                     "bye": {**BYE, "description": "what an entrant who sits out gets; left out: the 0 row's "
                                                   "winner VP and 0 points"},
                     "sections": {"type": ["integer", "null"], "minimum": 2, "maximum": 26,
                                  "description": "a big event: the entrants split into this many sections A, B, C … "
                                                 "in entrants order (the first n mod k one entrant larger), each "
                                                 "seated by the movement on its own and ranked as one field; every "
                                                 "section needs at least one table (422 naming sections: not a "
                                                 "whole number, not 2 to 26, a section of fewer than table_size "
                                                 "entrants, more than 256 tables in all); left out: one field"}},
                    closed=True),
    "EventTable": obj({"table": {"type": "integer", "minimum": 1}, "game": STR,
                       "entrants": {"type": "array", "items": ENTRANT_INDEX,
                                    "description": "entrant indexes in seat order: the game's sides"},
                       "finished": BOOL},
                      {"pin": {"type": "string", "pattern": "^[0-9]{4}$",
                               "description": "the table's own PIN (table_pins): only for a request carrying the "
                                              "director's PIN, or on an event without one"},
                       "section": SECTION_LETTER}, closed=True),
    "EventRound": obj({"number": {"type": "integer", "minimum": 1},
                       "tables": {"type": "array", "items": ref("EventTable")},
                       "byes": {"type": "array", "items": ENTRANT_INDEX,
                                "description": "entrants sitting out: a game played and won, with the event's bye "
                                               "points and VP"},
                       "movement": {"enum": MOVEMENT_NAMES, "description": "the movement that seated this round"},
                       "started": TIME},
                      closed=True),
    "Event": obj({"id": STR, "name": STR, "variant": STR, "options": ref("Options"),
                  "entrants": {"type": "array", "items": obj({"name": STR, "players": {"type": "array",
                                                                                      "items": STR}})},
                  "table_size": INT, "rounds": INT, "movement": {"enum": MOVEMENT_NAMES},
                  "standings": {"enum": ["points", "wins", "vp"]}, "finished": BOOL,
                  "round_list": {"type": "array", "items": ref("EventRound")},
                  "has_pin": {**BOOL, "description": "every table's game asks for the night's table PIN"},
                  "has_director_pin": {**BOOL, "description": "changing the event needs the director's PIN"},
                  "table_pins": {**BOOL, "description": "every table has its own PIN"}},
                 {"vp_scale": {"type": "array", "items": {"type": "array", "items": INT},
                               "description": "only when standings is vp: the rows themselves (a snapshot)"},
                  "vp_scale_name": {**nullable("string"), "description": "the shipped scale the rows were copied "
                                                                         "from"},
                  "deals_per_round": nullable("integer"), "round_minutes": nullable("integer"),
                  "bye": {"oneOf": [BYE, {"type": "null"}]},
                  "sections": {"type": ["integer", "null"], "minimum": 2, "maximum": 26,
                               "description": "how many sections the entrants are split into (null: one field)"},
                  "adjustments": {"type": "array", "items": ref("Adjustment")}}),
    "Adjustment": obj({"id": STR, "entrant": ENTRANT_INDEX, "round": {"type": "integer", "minimum": 1},
                       "vp": INT, "points": {"type": "integer", "multipleOf": 5}, "reason": STR, "at": TIME},
                      closed=True),
    "NewAdjustment": obj({"entrant": ENTRANT_INDEX, "round": {"type": "integer", "minimum": 1},
                          "reason": {"type": "string", "minLength": 1, "maxLength": 200}},
                         {"vp": {"type": "integer", "description": "negative for a penalty; left out: 0"},
                          "points": {"type": "integer", "multipleOf": 5, "description": "MP, counted into points "
                                                                                         "and margin; left out: 0"}},
                         closed=True),
    "VpScale": obj({"id": STR, "name": STR, "rows": {"type": "array", "items": {"type": "array", "minItems": 3,
                                                                               "maxItems": 3, "items": INT}}},
                   closed=True),
    "EventSummary": obj({"id": STR, "name": STR, "variant": STR,
                         "rounds_played": {"type": "integer", "minimum": 0,
                                           "description": "rounds started (paired, their games created)"},
                         "rounds": INT, "finished": BOOL}, closed=True),
    "Standing": obj({"entrant": ENTRANT_INDEX, "name": STR, "place": {"type": "integer", "minimum": 1},
                     "played": INT, "wins": {"type": "number", "description": "a shared win counts 1/k (two "
                                                                             "decimals)"},
                     "points": INT, "margin": INT, "vp": nullable("integer"),
                     "tie_break": {"type": ["string", "null"], "enum": ["between", "margin", "points", "shared", None],
                                   "description": "what placed the entrant among those level with it on the ranking "
                                                  "figure: the figure in the games between them, the margin, the "
                                                  "points, or nothing (a shared place); null when no one is level "
                                                  "with it"}},
                    {"section": SECTION_LETTER,
                     "section_place": {"type": "integer", "minimum": 1,
                                       "description": "an event in sections: the entrant's rank among its "
                                                      "section's entrants in the field's order (place stays the "
                                                      "field's)"}}, closed=True),
    "EventLogEntry": obj({"at": TIME, "device": nullable("string"), "game": STR,
                          "what": {"type": "string", "description": "e.g. “Round 1, table 2, hand 3 corrected: Us "
                                                                    "1,230 → 1,530”"},
                          "change": {"type": "object"}}, closed=True),
})
EVENT_ID = {"name": "event_id", "in": "path", "required": True, "schema": STR}
SECTION = {"name": "section", "in": "query", "required": False, "schema": STR,
           "description": "an event in sections: one section's letter (B, or b), for its entrants' rows only (places "
                          "stay the field's); left out: all. A section the event does not have: 404"}
ENTRANT = {"name": "entrant", "in": "path", "required": True, "schema": {**INT, "minimum": 0},
           "description": "the entrant's number in the event's entrants, from 0"}
NO_EVENT = _error("unknown event")
EVENT_DIRECTOR = {**DIRECTOR_PIN, "description": "the event's director's PIN, needed when it has one (a browser "
                                                 "session that entered it on /events/{event_id}/unlock needs none)"}
NOT_DIRECTOR = _error("the event has a director's PIN and it was not sent, or is wrong (the message says which PIN "
                      "and how to send it); nothing changed")
DIRECTOR_WAITS = {**_error("too many wrong PINs from this client for this event (director's and tables' PINs "
                           "counted together): it waits (30 s, doubling up to an hour) and its PIN is not checked "
                           "meanwhile"),
                  "headers": {"Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}}}
DIRECTOR_ERRORS = {"403": NOT_DIRECTOR, "429": DIRECTOR_WAITS}
PATHS.update({
    "/api/events": {
        "get": {"operationId": "listEvents", "summary": "Every club night, the newest first",
                "responses": {"200": _ok("the events", {"type": "array", "items": ref("EventSummary")})}},
        "post": {"operationId": "createEvent", "summary": "Create a club night (no round is started yet)",
                 "parameters": [{**IDEMPOTENCY_KEY, "description": "a repeat with the same key and body answers "
                                                                   "the event it made; another body is refused (422)"}],
                 "requestBody": _body(ref("NewEvent")),
                 "responses": {"201": {**_ok("the new event", ref("Event")),
                                       "headers": {"Location": {"schema": STR}}},
                               "400": BAD_JSON, "413": _error("the body is larger than 512 kB"), "415": NOT_JSON,
                               "422": _error("the event breaks a rule (every error names its field), or its "
                                             "Idempotency-Key made another event")}},
    },
    "/api/events/{event_id}": {"get": {"operationId": "getEvent", "summary": "One club night with its rounds",
                                       "parameters": [EVENT_ID, {**EVENT_DIRECTOR, "description": "the director's "
                                                                 "PIN: the answer then shows each table's PIN"}],
                                       "responses": {"200": _ok("the event", ref("Event")), "404": NO_EVENT,
                                                     "403": _error("X-Director-PIN was sent and is wrong"),
                                                     "429": DIRECTOR_WAITS}}},
    "/api/events/{event_id}/rounds": {"post": {
        "operationId": "startRound", "summary": "Start the next round: pairings made, its tables' games created",
        "parameters": [EVENT_ID, EVENT_DIRECTOR, {**IDEMPOTENCY_KEY, "description": "a repeat with the same key "
                                                                                    "answers the round it started and "
                                                                                    "starts none"}],
        "requestBody": {"required": False, "content": {"application/json": {"schema": obj(
            {}, {"movement": {"enum": MOVEMENT_NAMES, "description": "this round only is seated so"}}, closed=True)}}},
        "responses": {"201": _ok("the new round (an element of round_list, with each table's own PIN)",
                                 ref("EventRound")), **DIRECTOR_ERRORS,
                      "400": _error("the Idempotency-Key is not 1-64 printable ASCII characters"),
                      "404": NO_EVENT,
                      "409": _error("a game of the event is not finished or waits (for East–West's acceptance, a "
                                    "side's totals or the director's decision: the message says which table waits "
                                    "for what), every planned round is played, a Mitchell "
                                    "round past the t = ⌈n/2⌉ it has, or the event changed while it was seated"),
                      "422": _error("a movement that is not one, or one the event's table size cannot seat")}}},
    "/api/events/{event_id}/adjustments": {"post": {
        "operationId": "addAdjustment", "summary": "A director's penalty or award: in the standings and the log",
        "parameters": [EVENT_ID, EVENT_DIRECTOR, {**IDEMPOTENCY_KEY, "description": "a repeat with the same key "
                                                                                    "answers the adjustment it made "
                                                                                    "and makes none"}],
        "requestBody": _body(ref("NewAdjustment")),
        "responses": {"201": _ok("the adjustment", ref("Adjustment")), "400": BAD_JSON, "404": NO_EVENT,
                      **DIRECTOR_ERRORS,
                      "413": TOO_LARGE, "415": NOT_JSON,
                      "422": _error("a field breaks a rule (each error names it)")}}},
    "/api/events/{event_id}/adjustments/{adjustment_id}": {"delete": {
        "operationId": "deleteAdjustment", "summary": "Take an adjustment back (the log keeps both)",
        "parameters": [EVENT_ID, {"name": "adjustment_id", "in": "path", "required": True, "schema": STR},
                       EVENT_DIRECTOR],
        "responses": {"200": _ok("the adjustment taken back", ref("Adjustment")), **DIRECTOR_ERRORS,
                      "404": _error("unknown event or adjustment")}}},
    "/api/vp-scales": {"get": {
        "operationId": "listVpScales", "summary": "The VP scales Meldbook ships (vp_scale may name one)",
        "responses": {"200": _ok("the scales", {"type": "array", "items": ref("VpScale")})}}},
    "/events/{event_id}/results.csv": {"get": {
        "operationId": "resultsCsv", "summary": "Every entrant's every round, then the final standings, as CSV",
        "parameters": [EVENT_ID, SECTION],
        "responses": {"200": {"description": "header round,table,entrant,name,opponent,mp,opponent_mp,vp,"
                                             "adjustment_vp,adjustment_points; an empty line; header place,entrant,"
                                             "name,played,wins,points,margin,vp",
                              "content": {"text/csv": {"schema": STR}}},
                      "404": {"description": "unknown event, or a section it does not have (a short page)",
                              "content": {"text/html": {"schema": STR}}}}}},
    "/events/{event_id}/results.html": {"get": {
        "operationId": "resultsHtml", "summary": "The night's results as one self-contained HTML file (no script, "
                                                "styles inline, no outside address), in the request's language",
        "parameters": [EVENT_ID, SECTION],
        "responses": {"200": {"description": "standings with their tie-breaks, every round's tables and scores, the "
                                             "adjustments with their reasons, the VP scale; a night in play marked "
                                             "as not final",
                              "content": {"text/html": {"schema": STR}}},
                      "404": {"description": "unknown event, or a section it does not have (a short page)",
                              "content": {"text/html": {"schema": STR}}}}}},
    "/events/{event_id}/me/{entrant}": {"get": {
        "operationId": "ownPage", "summary": "An entrant's own page: where they sit now and go next, the round clock, "
                                             "their results round by round and their place so far; reads no PIN and "
                                             "changes nothing (also reached as /events/{event_id}?entrant=N)",
        "parameters": [EVENT_ID, ENTRANT],
        "responses": {"200": {"description": "the page, in the request's language",
                              "content": {"text/html": {"schema": STR}}},
                      **OWN_PAGE_REFUSALS}}},
    "/events/{event_id}/me/{entrant}/live": {"get": {
        "operationId": "ownPageLive", "summary": "Polled by the own page with the key it was drawn with: 204 while "
                                                 "the night is unchanged, else the page's part drawn again",
        "parameters": [EVENT_ID, ENTRANT, {"name": "key", "in": "query", "required": False, "schema": STR}],
        "responses": {"200": {"description": "the own page's part (#own), drawn again",
                              "content": {"text/html": {"schema": STR}}},
                      **OWN_PAGE_REFUSALS}}},
    "/events/{event_id}/me/{entrant}/qr.svg": {"get": {
        "operationId": "ownPageQr", "summary": "A QR code of the entrant's own page (on the seating cards)",
        "parameters": [EVENT_ID, ENTRANT],
        "responses": {"200": {"description": "the QR code", "content": {"image/svg+xml": {"schema": STR}}},
                      **OWN_PAGE_REFUSALS}}},
    "/api/events/{event_id}/standings": {"get": {
        "operationId": "getStandings", "summary": "The standings, first place first (finished games count)",
        "parameters": [EVENT_ID],
        "responses": {"200": _ok("the standings", {"type": "array", "items": ref("Standing")}), "404": NO_EVENT}}},
    "/api/events/{event_id}/log": {"get": {
        "operationId": "getEventLog", "summary": "Changes made to a game after its round closed, oldest first",
        "parameters": [EVENT_ID],
        "responses": {"200": _ok("the log", {"type": "array", "items": ref("EventLogEntry")}), "404": NO_EVENT}}},
})

COUNTING = obj({}, {"figure": {"type": ["string", "null"], "enum": ["vp", "points", "wins", None],
                               "description": "what each event counts; null: what the first event ranks by"},
                    "best": {"type": ["integer", "null"], "minimum": 1, "maximum": 200,
                             "description": "only a player's best that many events count; null: all"},
                    "min_events": {"type": "integer", "minimum": 1, "maximum": 200, "default": 1,
                                   "description": "fewer events played: listed after the ranked, place null"},
                    "place_points": {"oneOf": [{"type": "array", "minItems": 1, "maxItems": 1024,
                                                "items": {"type": "integer", "minimum": 0, "maximum": 100000}},
                                               {"const": "field"}, {"type": "null"}],
                                     "description": "points by final place instead of the figure: a list (places "
                                                    "past it get 0) or field (the first of n ranked rows n, one less "
                                                    "a place below)"}}, closed=True)
SCHEMAS.update({
    "Season": obj({"id": STR, "name": STR, "variant": {**nullable("string"), "description": "its events' (null "
                                                                                               "before the first)"},
                   "events": {"type": "array", "items": STR, "description": "event ids in the order played"},
                   "counting": COUNTING, "created": TIME}, closed=True),
    "NewSeason": obj({"name": {"type": "string", "minLength": 1, "maxLength": 40}},
                     {"events": {"type": "array", "maxItems": 200, "items": STR,
                                 "description": "existing events of one variant, each in no other season"},
                      "counting": COUNTING}, closed=True),
    "SeasonChange": obj({}, {"name": {"type": "string", "minLength": 1, "maxLength": 40},
                             "events": {"type": "array", "maxItems": 200, "items": STR},
                             "counting": {**COUNTING, "description": "whole: keys left out take their defaults"}},
                        closed=True),
    "SeasonRow": obj({"player": STR, "place": {"type": ["integer", "null"], "minimum": 1,
                                               "description": "null: fewer than min_events events, unranked"},
                      "events": {"type": "integer", "minimum": 1, "description": "finished events played"},
                      "counted": {"type": "array", "items": STR}, "total": {"type": "number"},
                      "results": {"type": "array", "items": obj(
                          {"event": STR, "figure": {"type": "number"}, "place": {"type": "integer", "minimum": 1},
                           "counts": {"type": "number"}}, closed=True)}}, closed=True),
})
SEASON_ID = {"name": "season_id", "in": "path", "required": True, "schema": STR}
NO_SEASON = _error("unknown season")
PATHS.update({
    "/api/seasons": {
        "get": {"operationId": "listSeasons", "summary": "Every season, the newest first",
                "responses": {"200": _ok("the seasons", {"type": "array", "items": ref("Season")})}},
        "post": {"operationId": "createSeason", "summary": "Create a season of club nights",
                 "parameters": [{**IDEMPOTENCY_KEY, "description": "a repeat with the same key answers the season "
                                                                   "it made"}],
                 "requestBody": _body(ref("NewSeason")),
                 "responses": {"201": {**_ok("the new season", ref("Season")), "headers": {"Location": {"schema": STR}}},
                               "400": BAD_JSON, "413": TOO_LARGE, "415": NOT_JSON,
                               "422": _error("a field breaks a rule (each error names it): an unknown event, one of "
                                             "another season or another variant")}}},
    "/api/seasons/{season_id}": {
        "get": {"operationId": "getSeason", "summary": "One season", "parameters": [SEASON_ID],
                "responses": {"200": _ok("the season", ref("Season")), "404": NO_SEASON}},
        "put": {"operationId": "changeSeason", "summary": "Replace the name, events or counting given",
                "parameters": [SEASON_ID], "requestBody": _body(ref("SeasonChange")),
                "responses": {"200": _ok("the season", ref("Season")), "400": BAD_JSON, "404": NO_SEASON,
                              "413": TOO_LARGE, "415": NOT_JSON, "422": _error("a field breaks a rule")}}},
    "/api/seasons/{season_id}/standings": {"get": {
        "operationId": "getSeasonStandings", "summary": "The season's standings: ranked players, then the unranked",
        "parameters": [SEASON_ID],
        "responses": {"200": _ok("the rows", {"type": "array", "items": ref("SeasonRow")}), "404": NO_SEASON}}},
    "/seasons/{season_id}/standings.pdf": {"get": {
        "operationId": "seasonStandingsSheet", "summary": "The season's standings on paper",
        "parameters": [SEASON_ID], "responses": {"200": PDF, "404": {
            "description": "unknown season (a short page)", "content": {"text/html": {"schema": STR}}}}}},
})

# A table's result, confirmed by both sides (API.md)
CONFIRM_MODES = {"enum": ["none", "accept", "both"],
                 "description": "none: one phone's word; accept: the other side (E–W) accepts a finished game before "
                                "it counts (POST /api/games/{id}/confirm); both: each side sends the turn's totals "
                                "(POST /api/games/{id}/results) and the director decides when they differ (needs a "
                                "director_pin)"}
SIDE_TOTALS = {"type": "array", "items": INT, "description": "one whole number per side, the turn's totals"}
SCHEMAS["NewEvent"]["properties"]["confirm"] = {**CONFIRM_MODES, "default": "none"}
SCHEMAS["Event"]["properties"]["confirm"] = CONFIRM_MODES
SCHEMAS["EventTable"]["properties"]["confirmed"] = {
    **BOOL, "description": "on a night that confirms: a finished game is false while it waits for a side (it counts "
                           "nowhere meanwhile)"}
SCHEMAS["EventTable"]["properties"]["pins"] = {
    "type": "array", "items": {"type": "string", "pattern": "^[0-9]{4}$"}, "minItems": 2, "maxItems": 2,
    "description": "confirm both with table_pins, for the director: [first side's PIN, second side's PIN] (no pin)"}
SCHEMAS["Game"]["properties"]["confirmed"] = {
    **BOOL, "description": "a table of a night that confirms: whether its finished result is accepted (false while "
                           "it waits); other games have no such key"}
SCHEMAS["Game"]["properties"]["results"] = {
    "type": "array", "items": obj({"side": INT, "totals": SIDE_TOTALS}, closed=True),
    "description": "confirm both: each side's sent totals while the game waits (also when both agree with each "
                   "other but not with the totals its recorded hands finished it with: the director decides)"}
CONFIRM_ERRORS = {"400": BAD_JSON, "403": _error("the side's table PIN (or the director's) was not sent, or is wrong"),
                  "404": NOT_FOUND, "413": TOO_LARGE, "415": NOT_JSON, "429": TOO_MANY,
                  "422": _error("a bad body (each error names its field)")}
PATHS.update({
    "/api/games/{game_id}/confirm": {"post": {
        "operationId": "acceptResult", "summary": "The second side (E–W) accepts a finished table's result",
        "parameters": [GAME_ID, PIN, DIRECTOR_PIN],
        "requestBody": _body(obj({"side": {"type": "integer", "description": "the side accepting: 1 (the second); "
                                                                            "the director's PIN may leave it out"}},
                                 closed=True)),
        "responses": {"200": _ok("the game, confirmed", ref("Game")), **CONFIRM_ERRORS,
                      "409": _error("side 0, an unfinished game, or a night that does not confirm so")}}},
    "/api/games/{game_id}/results": {"post": {
        "operationId": "sendResult", "summary": "A side's turn totals (confirm both), or the director's decision",
        "parameters": [GAME_ID, PIN, DIRECTOR_PIN, IDEMPOTENCY_KEY],
        "requestBody": _body({"oneOf": [obj({"side": INT, "totals": SIDE_TOTALS}, closed=True),
                                        obj({"decide": SIDE_TOTALS}, closed=True)]}),
        "responses": {"200": _ok("the game (with results while it waits: one side sent, or the versions differ, "
                                        "from each other or both from the totals its recorded hands finished it "
                                        "with; the director decides then)", ref("Game")), **CONFIRM_ERRORS,
                      "409": _error("both sides sent already, or a night that does not confirm so")}}},
})


def document() -> dict:
    """The whole description, with every registered variant's id, entry fields and house rules: in English, whatever
    the request's language (the API's words are its field names)."""
    with lang.using("en"):
        return _plain(_document())


def _plain(value: Any) -> Any:
    """The document with every declared text (lang.Lazy) as its English string."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return lang.english(value)


def _movement_names(value: Any) -> None:
    """Every "movement" property's enum, the movements registered now (one registered after start-up too)."""
    if isinstance(value, dict):
        for key, inner in value.items():
            if key == "movement" and isinstance(inner, dict) and "enum" in inner:
                inner["enum"] = list(MOVEMENTS)
            else:
                _movement_names(inner)
    elif isinstance(value, list):
        for inner in value:
            _movement_names(inner)


def _document() -> dict:
    schemas = copy.deepcopy(SCHEMAS)
    ids = list(VARIANTS)
    schemas["Variant"]["properties"]["id"]["enum"] = ids
    schemas["NewGame"]["properties"]["variant"]["enum"] = ids
    most = max((shape["players_per_side"] for v in VARIANTS.values() for shape in v.describe_sides.values()), default=2)
    schemas["NewSide"]["properties"]["players"]["maxItems"] = most  # a team of three, where a variant seats one
    schemas["NewEntrant"]["properties"]["players"]["maxItems"] = most
    schemas["NewEvent"]["properties"]["variant"]["enum"] = ids
    for variant in VARIANTS.values():
        schemas[schema_name(variant, "Entry")] = entry_schema(variant)
        schemas[schema_name(variant, "HouseRules")] = house_rules_schema(variant)
    # a hand copied from paper gives every side just its total (API.md, "A hand copied from paper")
    schemas["Entry"]["anyOf"] = [ref(schema_name(v, "Entry")) for v in VARIANTS.values()] + [ref("PaperEntry")]
    schemas["NewOptions"]["properties"]["house_rules"]["anyOf"] = [ref(schema_name(v, "HouseRules"))
                                                                   for v in VARIANTS.values()]
    limits = hand_limits(VARIANTS.values())
    schemas["Variant"]["properties"]["sides"]["description"] = sides_description(limits)
    schemas["NewOptions"]["properties"]["max_hands"]["description"] = max_hands_description(limits)
    schemas["NewOptions"]["properties"]["house_rules"]["description"] = house_rules_description(VARIANTS.values())
    for mark in {m.key: m for v in VARIANTS.values() for m in v.marks}.values():
        schemas["Side"]["properties"][mark.key] = {
            "type": "integer", "minimum": 0,
            "description": f"{mark.button} marks since the last hand ({' and '.join(str(v.name) for v in VARIANTS.values() if mark in v.marks)} only)"}
    paths = copy.deepcopy(PATHS)
    _movement_names(schemas)
    _movement_names(paths)
    marks = {m.action: m for v in VARIANTS.values() for m in v.marks}
    if marks:
        path = paths["/api/games/{game_id}/sides/{side}/{action}"] = copy.deepcopy(MARK_PATH)
        path["post"]["parameters"][-1]["schema"]["enum"] = list(marks)
        path["post"]["summary"] = "; ".join(f"{action}: {mark_summary(m, VARIANTS.values())}" for action, m in marks.items())
    names = ", ".join(str(v.name) for v in VARIANTS.values())
    info = {"title": "Meldbook", "version": "1",
            "description": f"Canasta score keeping for {names}. Every error answer "
                           "is {\"errors\": [{\"field\", \"message\"}]}; a refused request stores nothing. "
                           "Writes may send If-Match with the game's revision; games made with a PIN need "
                           "X-Table-PIN to change; a club night with a director's PIN needs X-Director-PIN to change (it "
                           "also opens every table's game). On every route: a request naming a Host this server does "
                           "not answer to gets 400; a method the route does not have gets 405 with Allow; a "
                           "write that cannot get the busy database within 5 s gets 503 with Retry-After; a "
                           "damaged or read-only database file gets 503 and a full disk 507, in words."}
    return {"openapi": "3.1.0", "info": info, "paths": paths, "components": {"schemas": schemas}}


DOCUMENT = document()  # as the server starts; a variant registered later shows in document()


@bp.get("/openapi.json")
def openapi_document():
    """The OpenAPI 3.1 description of this API."""
    return jsonify(document())

