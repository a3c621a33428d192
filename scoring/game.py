"""A game as its hands make it: a posted hand checked against every rule (prepare_hand) and what is kept of it
(to_store), the totals, minimums and result derived from the rules snapshot and the stored hands (derive_game, with
its tie-breaks), each side's marks, the places and the names shown. A new game's sides, PIN and options are checked
in scoring/game_setup.py."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from . import paper
from .base import Refused, team_name
from .entries import points_fields, stored_reader
from .variant import Variant
# scoring/events/ checks its nights' names and PINs with these, imported from here
from .game_setup import _listed, _name, _pin, how_many, new_game, shows_nothing  # noqa: F401


@dataclass(frozen=True)
class HandRecord:
    """A stored hand: the entries as the players gave them, and when it was first recorded."""

    entries: list[dict]
    recorded_at: str  # ISO 8601, UTC


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

