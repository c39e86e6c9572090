"""Where the short words on tokens go (a stance, say): each beside its own token, none over another word or token.

A badge sits under its token when there is room; else over it, beside it, or slid along a side; in a
crowd, a line further out, with a thin line back to its token. Every badge is placed: a word left
off, or drawn over a neighbour, read as nobody's or as the neighbour's.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

BODY = 0.40  # half the side of the part of its square a token covers, in squares (its disc is 0.40 wide each way)
GAP = 0.43  # how far from a token's centre a badge's edge begins, in squares: just clear of the disc
RINGS = 4  # how many lines further out a badge may go when the places right beside its token are taken
SEARCH = 4000  # how many tries the search for a place for every badge may take before it settles for less


def _body(centre: tuple[int, int], half: float, sq: int) -> pygame.Rect:
    """The part of the screen a token's disc covers."""
    size = max(2, round(2 * half * sq))
    rect = pygame.Rect(0, 0, size, size)
    rect.center = centre
    return rect


def _candidates(centre: tuple[int, int], size: tuple[int, int], sq: int) -> list[pygame.Rect]:
    """The places for a badge around its token, nearest first: right beside it, then a line further out each time."""
    x, y = centre
    w, h = size
    gap = round(GAP * sq)
    places: list[pygame.Rect] = []
    for ring in range(RINGS):
        out = ring * (h + 2)
        rows = []
        for dx in (0, -w // 4, w // 4, -w // 2, w // 2):
            rows.append(pygame.Rect(x - w // 2 + dx, y + gap + out, w, h))  # under
            rows.append(pygame.Rect(x - w // 2 + dx, y - gap - out - h, w, h))  # over
        for dy in (0, -h, h):
            rows.append(pygame.Rect(x + gap + out * 2, y - h // 2 + dy, w, h))  # right
            rows.append(pygame.Rect(x - gap - out * 2 - w, y - h // 2 + dy, w, h))  # left
        places += rows
    return places


def lay_out(tokens: Sequence[tuple[int, int]], badges: Sequence[tuple[tuple[int, int], tuple[int, int]]],
            sq: int, room: pygame.Rect) -> list[pygame.Rect]:
    """The box of each badge (its token's centre and its size on the screen), in the order given.

    No box overlaps another or covers a token's disc; each is nearer its own token than any other where it
    can be, inside the room (the map on the screen) where it can be, and as near its token as that allows.
    """
    bodies = [_body(t, BODY, sq) for t in {*tokens, *(centre for centre, _size in badges)}]
    centres = list({*tokens, *(centre for centre, _size in badges)})
    # The bottom row first: a badge under a token is the best place, and the lowest tokens have it free.
    order = sorted(range(len(badges)), key=lambda i: (-badges[i][0][1], badges[i][0][0]))
    options: list[list[tuple[pygame.Rect, bool, bool]]] = []
    for centre, size in badges:
        found = []
        for rect in _candidates(centre, size, sq):
            if rect.collidelist(bodies) >= 0:
                continue  # never over a token
            found.append((rect, _nearest(rect.center, centres) == centre, room.contains(rect)))
        options.append(found)
    best = [[rect for rect, own, inside in found if own and inside] for found in options]
    if all(best):
        placed = _search(order, best)
        if placed is not None:
            return placed
    return _greedy(order, options, badges, bodies)


def _nearest(point: tuple[int, int], centres: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The token centre nearest a point (the first of equals)."""
    return min(centres, key=lambda c: (c[0] - point[0]) ** 2 + (c[1] - point[1]) ** 2)


def _search(order: list[int], places: list[list[pygame.Rect]]) -> list[pygame.Rect] | None:
    """A place for every badge among its own (none overlapping), looking back when one finds none; None when
    there is none or the search takes too long."""
    chosen: dict[int, pygame.Rect] = {}
    boxes: list[pygame.Rect] = []
    tries = [SEARCH]

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        for rect in places[i]:
            tries[0] -= 1
            if tries[0] < 0:
                return False
            if rect.inflate(2, 2).collidelist(boxes) < 0:
                boxes.append(rect)
                chosen[i] = rect
                if place(k + 1):
                    return True
                boxes.pop()
        return False

    if not place(0):
        return None
    return [chosen[i] for i in range(len(places))]


def _greedy(order: list[int], options: list[list[tuple[pygame.Rect, bool, bool]]],
            badges: Sequence[tuple[tuple[int, int], tuple[int, int]]], bodies: list[pygame.Rect]
            ) -> list[pygame.Rect]:
    """Each badge in turn at its best free place: its own and in the room, else its own, else any free one."""
    chosen: dict[int, pygame.Rect] = {}
    boxes: list[pygame.Rect] = []
    for i in order:
        free = [(rect, own, inside) for rect, own, inside in options[i] if rect.inflate(2, 2).collidelist(boxes) < 0]
        ranked = ([r for r, own, inside in free if own and inside] + [r for r, own, _inside in free if own]
                  + [r for r, _own, inside in free if inside] + [r for r, _own, _inside in free])
        if ranked:
            rect = ranked[0]
        else:  # a crowd with no free place left near: below every other badge and token, never left off
            centre, (w, h) = badges[i]
            low = max((b.bottom for b in [*boxes, *bodies]), default=centre[1])
            rect = pygame.Rect(centre[0] - w // 2, low + 2, w, h)
        chosen[i] = rect
        boxes.append(rect)
    return [chosen[i] for i in range(len(badges))]
