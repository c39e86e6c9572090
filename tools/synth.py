"""Make the game's sounds: `python tools/synth.py` from the project root writes assets/sounds/*.wav.

Every sound is made here from sine waves, plucked strings and seeded noise (the standard library's wave, array and
math only), so running it again writes the same bytes. The effects are short and mono at 22,050 samples a second;
the two music loops are quiet, mono at 11,025, and wrap their last notes' tails into their start so that they loop
without a seam.
"""

from __future__ import annotations

import argparse
import io
import math
import os
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOUNDS_DIR = ROOT / "assets" / "sounds"
RATE = 22050  # samples a second of the effects
MUSIC_RATE = 11025  # the music is soft and low: half the rate keeps the files small
TAU = 2 * math.pi

Wave = list[float]


def note(n: int) -> float:
    """The frequency of a note counted in semitones from A4 (440 Hz)."""
    return 440.0 * 2 ** (n / 12)


def silence(seconds: float, rate: int = RATE) -> Wave:
    """A buffer of silence."""
    return [0.0] * int(seconds * rate)


def add(into: Wave, sound: Wave, at: float = 0.0, gain: float = 1.0, rate: int = RATE, wrap: bool = False) -> None:
    """Mix a sound into a buffer at a time; a wrapped buffer carries what runs past its end into its start."""
    start = int(at * rate)
    n = len(into)
    for i, v in enumerate(sound):
        j = start + i
        if wrap:
            j %= n
        elif j >= n:
            break
        into[j] += v * gain


def envelope(length: int, attack: int, decay: float) -> list[float]:
    """A linear rise over ``attack`` samples, then an exponential fall by ``decay`` per sample."""
    out = []
    level = 1.0
    for i in range(length):
        if i < attack:
            out.append(i / attack)
        else:
            out.append(level)
            level *= decay
    return out


def decay_for(seconds: float, rate: int = RATE) -> float:
    """The per-sample factor that brings a sound down to a thousandth in ``seconds``."""
    return math.exp(math.log(0.001) / max(1.0, seconds * rate))


def tone(freq: float, seconds: float, rate: int = RATE, attack: float = 0.005, fade: float | None = None,
         sweep: float = 1.0, harmonics: tuple[float, ...] = (1.0,), vibrato: float = 0.0) -> Wave:
    """A tone of sine harmonics, gliding by ``sweep`` over its length, fading out over ``fade`` seconds."""
    n = int(seconds * rate)
    env = envelope(n, max(1, int(attack * rate)), decay_for(fade if fade is not None else seconds, rate))
    out = []
    phase = 0.0
    for i in range(n):
        f = freq * sweep ** (i / n) * (1 + vibrato * math.sin(TAU * 5.5 * i / rate))
        phase += TAU * f / rate
        out.append(env[i] * sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics) if h))
    return out


def noise(seconds: float, seed: int, rate: int = RATE, smooth: float = 0.0, fade: float | None = None,
          attack: float = 0.002) -> Wave:
    """Seeded white noise, smoothed (a one-pole low-pass, 0..1) and fading out."""
    rng = random.Random(seed)
    n = int(seconds * rate)
    env = envelope(n, max(1, int(attack * rate)), decay_for(fade if fade is not None else seconds, rate))
    out = []
    last = 0.0
    for i in range(n):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * env[i])
    return out


def swell(seconds: float, seed: int, rate: int = RATE) -> Wave:
    """Noise whose brightness and loudness rise and fall once: air moving past."""
    rng = random.Random(seed)
    n = int(seconds * rate)
    out = []
    last = 0.0
    for i in range(n):
        t = i / n
        shape = math.sin(math.pi * t) ** 2
        smooth = 0.97 - 0.5 * shape
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last * shape)
    return out


def pluck(freq: float, seconds: float, seed: int, rate: int = RATE, damping: float = 0.996) -> Wave:
    """A plucked string (a seeded Karplus-Strong delay line)."""
    rng = random.Random(seed)
    period = max(2, int(rate / freq))
    line = [rng.uniform(-1, 1) for _ in range(period)]
    out = []
    for i in range(int(seconds * rate)):
        a = line[i % period]
        b = line[(i + 1) % period]
        line[i % period] = (a + b) * 0.5 * damping
        out.append(a)
    return out


def normalise(sound: Wave, peak: float) -> Wave:
    """Scale a sound so that its loudest sample is ``peak`` of full scale."""
    top = max((abs(v) for v in sound), default=0.0) or 1.0
    return [v * peak / top for v in sound]


# -- the effects -----------------------------------------------------------------------------------
def step() -> Wave:
    """A foot on stone: a short, dull knock."""
    out = silence(0.09)
    add(out, noise(0.08, 11, smooth=0.85, fade=0.05), gain=0.8)
    add(out, tone(95, 0.08, fade=0.05), gain=0.5)
    return normalise(out, 0.45)


def hit() -> Wave:
    """A blow that lands: a crack of noise over a low thud."""
    out = silence(0.26)
    add(out, noise(0.12, 21, smooth=0.3, fade=0.07), gain=0.7)
    add(out, tone(120, 0.25, sweep=0.55, fade=0.2, harmonics=(1.0, 0.4)), gain=0.9)
    return normalise(out, 0.8)


def miss() -> Wave:
    """A blow that finds only air: a whoosh."""
    return normalise(swell(0.3, 31), 0.55)


def wound() -> Wave:
    """A wound: the blow, then a low, sour groan of two close tones."""
    out = silence(0.55)
    add(out, hit(), gain=0.8)
    add(out, tone(note(-26), 0.45, attack=0.03, fade=0.4, sweep=0.85, harmonics=(1.0, 0.5, 0.3)), at=0.06, gain=0.5)
    add(out, tone(note(-25), 0.45, attack=0.03, fade=0.4, sweep=0.85, harmonics=(1.0, 0.5)), at=0.06, gain=0.4)
    return normalise(out, 0.8)


def fall() -> Wave:
    """A body going down: a falling tone, then a heavy thump."""
    out = silence(0.6)
    add(out, tone(300, 0.35, sweep=0.3, fade=0.35, harmonics=(1.0, 0.3)), gain=0.5)
    add(out, noise(0.2, 41, smooth=0.9, fade=0.15), at=0.32, gain=1.0)
    add(out, tone(70, 0.25, fade=0.2), at=0.32, gain=0.8)
    return normalise(out, 0.75)


def death() -> Wave:
    """A death: a low minor chord sinking away."""
    out = silence(1.2)
    for n, gain in ((-33, 0.6), (-30, 0.45), (-26, 0.4)):
        add(out, tone(note(n), 1.15, attack=0.02, fade=1.1, sweep=0.8, harmonics=(1.0, 0.35, 0.15)), gain=gain)
    add(out, noise(0.3, 51, smooth=0.92, fade=0.25), gain=0.5)
    return normalise(out, 0.7)


def spell() -> Wave:
    """A spell: a quick rising shimmer of bells over a hiss."""
    out = silence(0.8)
    for i, n in enumerate((3, 7, 10, 15, 19)):
        add(out, tone(note(n), 0.5, attack=0.01, fade=0.45, harmonics=(1.0, 0.0, 0.25), vibrato=0.004),
            at=i * 0.05, gain=0.35)
    add(out, swell(0.6, 61), gain=0.25)
    return normalise(out, 0.6)


def reveal() -> Wave:
    """A card turned or a die shown: a flick of noise and a bright pluck."""
    out = silence(0.3)
    add(out, noise(0.03, 71, smooth=0.1, fade=0.02), gain=0.5)
    add(out, pluck(note(7), 0.28, 72), at=0.015, gain=0.6)
    return normalise(out, 0.5)


def button() -> Wave:
    """A button pressed: a short, soft click."""
    out = silence(0.05)
    add(out, tone(1250, 0.04, attack=0.001, fade=0.03), gain=0.6)
    add(out, noise(0.01, 81, smooth=0.5, fade=0.008), gain=0.3)
    return normalise(out, 0.3)


def turn() -> Wave:
    """A turn begins: two rising bell notes."""
    out = silence(0.5)
    add(out, tone(note(7), 0.3, fade=0.28, harmonics=(1.0, 0.0, 0.2)), gain=0.5)
    add(out, tone(note(14), 0.35, fade=0.33, harmonics=(1.0, 0.0, 0.2)), at=0.11, gain=0.5)
    return normalise(out, 0.4)


def victory() -> Wave:
    """Victory: a major arpeggio rising to a held chord."""
    out = silence(1.9)
    for i, n in enumerate((3, 7, 10)):
        add(out, tone(note(n), 0.3, fade=0.28, harmonics=(1.0, 0.5, 0.25)), at=i * 0.15, gain=0.45)
    for n in (3, 7, 10, 15):
        add(out, tone(note(n), 1.4, attack=0.02, fade=1.35, harmonics=(1.0, 0.5, 0.25), vibrato=0.003),
            at=0.45, gain=0.3)
    return normalise(out, 0.7)


def defeat() -> Wave:
    """Defeat: a slow minor fall to a low note."""
    out = silence(2.0)
    for i, n in enumerate((0, -4, -7)):
        add(out, tone(note(n - 12), 0.5, attack=0.02, fade=0.48, harmonics=(1.0, 0.4)), at=i * 0.3, gain=0.45)
    add(out, tone(note(-24), 1.1, attack=0.03, fade=1.05, harmonics=(1.0, 0.4, 0.2)), at=0.9, gain=0.55)
    add(out, tone(note(-21), 1.1, attack=0.03, fade=1.05, harmonics=(1.0, 0.3)), at=0.9, gain=0.35)
    return normalise(out, 0.65)


# -- the music -------------------------------------------------------------------------------------
def music(chords: tuple[tuple[int, ...], ...], bar: float, seed: int, drum: bool) -> Wave:
    """A loop: a soft pad holding each chord for a bar, a plucked figure over it and, if asked, a low drum."""
    rate = MUSIC_RATE
    out = silence(bar * len(chords), rate)
    rng = random.Random(seed)
    beat = bar / 4
    for b, chord in enumerate(chords):
        start = b * bar
        for n in chord:
            # Each pad note swells in and rings past the bar; its tail wraps into the loop's start.
            add(out, tone(note(n), bar * 1.4, rate, attack=bar * 0.35, fade=bar * 1.4, harmonics=(1.0, 0.3, 0.1)),
                at=start, gain=0.16, rate=rate, wrap=True)
        add(out, tone(note(chord[0] - 12), bar * 1.2, rate, attack=0.2, fade=bar * 1.2), at=start, gain=0.2,
            rate=rate, wrap=True)
        for i in range(8):
            if rng.random() < 0.3:
                continue  # a rest now and then keeps the figure from ticking like a clock
            n = chord[rng.randrange(len(chord))] + 12 * rng.choice((0, 1))
            add(out, pluck(note(n), beat * 1.5, seed * 100 + b * 8 + i, rate, 0.995), at=start + i * beat / 2,
                gain=0.12, rate=rate, wrap=True)
        if drum:
            for i in range(4):
                add(out, tone(62, 0.35, rate, attack=0.002, fade=0.3, sweep=0.6), at=start + i * beat,
                    gain=0.35 if i % 2 == 0 else 0.2, rate=rate, wrap=True)
    return normalise(out, 0.5)


def menu_music() -> Wave:
    """The menu's loop: slow, open chords in A minor."""
    return music(((-12, -5, 0), (-16, -9, -4), (-21, -14, -9, -5), (-14, -10, -2)), 4.0, 1, drum=False)


def encounter_music() -> Wave:
    """The encounter's loop: darker D minor chords over a steady low drum."""
    return music(((-19, -12, -7), (-14, -7, -2), (-21, -12, -9), (-14, -9, -5)), 3.0, 2, drum=True)


EFFECTS: dict[str, Callable[[], Wave]] = {
    "step": step, "hit": hit, "miss": miss, "wound": wound, "fall": fall, "death": death, "spell": spell,
    "reveal": reveal, "button": button, "turn": turn, "victory": victory, "defeat": defeat,
}
MUSIC: dict[str, Callable[[], Wave]] = {"music_menu": menu_music, "music_encounter": encounter_music}


def wav_bytes(sound: Wave, rate: int) -> bytes:
    """A sound as a 16-bit mono WAV file's bytes."""
    samples = array("h", (max(-32767, min(32767, round(v * 32767))) for v in sound))
    if sys.byteorder == "big":
        samples.byteswap()  # WAV samples are little-endian
    raw = io.BytesIO()
    with wave.open(raw, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(samples.tobytes())
    return raw.getvalue()


def write_all(folder: Path) -> list[Path]:
    """Write every sound into a folder (each whole or not at all); the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for names, rate in ((EFFECTS, RATE), (MUSIC, MUSIC_RATE)):
        for name, make in names.items():
            path = folder / f"{name}.wav"
            temp = path.with_suffix(".wav.tmp")
            temp.write_bytes(wav_bytes(make(), rate))
            os.replace(temp, path)
            written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the sounds into assets/sounds (or the folder given)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--into", type=Path, default=SOUNDS_DIR, help="the folder to write (default: assets/sounds)")
    args = parser.parse_args(argv)
    for path in write_all(args.into):
        print(f"{path.name}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
