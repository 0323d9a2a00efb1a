"""``#r "nuget: Id, Version"`` directives in submitted code: found here, restored by the engine, and
resolved in the worker from the assembly lists sent with the code."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidArgument

_NUGET = re.compile(r'^[ \t]*#r[ \t]+"nuget:[ \t]*([^,"]+?)[ \t]*(?:,[ \t]*([^"]*?)[ \t]*)?"', re.MULTILINE)


@dataclass(frozen=True)
class NuGetDirective:
    reference: str
    """The text between the quotes, as the worker's resolver is asked for it."""
    package_id: str
    version: str | None


_APP_PACKAGE = re.compile(r"^([ \t]*)#:package[ \t]+([^@\s]+)(?:@(\S+))?[ \t]*$", re.MULTILINE)


def script_text(code: str) -> str:
    """``code`` with a file-based app's ``#:package Id@Version`` lines as the script's
    ``#r "nuget: Id, Version"`` (line for line, so positions stay)."""

    def as_reference(match: re.Match[str]) -> str:
        version = f", {match[3]}" if match[3] else ""
        return f'{match[1]}#r "nuget: {match[2]}{version}"'

    return _APP_PACKAGE.sub(as_reference, code)


def nuget_directives(code: str) -> list[NuGetDirective]:
    found = []
    for match in _NUGET.finditer(code):
        package_id, version = match.group(1), (match.group(2) or None)
        if not package_id.replace(".", "").replace("-", "").replace("_", "").isalnum():
            raise InvalidArgument(
                f'#r "nuget: {package_id}" does not name a package.', 'Write #r "nuget: Newtonsoft.Json, 13.0.3".'
            )
        reference = match.group(0).strip()[len('#r "') : -1]
        found.append(NuGetDirective(reference, package_id, version))
    return found
