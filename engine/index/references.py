"""Writing every project's references to source types into the on-disk index, after the declarations:
a warm start then answers find references of a type before its compilations are built (seconds at 25
projects, tens at 100) as long as no file changed since. With them, how often each source member is used
per file and what it overrides or implements: a warm start's code lenses estimate from those
(``member_counts``) until their exact counts come.

Each project is written in one transaction, every target of a multi-targeted project merged (a place
once, as the live answer has it); a project whose declarations are written again has its references
written again after. Only when the C# helpers are available (the rows come from
``RoslynTuiNative.TypeReferences``); otherwise the live solution answers, as before.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from ..host.interop import Operation
from ..native import helpers_for_speed
from ..symbols.describe import display_format
from ..workspace.snapshot import display_name
from . import store

log = logging.getLogger("roslyn_tui")


def write_references(session: Any, operation: Operation, hurried: Callable[[], bool]) -> int:
    """Write the references of each project the index lacks them for (``session.yield_to_queries``
    between projects; ``hurried()`` stops it at exit); the number of projects written."""
    native = helpers_for_speed()
    if native is None:
        return 0
    snapshot = session.snapshot()
    solution = session.target.path
    states = store.project_states(solution)
    written = 0
    for project in snapshot.projects:
        name = display_name(project)
        declared, referenced = states.get(name, (False, False))
        if referenced or not declared:
            continue  # written already, or its declarations are not (the next load writes both)
        session.yield_to_queries(operation, stop=hurried)
        if hurried():
            break
        rows: dict[tuple[str, int, int], list[Any]] = {}
        unsure: set[str] = set()
        uses: dict[tuple[str, str], set[tuple[int, int]]] = {}
        links: set[tuple[str, str]] = set()
        others = [p for p in snapshot.all_projects if p.FilePath == project.FilePath and str(p.Id) != str(project.Id)]
        for target in [project, *others]:
            found = operation.wait(native.TypeReferences.RowsAsync(target, display_format(), operation.token))
            for row in json.loads(str(found)):
                if rows.setdefault((row[1], row[2], row[3]), row) != row:
                    # The same place seen otherwise by another target (its member declared differently under
                    # an #if): which one the live answer shows depends on the order Roslyn finds them in.
                    unsure.add(row[0])
            found = operation.wait(native.MemberReferences.RowsAsync(target, operation.token))
            for kind, *row in json.loads(str(found)):
                if kind == "uses":
                    # Each target sees its own #if branches: the places of all of them, each once.
                    flat = row[2]
                    uses.setdefault((row[0], row[1]), set()).update(zip(flat[::2], flat[1::2], strict=True))
                else:
                    links.add((row[0], row[1]))
        owners = snapshot.projects_of([row[1] for row in rows.values()])
        kept = [[*row, owner] for row, owner in zip(rows.values(), owners, strict=True)]
        counted = {key: len(places) for key, places in uses.items()}
        store.write_references(solution, name, kept, unsure, counted, links)
        written += 1
    log.info("indexed the references of %d projects of %s", written, solution.name)
    return written
