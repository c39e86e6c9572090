"""The sound rows of the Settings dialog: a slider for the effects, one for the music, and Mute."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui import theme

if TYPE_CHECKING:
    from game.ui.menu import MenuScreen

VOLUMES = (("effects_volume", "Effects", "How loud blows, steps, spells and buttons are"),
           ("music_volume", "Music", "How loud the music of the menu and the encounter is"))


class SoundRows:
    """The volume sliders and the mute button, made with the menu's widgets; every change is remembered at once."""

    def __init__(self, menu: MenuScreen) -> None:
        self.menu = menu
        self.sliders: dict[pygame_gui.elements.UIHorizontalSlider, str] = {}
        self.values: list[tuple[str, pygame.Rect]] = []  # (setting, where its percentage is written)

    def build(self, label_x: int, x: int, y: int, w: int, row: int, gap: int) -> None:
        """The three rows, from ``y`` down: label at ``label_x``, the control from ``x``, ``w`` wide."""
        menu, settings, L = self.menu, self.menu.settings, self.menu.layout
        self.sliders.clear()
        self.values.clear()
        number_w = L.px(56)
        for name, label, tip in VOLUMES:
            menu._label(label, (label_x, y + row // 2))
            slider = pygame_gui.elements.UIHorizontalSlider(pygame.Rect(x, y, w - number_w, row),
                                                            int(getattr(settings, name)), (0, 100), menu._manager())
            slider.set_tooltip(tip)
            menu.elements.append(slider)
            self.sliders[slider] = name
            self.values.append((name, pygame.Rect(x + w - number_w, y, number_w, row)))
            y += row + gap
        menu._label("Sound", (label_x, y + row // 2))
        muted = settings.muted
        menu._button(pygame.Rect(x, y, w, row), "Mute: on" if muted else "Mute: off", self.toggle_mute,
                     "No sound at all, whatever the volumes (the volumes are kept)",
                     style="@toggle_on" if muted else None)

    def handle(self, event: pygame.event.Event) -> bool:
        """Follow a slider that moved; whether the event was one of ours."""
        if event.type != pygame_gui.UI_HORIZONTAL_SLIDER_MOVED or event.ui_element not in self.sliders:
            return False
        self.set_volume(self.sliders[event.ui_element], int(event.value))
        return True

    def set_volume(self, name: str, percent: int) -> None:
        """Set a volume (``effects_volume`` or ``music_volume``), hear it at once and remember it."""
        settings = self.menu.settings
        setattr(settings, name, max(0, min(100, percent)))
        self.menu.app.sound.apply(settings)
        self.menu.app.save()

    def toggle_mute(self) -> None:
        """Mute, or sound again."""
        settings = self.menu.settings
        settings.muted = not settings.muted
        self.menu.app.sound.apply(settings)
        self.menu.app.save()
        self.menu._rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        """Each volume's percentage beside its slider."""
        L = self.menu.layout
        for name, rect in self.values:
            theme.draw_text(surface, f"{getattr(self.menu.settings, name)}%", rect.center, L.font_px("body"),
                            theme.TEXT_DIM if self.menu.settings.muted else theme.TEXT, bold=True, anchor="center")
