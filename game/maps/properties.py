"""Tiled properties made safe for pytmx: types it cannot read become text, values that do not fit their type go."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from game.maps import conventions as c

_READABLE_TYPES = {"bool", "color", "file", "float", "int", "object", "string", "enum"}
_BOOL_WORDS = {"true": "true", "t": "true", "yes": "true", "y": "true", "on": "true", "1": "true",
               "false": "false", "f": "false", "no": "false", "n": "false", "off": "false", "0": "false", "": "false"}
_LAYER_TAGS = {"layer", "objectgroup", "imagelayer", "group"}


def simplify_property_types(root: ET.Element) -> None:
    """Turn property types pytmx cannot read (class, list, newer ones) into plain strings; the game reads none."""
    for prop in root.iter("property"):
        kind = prop.get("type")
        if kind is not None and kind not in _READABLE_TYPES:
            del prop.attrib["type"]
            prop[:] = []
            prop.set("value", prop.get("value", ""))


def drop_misfit_values(root: ET.Element) -> list[str]:
    """Remove each property whose value does not fit its type (a bool "maybe"), with one warning naming it.

    Such a property is ignored, as if it were not there, like other parts of a map the game cannot
    use; refusing the whole map would be harsh for a property the game may not even read.
    """
    parents = {child: parent for parent in root.iter() for child in parent}
    warnings = []
    for holder in root.iter("properties"):
        for prop in holder.findall("property"):
            kind, value = prop.get("type", "string"), prop.get("value")
            fitted = _fitted(kind, value)
            if fitted is not None:
                if kind == "bool":
                    prop.set("value", fitted)  # pytmx reads only some of the words docs/maps.md allows
                continue
            holder.remove(prop)
            warnings.append(f"property {prop.get('name', '')!r} of {_owner(holder, parents)} is of type {kind} "
                            f"but its value is {value or ''!r}: it is ignored{_cost(prop, holder, parents)}")
    return warnings


def _cost(prop: ET.Element, holder: ET.Element, parents: dict[ET.Element, ET.Element]) -> str:
    """What ignoring a property costs when a monster spawn's ``monster`` is the one ignored: that monster."""
    owner = parents.get(holder)
    if owner is None or owner.tag != "object" or prop.get("name", "").lower() != c.MONSTER:
        return ""
    if c.type_key(owner.get("type") or owner.get("class") or "") != c.MONSTER_SPAWN:
        return ""
    return f", so the {prop.get('value', '')} named there does not fight, and {c.KEPT_EMPTY}"


def _fitted(kind: str, value: str | None) -> str | None:
    """The value as pytmx can read it for its type, or None when it does not fit."""
    if kind == "bool":
        return _BOOL_WORDS.get((value or "").strip().lower())
    if kind in ("int", "object", "float"):
        try:
            (float if kind == "float" else int)(value or "")
        except ValueError:
            return None
    return value or ""


def _owner(holder: ET.Element, parents: dict[ET.Element, ET.Element]) -> str:
    """Where a <properties> element is, as Tiled shows it: the map, a tileset, a tile, a layer or an object."""
    owner = parents.get(holder, holder)
    above = parents.get(owner)
    name = owner.get("name", "")
    if owner.tag == "map":
        return "the map"
    if owner.tag == "tileset":
        return f"tileset {name!r}"
    if owner.tag == "tile":
        return f"tile {owner.get('id', '?')} in {_owner_of(owner, parents)}"
    if owner.tag in _LAYER_TAGS:
        return f"layer {_layer_name(owner, parents)!r}"
    if owner.tag == "object" and above is not None:
        tile = parents.get(above)
        if tile is not None and tile.tag == "tile":
            return f"object {owner.get('id', '?')} in the collision shapes of tile {tile.get('id', '?')} in " \
                   f"{_owner_of(tile, parents)}"
        return f"object {owner.get('id', '?')} on layer {_layer_name(above, parents)!r}"
    return f"{owner.tag} {name!r}" + (f" in {_owner_of(owner, parents)}" if above is not None else "")


def _owner_of(element: ET.Element, parents: dict[ET.Element, ET.Element]) -> str:
    """The tileset (or whatever holds it) an element sits in."""
    above = parents.get(element)
    if above is None:
        return "the map"
    return f"tileset {above.get('name', '')!r}" if above.tag == "tileset" else f"{above.tag} {above.get('name', '')!r}"


def _layer_name(layer: ET.Element, parents: dict[ET.Element, ET.Element]) -> str:
    """A layer's name with its groups', as the rest of the loader names layers ("group/layer")."""
    names = [layer.get("name", "")]
    above = parents.get(layer)
    # A loop rather than recursion: groups may nest deeper than Python's recursion limit.
    while above is not None and above.tag == "group":
        names.append(above.get("name", ""))
        above = parents.get(above)
    return "/".join(reversed(names))
