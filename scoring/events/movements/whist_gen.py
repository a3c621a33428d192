"""The program that made whist.json, the rotation movement's schedules (kept so anyone can make them again:
`.venv/bin/python -m scoring.events.movements.whist_gen`). Run once; the movement reads the data, never this.

A whist schedule of n players (API.md "Partners who change", `rotation`): over the rotation every two players
are partners exactly once and opponents exactly twice; n ≡ 0 (mod 4): n − 1 rounds, n ≡ 1 (mod 4): n rounds with
one player out each round (each once). Made the classic way, from one starting round developed over a group G of
order q (round i is the starting round with i added to every player):
- n ≡ 1: q = n, player 0 sits out the starting round, the others fill its tables;
- n ≡ 0: q = n − 1, the players are G and one fixed player ∞ (index n − 1), who sits N at the first table.
A table (N, E, S, W) seats N & S against E & W. The schedule is a whist one exactly when, over the starting round,
the partners' differences ±(N − S), ±(E − W) give each non-zero element of G once and the opponents' differences
±(N − E), ±(N − W), ±(S − E), ±(S − W) each twice (∞ paired with anyone counts nothing: developing it meets everyone
the right number of times by itself). A depth-first search with lots finds the starting round; G is cyclic, or a
product of cyclic groups where a cyclic one has none (the search says which it used)."""
from __future__ import annotations

import itertools
import json
import pathlib
import random
import sys

MOST = 32
HERE = pathlib.Path(__file__).with_name("whist.json")


class Group:
    """A product of cyclic groups Z_m1 × Z_m2 …, its elements numbered 0 … q − 1."""

    def __init__(self, moduli: tuple[int, ...]):
        self.moduli = moduli
        self.elements = list(itertools.product(*(range(m) for m in moduli)))
        self.index = {e: i for i, e in enumerate(self.elements)}
        self.q = len(self.elements)
        self.sub = [[self.index[tuple((x - y) % m for x, y, m in zip(a, b, moduli))] for b in self.elements]
                    for a in self.elements]
        self.add = [[self.index[tuple((x + y) % m for x, y, m in zip(a, b, moduli))] for b in self.elements]
                    for a in self.elements]


def starting_round(n: int, group: Group, rng: random.Random, budget: int) -> list[tuple[int, ...]] | None:
    """The starting round's tables (∞ = -1), or None when `budget` steps found none."""
    q = group.q
    infinity = n % 4 == 0
    partner = [0] * q
    opponent = [0] * q
    partner[0] = opponent[0] = 99  # the difference 0 never counts
    steps = [budget]

    def diff(a, b):
        return group.sub[a][b], group.sub[b][a]

    def take(pairs, counts, most):
        done = []
        for a, b in pairs:
            if a < 0 or b < 0:
                continue
            for d in diff(a, b):
                counts[d] += 1
                done.append(d)
                if counts[d] > most:
                    for x in done:
                        counts[x] -= 1
                    return None
        return done

    def give_back(done, counts):
        for d in done:
            counts[d] -= 1

    def fill(left: list[int], tables: list[tuple[int, ...]]):
        steps[0] -= 1
        if steps[0] < 0:
            return None
        if not left:
            return tables
        if infinity and not tables:
            heads = [-1]
        else:
            heads = [left[0]]
        for north in heads:
            rest = [e for e in left if e != north]
            for south in rng.sample(rest, len(rest)):
                p = take([(north, south)], partner, 1)
                if p is None:
                    continue
                others = [e for e in rest if e != south]
                for east in rng.sample(others, len(others)):
                    for west in rng.sample(others, len(others)):
                        if west == east:
                            continue
                        p2 = take([(east, west)], partner, 1)
                        if p2 is None:
                            continue
                        o = take([(north, east), (north, west), (south, east), (south, west)], opponent, 2)
                        if o is not None:
                            found = fill([e for e in others if e not in (east, west)],
                                         tables + [(north, east, south, west)])
                            if found is not None:
                                return found
                            give_back(o, opponent)
                        give_back(p2, partner)
                        if steps[0] < 0:
                            give_back(p, partner)
                            return None
                give_back(p, partner)
        return None

    players = list(range(q)) if infinity else list(range(1, q))
    return fill(players, [])


def schedule(n: int, seed: int = 1) -> tuple[list[list[list[int]]], tuple[int, ...]]:
    """n's rounds, each its tables as [N, E, S, W] player numbers 0 … n − 1, and the group used."""
    q = n - 1 if n % 4 == 0 else n
    choices = [(q,)] + [m for m in ((3, 3), (5, 5), (3, 7)) if m[0] * m[1] == q]
    if n in (4, 5):  # one table: developing it is the schedule itself
        choices = [(q,)]
    for moduli in choices:
        group = Group(moduli)
        rng = random.Random(seed)
        for _ in range(30):
            base = starting_round(n, group, rng, 100_000)
            if base is not None:
                rounds = []
                for i in range(q):
                    rounds.append([[n - 1 if p < 0 else group.add[p][i] for p in table] for table in base])
                return rounds, moduli
    raise RuntimeError(f"no whist schedule of {n} found")


def main() -> None:
    data = {}
    for n in range(4, MOST + 1):
        if n % 4 in (0, 1):
            rounds, moduli = schedule(n)
            data[str(n)] = rounds
            print(n, "×".join(f"Z{m}" for m in moduli), file=sys.stderr)
    HERE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
