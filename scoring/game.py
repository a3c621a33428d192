"""A whole game from its rules snapshot and the raw entries of its hands: totals, minimums, result."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

import lang
from lang import L_

from . import paper
from .base import FieldError, Refused, listed, team_name
from .entries import not_whole, points_fields, stored_reader
from .standings import player_key
from .names import visible
from .registry import VARIANTS
from .variant import NAME_MAX, Variant


@dataclass(frozen=True)
class HandRecord:
    """A stored hand: the entries as the players gave them, and when it was first recorded."""

    entries: list[dict]
    recorded_at: str  # ISO 8601, UTC


def new_game(variant: Variant | None, payload: Any, *, seated_now: bool = True) -> tuple[list[dict], dict]:
    """Check a new game's sides and options; returns (sides, options snapshot) or raises Refused.

    `seated_now`: the table is sitting down now, so its names must show and nobody sits twice (new_seats);
    False for a game kept before (an import keeps its seats as they were) and for a blank sheet's heads.
    """
    if not isinstance(payload, dict):
        raise Refused([FieldError(None, lang._("A new game must be a JSON object with variant, sides and options."))])
    unknown = sorted(set(payload) - {"variant", "sides", "options", "pin"})
    errors = [FieldError(k, lang._("'%(key)s' is not part of a new game; send variant, sides and options.", key=k))
              for k in unknown]
    if variant is None:
        raise Refused(errors + [FieldError("variant", lang._("Choose a variant: %(variants)s.",
                                                             variants=_listed(list(_variant_ids()))))])
    pin_error = _pin(payload.get("pin"))
    errors += [pin_error] if pin_error else []
    # a side lists two players at most, three where the variant seats teams of three (check_sides says what it seats)
    most = max([2] + [shape["players_per_side"] for shape in variant.describe_sides.values()])
    sides, side_errors = _sides(payload.get("sides"), most)
    errors += side_errors
    if side_errors:
        raise Refused(errors)
    errors += variant.check_sides(sides)
    errors += new_seats(sides) if seated_now else []
    options, option_errors = variant.build_options(payload.get("options"), sides)
    errors += option_errors
    errors += _start_reaches_target(sides, options) if not option_errors else []
    if errors:
        raise Refused(errors)
    return sides, options


def _variant_ids():
    return VARIANTS


def _listed(words: list[str]) -> str:
    return listed(words, "or")


HOW_MANY = {2: L_("one or two names"), 3: L_("one to three names")}


def how_many(most: int) -> str:
    """How many names a side's players may be, in words: "one or two names"."""
    return str(HOW_MANY[most]) if most in HOW_MANY else lang._("1 to %(most)s names", most=lang.number(most))


def _sides(raw: Any, most: int = 2) -> tuple[list[dict], list[FieldError]]:
    if not isinstance(raw, list) or not raw:
        return [], [FieldError("sides", lang._("sides must be a list of sides, each with a name and its players."))]
    if len(raw) > 16:
        return [], [FieldError("sides", lang._("At most %(most)s sides can play; got %(got)s.", most=16,
                                               got=lang.number(len(raw))))]
    sides, errors, seen = [], [], {}
    for i, s in enumerate(raw):
        where = f"sides[{i}]"
        if not isinstance(s, dict):
            errors.append(FieldError(where, lang._("Side %(n)s must be an object with a name and players.", n=i + 1)))
            continue
        for key in sorted(set(s) - {"name", "players", "start_score"}):
            errors.append(FieldError(f"{where}.{key}", lang._("'%(key)s' is not part of a side; give name, players and "
                                                               "(for a game begun on paper) start_score.", key=key)))
        name, err = _name(s.get("name"), f"{where}.name", lang._("Side %(n)s's name", n=i + 1))
        if err:
            errors.append(err)
        elif name.casefold() in seen:
            errors.append(FieldError(f"{where}.name", lang._("Two sides are called “%(name)s”; give each side its own "
                                                              "name.", name=name)))
        else:
            seen[name.casefold()] = i
        raw_players = s.get("players", [name] if name else [])
        players = []
        if not isinstance(raw_players, list) or not raw_players or len(raw_players) > most:
            errors.append(FieldError(f"{where}.players", lang._("Side %(n)s's players must be a list of %(names)s.",
                                                                 n=i + 1, names=how_many(most))))
        else:
            for j, p in enumerate(raw_players):
                player, err = _name(p, f"{where}.players[{j}]",
                                    lang._("Player %(seat)s of side %(n)s", seat=j + 1, n=i + 1))
                if err:
                    errors.append(err)
                else:
                    players.append(player)
        side = {"name": name, "players": players}
        start, err = _start_score(s.get("start_score"), f"{where}.start_score", i)
        if err:
            errors.append(err)
        elif start:
            side["start_score"] = start  # kept only when there is one: a game begun here stores as before
        sides.append(side)
    return sides, errors


def shows_nothing(name: str) -> bool:
    """True when no character of `name` shows: only format characters (a zero-width space, a direction mark)."""
    return all(unicodedata.category(c) == "Cf" for c in name)


def new_seats(sides: list[dict]) -> list[FieldError]:
    """What a new game's names may not be, beyond what a stored game's may (an import keeps its seats as they were):
    a name that shows nothing, two sides or seats whose names look the same (compared as the players pages
    compare them: standings.player_key)."""
    errors, seen, side_names = [], {}, {}
    for i, side in enumerate(sides):
        if shows_nothing(side["name"]):
            errors.append(FieldError(f"sides[{i}].name", lang._("Side %(n)s's name shows nothing (only invisible "
                                                                "characters); type a name.", n=i + 1)))
        elif player_key(side["name"]) in side_names:  # "A" and "A" + a zero-width space look the same
            errors.append(FieldError(f"sides[{i}].name", lang._(
                "Side %(n)s's name “%(name)s” looks the same as side %(other)s's; give each side its own name.",
                n=i + 1, name=side["name"], other=side_names[player_key(side["name"])] + 1)))
        else:
            side_names[player_key(side["name"])] = i
        for j, player in enumerate(side["players"]):
            key = player_key(player)
            if shows_nothing(player):
                errors.append(FieldError(f"sides[{i}].players[{j}]", lang._(
                    "Player %(seat)s of side %(n)s shows nothing (only invisible characters); type a name.",
                    seat=j + 1, n=i + 1)))
            elif key in seen:
                errors.append(FieldError(f"sides[{i}].players[{j}]", lang._(
                    "“%(name)s” already sits at %(seat)s; give each person at the table their own name (e.g. “Ann B.”).",
                    name=player, seat=seen[key])))
            else:
                seen[key] = (lang._("side %(n)s", n=i + 1) if len(side["players"]) == 1
                             else lang._("side %(n)s, seat %(seat)s", n=i + 1, seat=j + 1))
    return errors


START_MAX = 1_000_000  # far beyond any game's target; a typo of several extra digits is caught


def _start_score(value: Any, where: str, i: int) -> tuple[int, FieldError | None]:
    """A side's score brought forward from paper: a whole number, may be below zero, 0 when left out."""
    if value is None:
        return 0, None
    label = lang._("Side %(n)s's starting score", n=i + 1)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0, FieldError(where, not_whole(value, label))
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")) or not value.is_integer():
            return 0, FieldError(where, lang._("%(label)s must be a whole number (no fractions): %(value)s is not.",
                                               label=label, value=repr(value)))
        value = int(value)
    if not -START_MAX <= value <= START_MAX:
        return 0, FieldError(where, lang._("%(label)s must be from %(low)s to %(high)s (got %(value)s).", label=label,
                                           low=_typed(-START_MAX), high=_typed(START_MAX), value=_typed(value)))
    return value, None


def _typed(n: int) -> str:
    """A number as a table types it, a plain hyphen before one below 0: "-1,000,000"."""
    if type(n) is not int:  # a stand-in for a number of thousands of digits (strict_json.Huge): shown by its length
        return str(n)
    return f"-{lang.number(-n)}" if n < 0 else lang.number(n)


def _start_reaches_target(sides: list[dict], options: dict) -> list[FieldError]:
    """A game begun on paper that has already reached the target is over: nothing to go on with."""
    if options["target"] is None:  # a game without a target goes on from any score
        return []
    return [FieldError(f"sides[{i}].start_score", lang._(
                "Side %(n)s's starting score %(score)s already reaches the target (%(target)s); that game is over. "
                "Give a lower score or a higher target.", n=i + 1, score=lang.number(s["start_score"]),
                target=lang.number(options["target"])))
            for i, s in enumerate(sides) if s.get("start_score", 0) >= options["target"]]


def _name(value: Any, where: str, label: str) -> tuple[str, FieldError | None]:
    if isinstance(value, str):
        value = " ".join(visible(value).split())  # marks that show nothing would make two names look alike
    if not isinstance(value, str) or not value:
        return "", FieldError(where, lang._("%(label)s is missing; type a name.", label=label))
    if len(value) > NAME_MAX:
        return "", FieldError(where, lang._("%(label)s is too long (%(length)s characters; at most %(most)s).",
                                            label=label, length=lang.number(len(value)), most=NAME_MAX))
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        return "", FieldError(where, lang._("%(label)s contains control characters.", label=label))
    if any(0xD800 <= ord(c) <= 0xDFFF for c in value):  # a lone surrogate is not text and cannot be stored
        return "", FieldError(where, lang._("%(label)s contains characters that are not text.", label=label))
    return value, None


def _pin(value: Any) -> FieldError | None:
    """A table PIN is optional; when given it is 4 to 8 digits, sent as text so leading zeros count."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not (4 <= len(value) <= 8 and value.isascii() and value.isdigit()):
        return FieldError("pin", lang._("The table PIN must be 4 to 8 digits (as text, e.g. \"0427\"), or left out for "
                                        "no PIN."))
    return None


def prepare_hand(variant: Variant, options: dict, sides: list[dict], payload: Any, number: int = 1) -> list[dict]:
    """Check a posted hand (round `number`, from 1) against every rule; returns its entries as numbers or raises
    Refused.

    A hand copied from paper (every entry just a side's total) is checked for its totals only."""
    if paper.is_paper(payload):
        entries, errors = paper.parse(payload, len(sides))
        if errors:
            raise Refused(errors)
        return entries
    entries, errors = variant.parse_hand(payload, len(sides), options)
    if not errors:
        errors = variant.hand_errors(entries, variant.round_options(options, number), sides)
    if errors:
        raise Refused(errors)
    return entries


def to_store(variant: Variant, payload: dict, entries: list[dict]) -> list[dict]:
    """What to keep of a checked hand: every field as a number or flag, card counts kept as counted."""
    if paper.is_paper_entries(entries):
        return entries
    points = points_fields(variant.fields)
    kept = []
    for raw, parsed in zip(payload["entries"], entries):
        entry = parsed
        for name in points:
            value = raw.get(name)
            if type(value) is dict:
                if entry is parsed:
                    entry = dict(parsed)
                entry[name] = {card: int(n) for card, n in value.items()}
        kept.append(entry)
    return kept


def _at_or_after(moment: str, finish_at: str) -> bool:
    finish = datetime.fromisoformat(finish_at)
    if finish.tzinfo is None:
        finish = finish.astimezone()  # a time typed at the table means the table's local time
    return datetime.fromisoformat(moment) >= finish


def derive_game(variant: Variant, options: dict, sides: list[dict], hands: list[HandRecord], *,
                ended: bool = False, marks: dict[str, list[int]] | None = None) -> dict:
    """Replay every hand: per-hand scores with running totals, then the game's state after the last.

    `marks`: what the table marked per side since the last hand, by the variant's declared mark (Pony's
    failed melds); they raise that side's next minimum until the next hand is recorded."""
    n = len(sides)
    starts = [s.get("start_score", 0) for s in sides]
    totals = list(starts)  # a game begun on paper goes on from its totals there
    played = []
    # stored hands were checked when recorded (or imported): read them back, do not check them again
    read = stored_reader(variant.fields, variant.card_values_for(options))
    won = None  # the side whose hand won the game at once (American's Dream hand), the first such hand
    last: list[dict] = []  # the last hand's entries as numbers (none when it was copied from paper)
    target = options["target"]
    plays_off = target is not None and options["house_rules"].get("tie_plays_another_hand")  # RULES.md §14
    after: list[tuple[list[int], list[dict]]] = []  # from the first hand that reached the target: totals, entries
    for number, hand in enumerate(hands, start=1):
        from_paper = paper.is_paper_entries(hand.entries)
        given, entries = (hand.entries, hand.entries) if from_paper else read(hand.entries)
        last = [] if from_paper else entries
        if won is None and not from_paper:
            won = variant.wins_at_once(entries, options)  # a special hand, never a penalty or award, wins at once
        scores = []
        for s in (paper.scores(entries) if from_paper else
                  variant.hand_scores(entries, variant.round_options(options, number))):
            total = sum(s.breakdown.values())
            totals[s.side] += total
            scores.append({"side": s.side, "total": total, "breakdown": s.breakdown, **s.extra,
                           "running_total": totals[s.side]})
        played.append({"number": number, "entries": given, "scores": scores, "recorded_at": hand.recorded_at,
                       "from_paper": from_paper})
        if plays_off and (after or max(totals) >= target):
            after.append((list(totals), last))
    limit = bool(options.get("max_hands") and len(hands) >= options["max_hands"])
    timed = bool(hands and options.get("finish_at") and _at_or_after(hands[-1].recorded_at, options["finish_at"]))
    level = None  # the level best total of a tie at the target still being played off (RULES.md §14)
    if plays_off:
        reached = bool(after)
        if reached and not (ended or won is not None or limit or timed) and not played_off(variant, options, after):
            level, reached = max(totals), False  # a hand limit, a finish time or the table's end share it as before
    else:
        reached = target is not None and bool(hands or any(starts)) and max(totals) >= target
    reasons = [reason for reason, why in (("ended", ended), ("won_outright", won is not None), ("target", reached),
                                          ("max_hands", limit), ("finish_time", timed)) if why]
    finished = bool(reasons)
    kept = side_marks(variant, None if finished else marks, n)  # a finished game has no hand in play to raise
    state_sides = [{"index": i, "name": s["name"], "players": list(s["players"]), "start_score": starts[i],
                    "score": totals[i],
                    "next_min_meld": variant.min_meld(totals[i], len(hands), options, kept[i]), **kept[i]}
                   for i, s in enumerate(sides)]
    winner = margin = None
    if finished:
        best = max(totals) if won is None else totals[won]
        winner = [i for i, t in enumerate(totals) if t == best] if won is None else [won]
        winner = tie_broken(variant, options, winner, last)
        others = [t for i, t in enumerate(totals) if i not in winner]
        margin = best - max(others) if (others and len(winner) == 1) else 0  # a shared win has no margin
        margin = max(margin, 0)  # a side that won outright may be behind: its margin is never below 0
    return {"sides": state_sides, "hands": played, "finished": finished, "finish_reasons": reasons,
            "winner": winner, "margin": margin, "playing_off": level,
            "dealing": None if finished else variant.dealing(sides, len(hands))}


def tie_broken(variant: Variant, options: dict, winner: list[int], last: list[dict]) -> list[int]:
    """RULES.md §14 `tie_goes_to_going_out`: level top totals go to the one side among them that went out in the
    last hand (its margin then 0); without the house rule, or when none of them went out, they share the win."""
    if len(winner) < 2 or not last or not options["house_rules"].get("tie_goes_to_going_out"):
        return winner
    out = [i for i in winner if last[i].get(variant.going_out_field)]
    return out if len(out) == 1 else winner


def played_off(variant: Variant, options: dict, after: list[tuple[list[int], list[dict]]]) -> bool:
    """RULES.md §14 `tie_plays_another_hand`, settled in turn 6: a game that reached its target is over at the first
    hand from then on after which one side's total is above every other's, whatever the totals; `tie_goes_to_going_out`,
    when also on, is read first (level best totals and one of them went out in that hand)."""
    for totals, entries in after:
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if len(tie_broken(variant, options, top, entries)) == 1:
            return True
    return False


def side_marks(variant: Variant, marks: dict[str, list[int]] | None, n: int) -> list[dict[str, int]]:
    """Each side's count of every mark the variant declares (0 where none is kept)."""
    per_side: list[dict[str, int]] = [{} for _ in range(n)]
    for mark in variant.marks:
        counts = list((marks or {}).get(mark.key) or [])
        counts += [0] * (n - len(counts))
        for i in range(n):
            per_side[i][mark.key] = counts[i]
    return per_side


def players_shown(name: str, players: Sequence[str]) -> list[str]:
    """The players to show beside a side's name: none when the name says just them ("Ann & Bob", "Ann and Bob",
    or "Ann" alone). The new-game form names a pair "Ann & Bob" when no name is typed; case and spacing make no
    other name."""
    said = {" & ".join(players), " and ".join(players), team_name(players)}
    plain = "".join(name.split()).casefold()
    return [] if plain in {"".join(s.split()).casefold() for s in said} else list(players)


def places(totals: Sequence[int], winner: Sequence[int] | None = None) -> list[tuple[int, int]]:
    """Each side's place from first to last, as (place, side index), level sides in seat order: level totals
    share a place, and the next side's place counts everyone ahead of it (1, 1, 3). A lone `winner` level with
    others (a tie that went to the side that went out) is first alone, the sides level with it second."""
    alone = winner[0] if winner is not None and len(winner) == 1 else None
    order = sorted(range(len(totals)), key=lambda i: (-totals[i], i != alone, i))
    return [(1 + sum(t > totals[i] for t in totals) + (alone is not None and i != alone and totals[i] == totals[alone]),
             i) for i in order]


def now_utc() -> str:
    """The current moment as stored with a hand."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
