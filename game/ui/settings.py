"""The player's settings and last choices, kept between runs in the user's data folder."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core.userdata import atomic_write_text, data_dir
from game.players.balance import DIFFICULTIES

ANIMATION_SPEEDS: dict[str, int] = {"off": 0, "fast": 70, "normal": 140, "slow": 260}
"""Milliseconds a token takes per square it walks, by setting name."""

# Smallest first, as the Settings dialog lists them.
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 800), (1366, 768), (1600, 900), (1920, 1080))
MIN_WINDOW = (960, 600)
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
SETTINGS_FILE = "settings.json"
MAX_PEOPLE = 4
BATTLES = ("monsters", "parties")  # heroes against monsters, or two hero parties against each other
COMPUTER = "computer"  # who plays a side or a hero: "computer" or "person:N", N counting from 0


@dataclass
class Settings:
    """Window, scale, animation and sound settings, the computer's level, and the encounter last chosen in the menu."""

    window: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation: str = "normal"
    mode: str = "grid"  # the rules the menu plays: "grid" or "stances"
    map: str = ""  # "" is the mode's built-in map; else a path to a .tmx file
    heroes: list[str] = field(default_factory=lambda: ["warrior", "ranger", "mage", "cleric"])
    battle: str = "monsters"
    rivals: list[str] = field(default_factory=lambda: ["rogue", "warrior", "mage"])
    people: list[str] = field(default_factory=lambda: ["Player 1"])
    # Who plays what: "monsters", or "heroes:<hero>" / "rivals:<hero>" for each hero, to COMPUTER or "person:N".
    control: dict[str, str] = field(default_factory=dict)
    computer_acts: bool = False  # the computer plays its turns without waiting for Go
    difficulty: str = "normal"  # how well the computer plays its seats: one of DIFFICULTIES
    effects_volume: int = 80  # percent, the sound effects
    music_volume: int = 50  # percent, the music loops
    muted: bool = False  # no sound at all, whatever the volumes

    def cleaned(self) -> Settings:
        """The same settings with every value brought into its allowed range."""
        width = max(MIN_WINDOW[0], min(7680, int(self.window[0])))
        height = max(MIN_WINDOW[1], min(4320, int(self.window[1])))
        scale = min(2.0, max(1.0, round(float(self.ui_scale) * 4) / 4))
        animation = self.animation if self.animation in ANIMATION_SPEEDS else "normal"
        people = [str(p)[:20] for p in self.people][:MAX_PEOPLE] or ["Player 1"]
        owners = {COMPUTER} | {f"person:{i}" for i in range(len(people))}
        control = {str(k): str(v) for k, v in dict(self.control).items() if str(v) in owners}
        return Settings(
            window=(width, height), fullscreen=bool(self.fullscreen), ui_scale=scale, animation=animation,
            mode=str(self.mode), map=str(self.map), heroes=[str(h) for h in self.heroes],
            battle=self.battle if self.battle in BATTLES else "monsters", rivals=[str(h) for h in self.rivals],
            people=people, control=control, computer_acts=bool(self.computer_acts),
            difficulty=self.difficulty if self.difficulty in DIFFICULTIES else "normal",
            effects_volume=_percent(self.effects_volume), music_volume=_percent(self.music_volume),
            muted=bool(self.muted),
        )

    @property
    def step_ms(self) -> int:
        """Milliseconds per walked square (0: no animation)."""
        return ANIMATION_SPEEDS[self.animation]


def _percent(value: object) -> int:
    """A volume brought into 0-100 (a bad value: the middle)."""
    try:
        return max(0, min(100, round(float(str(value)))))
    except (TypeError, ValueError, OverflowError):
        return 50


def load_settings(folder: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or the file cannot be read."""
    path = (folder or data_dir()) / SETTINGS_FILE
    try:
        raw: Any = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    if not isinstance(raw, dict):
        return Settings()
    known = {f.name for f in fields(Settings)}
    values = {k: v for k, v in raw.items() if k in known}
    try:
        if "window" in values:
            values["window"] = (int(values["window"][0]), int(values["window"][1]))
        for name, kind in (("heroes", list), ("rivals", list), ("people", list), ("control", dict)):
            if name in values and not isinstance(values[name], kind):
                del values[name]
        return Settings(**values).cleaned()
    except (TypeError, ValueError, IndexError, KeyError):
        # A hand-edited file with a bad value: start from the defaults rather than refuse to open.
        return Settings()


def save_settings(settings: Settings, folder: Path | None = None) -> Path | None:
    """Write the settings atomically (a temporary file, then os.replace); None if the folder is not writable."""
    folder = folder or data_dir()
    data = asdict(settings.cleaned())
    try:
        atomic_write_text(folder / SETTINGS_FILE, json.dumps(data, indent=2, sort_keys=True))
    except OSError:
        # Settings are a convenience: a read-only home must not stop the game.
        return None
    return folder / SETTINGS_FILE
