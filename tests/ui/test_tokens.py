"""Token labels: every kind of combatant a mode has gets a label of its own, which fits on its token."""

import pytest

from game.modes.grid.content import load_content as load_grid
from game.modes.stances.content import load_content as load_stances
from game.ui.tokens import TokenLook, initials, label_size


def test_one_word_name_is_labelled_by_its_first_letter_and_number() -> None:
    assert initials("Skeleton 2") == "S2"
    assert initials("Brannoc") == "B"


def test_two_word_name_is_labelled_by_the_first_letters_of_both_words() -> None:
    assert initials("Goblin Archer 1") == "GA1"
    assert initials("Giant Rat 1") == "GR1"
    assert initials("Undead orc") == "UO"


def test_longer_name_is_labelled_by_its_first_two_naming_words() -> None:
    assert initials("Kess the Quick 3") == "KQ3"
    assert initials("Mara the Bruiser") == "MB"
    assert initials("Osric of the Vale") == "OV"
    assert initials("Crow Witch of Ash") == "CW"


def _labels(names: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name in names:
        found.setdefault(initials(name), []).append(name)
    return found


@pytest.mark.parametrize("load", [load_grid, load_stances], ids=["grid", "stances"])
def test_no_two_monsters_of_a_mode_share_a_label(load) -> None:  # noqa: ANN001
    content = load()
    for group in (content.heroes, content.monsters):
        labels = _labels([entry.name for entry in group.values()])
        assert not {label: names for label, names in labels.items() if len(names) > 1}


@pytest.mark.parametrize("label", ["W", "GA1", "GR12"])
def test_a_label_fits_inside_its_token(label: str) -> None:
    from game.ui import theme
    big = 64
    size = label_size(TokenLook("monster", theme.MONSTER, label), big)
    # The hexagon's flat sides stand 0.40 * cos(30°) of the size from its centre.
    assert theme.font(size, True).size(label)[0] <= big * 0.62
