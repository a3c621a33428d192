"""The game as the service hands it out: typed and immutable, read by pages, sheets, the API and the CSV.

One `Game` is shared by every request that reads the game at its revision (service.cache), so
nothing in it can be changed: frozen dataclasses, tuples, and read-only mappings for the parts
whose keys a variant declares (options, a hand's entries and breakdown, dealing). `to_json()` is
the game object of API.md, field for field.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

import lang


def frozen(value: Any) -> Any:
    """A read-only copy of JSON-like data: dicts become read-only mappings, lists tuples."""
    if isinstance(value, dict):
        return MappingProxyType({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """Plain JSON data again (dicts and lists) from `frozen` data."""
    if isinstance(value, Mapping):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thawed(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Side:
    """A side of the game after the last hand: its total and its initial-meld minimum for the next."""

    index: int
    name: str
    players: tuple[str, ...]
    start_score: int  # what the side brought from a game begun on paper (0 otherwise)
    score: int
    next_min_meld: int | None
    marks: Mapping[str, int]  # per mark the variant declares (Pony's failed melds): how many since the last hand

    def to_json(self) -> dict:
        return {"index": self.index, "name": self.name, "players": list(self.players),
                "start_score": self.start_score, "score": self.score, "next_min_meld": self.next_min_meld,
                **self.marks}


@dataclass(frozen=True, slots=True)
class HandScore:
    """One side's score for one hand: the parts of its total (`breakdown`), and its total after the hand."""

    side: int
    total: int
    breakdown: Mapping[str, int]
    running_total: int
    extra: Mapping[str, Any]  # what a variant adds (Five-person: its own score and partner)

    def to_json(self) -> dict:
        return {"side": self.side, "total": self.total, "breakdown": dict(self.breakdown), **thawed(self.extra),
                "running_total": self.running_total}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> HandScore:
        extra = {k: v for k, v in d.items() if k not in ("side", "total", "breakdown", "running_total")}
        return cls(d["side"], d["total"], frozen(d["breakdown"]), d["running_total"], frozen(extra))


@dataclass(frozen=True, slots=True)
class Hand:
    """A recorded hand: what was entered per side and what each side scored."""

    number: int
    entries: tuple[Mapping[str, Any], ...]
    scores: tuple[HandScore, ...]
    recorded_at: str
    from_paper: bool = False  # each side's total copied from a score slip (API.md, "A hand copied from paper")

    def to_json(self) -> dict:
        return {"number": self.number, "entries": thawed(self.entries),
                "scores": [s.to_json() for s in self.scores], "recorded_at": self.recorded_at,
                "from_paper": self.from_paper}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Hand:
        """A hand as an answer kept it (a request key's first answer)."""
        return cls(d["number"], frozen(d["entries"]), tuple(HandScore.from_json(s) for s in d["scores"]),
                   d["recorded_at"], d.get("from_paper", False))


@dataclass(frozen=True, slots=True)
class Game:
    """A game at one revision: its rules snapshot, sides, hands and result (API.md, "The game object")."""

    id: str
    variant: str
    variant_name: str
    options: Mapping[str, Any]
    sides: tuple[Side, ...]
    hands: tuple[Hand, ...]
    finished: bool
    finish_reasons: tuple[str, ...]
    winner: tuple[int, ...] | None
    margin: int | None
    dealing: Mapping[str, Any] | None  # who deals, cuts and plays first next (None once finished)
    revision: int
    created: str
    updated: str
    ended_at: str | None
    has_pin: bool
    last_hand_revision: int | None  # the revision the last recorded hand made (Undo is offered while current)
    event: Mapping[str, Any] | None = None  # a club night's table: {"id", "round", "table"}; None for other games
    playing_off: int | None = None  # the level best total of a tie at the target played off (RULES.md §14), else None

    @property
    def hands_played(self) -> int:
        return len(self.hands)

    def to_json(self) -> dict:
        return {"id": self.id, "variant": self.variant, "variant_name": self.variant_name,
                "options": thawed(self.options), "sides": [s.to_json() for s in self.sides],
                "hands": [h.to_json() for h in self.hands], "finished": self.finished,
                "finish_reasons": list(self.finish_reasons),
                "winner": None if self.winner is None else list(self.winner), "margin": self.margin,
                "dealing": thawed(self.dealing), "revision": self.revision, "created": self.created,
                "updated": self.updated, "ended_at": self.ended_at, "hands_played": self.hands_played,
                "has_pin": self.has_pin, "last_hand_revision": self.last_hand_revision,
                "playing_off": self.playing_off,
                # API.md: a table's game of a club night "also carries" its event; other games have no such key
                **({"event": dict(self.event)} if self.event is not None else {})}


def make_game(stored: Mapping[str, Any], variant: Any, state: Mapping[str, Any]) -> Game:
    """The Game of a stored game (db.games.read_game's shape) and its derived state (scoring.derive_game)."""
    mark_keys = [m.key for m in variant.marks]
    sides = tuple(Side(s["index"], s["name"], tuple(s["players"]), s["start_score"], s["score"], s["next_min_meld"],
                       MappingProxyType({k: s[k] for k in mark_keys}))
                  for s in state["sides"])
    hands = tuple(Hand(h["number"], frozen(h["entries"]), tuple(HandScore.from_json(s) for s in h["scores"]),
                       h["recorded_at"], h["from_paper"]) for h in state["hands"])
    winner = state["winner"]
    return Game(stored["id"], stored["variant"], lang.english(variant.name), frozen(stored["options"]), sides, hands,
                state["finished"], tuple(state["finish_reasons"]), None if winner is None else tuple(winner),
                state["margin"], frozen(state["dealing"]), stored["revision"], stored["created"], stored["updated"],
                stored["ended_at"], bool(stored.get("pin_hash")), stored.get("hand_revision"),
                frozen(stored["event"]) if stored.get("event") else None, state.get("playing_off"))
