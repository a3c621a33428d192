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
the right number of times by itself). For a prime n ≡ 1 the starting round is in closed form (prime_round: 29's), for 25
over the field of 25 (gf25_round), for 32 from a starter (below); else a local search or a depth-first search with
lots finds it; G is cyclic, or a product of cyclic groups where a cyclic one has none (the search says which it
used).

32 (G = Z31, ∞; 31 is a prime ≡ 3 mod 4, where neither search above finds one, and where no starting round of the
mirrored form (∞, x, 0, −x), (a, b, −a, −b) … exists: the sums of the squares of its differences would make x² = 0)
is made by starter_round: a table's opponent pairs are the four pairs across its two partner pairs, whichever way
round they sit, so the starting round is its 15 partner pairs (a starter of Z31: pairs {a, a + d}, one for each
d = 1 … 15, covering every element but 0, who partners ∞) grouped two by two (and one with ∞ and 0) so that the
opponents' differences come twice each. A random starter, then a depth-first grouping of its pairs: the first
starter of seed 1 groups, in about a tenth of a second (`… whist_gen 32` makes it alone).

12, 13, 16, 17, 20 and 21 are developed from the starting rounds an earlier version of the search found (KEPT), so
that the whole of whist.json comes out as shipped (made again without a number named, byte for byte); that took
27 minutes on a busy two-core machine, the searches for 9, 24 and 28 nearly all of it."""
from __future__ import annotations

import itertools
import json
import math
import pathlib
import random
import sys

MOST = 32
HERE = pathlib.Path(__file__).with_name("whist.json")

# The starting rounds of 12 … 21 as an earlier version of the search found them (it tried the groups in another
# order, with other budgets, so the search as it is now finds others, as good): kept, so that whist.json stays as
# shipped and a night under way seats its next round as it was planned. schedule() develops them as it develops
# what the search finds.
KEPT = {
    12: [(-1, 8, 3, 1), (7, 2, 10, 0), (9, 5, 4, 6)],
    13: [(10, 5, 1, 7), (8, 3, 2, 4), (12, 6, 9, 11)],
    16: [(-1, 12, 5, 11), (7, 14, 3, 8), (2, 4, 9, 6), (1, 10, 13, 0)],
    17: [(4, 10, 8, 7), (2, 12, 11, 6), (15, 5, 14, 3), (1, 9, 13, 16)],
    20: [(-1, 3, 14, 15), (11, 4, 12, 9), (1, 10, 5, 7), (0, 18, 6, 16), (13, 17, 2, 8)],
    21: [(6, 9, 15, 20), (12, 16, 5, 3), (13, 14, 10, 8), (19, 11, 18, 7), (4, 1, 2, 17)],
}


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


def local_search(n: int, group: Group, rng: random.Random, budget: int) -> list[tuple[int, ...]] | None:
    """The starting round's tables (∞ = -1), or None when `budget` swaps found none: a local search (random swaps
    of two seats, kept unless they make the counts worse, now and then kept anyway) towards differences counted
    exactly once (partners) and twice (opponents)."""
    infinity = n % 4 == 0
    seats = ([-1] if infinity else []) + rng.sample(range(group.q) if infinity else range(1, group.q),
                                                  group.q - (0 if infinity else 1))
    sub = group.sub

    def cost(seats: list[int]) -> int:
        partner = [0] * group.q
        opponent = [0] * group.q
        for i in range(0, len(seats), 4):
            north, east, south, west = seats[i:i + 4]
            for a, b, counts in ((north, south, partner), (east, west, partner), (north, east, opponent),
                                 (north, west, opponent), (south, east, opponent), (south, west, opponent)):
                if a >= 0 and b >= 0:
                    counts[sub[a][b]] += 1
                    counts[sub[b][a]] += 1
        return sum(abs(c - 1) for c in partner[1:]) + sum(abs(c - 2) for c in opponent[1:])

    now = cost(seats)
    first = 1 if infinity else 0  # ∞ keeps its seat
    heat = 2.0
    for _ in range(budget):
        heat = max(0.15, heat * 0.9999)
        if now == 0:
            return [tuple(seats[i:i + 4]) for i in range(0, len(seats), 4)]
        i, j = rng.sample(range(first, len(seats)), 2)
        if i // 4 == j // 4 and rng.random() < 0.5:
            continue
        seats[i], seats[j] = seats[j], seats[i]
        after = cost(seats)
        if after <= now or rng.random() < math.exp((now - after) / heat):
            now = after
        else:
            seats[i], seats[j] = seats[j], seats[i]
    return None


def depth_first(n: int, group: Group, rng: random.Random, budget: int) -> list[tuple[int, ...]] | None:
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


def prime_round(p: int) -> list[tuple[int, ...]]:
    """For a prime p ≡ 1 (mod 4), a starting round in closed form: x a primitive root, w = x^((p−1)/4) (w² = −1), the
    tables (a, wa, −a, −wa) for a = x^0 … x^((p−1)/4 − 1): partners' differences ±2a, ±2wa are every unit once, and
    opponents' (1 ± w)·(±a) every unit twice, as (1 + w) = w(1 − w)."""
    x = next(g for g in range(2, p) if len({pow(g, k, p) for k in range(1, p)}) == p - 1)
    m = (p - 1) // 4
    w = pow(x, m, p)
    return [tuple(v % p for v in (a, w * a, -a, -w * a)) for a in (pow(x, i, p) for i in range(m))]


def starter_round(p: int, rng: random.Random) -> list[tuple[int, ...]]:
    """For a prime p ≡ 3 (mod 4) (the group Z_p, with ∞): a starting round (∞ = -1) from a random starter and a
    grouping of its pairs (the module's docstring), the next starter when one has no grouping."""
    def kind(v: int) -> int:  # ±v: a difference and its negative count together
        v %= p
        return min(v, p - v)

    while True:
        pairs = _starter(p, rng)
        tables = _grouped(p, pairs, kind)
        if tables is not None:
            return tables


def _starter(p: int, rng: random.Random) -> list[tuple[int, int]]:
    """Pairs {a, a + d}, one for each d = 1 … (p − 1)/2, covering every element of Z_p but 0 (a random one)."""
    free = set(range(1, p))
    pairs: list[tuple[int, int]] = []

    def place(ds: list[int]) -> bool:
        if not ds:
            return True
        for a in rng.sample(sorted(free), len(free)):
            b = (a + ds[0]) % p
            if b in free and b != a:
                free.difference_update((a, b))
                pairs.append((a, b))
                if place(ds[1:]):
                    return True
                free.update((a, b))
                pairs.pop()
        return False

    ds = list(range(1, (p - 1) // 2 + 1))
    rng.shuffle(ds)
    place(sorted(ds, reverse=True))
    return pairs


def _grouped(p: int, pairs: list[tuple[int, int]], kind) -> list[tuple[int, ...]] | None:
    """The starter's pairs as tables: one pair as E & W with ∞ (N) and 0 (S), the others two by two (N & S, E & W),
    each opponents' difference (up to sign) twice; None when no grouping does."""
    m = len(pairs)
    across = [[[kind(a - b) for a in pairs[i] for b in pairs[j]] for j in range(m)] for i in range(m)]
    for k in range(m):
        count = [0] * ((p - 1) // 2 + 1)
        for e in pairs[k]:  # 0 (S) against E and W
            count[kind(e)] += 1
        tables: list[tuple[int, int]] = []

        def group(rest: list[int]) -> bool:
            if not rest:
                return True
            i = rest[0]
            for j in rest[1:]:
                kinds = across[i][j]
                for c in kinds:
                    count[c] += 1
                if all(count[c] <= 2 for c in kinds):
                    tables.append((i, j))
                    if group([r for r in rest if r not in (i, j)]):
                        return True
                    tables.pop()
                for c in kinds:
                    count[c] -= 1
            return False

        if group([i for i in range(m) if i != k]):
            east, west = pairs[k]
            return [(-1, east, 0, west)] + [(pairs[i][0], pairs[j][0], pairs[i][1], pairs[j][1])
                                            for i, j in tables]
    return None


def gf25_round(group: Group) -> list[tuple[int, ...]]:
    """prime_round's starting round over the field of 25, Z5[x]/(x² − 2) (2 is no square mod 5): its elements
    a + bx are Group((5, 5))'s (a, b)."""
    def times(u, v):
        return ((u[0] * v[0] + 2 * u[1] * v[1]) % 5, (u[0] * v[1] + u[1] * v[0]) % 5)

    def power(u, k):
        r = (1, 0)
        for _ in range(k):
            r = times(r, u)
        return r

    x = next(g for g in group.elements if g != (0, 0) and len({power(g, k) for k in range(1, 25)}) == 24)
    w = power(x, 6)
    tables = []
    for i in range(6):
        a = power(x, i)
        wa = times(w, a)
        tables.append(tuple(group.index[v] for v in (a, wa, ((-a[0]) % 5, (-a[1]) % 5), ((-wa[0]) % 5, (-wa[1]) % 5))))
    return tables


def schedule(n: int, seed: int = 1) -> tuple[list[list[list[int]]], tuple[int, ...]]:
    """n's rounds, each its tables as [N, E, S, W] player numbers 0 … n − 1, and the group used."""
    q = n - 1 if n % 4 == 0 else n
    choices = [(q,)] + [m for m in ((3, 3), (5, 5), (3, 7), (3, 9), (3, 3, 3)) if _order(m) == q]
    if n in (4, 5):  # one table: developing it is the schedule itself
        choices = [(q,)]
    if n % 4 == 1 and n > 5 and all(n % d for d in range(2, n)):
        choices = [(n,)]
    if n == 25:
        group = Group((5, 5))
        base = gf25_round(group)
        return [[[group.add[p][i] for p in table] for table in base] for i in range(25)], (5, 5)
    if n in KEPT:
        group = Group((q,))
        return [[[n - 1 if p < 0 else group.add[p][i] for p in table] for table in KEPT[n]] for i in range(q)], (q,)
    if n == 32:
        group = Group((31,))
        base = starter_round(31, random.Random(seed))
        return [[[n - 1 if p < 0 else group.add[p][i] for p in table] for table in base] for i in range(31)], (31,)
    for moduli in choices:
        group = Group(moduli)
        rng = random.Random(seed)
        for attempt in range(400):
            if choices == [(n,)] and n % 4 == 1 and n > 5 and all(n % d for d in range(2, n)):
                base = prime_round(n)
            elif attempt % 2:
                base = depth_first(n, group, rng, 200_000)
            else:
                base = local_search(n, group, rng, 60_000)
            if base is not None:
                rounds = []
                for i in range(q):
                    rounds.append([[n - 1 if p < 0 else group.add[p][i] for p in table] for table in base])
                return rounds, moduli
    raise RuntimeError(f"no whist schedule of {n} found")


def _order(moduli: tuple[int, ...]) -> int:
    q = 1
    for m in moduli:
        q *= m
    return q


def main(wanted: list[int]) -> None:
    """Make the schedules of `wanted` (every n up to 32 when none is named), each added to whist.json as found."""
    for n in wanted or [n for n in range(4, MOST + 1) if n % 4 in (0, 1)]:
        rounds, moduli = schedule(n)
        data = json.loads(HERE.read_text(encoding="utf-8")) if HERE.exists() else {}
        data[str(n)] = rounds
        data = {k: data[k] for k in sorted(data, key=int)}
        HERE.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
        print(n, "×".join(f"Z{m}" for m in moduli), file=sys.stderr)


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]])
