"""The game's sounds: what happens is heard, the menu and the fight have music, the volumes are remembered,
and without an audio device the game plays on in silence."""

from __future__ import annotations

import os

import pygame
import pytest

from game.modes.grid import events as ev
from game.modes.grid.preview import attack_preview
from game.ui import sound as sound_module
from game.ui.app import App
from game.ui.menu import MenuScreen
from game.ui.menu_dialogs import SettingsDialog
from game.ui.settings import Settings, load_settings
from game.ui.sound import PygameMixer, SilentMixer, Sound, cues_for, open_mixer
from tests.ui.helpers import SteadyDice, click_button, make_app, open_encounter, open_menu, press, settle


class FakeMixer:
    """A mixer that records what it is asked to play."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.loops: list[tuple[str | None, float]] = []

    def play(self, cue: str, volume: float) -> None:
        self.played.append((cue, volume))

    def loop(self, name: str | None, volume: float) -> None:
        self.loops.append((name, volume))

    def cues(self) -> list[str]:
        return [cue for cue, _volume in self.played]


def listening(app: App) -> FakeMixer:
    """Give the app a mixer that records, at the app's volumes."""
    mixer = FakeMixer()
    playing = app.sound.music_name
    app.sound = Sound(app.settings, mixer)
    app.sound.music(playing)
    return mixer


def _strike(screen, dice: SteadyDice, hit: bool) -> None:  # noqa: ANN001
    """The warrior strikes the kobold beside it, with dice that make the blow land or miss."""
    view = screen.view
    preview = attack_preview(screen.content, view.combatant("warrior"), view.combatant("kobold"), "strike",
                             "longsword")
    attack, defence = max(1, preview.attack_rank), max(1, preview.defence_rank)
    dice.push([9] * attack + [1] * defence if hit else [1] * attack + [9] * defence)
    screen.act(next(a for a in screen.legal if getattr(a, "action", None) == "strike"))


def test_a_blow_that_lands_is_heard_as_a_hit_and_one_that_misses_as_a_miss():
    app = make_app()
    dice = SteadyDice()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (2, 2)}, dice=dice)
    mixer = listening(app)
    press(app, pygame.K_SPACE)  # Roll Initiative: the warrior first
    assert "reveal" in mixer.cues()  # the initiative dice are shown
    assert screen.my_turn
    mixer.played.clear()
    _strike(screen, dice, hit=True)
    assert "hit" in mixer.cues() and "miss" not in mixer.cues()
    assert all(volume == pytest.approx(0.8) for _cue, volume in mixer.played)  # the default effects volume


def test_a_miss_is_heard_as_a_miss():
    app = make_app()
    dice = SteadyDice()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (2, 2)}, dice=dice)
    mixer = listening(app)
    press(app, pygame.K_SPACE)
    mixer.played.clear()
    _strike(screen, dice, hit=False)
    assert mixer.cues() == ["miss"]


def test_a_step_is_heard_and_muted_nothing_is():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    mixer = listening(app)
    press(app, pygame.K_SPACE)
    mixer.played.clear()
    screen.move_to((3, 2))
    assert mixer.cues() == ["step"]
    app.settings.muted = True
    app.sound.apply(app.settings)
    mixer.played.clear()
    screen.move_to((4, 2))
    assert mixer.played == []


def test_what_the_seat_cannot_see_is_not_heard():
    app = make_app()
    screen = open_encounter(app, places={"warrior": (1, 2), "kobold": (9, 5)})
    mixer = listening(app)
    # Read through the seat's eyes, a step of someone it does not know of is dropped; its own is heard.
    screen.animate([ev.Moved("stranger", ((3, 3),), (1,), 0)], {}, {})
    assert mixer.played == []
    screen.animate([ev.Moved("warrior", ((1, 3),), (1,), 0)], {}, {})
    assert mixer.cues() == ["step"]


def test_only_the_seats_own_turns_chime():
    table = {ev.TurnStarted: lambda event, own: "turn" if event.cid in own else None}
    events = [ev.TurnStarted("kobold", 1), ev.TurnStarted("warrior", 1)]
    assert cues_for(events, table, frozenset({"warrior"})) == ["turn"]


def test_one_action_plays_each_effect_once_and_few_at_once():
    mixer = FakeMixer()
    sound = Sound(Settings(), mixer)
    sound.effects(["hit", "hit", "wound", "fall", "death", "spell"])
    assert mixer.cues() == ["hit", "wound", "fall"]


def test_the_menu_and_the_encounter_play_their_own_music():
    app = make_app()
    mixer = listening(app)
    menu = MenuScreen(app)
    menu.balance.close()
    app.show(menu)
    assert mixer.loops[-1] == ("menu", pytest.approx(0.5))
    open_encounter(app)
    assert mixer.loops[-1] == ("encounter", pytest.approx(0.5))
    menu.close()


def test_a_button_clicks():
    app = make_app()
    open_encounter(app)
    mixer = listening(app)
    click_button(app, "Roll Initiative")
    assert mixer.cues()[0] == "button"


def test_retreating_ends_in_the_sound_of_defeat():
    app = make_app()
    screen = open_encounter(app)
    mixer = listening(app)
    press(app, pygame.K_SPACE)
    press(app, pygame.K_q)
    press(app, pygame.K_TAB)  # Enter alone keeps fighting: Tab moves to Retreat
    press(app, pygame.K_RETURN)
    settle(app)
    assert screen.overlay == "result"
    assert mixer.cues()[-1] == "defeat"


def test_the_volumes_and_mute_are_set_in_settings_and_remembered(own_data_folder):
    app, menu = open_menu()
    app.remember = True
    mixer = listening(app)
    menu._show_settings()
    settle(app)
    dialog = menu.dialog
    assert isinstance(dialog, SettingsDialog)
    slider = next(s for s, name in dialog.sound.sliders.items() if name == "music_volume")
    # The slider moved by the player: pygame-gui posts this event as it is dragged.
    pygame.event.post(pygame.event.Event(pygame_gui_slider_moved(), ui_element=slider, value=20))
    settle(app)
    assert app.settings.music_volume == 20
    assert mixer.loops[-1] == ("menu", pytest.approx(0.2))  # heard at once
    click_button(app, "Mute: off")
    assert app.settings.muted and mixer.loops[-1][1] == 0
    kept = load_settings(own_data_folder)
    assert kept.music_volume == 20 and kept.muted and kept.effects_volume == 80
    menu.close()


def pygame_gui_slider_moved() -> int:
    """The event type of a moved slider."""
    import pygame_gui

    return pygame_gui.UI_HORIZONTAL_SLIDER_MOVED


def test_volumes_out_of_range_in_the_settings_file_are_brought_back(tmp_path):
    (tmp_path / "settings.json").write_text('{"effects_volume": 250, "music_volume": "loud", "muted": 1}')
    kept = load_settings(tmp_path)
    assert (kept.effects_volume, kept.music_volume, kept.muted) == (100, 50, True)


def test_without_an_audio_device_the_mixer_is_silent(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert isinstance(open_mixer(), SilentMixer)


def test_a_mixer_that_fails_to_open_leaves_the_game_silent(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "pulseaudio")
    monkeypatch.delenv("RULEBOUND_SILENT", raising=False)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    mixer = open_mixer()
    assert isinstance(mixer, SilentMixer)
    Sound(Settings(), mixer).effect("hit")  # nothing is raised


def test_a_sound_that_cannot_be_read_or_played_is_skipped(monkeypatch):
    def broken(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("mixer not initialized")

    monkeypatch.setattr(sound_module.pygame.mixer, "Sound", broken)
    monkeypatch.setattr(sound_module.pygame.mixer.music, "load", broken)
    mixer = PygameMixer()
    mixer.play("hit", 0.5)
    mixer.loop("menu", 0.5)
    assert mixer._effects == {"hit": None} and mixer._playing is None


def test_every_sound_the_game_names_has_its_file():
    names = [*sound_module.EFFECTS, *(f"music_{name}" for name in sound_module.MUSIC)]
    assert [name for name in names if not (sound_module.SOUNDS / f"{name}.wav").is_file()] == []


def test_what_the_sound_library_writes_as_the_mixer_fails_stays_off_the_terminal(monkeypatch, capfd):
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.delenv("RULEBOUND_SILENT", raising=False)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)

    def complain(*_args: object, **_kwargs: object) -> None:
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")  # as the C library does, below Python
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", complain)
    assert isinstance(open_mixer(), SilentMixer)
    assert capfd.readouterr().err == ""


def test_the_encounters_settings_mute_the_sound_at_once():
    app = make_app()
    screen = open_encounter(app)
    mixer = listening(app)
    screen._show_settings()
    settle(app)
    click_button(app, "Mute: off")
    assert app.settings.muted and mixer.loops[-1] == ("encounter", 0)
    mixer.played.clear()
    app.sound.effect("hit")
    assert mixer.played == []
