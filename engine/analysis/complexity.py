"""``complexity``: cyclomatic and cognitive complexity and length of each member, worst first.

Both are read from the syntax of each method, constructor, operator, property, indexer and event with
a body; lambdas and local functions count within the member that holds them.

- Cyclomatic: 1, plus 1 for each ``if``, ``?:``, ``while``, ``do``, ``for``, ``foreach``, ``catch``,
  case label and switch-expression arm (but ``default`` and ``_``), ``&&``, ``||``, ``??``, ``??=``,
  ``?.``, and ``and``/``or`` pattern.
- Cognitive (G. Ann Campbell, "Cognitive Complexity", SonarSource 2017): 1 plus the nesting depth for
  each ``if``, ``?:``, ``switch``, loop and ``catch``; 1 for each ``else if``, ``else`` and ``goto``,
  and for each run of like logical operators (``a && b && c`` is 1, ``a && b || c`` is 2); lambdas and
  local functions nest what they hold. Recursion, which the measure also counts, is not: telling it
  apart needs binding every call.
"""

from __future__ import annotations

import json
from typing import Any

from ..host.interop import Operation
from ..models import Location, is_generated
from ..native import helpers
from ..symbols.describe import display_format
from ..views.complexity import ComplexityList, MemberComplexity
from ..workspace.snapshot import Snapshot
from .scope import scope_of

COGNITIVE_LIMIT = 15
"""The usual limit of a member's cognitive complexity (SonarSource's default)."""


def complexity(
    snapshot: Snapshot, operation: Operation, file: str | None = None, project: str | None = None
) -> ComplexityList:
    """Every member of a file, a project or the solution with a body, worst first (cognitive, then
    cyclomatic complexity, then length)."""
    scope = scope_of(snapshot, file, project)
    native = helpers()
    items: list[MemberComplexity] = []
    for each in scope.projects:
        compiled = snapshot.compilation(each, operation)
        trees = [
            tree
            for tree in compiled.SyntaxTrees
            if not is_generated(str(tree.FilePath)) and (scope.file is None or str(tree.FilePath) == scope.file)
        ]
        items.extend(_measured(native, compiled, trees, operation))
    items.sort(
        key=lambda item: (-item.cognitive, -item.cyclomatic, -item.lines, item.location.path, item.location.line)
    )
    average = sum(item.cyclomatic for item in items) / len(items) if items else 0.0
    return ComplexityList(
        root=str(snapshot.root),
        scope=scope.label,
        items=tuple(items),
        total=len(items),
        average_cyclomatic=round(average, 1),
        over_threshold=sum(1 for item in items if item.cognitive > COGNITIVE_LIMIT),
    )


def _measured(native: Any, compiled: Any, trees: list[Any], operation: Operation) -> list[MemberComplexity]:
    from Microsoft.CodeAnalysis import SyntaxTree  # type: ignore[import-not-found]
    from System import Array  # type: ignore[import-not-found]

    rows = json.loads(
        str(native.Complexity.Measure(compiled, Array[SyntaxTree](trees), display_format(), operation.token))
    )
    return [
        MemberComplexity(
            shown, doc_id, Location(path, line, column, end_line, end_column), cyclomatic, cognitive, lines
        )
        for shown, doc_id, path, line, column, end_line, end_column, cyclomatic, cognitive, lines in rows
    ]
