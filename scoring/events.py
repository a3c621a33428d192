"""Club nights (events), API.md "Club nights (events)": what a new event may be, who sits where each round,
and the standings. Pure: no Flask, no database; the app stores events and their games and asks these.

- `check_event(payload, variants)`: a POST /api/events body checked into an `Event`, or `Refused` naming fields.
- `pair_round(event, rounds_so_far, round_number, rng)`: a round's tables (entrant indexes in seat order) and byes.
  Round robin: FIDE Berger tables (caissify-pairings). Swiss with two entrants a table: one maximum-weight matching
  (networkx) that never repeats a pair while another seating exists, then seats near standing. Swiss with three
  or more a table, and the draw, are our own (README.md, "Club night pairings").
- `standings(event, games, byes)`: the standings rows, wins kept as fractions (1/3 + 1/3 + 1/3 is exactly 1).
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

import lang

from .base import FieldError, Refused
from .entries import whole_number
from .game import _listed, _name, _pin, how_many, new_game, shows_nothing
from .standings import player_key
from .variant import Variant

MOVEMENTS = ("round-robin", "swiss", "draw")
RANKINGS = ("points", "wins", "vp")
KEYS = ("name", "variant", "options", "entrants", "table_size", "rounds", "movement", "standings", "vp_scale", "pin")
MAX_ENTRANTS = 200  # a big club's whole membership; a typo of extra rows is caught
MAX_ROUNDS = 100
MAX_VP_ROWS = 50
DEFAULT_TABLE_SIZE = 2


@dataclass(frozen=True)
class Entrant:
    """A side that plays the event's games: a pair, or one player."""

    name: str
    players: tuple[str, ...]

    def side(self) -> dict:
        """This entrant as a side of a table's game (POST /api/games)."""
        return {"name": self.name, "players": list(self.players)}


@dataclass(frozen=True)
class Event:
    """A checked event: what check_event read from a POST /api/events body."""

    name: str
    variant: str
    options: dict  # the options snapshot every table's game gets, defaults filled in (as a game's)
    entrants: tuple[Entrant, ...]
    table_size: int
    rounds: int
    movement: str
    standings: str
    vp_scale: tuple[tuple[int, int, int], ...] | None = None
    pin: str | None = None  # the table PIN every table's game gets (stored only as a hash; never in as_dict)

    def as_dict(self) -> dict:
        body = {"name": self.name, "variant": self.variant, "options": self.options,
                "entrants": [e.side() for e in self.entrants], "table_size": self.table_size,
                "rounds": self.rounds, "movement": self.movement, "standings": self.standings}
        if self.vp_scale is not None:
            body["vp_scale"] = [list(row) for row in self.vp_scale]
        return body


# -- a new event -----------------------------------------------------------------------------------------------

def check_event(payload: Any, variants: Mapping[str, Variant] | None = None) -> Event:
    """Check a POST /api/events body; returns the Event or raises Refused (422) with every error found."""
    if variants is None:
        from . import VARIANTS  # the registry imports the variant modules: look it up when asked
        variants = VARIANTS
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("A new event must be a JSON object with name, variant, options, "
                                               "entrants, table_size, rounds, movement and standings."))])
    errors = [FieldError(k, lang._("'%(key)s' is not part of an event; send %(keys)s.", key=k, keys=", ".join(KEYS)))
              for k in sorted(set(payload) - set(KEYS), key=str)]
    name, err = _name(payload.get("name"), "name", lang._("The event's name"))
    errors += [err] if err else []
    pin_error = _pin(payload.get("pin"))  # every table's game gets it: a phone at a table asks for it
    errors += [pin_error] if pin_error else []
    if not err and shows_nothing(name):
        errors.append(FieldError("name", lang._("The event's name shows nothing (only invisible characters); type a "
                                                "name.")))
    variant_id = payload.get("variant")
    variant = variants.get(variant_id) if isinstance(variant_id, str) else None
    if variant is None:
        errors.append(FieldError("variant", lang._("Choose a variant: %(variants)s.", variants=_listed(list(variants)))))
    table_size, err = _table_size(payload.get("table_size", DEFAULT_TABLE_SIZE))
    errors += [err] if err else []
    most = 2 if variant is None else max([2] + [s["players_per_side"] for s in variant.describe_sides.values()])
    entrants, entrant_errors = _entrants(payload.get("entrants"), most)
    errors += entrant_errors
    if table_size and entrants and not entrant_errors and len(entrants) < table_size:
        errors.append(FieldError("entrants", lang._("At least %(size)s entrants are needed to fill one table of "
                                                    "%(size)s; got %(got)s.", size=table_size, got=len(entrants))))
    rounds, err = _rounds(payload.get("rounds"))
    errors += [err] if err else []
    movement, ranking = payload.get("movement"), payload.get("standings")
    if movement not in MOVEMENTS:
        errors.append(FieldError("movement", _must_be("movement", MOVEMENTS, movement)))
    elif movement == "round-robin" and table_size:
        errors += _round_robin(table_size, len(entrants) if not entrant_errors else 0, rounds)
    if ranking not in RANKINGS:
        errors.append(FieldError("standings", _must_be("standings", RANKINGS, ranking)))
    vp_scale = None
    if ranking == "vp":
        if table_size and table_size != 2:
            errors.append(FieldError("standings", lang._("Victory points (vp) compare a table's two sides; with "
                                                         "table_size %(size)s rank by “points” or “wins”.",
                                                         size=table_size)))
        vp_scale, scale_errors = _vp_scale(payload.get("vp_scale"))
        errors += scale_errors
    elif payload.get("vp_scale") is not None:
        errors.append(FieldError("vp_scale", lang._("vp_scale is used only when standings is “vp”; leave it out or "
                                                    "rank by “vp”.")))
    options = None
    if variant is not None and table_size and entrants and not entrant_errors:
        options, fit_errors = _fits(variant, table_size, entrants, payload.get("options"))
        errors += fit_errors
    if errors:
        raise Refused(errors)
    return Event(name=name, variant=variant.id, options=options, entrants=tuple(entrants), table_size=table_size,
                 rounds=rounds, movement=movement, standings=ranking, vp_scale=vp_scale, pin=payload.get("pin") or None)


def _must_be(field: str, allowed: Sequence[str], value: Any) -> str:
    """'movement must be “round-robin”, “swiss” or “draw” (got “x”).'"""
    choices = _listed([f"“{a}”" for a in allowed])
    if value is None:
        return lang._("%(field)s must be %(choices)s.", field=field, choices=choices)
    if isinstance(value, str) and len(value) <= 40:
        return lang._("%(field)s must be %(choices)s (got “%(value)s”).", field=field, choices=choices, value=value)
    return lang._("%(field)s must be %(choices)s (got something else).", field=field, choices=choices)


def _table_size(value: Any) -> tuple[int | None, FieldError | None]:
    n, err = whole_number(value, "table_size", lang._("table_size (entrants at one table)"))
    if err:
        return None, err
    if n < 2:
        return None, FieldError("table_size", lang._("table_size is how many entrants sit at one table: at least 2 "
                                                     "(got %(got)s).", got=n))
    return n, None


def _rounds(value: Any) -> tuple[int | None, FieldError | None]:
    if value is None:
        return None, FieldError("rounds", lang._("rounds is missing: how many rounds the event plays, 1 to %(most)s.",
                                                 most=MAX_ROUNDS))
    n, err = whole_number(value, "rounds", "rounds")
    if err:
        return None, err
    if not 1 <= n <= MAX_ROUNDS:
        return None, FieldError("rounds", lang._("rounds must be from 1 to %(most)s (got %(got)s).", most=MAX_ROUNDS,
                                                 got=lang.number(n)))
    return n, None


def _entrants(raw: Any, most: int) -> tuple[list[Entrant], list[FieldError]]:
    """Each entrant's name and players; names distinct, and nobody in two entrants (as the players pages compare
    names: standings.player_key)."""
    if not isinstance(raw, list) or not raw:
        return [], [FieldError("entrants", lang._("entrants must be a list of entrants, each with a name and its "
                                                  "players."))]
    if len(raw) > MAX_ENTRANTS:
        return [], [FieldError("entrants", lang._("At most %(most)s entrants can play; got %(got)s.", most=MAX_ENTRANTS,
                                                  got=lang.number(len(raw))))]
    entrants, errors, names, players_seen = [], [], {}, {}
    for i, e in enumerate(raw):
        where = f"entrants[{i}]"
        if not isinstance(e, dict):
            errors.append(FieldError(where, lang._("Entrant %(n)s must be an object with a name and players.", n=i + 1)))
            continue
        errors += [FieldError(f"{where}.{k}", lang._("'%(key)s' is not part of an entrant; give name and players.",
                                                     key=k))
                   for k in sorted(set(e) - {"name", "players"}, key=str)]
        name, err = _name(e.get("name"), f"{where}.name", lang._("Entrant %(n)s's name", n=i + 1))
        if not err and shows_nothing(name):
            err = FieldError(f"{where}.name", lang._("Entrant %(n)s's name shows nothing (only invisible characters); "
                                                     "type a name.", n=i + 1))
        if err:
            errors.append(err)
        elif player_key(name) in names:
            j = names[player_key(name)]
            errors.append(FieldError(f"{where}.name", lang._(
                "Entrant %(n)s's name “%(name)s” looks the same as entrant %(other)s's (“%(other_name)s”); give each "
                "entrant its own name.", n=i + 1, name=name, other=j + 1, other_name=raw[j]["name"].strip())))
        else:
            names[player_key(name)] = i
        raw_players = e.get("players", [name] if name else [])
        players = []
        if not isinstance(raw_players, list) or not raw_players or len(raw_players) > most:
            errors.append(FieldError(f"{where}.players", lang._("Entrant %(n)s's players must be a list of %(names)s.",
                                                                 n=i + 1, names=how_many(most))))
        else:
            for j, p in enumerate(raw_players):
                at = f"{where}.players[{j}]"
                player, err = _name(p, at, lang._("Player %(seat)s of entrant %(n)s", seat=j + 1, n=i + 1))
                if not err and shows_nothing(player):
                    err = FieldError(at, lang._("Player %(seat)s of entrant %(n)s shows nothing (only invisible "
                                                "characters); type a name.", seat=j + 1, n=i + 1))
                if err:
                    errors.append(err)
                elif player_key(player) in players_seen:
                    errors.append(FieldError(at, lang._(
                        "“%(name)s” already plays in entrant %(other)s; a person plays in one entrant (e.g. “Ann B.” "
                        "for another Ann).", name=player, other=players_seen[player_key(player)])))
                else:
                    players_seen[player_key(player)] = i + 1
                    players.append(player)
        entrants.append(Entrant(name, tuple(players)))
    return entrants, errors


def _round_robin(table_size: int, entrants: int, rounds: int | None) -> list[FieldError]:
    if table_size != 2:
        return [FieldError("movement", lang._("A round robin seats two entrants a table (each meets every other once); "
                                              "with table_size %(size)s choose “swiss” or “draw”.", size=table_size))]
    if not entrants or rounds is None:
        return []
    most = entrants if entrants % 2 else entrants - 1
    if rounds > most:
        if entrants % 2:
            return [FieldError("rounds", lang.ngettext(
                "A round robin of %(entrants)s entrants has %(num)s round (an odd count: each entrant also sits out "
                "once); rounds must be from 1 to %(most)s (got %(got)s).",
                "A round robin of %(entrants)s entrants has %(num)s rounds (an odd count: each entrant also sits out "
                "once); rounds must be from 1 to %(most)s (got %(got)s).", most, entrants=entrants, most=most,
                got=rounds))]
        return [FieldError("rounds", lang.ngettext(
            "A round robin of %(entrants)s entrants has %(num)s round; rounds must be from 1 to %(most)s (got %(got)s).",
            "A round robin of %(entrants)s entrants has %(num)s rounds; rounds must be from 1 to %(most)s "
            "(got %(got)s).", most, entrants=entrants, most=most, got=rounds))]
    return []


def _vp_scale(raw: Any) -> tuple[tuple[tuple[int, int, int], ...] | None, list[FieldError]]:
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


def _fits(variant: Variant, table_size: int, entrants: list[Entrant], raw_options: Any
          ) -> tuple[dict | None, list[FieldError]]:
    """Whether every table this event can seat is a game of the variant, and its options: asked of new_game itself
    with one such table (entrants of each number of players there is), so a round's games are sure to be made."""
    sizes = sorted({len(e.players) for e in entrants})
    shapes = [s for s in variant.describe_sides.values() if s["players_per_side"] == sizes[0]]
    if len(sizes) == 1 and shapes:
        low, high = min(s["sides"][0] for s in shapes), max(s["sides"][1] for s in shapes)
        if not low <= table_size <= high:
            return None, [FieldError("table_size", _seats(variant.name, low, high, sizes[0], table_size))]
    # a table with the first entrant of every size (any two entrants may meet), filled up in list order
    firsts = [next(i for i, e in enumerate(entrants) if len(e.players) == n) for n in sizes][:table_size]
    table = firsts + [i for i in range(len(entrants)) if i not in firsts][:table_size - len(firsts)]
    body = {"variant": variant.id, "sides": [entrants[i].side() for i in table]}
    if raw_options is not None:
        body["options"] = raw_options
    try:
        _, options = new_game(variant, body)
    except Refused as refused:
        return None, [_at_event(e, table, len(sizes) > 1) for e in refused.errors]
    return options, []


def _seats(variant: str, low: int, high: int, players: int, got: int) -> str:
    """'Pony seats 2 players alone at one table; table_size must be 2 (got 3).'"""
    if low == high and players == 1:
        return lang._("%(variant)s seats %(low)s players alone at one table; table_size must be %(low)s (got %(got)s).",
                      variant=variant, low=low, got=got)
    if low == high:
        return lang._("%(variant)s seats %(low)s sides of %(players)s players at one table; table_size must be "
                      "%(low)s (got %(got)s).", variant=variant, low=low, players=players, got=got)
    if players == 1:
        return lang._("%(variant)s seats from %(low)s to %(high)s players alone at one table; table_size must be from "
                      "%(low)s to %(high)s (got %(got)s).", variant=variant, low=low, high=high, got=got)
    return lang._("%(variant)s seats from %(low)s to %(high)s sides of %(players)s players at one table; table_size "
                  "must be from %(low)s to %(high)s (got %(got)s).", variant=variant, low=low, high=high,
                  players=players, got=got)


def _at_event(error: FieldError, table: list[int], mixed: bool) -> FieldError:
    """A refusal of the trial table's game, said of the event's fields."""
    field = error.field or ""
    if field == "sides":
        seated = ", ".join(str(i + 1) for i in table)
        if mixed:
            return FieldError("entrants", lang._("A table of entrants %(seated)s could not play (any entrants may meet "
                                                 "at a table): %(refusal)s", seated=seated, refusal=error.message))
        return FieldError("entrants", lang._("A table of entrants %(seated)s could not play (every table seats "
                                             "table_size entrants): %(refusal)s", seated=seated, refusal=error.message))
    if field.startswith("sides["):
        side, rest = field[len("sides["):].split("]", 1)
        return FieldError(f"entrants[{table[int(side)]}]{rest}", error.message)
    return error


# -- pairings --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TableGame:
    """One table's game as the event reads it: its entrants in seat order and, when finished, each seat's total
    and its winners (seat positions, as the game object's `winner`)."""

    entrants: tuple[int, ...]
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    finished: bool = False

    @classmethod
    def of(cls, entrants: Sequence[int], game: dict) -> TableGame:
        """From a table's game object (API.md): sides' scores, winner and finished."""
        return cls(tuple(entrants), tuple(s["score"] for s in game["sides"]), tuple(game["winner"] or ()),
                   bool(game["finished"]))


@dataclass(frozen=True)
class Round:
    """A round played or under way: its tables' games and who sat out."""

    tables: tuple[TableGame, ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Pairing:
    """A new round's seating: each table's entrant indexes in seat order (table 1 first), and the byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def pair_round(event: Event, rounds_so_far: Sequence[Round], round_number: int, rng: random.Random) -> Pairing:
    """Seat round `round_number` (from 1) after the rounds so far. `rng` draws lots (the draw, and the order of
    entrants level in the standings); round robin uses none."""
    if not 1 <= round_number <= event.rounds:
        raise ValueError(f"round {round_number} is not one of the event's {event.rounds} rounds")
    if event.movement == "round-robin":
        return _berger(len(event.entrants), round_number)
    met = Counter(frozenset(pair) for r in rounds_so_far for t in r.tables
                  for pair in itertools.combinations(t.entrants, 2))
    had_byes = Counter(b for r in rounds_so_far for b in r.byes)
    if event.movement == "draw":
        return _draw(len(event.entrants), event.table_size, had_byes, rng)
    games = [t for r in rounds_so_far for t in r.tables]
    rows = standings(event, games, [b for r in rounds_so_far for b in r.byes])
    lots = list(range(len(rows)))
    rng.shuffle(lots)  # entrants level in the standings (everyone, in round 1) are ordered by lot
    order = [row.entrant for row in sorted(rows, key=lambda row: (row.place, lots[row.entrant]))]
    if event.table_size == 2:
        return _swiss_pairs(order, met, had_byes)
    return _swiss_tables(order, event.table_size, met, had_byes)


def _berger(n: int, round_number: int) -> Pairing:
    """FIDE Berger tables (caissify-pairings' round_robin engine): entrant i is pairing number i + 1; with an odd
    count whoever meets the phantom sits out."""
    from caissify_pairings import generate_pairings  # loaded when a round robin is first paired

    players = [{"id": i, "name": str(i), "starting_number": i + 1} for i in range(n)]
    rows = generate_pairings(system="round_robin", players=players, previous_pairings=set(),
                             round_number=round_number, total_rounds=n if n % 2 else n - 1)
    tables = tuple((p["white_id"], p["black_id"]) for p in rows if not p.get("bye"))
    return Pairing(tables, tuple(p["white_id"] for p in rows if p.get("bye")))


def _draw(n: int, size: int, had_byes: Counter, rng: random.Random) -> Pairing:
    """Random seats; the entrants out (n mod size) are drawn among those who sat out least."""
    order = list(range(n))
    rng.shuffle(order)
    out = sorted(order, key=lambda e: had_byes[e])[:n % size]  # a stable sort: by lot among equals
    seated = [e for e in order if e not in out]
    return Pairing(tuple(tuple(seated[i:i + size]) for i in range(0, len(seated), size)), tuple(sorted(out)))


def _swiss_pairs(order: list[int], met: Counter, had_byes: Counter) -> Pairing:
    """Two entrants a table: the seating with the fewest repeated pairs (none while one exists), then the fewest
    second byes, then entrants nearest in the standings (the sum of squared distances in standing: 1–2, 3–4 before
    1–3, 2–4), the bye to the lowest placed. One maximum-weight perfect matching (networkx) finds it exactly."""
    import networkx as nx  # loaded when a Swiss round is first paired

    n = len(order)
    at = {e: k for k, e in enumerate(order)}
    bye = -1  # the phantom an odd entrant out is paired with
    near = n ** 3  # above any sum of squared distances of one seating
    fair = near * (n + 1)  # above any sum of the nearness costs
    repeat = fair * (n + 1) * (max(had_byes.values(), default=0) + 1)  # above any sum of the bye costs
    graph = nx.Graph()
    for a, b in itertools.combinations(order, 2):
        graph.add_edge(a, b, cost=met[frozenset((a, b))] * repeat + (at[a] - at[b]) ** 2)
    if n % 2:
        for e in order:
            graph.add_edge(e, bye, cost=had_byes[e] * fair + (n - 1 - at[e]) ** 2)
    top = max(c for _, _, c in graph.edges(data="cost")) + 1
    for _, _, data in graph.edges(data=True):
        data["weight"] = top - data["cost"]  # every seating has the same number of tables: least cost = most weight
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables, byes = [], []
    for a, b in matching:
        if bye in (a, b):
            byes.append(a if b == bye else b)
        else:
            tables.append(tuple(sorted((a, b), key=at.get)))  # the higher placed sits first
    tables.sort(key=lambda t: at[t[0]])
    return Pairing(tuple(tables), tuple(byes))


SEARCH_BUDGET = 20_000  # seatings tried before settling for the fewest repeated pairs a local search finds
OUT_TRIES = 20  # choices of who sits out tried for a fresh seating


def _swiss_tables(order: list[int], size: int, met: Counter, had_byes: Counter) -> Pairing:
    """Three or more entrants a table: n mod size entrants sit out, the lowest placed of those who sat out least
    unless only other entrants out let every table be fresh; the rest are seated in standing order, each table the
    nearest entrants of whom no two have met, tried depth first (SEARCH_BUDGET seatings in all). When none is
    found, a local search keeps the fewest repeated pairs, then the nearest standings."""
    at = {e: k for k, e in enumerate(order)}
    n_out = len(order) % size
    by_turn = sorted(order, key=lambda e: (had_byes[e], -at[e]))  # first the lowest placed of those out least
    budget = [SEARCH_BUDGET]
    for out in itertools.islice(itertools.combinations(by_turn, n_out), OUT_TRIES):
        seated = [e for e in order if e not in out]
        found = _fresh_tables(seated, size, met, budget)
        if found is not None or budget[0] < 0:
            break
    if found is None:
        out = tuple(by_turn[:n_out])
        seated = [e for e in order if e not in out]
        found = _fewest_repeats(seated, size, met, at)
    tables = sorted((tuple(sorted(t, key=at.get)) for t in found), key=lambda t: at[t[0]])
    return Pairing(tuple(tables), tuple(sorted(out, key=at.get)))


def _fresh_tables(seated: list[int], size: int, met: Counter, budget: list[int]) -> list[tuple[int, ...]] | None:
    def seat(left: list[int]) -> list[tuple[int, ...]] | None:
        if not left:
            return []
        head, rest = left[0], left[1:]
        for others in itertools.combinations(rest, size - 1):  # nearest first: rest is in standing order
            budget[0] -= 1
            if budget[0] < 0:
                return None
            table = (head, *others)
            if any(met[frozenset(p)] for p in itertools.combinations(table, 2)):
                continue
            after = seat([e for e in rest if e not in others])
            if after is not None:
                return [table, *after]
        return None

    return seat(seated)


def _fewest_repeats(seated: list[int], size: int, met: Counter, at: dict[int, int]) -> list[tuple[int, ...]]:
    tables = [list(seated[i:i + size]) for i in range(0, len(seated), size)]

    def cost(table: list[int]) -> tuple[int, int]:
        pairs = list(itertools.combinations(table, 2))
        return sum(met[frozenset(p)] for p in pairs), sum((at[a] - at[b]) ** 2 for a, b in pairs)

    improved = True
    while improved:
        improved = False
        for t, u in itertools.combinations(range(len(tables)), 2):
            for i, j in itertools.product(range(size), repeat=2):
                a, b = tables[t][:], tables[u][:]
                a[i], b[j] = b[j], a[i]
                before = tuple(map(sum, zip(cost(tables[t]), cost(tables[u]))))
                if tuple(map(sum, zip(cost(a), cost(b)))) < before:
                    tables[t], tables[u] = a, b
                    improved = True
    return [tuple(t) for t in tables]


# -- standings -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Standing:
    """One entrant's row of the standings."""

    entrant: int
    name: str
    place: int
    played: int
    wins: Fraction
    points: int
    margin: int
    vp: int | None

    def as_dict(self) -> dict:
        return {"entrant": self.entrant, "name": self.name, "place": self.place, "played": self.played,
                "wins": shown_wins(self.wins), "points": self.points, "margin": self.margin, "vp": self.vp}


def shown_wins(wins: Fraction) -> int | float:
    """Wins as JSON shows them: a whole number as is, a share of a tied win to two decimals (1/3 → 0.33,
    2 1/2 → 2.5). The ranking always uses the exact fraction."""
    return wins.numerator if wins.denominator == 1 else round(float(wins), 2)


def game_figures(event: Event, game: TableGame) -> dict[int, tuple[Fraction, int, int, int]]:
    """Each entrant's (wins, points, margin, vp) from one finished game: a win is shared by k tied winners 1/k each;
    the margin is the entrant's total minus the best other total at the table; vp as the event's vp_scale says."""
    totals, winners = game.totals, set(game.winners)
    figures = {}
    for seat, entrant in enumerate(game.entrants):
        others = [t for s, t in enumerate(totals) if s != seat]
        margin = totals[seat] - max(others) if others else 0
        win = Fraction(1, len(winners)) if seat in winners else Fraction(0)
        figures[entrant] = (win, totals[seat], margin, _vp(event, seat in winners, len(winners), abs(margin)))
    return figures


def _vp(event: Event, won: bool, winners: int, margin: int) -> int:
    if not event.vp_scale:
        return 0
    if winners != 1:  # a tie: each side gets the 0 row's winner_vp
        return event.vp_scale[0][1]
    row = [r for r in event.vp_scale if r[0] <= margin][-1]
    return row[1] if won else row[2]


def bye_figures(event: Event) -> tuple[Fraction, int, int, int]:
    """A bye: a game played and won with margin 0 and points 0 (vp: the 0 row's winner_vp)."""
    return Fraction(1), 0, 0, (event.vp_scale[0][1] if event.vp_scale else 0)


FIGURE = {"wins": 0, "points": 1, "vp": 3}  # the ranking figure's place in a game's figures


def standings(event: Event, games: Iterable[TableGame], byes: Iterable[int] = ()) -> list[Standing]:
    """Every entrant's row, first place first (API.md): finished games and byes count. Level entrants are split,
    once for the whole level group, by the ranking figure over the games among them only, then the sum of margins,
    then points; still level they share a place and the next place skips (1, 1, 3)."""
    n = len(event.entrants)
    kept = [g for g in games if g.finished]
    per_game = [game_figures(event, g) for g in kept]
    totals = [[0, Fraction(0), 0, 0, 0] for _ in range(n)]  # played, wins, points, margin, vp
    for figures in per_game + [{e: bye_figures(event)} for e in byes]:
        for entrant, (win, points, margin, vp) in figures.items():
            row = totals[entrant]
            row[0] += 1
            row[1] += win
            row[2] += points
            row[3] += margin
            row[4] += vp
    k = FIGURE[event.standings]
    figure = [row[1 + k] for row in totals]  # wins, points or vp
    level = {}
    for e in range(n):
        level.setdefault(figure[e], []).append(e)
    among = [0] * n  # the figure over the games between the level entrants only
    for group in level.values():
        if len(group) < 2:
            continue
        members = set(group)
        for figures in per_game:
            if len(members & set(figures)) >= 2:
                for e in members & set(figures):
                    among[e] += figures[e][k]
    keys = [(figure[e], among[e], totals[e][3], totals[e][2]) for e in range(n)]
    order = sorted(range(n), key=lambda e: (tuple(-x for x in keys[e]), e))
    return [Standing(entrant=e, name=event.entrants[e].name, place=1 + sum(keys[o] > keys[e] for o in range(n)),
                     played=totals[e][0], wins=totals[e][1], points=totals[e][2], margin=totals[e][3],
                     vp=totals[e][4] if event.standings == "vp" else None) for e in order]
