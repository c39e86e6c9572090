"""The game's sounds: an effect for what happens, a music loop for the menu and the encounter, at the player's volumes.

The sounds are files in assets/sounds, written by tools/synth.py. What each mode's events sound like is a
table next to the mode's screen (``game.ui.modes.<mode>.sounds``): an event's class maps to a cue's name,
or to a function of the event and the watching seat's own combatants that names one (or None: silent).
Where no audio device exists (SDL_AUDIODRIVER=dummy, as in tests and CI) or the mixer fails, a silent
mixer stands in and the game plays on without a word.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Protocol

import pygame

from game.core.bundled import ASSETS
from game.core.events import Event

SOUNDS = ASSETS / "sounds"
EFFECTS = ("step", "hit", "miss", "wound", "fall", "death", "spell", "reveal", "button", "turn", "victory",
           "defeat")
MUSIC = ("menu", "encounter")
MAX_AT_ONCE = 3  # the most effects one action plays: a sweep of an area is a few blows, not a din

CueRule = str | Callable[[Event, frozenset[str]], str | None]
SoundTable = Mapping[type, CueRule]


class Mixer(Protocol):
    """What plays sounds: the speakers' mixer, a silent one, or a test's recorder."""

    def play(self, cue: str, volume: float) -> None:
        """Play an effect once at a volume from 0 to 1."""
        ...

    def loop(self, name: str | None, volume: float) -> None:
        """Play a music loop over and over (None: no music) at a volume from 0 to 1."""
        ...


class SilentMixer:
    """No audio device: every sound is dropped."""

    def play(self, cue: str, volume: float) -> None:
        """Nothing to play on."""
        return None

    def loop(self, name: str | None, volume: float) -> None:
        """Nothing to play on."""
        return None


class PygameMixer:
    """pygame's mixer on the machine's audio device; a sound that cannot be read or played is left out."""

    def __init__(self) -> None:
        self._effects: dict[str, pygame.mixer.Sound | None] = {}
        self._playing: str | None = None

    def play(self, cue: str, volume: float) -> None:
        """Play an effect (read from its file the first time)."""
        if cue not in self._effects:
            try:
                self._effects[cue] = pygame.mixer.Sound(str(SOUNDS / f"{cue}.wav"))
            except (pygame.error, OSError, FileNotFoundError):
                self._effects[cue] = None  # a missing file is silence, not a crash in the middle of a fight
        sound = self._effects[cue]
        if sound is None:
            return
        try:
            sound.set_volume(volume)
            sound.play()
        except pygame.error:
            return

    def loop(self, name: str | None, volume: float) -> None:
        """Start a music loop, or change its volume if it already plays."""
        try:
            if name is None or volume <= 0:
                pygame.mixer.music.stop()
                self._playing = None
                return
            if name != self._playing:
                pygame.mixer.music.load(str(SOUNDS / f"music_{name}.wav"))
                pygame.mixer.music.play(-1, fade_ms=800)
                self._playing = name
            pygame.mixer.music.set_volume(volume)
        except (pygame.error, OSError):
            self._playing = None


@contextmanager
def _hushed() -> Iterator[None]:
    """Keep the sound libraries' own complaints off the terminal (ALSA writes to it when there is no sound card)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        null = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError):
        yield  # no file descriptor to borrow (an embedded interpreter): let them speak
        return
    try:
        os.dup2(null, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def open_mixer() -> Mixer:
    """The speakers' mixer, or a silent one where there is no audio device or it cannot be opened."""
    if os.environ.get("SDL_AUDIODRIVER", "").lower() in ("dummy", "disk") or os.environ.get("RULEBOUND_SILENT"):
        return SilentMixer()
    try:
        if pygame.mixer.get_init() is None:
            with _hushed():
                pygame.mixer.init()
    except (pygame.error, OSError, NotImplementedError):
        return SilentMixer()
    return PygameMixer()


class SoundSettings(Protocol):
    """The settings the sounds follow."""

    effects_volume: int
    music_volume: int
    muted: bool


class Sound:
    """What the game plays, at the volumes of the settings (percentages) unless muted."""

    def __init__(self, settings: SoundSettings, mixer: Mixer | None = None) -> None:
        self.mixer = mixer if mixer is not None else open_mixer()
        self.effects_volume = 0.0
        self.music_volume = 0.0
        self.music_name: str | None = None
        self.apply(settings)

    def apply(self, settings: SoundSettings) -> None:
        """Follow changed settings: the music's volume changes at once."""
        muted = bool(settings.muted)
        self.effects_volume = 0.0 if muted else max(0, min(100, int(settings.effects_volume))) / 100
        self.music_volume = 0.0 if muted else max(0, min(100, int(settings.music_volume))) / 100
        self.mixer.loop(self.music_name, self.music_volume)

    def effect(self, cue: str | None) -> None:
        """Play one effect by name (nothing for None or when the effects are silenced)."""
        if cue is not None and self.effects_volume > 0:
            self.mixer.play(cue, self.effects_volume)

    def effects(self, cues: Iterable[str]) -> None:
        """Play the effects of one action: each cue once, at most ``MAX_AT_ONCE`` of them."""
        for cue in list(dict.fromkeys(cues))[:MAX_AT_ONCE]:
            self.effect(cue)

    def music(self, name: str | None) -> None:
        """Play a music loop (``MUSIC`` names them) from now on; None for none."""
        self.music_name = name
        self.mixer.loop(name, self.music_volume)


def cues_for(events: Iterable[Event], table: SoundTable, own: frozenset[str]) -> list[str]:
    """The effects a mode's table gives for events, in order (``own``: the watching seat's combatants)."""
    out = []
    for event in events:
        rule = table.get(type(event))
        cue = rule if isinstance(rule, str) or rule is None else rule(event, own)
        if cue is not None:
            out.append(cue)
    return out
