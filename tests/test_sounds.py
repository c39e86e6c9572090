"""The sound files are the synthesiser's own: tools/synth.py writes the same bytes again, every file a short mono WAV
(the music loops longer), and each sound the game names has one."""

from __future__ import annotations

import importlib.util
import wave
from pathlib import Path
from types import ModuleType

from game.ui.sound import EFFECTS, MUSIC, SOUNDS

ROOT = Path(__file__).resolve().parent.parent


def synth() -> ModuleType:
    """tools/synth.py, loaded as a module."""
    spec = importlib.util.spec_from_file_location("synth", ROOT / "tools" / "synth.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_synthesiser_makes_every_sound_the_game_plays():
    made = synth()
    assert set(made.EFFECTS) == set(EFFECTS)
    assert set(made.MUSIC) == {f"music_{name}" for name in MUSIC}
    assert sorted(p.name for p in SOUNDS.iterdir()) == sorted(f"{name}.wav" for name in [*made.EFFECTS, *made.MUSIC])


def test_the_synthesiser_writes_the_same_bytes_again():
    made = synth()
    for name in ("button", "step", "hit", "reveal"):  # the short ones: the loops take a while to make
        assert made.wav_bytes(made.EFFECTS[name](), made.RATE) == (SOUNDS / f"{name}.wav").read_bytes(), name


def test_effects_are_short_and_the_music_loops_long_all_mono_16_bit():
    for path in SOUNDS.glob("*.wav"):
        with wave.open(str(path), "rb") as sound:
            seconds = sound.getnframes() / sound.getframerate()
            assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2), path.name
        if path.stem.startswith("music_"):
            assert seconds >= 8, path.name
        else:
            assert 0.03 < seconds <= 2.5, path.name
