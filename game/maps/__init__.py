"""Tiled maps (.tmx) read into the engine's Battlefield: pure data, no pygame, no images."""

from game.maps.loader import build_battlefield, load_map
from game.maps.tmxfile import MAX_OBJECTS, MAX_SIDE, read_tmx
from game.maps.xmlfile import MAX_FILE_BYTES

__all__ = ["MAX_FILE_BYTES", "MAX_OBJECTS", "MAX_SIDE", "build_battlefield", "load_map", "read_tmx"]
