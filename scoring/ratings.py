"""Skill ratings from finished games: openskill's Plackett–Luce model, one per variant.

A side is a team of its players; its rank is its place by final total (tied sides share a
rank). Games are replayed in the order they finished, so a correction replays the variant.
"""
from __future__ import annotations

from openskill.models import PlackettLuce

from .standings import player_key, ranks

MODEL = PlackettLuce()  # the model's defaults: a new player is mu 25, sigma 25/3, ordinal 0


def replay(games: list[tuple[list[list[str]], list[int]]], ratings: dict | None = None) -> dict:
    """Ratings by player key after these (sides' names, final totals) games, in order.

    `ratings` carries on from an earlier replay of the games before these (it is updated in place).
    """
    ratings = {} if ratings is None else ratings
    for sides, totals in games:
        keys = [[player_key(n) for n in names] for names in sides]
        teams = [[ratings.get(k) or MODEL.rating(name=k) for k in team] for team in keys]
        if len(teams) < 2:
            continue  # nobody to be ranked against
        for team_keys, team in zip(keys, MODEL.rate(teams, ranks=ranks(totals))):
            for key, rating in zip(team_keys, team):
                ratings[key] = rating
    return ratings


def describe(rating) -> dict:
    """A rating as the API shows it: mu, sigma and the ordinal (mu − 3 sigma) shown as 'rating'."""
    return {"mu": round(rating.mu, 4), "sigma": round(rating.sigma, 4), "ordinal": round(rating.ordinal(), 4)}
