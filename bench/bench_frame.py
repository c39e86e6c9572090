"""Frame time of the encounter screen: a 100x100 map, 40 tokens and fog at 1280x800, and idle frames.

A frame here is what the screen draws after the pointer moves to another square during a hero's
turn (a new path preview): the map from its cached chunks, the overlays, the tokens, the panels
and the widgets. Also measured: frames after a zoom (chunks rebuilt once), and how many frames
are drawn during two idle seconds (the loop should draw none).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

SIZE = (1280, 800)
FRAMES = 300


def hundred_square_map(seed: int = 7) -> str:
    """A 100x100 dungeon: walled rooms with rubble, one open hall in the middle where the fight is."""
    rng = random.Random(seed)
    grid = [["." for _ in range(100)] for _ in range(100)]
    for i in range(100):
        grid[0][i] = grid[99][i] = grid[i][0] = grid[i][99] = "#"
    for wall in range(10, 100, 12):
        for i in range(100):
            if i % 12 not in (5, 6):
                grid[wall][i] = "#"
                grid[i][wall] = "#"
    for _ in range(600):
        grid[rng.randrange(1, 99)][rng.randrange(1, 99)] = ","
    # The hall: 14 x 10 squares around the middle, cleared, with the combatants in it.
    for y in range(44, 54):
        for x in range(42, 56):
            grid[y][x] = "."
    spots = [(x, y) for y in range(45, 53) for x in range(43, 55)]
    rng.shuffle(spots)
    for i, (x, y) in enumerate(spots[:40]):
        grid[y][x] = "H" if i < 5 else "M"
    return "\n".join("".join(row) for row in grid)


def main() -> None:
    """Print the median frame times and the idle frame count."""
    import pygame

    from game.core.battlefield import Battlefield
    from game.modes.grid.actions import RollInitiative
    from game.modes.grid.content import load_content
    from game.ui.app import App
    from game.ui.modes.grid import GridScreen
    from game.ui.session import EncounterChoice, Session
    from game.ui.settings import Settings

    battlefield = Battlefield.from_ascii(hundred_square_map(), name="Benchmark Halls")
    content = load_content()
    monsters = sorted(content.monsters)
    choice = EncounterChoice(heroes=tuple(sorted(content.heroes)), monsters=tuple(monsters[i % len(monsters)]
                                                                                  for i in range(35)), seed=11)
    app = App(Settings(window=SIZE, animation="off"), size=SIZE, remember=False)
    session = Session(choice, battlefield)
    while session.match.pending_seat() != "heroes" or session.match.view("heroes").phase != "turn":
        if session.match.view("heroes").phase == "initiative":
            session.apply(RollInitiative())
        else:
            session.apply(session.planned_action())  # type: ignore[arg-type]
    screen = GridScreen(app, session, on_menu=app.quit, on_again=app.quit)
    app.show(screen)
    app.step(0)
    drawn = sum(1 for t in screen.scene().tokens if screen.layout.map.collidepoint(screen.map_view._point(t.position)))
    fogged = len(battlefield.squares - screen.view.visible)

    # Pointer moves: one new square per frame, each with its path preview.
    squares = sorted(screen.view.visible & battlefield.playable)
    rng = random.Random(3)
    app.measure = True
    step_times = []
    for _ in range(FRAMES):
        square = rng.choice(squares)
        pos = screen.map_view.square_centre(square)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        started = time.perf_counter()
        if app.step(0):
            step_times.append(time.perf_counter() - started)
    hover_draw = statistics.median(app.frame_times) * 1000
    hover_step = statistics.median(step_times) * 1000

    # Zoom changes: the visible chunks are built again once per change.
    app.frame_times.clear()
    for i in range(40):
        screen.map_view.zoom(1 if i % 2 else -1)
        app.dirty = True
        app.step(0)
    zoom_draw = statistics.median(app.frame_times) * 1000

    # Two idle seconds: the loop sleeps in pygame.event.wait and draws nothing.
    app.step(0)
    before = app.frames
    end = time.perf_counter() + 2.0
    while time.perf_counter() < end:
        app.step(app._sleep_ms())
    idle = app.frames - before
    pygame.quit()
    print(f"map 100x100, {len(session.names)} combatants ({drawn} tokens in view), {fogged} squares in fog, "
          f"window {SIZE[0]}x{SIZE[1]}")
    print(f"frame after a pointer move (draw only):     median {hover_draw:.2f} ms over {FRAMES} frames")
    print(f"frame after a pointer move (with preview):  median {hover_step:.2f} ms (path search, events and draw)")
    print(f"frame after a zoom (chunks rebuilt):        median {zoom_draw:.2f} ms")
    print(f"frames drawn during 2 idle seconds:         {idle}")


if __name__ == "__main__":
    main()
