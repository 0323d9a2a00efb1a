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
from ..models import Location
from ..native import helpers
from ..symbols.describe import display, display_format, documentation_id, location_of
from ..symbols.member_syntax import MEMBER_DECLARATIONS
from ..views.complexity import ComplexityList, MemberComplexity
from ..workspace.snapshot import Snapshot
from .scope import is_generated, scope_of

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
        if native is not None:
            items.extend(_measured(native, compiled, trees, operation))
        else:
            items.extend(_walked(compiled, trees, operation))
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


_NESTING = {
    "ConditionalExpressionSyntax",
    "SwitchStatementSyntax",
    "SwitchExpressionSyntax",
    "ForStatementSyntax",
    "ForEachStatementSyntax",
    "ForEachVariableStatementSyntax",
    "WhileStatementSyntax",
    "DoStatementSyntax",
    "CatchClauseSyntax",
}
_FUNCTIONS = {
    "ParenthesizedLambdaExpressionSyntax",
    "SimpleLambdaExpressionSyntax",
    "AnonymousMethodExpressionSyntax",
    "LocalFunctionStatementSyntax",
}
_BRANCHES = {
    "ConditionalAccessExpressionSyntax",
    "CaseSwitchLabelSyntax",
    "CasePatternSwitchLabelSyntax",
    "BinaryPatternSyntax",
}


def _walked(compiled: Any, trees: list[Any], operation: Operation) -> list[MemberComplexity]:
    """The Python walk (when the C# helper is not available): the same rules as Complexity.cs."""
    found = []
    for tree in trees:
        operation.check()
        model = compiled.GetSemanticModel(tree)
        stack = [tree.GetRoot(operation.token)]
        while stack:
            node = stack.pop()
            name = str(node.GetType().Name)
            if name not in MEMBER_DECLARATIONS:
                stack.extend(node.ChildNodes())
                continue
            if not _has_body(node, name):
                continue
            symbol = model.GetDeclaredSymbol(node, operation.token)
            if symbol is None:
                continue
            counter = _Counter()
            counter.walk(node, 0)
            whole = location_of(node.GetLocation())
            named = next((location for location in symbol.Locations if location.SourceTree == tree), None)
            place = location_of(named or node.GetLocation())
            assert whole is not None and place is not None
            located = Location(place.path, place.line, place.column, whole.end_line, whole.end_column)
            found.append(
                MemberComplexity(
                    display(symbol),
                    documentation_id(symbol),
                    located,
                    counter.cyclomatic,
                    counter.cognitive,
                    whole.end_line - whole.line + 1,
                )
            )
    return found


def _has_body(node: Any, name: str) -> bool:
    if name in ("PropertyDeclarationSyntax", "IndexerDeclarationSyntax", "EventDeclarationSyntax"):
        if getattr(node, "ExpressionBody", None) is not None:
            return True
        accessors = node.AccessorList
        return accessors is not None and any(
            a.Body is not None or a.ExpressionBody is not None for a in accessors.Accessors
        )
    return node.Body is not None or node.ExpressionBody is not None


class _Counter:
    def __init__(self) -> None:
        self.cyclomatic = 1
        self.cognitive = 0

    def walk(self, node: Any, nesting: int) -> None:
        name = str(node.GetType().Name)
        if name == "IfStatementSyntax":
            self.cyclomatic += 1
            self.cognitive += 1 if str(node.Parent.GetType().Name) == "ElseClauseSyntax" else 1 + nesting
            self.walk(node.Condition, nesting)
            self.walk(node.Statement, nesting + 1)
            if node.Else is not None:
                if str(node.Else.Statement.GetType().Name) == "IfStatementSyntax":
                    self.walk(node.Else.Statement, nesting)
                else:
                    self.cognitive += 1
                    self.walk(node.Else.Statement, nesting + 1)
            return
        if name in _NESTING:
            if name not in ("SwitchStatementSyntax", "SwitchExpressionSyntax"):
                self.cyclomatic += 1
            self.cognitive += 1 + nesting
            self._children(node, nesting + 1)
            return
        if name in _FUNCTIONS:
            self._children(node, nesting + 1)
            return
        if name == "BinaryExpressionSyntax":
            kind = _kind(node)
            if kind in ("LogicalAndExpression", "LogicalOrExpression"):
                self.cyclomatic += 1
                left = node.Left
                while str(left.GetType().Name) == "ParenthesizedExpressionSyntax":
                    left = left.Expression
                if _kind(left) != kind:
                    self.cognitive += 1
            elif kind == "CoalesceExpression":
                self.cyclomatic += 1
        elif (
            (name == "AssignmentExpressionSyntax" and _kind(node) == "CoalesceAssignmentExpression")
            or name in _BRANCHES
            or (name == "SwitchExpressionArmSyntax" and str(node.Pattern.GetType().Name) != "DiscardPatternSyntax")
        ):
            self.cyclomatic += 1
        elif name == "GotoStatementSyntax":
            self.cognitive += 1
        self._children(node, nesting)

    def _children(self, node: Any, nesting: int) -> None:
        for child in node.ChildNodes():
            self.walk(child, nesting)


def _kind(node: Any) -> str:
    from Microsoft.CodeAnalysis.CSharp import CSharpExtensions  # type: ignore[import-not-found]

    return str(CSharpExtensions.Kind(node))
