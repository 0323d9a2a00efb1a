"""Source files as text: the encoding their byte order mark names, UTF-8 without one."""

from __future__ import annotations

import codecs

BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))
"""(mark, codec that reads the file with its mark)."""


def decode(content: bytes) -> str:
    """A file's text; ``UnicodeDecodeError`` when it is not text in that encoding."""
    for mark, name in BOMS:
        if content.startswith(mark):
            return content.decode(name)
    return content.decode("utf-8")
