"""Reading the XML files a map is made of (.tmx, .tsx, .tx) safely: size limit, no entity declarations."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from game.core.errors import MapError
from game.core.readfile import FileTooLarge, NotRegularFile, read_bounded

MAX_FILE_BYTES = 32 * 1024 * 1024
"""No map, tileset or template file larger than this is read (a 256x256 map with many layers is far smaller)."""

_DECLARED_ENCODING = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
# Encodings in which the bytes of "<!DOCTYPE" and "<!ENTITY" are plain ASCII, so the pre-scan below sees them.
_ASCII_COMPATIBLE = {"utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin-1", "latin1"}


def read_xml(path: Path, what: str, shown: str | None = None) -> ET.Element:
    """Parse one XML file and return its root, or raise MapError naming ``shown`` (default: the path)."""
    shown = shown or str(path)
    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except FileNotFoundError:
        raise MapError(f"{shown}: no such file") from None
    except NotRegularFile as error:
        raise MapError(f"{shown}: {error.strerror}, not a {what} file") from None
    except FileTooLarge:
        raise MapError(f"{shown}: the {what} file is larger than {MAX_FILE_BYTES // 2**20} MB; files over "
                       f"{MAX_FILE_BYTES // 2**20} MB are not read") from None
    except OSError as error:
        raise MapError(f"{shown}: cannot read the {what} file ({error.strerror or error})") from None
    refuse_unsafe_xml(data, shown, what)
    try:
        return ET.fromstring(data)
    except ET.ParseError as error:
        line, column = error.position
        if "no element found" in str(error) or "unclosed token" in str(error):
            reason = f"the {what} file ends too early (line {line}): it is truncated"
        else:
            reason = f"the {what} file is not well-formed XML at line {line}, column {column + 1}"
        raise MapError(f"{shown}: {reason}") from None


def refuse_unsafe_xml(data: bytes, shown: str, what: str) -> None:
    """Refuse, before any parser sees it, a file that is not ASCII-compatible XML or that declares entities.

    Entity declarations are how "billion laughs" files blow up memory; Tiled never writes them,
    so refusing every one is safe and costs one scan of the bytes.
    """
    start = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    start = start.lstrip()
    if not start.startswith(b"<"):
        if not start:
            raise MapError(f"{shown}: the {what} file is empty")
        raise MapError(f"{shown}: the {what} file is not XML (Tiled saves maps as UTF-8 XML)")
    declared = _DECLARED_ENCODING.match(start)
    if declared and declared.group(1).decode("ascii").lower() not in _ASCII_COMPATIBLE:
        raise MapError(f"{shown}: the {what} file declares the encoding {declared.group(1).decode('ascii')}; "
                       "Tiled files are UTF-8")
    if b"<!ENTITY" in data:
        raise MapError(f"{shown}: the {what} file declares XML entities, which are refused (Tiled never writes them)")
    doctype = data.find(b"<!DOCTYPE")
    # Old Tiled versions wrote a plain <!DOCTYPE map SYSTEM "..."> line; only an internal subset can hold entities.
    if doctype >= 0 and b"[" in data[doctype:data.find(b">", doctype) + 1 or len(data)]:
        raise MapError(f"{shown}: the {what} file has a DOCTYPE with declarations, which are refused")
