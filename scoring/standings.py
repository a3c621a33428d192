"""Players across games: who played, won, partnered and faced whom, and their best hands and games.

Pure: it reads one small summary per game (what `summarize` keeps of a game object) and the
names at each seat, never the hands themselves, so a club's whole history is added up quickly.
"""
from __future__ import annotations

import unicodedata
from collections import defaultdict
from typing import Any
from dataclasses import dataclass, field

from .names import visible

RECENT = 20  # games listed on a player's page


def player_key(name: str) -> str:
    """Names are one player when they look the same: ' ann  ', 'Ａnn' (NFKC) and 'Ann' + a zero-width space are 'Ann'."""
    if not name.isascii():  # nearly every name is ASCII, which NFKC leaves alone and holds no format character
        name = "".join(c for c in unicodedata.normalize("NFKC", visible(name)) if unicodedata.category(c) != "Cf")
    return " ".join(name.split()).casefold()


def summarize(game: Any) -> dict:
    """What the players pages keep of a game (the service's typed game): result, when it finished, each side's
    best hand."""
    hands = game.hands
    best: list[list[int] | None] = [None] * len(game.sides)
    for hand in hands:
        for s in hand.scores:
            if best[s.side] is None or s.total > best[s.side][0]:
                best[s.side] = [s.total, hand.number]
    finished_at = None
    if game.finished:
        moments = [hands[-1].recorded_at] if hands else []
        if "ended" in game.finish_reasons and game.ended_at:
            moments.append(game.ended_at)
        finished_at = max(moments) if moments else game.updated
    return {"variant": game.variant, "finished": game.finished, "finished_at": finished_at,
            "last_at": hands[-1].recorded_at if hands else game.created,
            "totals": [s.score for s in game.sides], "winner": None if game.winner is None else list(game.winner),
            "best_hands": best}


@dataclass
class Player:
    """One player's record across every game they sat in."""

    name: str
    games: int = 0
    wins: int = 0
    last_played: str = ""
    best: dict = field(default_factory=dict)  # variant -> {"best_hand": …, "best_game": …}
    partners: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0]))  # key -> [games, wins]
    opponents: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0]))
    recent: list = field(default_factory=list)  # (last_at, game_id), newest first once sorted


def seatings(seats: list[tuple[str, int, str]]) -> dict[str, list[list[str]]]:
    """(game_id, side index, name) rows in seat order -> each game's sides as lists of names."""
    games: dict[str, list[list[str]]] = {}
    for game_id, side, name in seats:
        sides = games.setdefault(game_id, [])
        while len(sides) <= side:
            sides.append([])
        sides[side].append(name)
    return games


def tally(summaries: dict[str, dict], sides_of: dict[str, list[list[str]]]) -> dict[str, Player]:
    """Every player by key, from each game's summary and the names at its seats."""
    players: dict[str, Player] = {}
    # the newest spelling of a name is the one shown; go through the games oldest first
    for game_id in sorted(summaries, key=lambda g: (summaries[g]["last_at"], g)):
        summary, sides = summaries[game_id], sides_of.get(game_id, [])
        won = set(summary["winner"] or []) if summary["finished"] else set()
        keys = [[player_key(n) for n in names] for names in sides]
        for i, names in enumerate(sides):
            for name, key in zip(names, keys[i]):
                p = players.get(key)
                if p is None:
                    p = players[key] = Player(name)
                p.name = name
                p.games += 1
                p.wins += i in won
                p.last_played = max(p.last_played, summary["last_at"])
                p.recent.append((summary["last_at"], game_id))
                for j, others in enumerate(keys):
                    for other in others:
                        if other != key:
                            row = (p.partners if j == i else p.opponents)[other]
                            row[0] += 1
                            row[1] += i in won
                _bests(p, game_id, summary, i)
    for p in players.values():
        p.recent = sorted(p.recent, reverse=True)[:RECENT]
    return players


def _bests(p: Player, game_id: str, summary: dict, side: int) -> None:
    mine = p.best.setdefault(summary["variant"], {"best_hand": None, "best_game": None})
    hand = summary["best_hands"][side] if side < len(summary["best_hands"]) else None
    if hand and (mine["best_hand"] is None or hand[0] > mine["best_hand"]["score"]):
        mine["best_hand"] = {"score": hand[0], "game": game_id, "hand": hand[1]}
    if summary["finished"]:
        total = summary["totals"][side]
        if mine["best_game"] is None or total > mine["best_game"]["score"]:
            mine["best_game"] = {"score": total, "game": game_id, "won": side in (summary["winner"] or []),
                                 "finished_at": summary["finished_at"]}


def ranks(totals: list[int]) -> list[int]:
    """Places from final totals, 0 first; tied sides share a place."""
    return [sum(1 for other in totals if other > t) for t in totals]
