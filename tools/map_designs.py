"""The five maps shipped with the game, each laid out by hand with a little seeded variation."""

from __future__ import annotations

import math

from mapkit import Layout, map_noise, trail
from paint import seeded

# ---------------------------------------------------------------- the crypt


def crypt() -> Layout:
    """Rooms and corridors under a ruined chapel, cut by a chasm and choked with rubble."""
    m = Layout("crypt", "The Sunken Crypt",
               "Stairs lead down from the ruined chapel into the crypt, where a necromancer raises the dead. "
               "Rubble chokes the old gallery and a chasm splits the lower hall; the only way across is a "
               "narrow ledge.",
               40, 30, "crypt_floor")
    m.intro = "The necromancer of the Sunken Crypt raises the village dead night after night. Go down and end it."
    m.objective = "defeat them all"
    m.fill("walls", (0, 0, 40, 30), "crypt_wall")
    rooms = {
        "entry": (2, 11, 8, 8),
        "gallery": (4, 2, 27, 3),
        "chapel": (15, 8, 11, 13),
        "ossuary": (32, 2, 6, 9),
        "sanctum": (29, 13, 9, 8),
        "cell": (2, 21, 5, 7),
        "hall": (9, 23, 18, 5),
        "lair": (29, 23, 9, 5),
    }
    corridors = [
        (10, 14, 5, 2),   # entry to chapel
        (5, 5, 2, 6),     # entry up to the gallery
        (19, 5, 3, 3),    # gallery down to the chapel
        (31, 3, 1, 2),    # gallery into the ossuary
        (26, 14, 3, 2),   # chapel to the sanctum
        (34, 11, 2, 2),   # ossuary down to the sanctum
        (4, 19, 2, 2),    # entry down to the cell
        (7, 24, 2, 2),    # cell to the lower hall
        (20, 21, 2, 2),   # chapel down to the lower hall
        (27, 25, 2, 2),   # lower hall to the lair
        (33, 21, 2, 2),   # sanctum down to the lair
    ]
    for r in list(rooms.values()) + corridors:
        m.carve(r)
    rng = seeded("crypt design")
    moss = map_noise(rng, m.width, m.height, 3.5)
    for y in range(m.height):
        for x in range(m.width):
            if moss[y][x] > 0.74:
                m.ground[y][x] = "crypt_floor_moss"
    m.fill("ground", (17, 10, 7, 9), "chapel_floor")
    m.fill("ground", (5, 11, 2, 1), "stairs")
    # the chasm across the lower hall, with a ledge one square wide
    for y in range(23, 28):
        for x in range(14, 20):
            if y == 25 and 14 <= x <= 19:
                continue
            if (x, y) in ((14, 23), (19, 27), (14, 27)):
                continue
            m.ground[y][x] = "chasm"
    for y in range(m.height):
        for x in range(m.width):
            if m.ground[y][x] == "chasm" and m.get("ground", x, y - 1) not in ("chasm", "chasm_lip"):
                m.ground[y][x] = "chasm_lip"
    # chapel: two rows of pillars, the altar and its tomb
    for y in (10, 13, 16, 19):
        m.put("walls", 17, y, "pillar")
        m.put("walls", 23, y, "pillar")
    m.put("decor", 19, 9, "candles")
    m.put("decor", 21, 9, "candles")
    m.put("decor", 20, 9, "sarcophagus")
    m.put("decor", 20, 17, "sarcophagus")
    # the collapsed gallery
    for x, y in ((8, 2), (9, 3), (9, 2), (12, 4), (13, 3), (16, 2), (17, 2), (17, 3), (23, 4), (24, 4), (24, 3),
                 (27, 2), (28, 3), (14, 4)):
        m.put("decor", x, y, "rubble")
    # ossuary: bones everywhere, a fallen wall
    for x, y in ((33, 2), (36, 5), (33, 7), (37, 9), (35, 3), (32, 10), (36, 10)):
        m.put("decor", x, y, "bones")
    for x, y in ((34, 6), (35, 6), (32, 5)):
        m.put("decor", x, y, "rubble")
    m.put("walls", 36, 7, "crypt_wall")
    m.put("walls", 37, 7, "crypt_wall")
    # sanctum: tombs and candles round the necromancer
    for x, y in ((31, 14), (31, 19), (36, 14)):
        m.put("decor", x, y, "sarcophagus")
    for x, y in ((34, 14), (34, 19), (37, 16), (30, 16)):
        m.put("decor", x, y, "candles")
    m.put("walls", 32, 16, "pillar")
    m.put("walls", 32, 17, "pillar")
    # lower hall and lair
    for x, y in ((10, 23), (11, 27), (12, 24), (22, 23), (23, 27), (25, 24), (21, 26)):
        m.put("decor", x, y, "rubble")
    for x, y in ((30, 24), (31, 27), (35, 23), (37, 24), (36, 27)):
        m.put("decor", x, y, "bones")
    for x, y in ((32, 25), (33, 26), (29, 27)):
        m.put("decor", x, y, "rubble")
    # the cell and the entry
    for x, y in ((2, 21), (6, 23), (2, 27)):
        m.put("decor", x, y, "rubble")
    m.put("decor", 3, 23, "bones")
    m.put("decor", 9, 17, "rubble")
    m.put("decor", 2, 18, "rubble")
    m.put("decor", 12, 15, "rubble")
    m.put("decor", 28, 14, "rubble")

    for x, y in ((4, 14), (7, 14), (4, 16), (7, 16), (5, 13)):
        m.hero(x, y)
    # Only six: the necromancer raises the fallen, which makes even these the hardest shipped encounter.
    for x, y, monster in ((12, 3, "giant_rat"), (36, 9, "skeleton"), (24, 15, "skeleton"), (35, 17, "necromancer"),
                          (19, 20, "zombie"), (34, 24, "ghoul")):
        m.monster(x, y, monster)
    for x, y, item in ((37, 3, "chain_mail"), (37, 18, "amulet_of_warding"), (37, 26, "warhammer"),
                       (3, 26, "shield")):
        m.loot(x, y, item)
    return m


# ---------------------------------------------------------------- the forest


def forest() -> Layout:
    """A clearing in old woods: thickets at its edge, a pond, and a track running through."""
    m = Layout("forest", "Thornwood Clearing",
               "A track through the old wood opens into a sunlit clearing. Wolves lair among the thickets, "
               "goblins shoot from the far treeline, and something oozes by the pond.",
               30, 24, "grass", split_obstructed=True)
    m.intro = ("Wolves and goblins have made Thornwood Clearing their own, and the woodcutters dare not pass. "
               "Clear the wood.")
    m.objective = "defeat them all"
    rng = seeded("forest design")
    dense = map_noise(rng, m.width, m.height, 3.0)
    edge = map_noise(rng, m.width, m.height, 2.5)
    cx, cy, rx, ry = 15.5, 12.0, 10.5, 7.5
    for y in range(m.height):
        for x in range(m.width):
            e = ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 + (edge[y][x] - 0.5) * 0.7
            if e < 1.0:
                continue
            m.overlay[y][x] = "forest_floor"
            if e > 1.25 and dense[y][x] + 0.25 * min(e - 1.25, 1.5) > 0.62:
                m.walls[y][x] = "tree"
            elif e > 1.1 and dense[y][x] > 0.45:
                m.decor[y][x] = "thicket"
    # the map's rim is woodland, broken only where the track leaves
    for y in range(m.height):
        for x in range(m.width):
            if x in (0, m.width - 1) or y in (0, m.height - 1) or (y == 1 and 0.35 < dense[y][x]):
                m.walls[y][x] = "tree"
    track = trail(m, [(0, 11.5), (4.5, 12.5), (8.5, 11.5), (13, 12.5), (18, 10.5), (22.5, 7), (26, 4.5), (30, 2.5)],
                  2.2, "dirt", layer="paths")
    trail(m, [(18, 10.5), (17, 16), (15, 24)], 1.6, "dirt", layer="paths")
    # the pond in the clearing's south-east
    px, py = 21.5, 16.5
    ripple = map_noise(rng, m.width, m.height, 2.0)
    for y in range(m.height):
        for x in range(m.width):
            d = ((x + 0.5 - px) / 3.9) ** 2 + ((y + 0.5 - py) / 2.8) ** 2 + (ripple[y][x] - 0.5) * 0.5
            if d < 1.0:
                m.ground[y][x] = "deep_water" if d < 0.4 else "shallow_water"
                m.walls[y][x] = m.decor[y][x] = m.overlay[y][x] = None
            elif d < 1.6 and (x, y) not in track and rng.random() < 0.45:
                m.walls[y][x], m.decor[y][x] = None, "reeds"
    # things in the clearing: cover for both sides
    for x, y, key in ((12, 8, "thicket"), (13, 8, "thicket"), (9, 15, "thicket"), (10, 15, "thicket"),
                      (10, 16, "thicket"), (19, 13, "log"), (14, 15, "stump"), (7, 9, "stump"),
                      (23, 10, "thicket"), (24, 10, "thicket"), (24, 11, "thicket"), (12, 17, "mushrooms"),
                      (16, 6, "mushrooms"), (6, 17, "mushrooms")):
        m.put("decor", x, y, key)
        m.put("walls", x, y, None)
    m.put("walls", 11, 11, "boulder")
    m.put("walls", 20, 7, "boulder")
    m.put("walls", 21, 7, "tree")

    for x, y in ((1, 11), (1, 12), (2, 11), (2, 12), (3, 12)):
        m.hero(x, y)
    for x, y, monster in ((15, 8, "wolf"), (16, 14, "wolf"), (11, 13, "wolf"), (22, 9, "wolf"), (22, 13, "wolf"),
                          (25, 8, "goblin_archer"), (25, 5, "goblin_archer"), (26, 11, "goblin_archer"),
                          (17, 17, "ooze"), (8, 17, "giant_rat"), (18, 12, "giant_rat")):
        m.monster(x, y, monster)
    for x, y, item in ((14, 9, "shortbow"), (24, 14, "leather_armour"), (8, 18, "dagger")):
        m.loot(x, y, item)
    seal_pockets(m)
    return m


def seal_pockets(m: Layout, fill: str = "tree") -> None:
    """Fill walkable squares the heroes could never reach with woodland, so nothing is left stranded."""
    from mapkit import reachable

    region = reachable(m, m.heroes[0])
    for y in range(m.height):
        for x in range(m.width):
            if m.walkable(x, y) and (x, y) not in region:
                m.walls[y][x] = fill
                m.decor[y][x] = None


# ---------------------------------------------------------------- the village


def stamp(m: Layout, x0: int, y0: int, wall: str, rows: list[str]) -> None:
    """Draw walls ('#') and open floor ('.') from rows of text, with its top left corner at (x0, y0)."""
    for dy, row in enumerate(rows):
        for dx, ch in enumerate(row):
            m.put("walls", x0 + dx, y0 + dy, wall if ch == "#" else None)


def house(m: Layout, x: int, y: int, w: int, h: int, colour: str, door: int | None = None) -> None:
    """A house seen from above: a gabled roof with its ridge across the middle, and its front wall below."""
    rows = h - 1
    north = rows // 2
    for row in range(rows):
        part = "n" if row < north else ("ridge" if row == north else "s")
        m.fill("walls", (x, y + row, w, 1), f"roof_{colour}_{part}")
    m.fill("walls", (x, y + h - 1, w, 1), "house_front")
    if door is not None:
        m.put("walls", door, y + h - 1, "house_door")


def village() -> Layout:
    """A cobbled street through a village, a market square with its stalls and well, and a tavern."""
    m = Layout("village", "Market Day in Millbrook",
               "Bandits have come to Millbrook on market day. The cobbled street runs between timbered houses into "
               "the square, where stalls and barrels give cover; narrow alleys lead to the gardens behind, and the "
               "tavern's doors stand open.",
               48, 32, "grass", split_obstructed=True)
    m.intro = "Bandits are robbing the stalls of Millbrook on market day. Stop them before they ride off with it all."
    m.objective = "defeat them all"
    m.fill("ground", (0, 13, 48, 5), "cobbles")
    m.fill("ground", (18, 8, 14, 15), "cobbles")
    trail(m, [(38.5, 0), (38.5, 13)], 2.0, "dirt", layer="paths")
    trail(m, [(15.5, 17.5), (15.5, 20)], 2.0, "dirt", layer="paths")
    trail(m, [(39, 17.5), (39.5, 26), (33, 28.5), (20, 29.5), (8, 29.5), (6.5, 27.5)], 1.6, "dirt", layer="paths")
    trail(m, [(12.5, 13), (12.5, 5), (9, 3.5), (2, 3.5)], 1.2, "dirt", layer="paths")
    # houses along the north of the street and round the square
    house(m, 0, 6, 6, 7, "red", 3)
    house(m, 7, 7, 5, 6, "slate", 9)
    house(m, 13, 6, 4, 7, "red", 15)
    house(m, 18, 2, 6, 6, "slate", 20)
    house(m, 25, 1, 7, 7, "red", 28)
    house(m, 33, 7, 5, 6, "slate", 35)
    house(m, 40, 6, 7, 7, "red", 43)
    # and to the south
    house(m, 18, 24, 6, 6, "red", 21)
    house(m, 25, 24, 6, 5, "slate", 27)
    house(m, 33, 19, 5, 6, "red", 35)
    house(m, 41, 19, 6, 7, "slate", 44)
    # the tavern: walls round a wooden floor, doors to the street, the yard and the garden
    m.fill("ground", (2, 19, 12, 9), "wood_floor")
    m.frame((2, 19, 12, 9), "house_wall")
    m.fill("walls", (2, 22, 5, 1), "house_wall")
    m.carve((7, 19, 2, 1))
    m.carve((13, 23, 1, 2))
    m.carve((6, 27, 1, 1))
    m.carve((4, 22, 1, 1))
    for x, y, key in ((5, 24, "table"), (9, 24, "table"), (7, 21, "table"), (10, 21, "table"),
                      (3, 20, "barrels"), (3, 21, "barrels"), (12, 26, "crates"), (3, 26, "barrels")):
        m.put("decor", x, y, key)
    # the market
    for x, y in ((19, 10), (20, 10), (22, 10), (27, 10), (29, 10), (30, 10),
                 (19, 20), (21, 20), (22, 20), (27, 20), (28, 20), (30, 20)):
        m.put("decor", x, y, "stall")
    m.put("walls", 24, 19, "well")
    for x, y, key in ((23, 11, "crates"), (26, 9, "barrels"), (31, 11, "crates"), (18, 21, "barrels"),
                      (26, 21, "crates"), (31, 21, "barrels"), (6, 12, "barrels"), (17, 12, "crates"),
                      (32, 12, "barrels"), (39, 18, "crates"), (40, 18, "barrels"), (14, 18, "crates"),
                      (17, 20, "crates"), (14, 21, "barrels")):
        m.put("decor", x, y, key)
    # gardens behind: hedges, trees and sheds of clutter
    for x0, y0, x1, y1 in ((0, 4, 6, 4), (7, 5, 11, 5), (40, 4, 46, 4), (33, 26, 38, 26), (41, 27, 46, 27),
                           (17, 31, 30, 31)):
        for x in range(x0, x1 + 1):
            for y in range(y0, y1 + 1):
                if not m.paths[y][x]:
                    m.put("decor", x, y, "thicket")
    for x, y in ((1, 0), (2, 1), (0, 2), (7, 0), (8, 0), (16, 1), (15, 0), (33, 0), (35, 0), (45, 0), (47, 0),
                 (44, 1), (0, 30), (1, 31), (0, 31), (14, 31), (15, 30), (31, 28), (32, 31), (47, 30), (47, 31),
                 (46, 31), (47, 20), (47, 21)):
        m.put("walls", x, y, "tree")
    for x, y, key in ((10, 1, "crates"), (44, 3, "stump"), (22, 0, "barrels"), (36, 28, "crates"),
                      (15, 26, "thicket"), (16, 26, "thicket"), (28, 30, "stump"), (45, 29, "crates")):
        m.put("decor", x, y, key)

    for x, y in ((0, 14), (1, 15), (0, 16), (2, 14)):
        m.hero(x, y)
    for x, y, monster in ((22, 12, "bandit"), (29, 18, "bandit"), (12, 9, "bandit"), (39, 3, "bandit"),
                          (31, 15, "orc_brute"), (36, 15, "cultist")):
        m.monster(x, y, monster)
    for x, y, item in ((4, 25, "blunderbuss"), (28, 9, "longsword"), (44, 29, "shield"), (11, 2, "dagger")):
        m.loot(x, y, item)
    return m


# ---------------------------------------------------------------- the bridge


def bridge() -> Layout:
    """An old timber bridge over a deep river, with slow fords up- and downstream and a camp on the far bank."""
    m = Layout("bridge", "The Old Toll Bridge",
               "Kobolds have taken the toll bridge and camp on the east bank under an orc. The river runs deep "
               "and fast; the bridge is the quick way over, the fords upstream and downstream the slow ones, "
               "and reeds along the banks hide archers.",
               36, 24, "grass", split_obstructed=True)
    m.intro = "An orc and his kobolds hold the Old Toll Bridge and rob every traveller. Take the bridge back."
    m.objective = "defeat them all"
    rng = seeded("bridge design")

    def centre(y: int) -> float:
        return 17.5 + 2.2 * math.sin(y * 0.28 + 0.4)

    river: set[tuple[int, int]] = set()
    for y in range(m.height):
        for x in range(m.width):
            off = abs(x + 0.5 - centre(y))
            if off < 4.6:
                river.add((x, y))
                ford = y in (1, 2, 3, 19, 20, 21)
                m.ground[y][x] = "shallow_water" if ford or off > 3.4 else "deep_water"
    # the bridge deck, with its rails along the north and south edges
    span = [x for x, y in river if y in (10, 11, 12, 13)]
    x0, x1 = min(span) - 1, max(span) + 1
    for y, key in ((10, "planks_n"), (11, "planks"), (12, "planks"), (13, "planks_s")):
        m.fill("ground", (x0, y, x1 - x0 + 1, 1), key)
    trail(m, [(0, 12), (6, 11.5), (x0 + 0.5, 12)], 2.2, "dirt", layer="paths")
    trail(m, [(x1 + 0.5, 12), (28, 12.5), (36, 11.5)], 2.2, "dirt", layer="paths")
    trail(m, [(6, 11.5), (9, 6), (13, 2.5)], 1.4, "dirt", layer="paths")
    trail(m, [(28, 12.5), (27, 17), (24, 20.5)], 1.4, "dirt", layer="paths")
    for y in range(10, 14):
        for x in range(x0, x1 + 1):
            m.paths[y][x] = None
    # the toll house on the west bank, and the kobolds' camp on the east
    house(m, 4, 4, 5, 5, "red", 6)
    for x, y in ((27, 4), (31, 3), (32, 7), (30, 17), (33, 16)):
        m.put("walls", x, y, "tent")
    m.put("decor", 29, 7, "campfire")
    m.put("decor", 31, 19, "campfire")
    for x, y, key in ((26, 6, "crates"), (33, 4, "barrels"), (25, 9, "crates"), (25, 14, "barrels"),
                      (8, 9, "barrels"), (9, 8, "crates"), (3, 9, "thicket"), (2, 9, "thicket"),
                      (10, 15, "thicket"), (11, 16, "thicket"), (5, 17, "thicket"), (6, 17, "thicket"),
                      (30, 10, "thicket"), (31, 10, "thicket"), (34, 13, "thicket"), (22, 15, "log"),
                      (12, 19, "log"), (33, 21, "stump")):
        m.put("decor", x, y, key)
    for x, y in ((12, 7), (24, 17), (10, 21)):
        m.put("walls", x, y, "boulder")
    # reeds along both banks, thickest near the bridge where archers hide
    for y in range(m.height):
        for x in range(m.width):
            if (x, y) in river or m.walls[y][x] or m.decor[y][x] or m.paths[y][x] or not (4 <= y <= 18) \
                    or m.ground[y][x].startswith("planks"):
                continue
            beside = any((x + dx, y) in river for dx in (-1, 1))
            if beside and rng.random() < 0.55:
                m.put("decor", x, y, "reeds")
    # woods in the corners
    woods = map_noise(rng, m.width, m.height, 3.0)
    for y in range(m.height):
        for x in range(m.width):
            corner = min(x, m.width - 1 - x) + min(y, m.height - 1 - y)
            if (x, y) in river or m.paths[y][x] or m.walls[y][x] or m.decor[y][x]:
                continue
            if corner < 3 + 4 * woods[y][x] and not 9 <= y <= 14:
                m.put("walls", x, y, "tree")

    for x, y in ((1, 11), (1, 12), (2, 11), (2, 12), (3, 13)):
        m.hero(x, y)
    for x, y, monster in ((25, 12, "orc_brute"), (24, 13, "orc_brute"), (27, 11, "kobold"), (29, 14, "kobold"),
                          (28, 2, "kobold"), (27, 20, "kobold"), (24, 8, "goblin_archer"), (26, 16, "goblin_archer"),
                          (30, 8, "goblin_archer")):
        m.monster(x, y, monster)
    for x, y, item in ((31, 5, "warhammer"), (4, 19, "staff"), (33, 19, "shield"), (8, 2, "leather_armour")):
        m.loot(x, y, item)
    return m


# ---------------------------------------------------------------- the arena


def arena() -> Layout:
    """A fighting pit of many quarters: cells, galleries, fire pits, a garden, and the great sands in the middle."""
    m = Layout("arena", "The Pit of Trials",
               "Below the city lies the Pit of Trials, where the condemned fight whatever is let out of the pens. "
               "Narrow cells and tunnels, fire pits and spike galleries, a colonnade, an overgrown garden and the "
               "open sands each favour a different weapon.",
               60, 40, "sandstone_floor")
    m.intro = "Thrown into the Pit of Trials, you fight for the crowd: only the side left standing walks out."
    m.objective = "defeat them all"
    rng = seeded("arena design")
    wall = "arena_wall"
    m.fill("walls", (0, 0, 60, 40), wall)

    # ---- the quarters, left to right and top to bottom
    cells = (1, 1, 14, 12)
    gallery = (16, 1, 13, 12)
    colonnade = (30, 1, 13, 12)
    pits = (44, 1, 15, 12)
    west_gate = (1, 15, 14, 10)
    sands = (16, 14, 28, 12)
    pens = (45, 15, 14, 10)
    garden = (1, 27, 14, 12)
    spikes = (16, 27, 13, 12)
    tunnels = (30, 27, 13, 12)
    yard = (44, 27, 15, 12)
    for r in (gallery, colonnade, pits, west_gate, pens, garden, spikes, yard, cells, tunnels):
        m.carve(r)
    m.carve(sands, "sand")
    m.carve(yard, "sand")
    m.carve(pits, "scorched")
    m.carve(garden, "grass")

    # the cells: prison cells off two corridors, joined by passages a single square wide
    stamp(m, 0, 0, wall, [
        "################",
        "#...#....#.....#",
        "#...#....#.....#",
        "#.#####.####.###",
        "#...............",
        "#...............",
        "##.#####.####.##",
        "#....#.....#...#",
        "#....#.....#...#",
        "###.####.####.##",
        "#...............",
        "#...............",
        "#####.###.######",
        "#####.###.######",
    ])
    # the servants' tunnels: a maze of passages one square wide
    stamp(m, 30, 26, wall, [
        "######..######",
        "#.....#......#",
        "#.###.#.####.#",
        "..#...#....#.#",
        "..#.#####.##.#",
        "#.#.#...#..#..",
        "#...#.#.##.#..",
        "###.#.#....#.#",
        "#...#.####.#.#",
        "#.###....#...#",
        "..#...##.#.###",
        "..#.#..#.#....",
        "#...##.....#..",
        "##############",
    ])
    # gates between quarters: gaps in the walls that part them
    for r in ((29, 5, 1, 3), (43, 3, 1, 2), (43, 9, 1, 2), (5, 14, 1, 1), (9, 14, 1, 1),
              (20, 13, 4, 1), (33, 13, 6, 1), (48, 13, 3, 2), (55, 13, 2, 2),
              (15, 17, 1, 6), (44, 16, 1, 8),
              (5, 25, 2, 2), (11, 25, 2, 2), (20, 26, 5, 1), (48, 26, 4, 1),
              (29, 29, 1, 2), (29, 36, 1, 2)):
        m.carve(r)
    # the colonnade: a grid of pillars
    for x in range(31, 43, 2):
        for y in range(2, 12, 3):
            m.put("walls", x, y, "sandstone_pillar")
    for x, y in ((32, 4), (36, 7), (40, 10), (34, 10), (38, 3)):
        m.put("decor", x, y, "dead_bush")
    # the gallery: plain paving, benches of rubble, a couple of pillars
    for x, y in ((19, 3), (25, 3), (19, 10), (25, 10)):
        m.put("walls", x, y, "sandstone_pillar")
    for x, y in ((22, 6), (22, 7)):
        m.put("decor", x, y, "crates")
    # the fire pits: lava pools ringed by scorched rock, spikes and rubble
    for cx, cy, rx, ry in ((48.5, 4.5, 2.6, 2.2), (55, 8.5, 2.8, 2.4), (50, 10.5, 1.8, 1.3)):
        for x, y in m.cells((int(cx - rx) - 1, int(cy - ry) - 1, int(2 * rx) + 3, int(2 * ry) + 3)):
            if ((x + 0.5 - cx) / rx) ** 2 + ((y + 0.5 - cy) / ry) ** 2 < 1 and not m.walls[y][x]:
                m.ground[y][x] = "lava"
    for x, y in ((45, 2), (52, 3), (53, 4), (46, 8), (47, 9), (57, 4), (52, 11), (56, 11)):
        m.put("decor", x, y, "spikes")
    for x, y in ((51, 2), (45, 6), (53, 7), (58, 2), (57, 11)):
        m.put("decor", x, y, "rubble")
    # the spike gallery: sand strewn with traps and broken stone
    m.carve(spikes, "sand")
    for x, y in ((18, 29), (19, 29), (22, 28), (25, 30), (26, 30), (17, 33), (21, 32), (22, 32), (24, 35),
                 (19, 36), (27, 34), (20, 37), (26, 37)):
        m.put("decor", x, y, "spikes")
    for x, y in ((23, 30), (18, 35), (27, 32), (24, 33)):
        m.put("decor", x, y, "rubble")
    # the garden: trees and thickets grown wild
    gnoise = map_noise(rng, m.width, m.height, 2.5)
    for x, y in m.cells(garden):
        if m.walls[y][x]:
            continue
        v = gnoise[y][x]
        if v > 0.72:
            m.put("walls", x, y, "tree")
        elif v > 0.5 and rng.random() < 0.7:
            m.put("decor", x, y, "thicket")
    trail(m, [(1.5, 31.5), (7, 30.5), (12, 33.5), (14.5, 33.5)], 1.4, "dirt", layer="paths")
    trail(m, [(6, 26), (7, 30.5)], 1.4, "dirt", layer="paths")
    # the sands: open ground, a few posts at its edge
    for x, y in ((17, 15), (42, 15), (17, 24), (42, 24)):
        m.put("walls", x, y, "sandstone_pillar")
    m.put("decor", 30, 19, None)
    # the west gate and the pens: where the two sides come in
    for x, y, key in ((2, 16, "crates"), (2, 23, "barrels"), (13, 16, "barrels"), (47, 16, "crates"),
                      (57, 16, "barrels"), (57, 23, "crates"), (52, 19, "crates"), (52, 20, "crates")):
        m.put("decor", x, y, key)
    m.fill("ground", (1, 18, 1, 4), "stairs")
    # the practice yard: open sand, a rack or two
    for x, y, key in ((46, 29, "barrels"), (57, 29, "crates"), (57, 37, "barrels")):
        m.put("decor", x, y, key)
    m.put("walls", 51, 33, "sandstone_pillar")

    m.arenas = [
        ("The Cells", "tight", (0, 0, 16, 14)),
        ("North Gallery", "neutral", (16, 0, 14, 14)),
        ("The Colonnade", "dense", (30, 0, 14, 14)),
        ("The Fire Pits", "hazardous", (44, 0, 16, 14)),
        ("West Gate", "neutral", (0, 14, 16, 12)),
        ("The Sands", "open", (16, 14, 28, 12)),
        ("The Pens", "neutral", (44, 14, 16, 12)),
        ("The Overgrown Garden", "dense", (0, 26, 16, 14)),
        ("Spike Gallery", "hazardous", (16, 26, 14, 14)),
        ("Servants' Tunnels", "tight", (30, 26, 14, 14)),
        ("Practice Yard", "open", (44, 26, 16, 14)),
    ]
    for x, y in ((3, 18), (3, 20), (3, 22), (5, 19), (5, 21)):
        m.hero(x, y)
    for x, y, monster in ((55, 18, "orc_brute"), (55, 21, "goblin_archer"), (51, 6, "cultist"), (36, 5, "skeleton"),
                          (8, 7, "giant_rat"), (36, 31, "giant_rat"), (8, 35, "wolf"), (23, 34, "ooze"),
                          (50, 30, "kobold")):
        m.monster(x, y, monster)
    for x, y, item in ((56, 3, "staff"), (40, 7, "amulet_of_warding"), (33, 37, "blunderbuss"),
                       (5, 37, "longsword"), (57, 33, "chain_mail")):
        m.loot(x, y, item)
    return m


ALL = [crypt, forest, village, bridge, arena]
