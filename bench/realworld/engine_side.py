"""The engine's side of the real-world suite, in a process of its own per repository: load the solution,
pick the questions (the same for native Roslyn), answer them, and list the diagnostics. Prints JSON.

    python bench/realworld/engine_side.py SOLUTION [--per-kind 6]

The questions are symbols declared in the solution's own files, sorted by documentation ID and taken
at even steps, so a run asks the same ones at the same commit:
references (types and members), implementations (interfaces and their members), derived (classes),
overrides (virtual and abstract members) and callers (methods).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from engine import SymbolRef, load_solution
from engine.host.interop import Operation
from engine.queries import (
    call_hierarchy,
    diagnostics,
    find_implementations,
    find_overrides,
    find_references,
    project_structure,
)
from engine.symbols.describe import documentation_id, typed
from engine.workspace.boundary import is_inside

KINDS = ("references", "implementations", "derived", "overrides", "callers")
DECLARATIONS = {
    f"{name}DeclarationSyntax"
    for name in ("Class", "Interface", "Struct", "Record", "Method", "Property", "Event", "Constructor")
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("solution", type=Path)
    parser.add_argument("--per-kind", type=int, default=6)
    arguments = parser.parse_args()
    started = time.monotonic()
    session = load_solution(arguments.solution, watch=False, restore=False)  # run.py restored it
    load_ms = (time.monotonic() - started) * 1000
    assert session.report is not None
    questions = sample(session, arguments.per_kind)
    answers = []
    for kind, symbol_id in questions:
        asked = time.monotonic()
        try:
            found: list[str] | None = sorted(answer(session, kind, symbol_id))
        except Exception as error:  # a failed answer is a difference to report, not a crash of the suite
            found, error_text = None, f"{type(error).__name__}: {error}"
        else:
            error_text = ""
        answers.append(
            {
                "kind": kind,
                "id": symbol_id,
                "found": found,
                "error": error_text,
                "ms": (time.monotonic() - asked) * 1000,
            }
        )
    asked = time.monotonic()
    listed = session.run(diagnostics, severity="warning", timeout=1800)
    diagnostics_ms = (time.monotonic() - asked) * 1000
    json.dump(
        {
            "load_ms": load_ms,
            "projects": len(session.report.projects),
            "documents": sum(p.document_count for p in session.report.projects),
            "problems": [f"{p.kind} {p.project}: {p.message}" for p in session.report.diagnostics],
            "unrestored": sorted(
                {p.project for p in session.report.diagnostics if p.kind == "restore" and p.severity == "error"}
            ),
            "references": {p.name: list(p.project_references) for p in session.run(project_structure).items},
            "questions": questions,
            "answers": answers,
            "diagnostics_ms": diagnostics_ms,
            "diagnostics": [
                {
                    "id": d.id,
                    "project": d.project,
                    "severity": d.severity,
                    "source": d.source,
                    "at": f"{session.snapshot().relative(d.location.path)}:{d.location.line}:{d.location.column}"
                    if d.location
                    else "",
                    "targets": list(d.targets),
                    "message": d.message,
                }
                for d in listed.items
            ],
        },
        sys.stdout,
    )
    session.close()


def sample(session: Any, per_kind: int) -> list[tuple[str, str]]:
    """``(kind, documentation ID)`` questions about symbols declared in the solution's files."""
    from Microsoft.CodeAnalysis import ModelExtensions  # type: ignore[import-not-found]

    snapshot = session.snapshot()
    operation = Operation("sampling", 600)
    candidates: dict[str, set[str]] = {kind: set() for kind in KINDS}
    for project in snapshot.projects:
        compilation = snapshot.compilation(project, operation)
        for tree in compilation.SyntaxTrees:
            if not tree.FilePath or not is_inside(snapshot.root, str(tree.FilePath)) or "/obj/" in str(tree.FilePath):
                continue
            model = compilation.GetSemanticModel(tree, True)
            for node in tree.GetRoot(operation.token).DescendantNodes():
                if str(node.GetType().Name) not in DECLARATIONS:
                    continue
                symbol = ModelExtensions.GetDeclaredSymbol(model, node, operation.token)
                if symbol is not None:
                    _classify(typed(symbol), candidates)
    questions = []
    for kind in KINDS:
        ordered = sorted(candidates[kind])
        step = max(1, len(ordered) // per_kind)
        questions += [(kind, symbol_id) for symbol_id in ordered[::step][:per_kind]]
    return questions


def _classify(symbol: Any, candidates: dict[str, set[str]]) -> None:
    symbol_id = documentation_id(symbol)
    if not symbol_id or symbol.IsImplicitlyDeclared:
        return
    kind = str(symbol.Kind)
    container = typed(symbol.ContainingType) if symbol.ContainingType is not None else None
    if kind == "NamedType":
        candidates["references"].add(symbol_id)
        type_kind = str(symbol.TypeKind)
        if type_kind == "Interface":
            candidates["implementations"].add(symbol_id)
        elif type_kind == "Class" and not symbol.IsSealed and not symbol.IsStatic:
            candidates["derived"].add(symbol_id)
    elif kind in ("Method", "Property", "Event"):
        if kind != "Method" or str(symbol.MethodKind) == "Ordinary":
            candidates["references"].add(symbol_id)
        if container is not None and str(container.TypeKind) == "Interface":
            candidates["implementations"].add(symbol_id)
        elif symbol.IsVirtual or symbol.IsAbstract:
            candidates["overrides"].add(symbol_id)
        if kind == "Method" and str(symbol.MethodKind) in ("Ordinary", "Constructor"):
            candidates["callers"].add(symbol_id)


def answer(session: Any, kind: str, symbol_id: str) -> set[str]:
    """Ours: places for references, documentation IDs for the rest."""
    ref = SymbolRef(name=symbol_id)
    if kind == "references":
        found = session.run(find_references, ref, timeout=600)
        relative = session.snapshot().relative
        return {f"{relative(r.location.path)}:{r.location.line}:{r.location.column}" for r in found.items}
    if kind in ("implementations", "derived"):
        listed = session.run(find_implementations, ref, timeout=600)
        # Derived interfaces are listed on purpose (what a user asks "what implements it" wants to see);
        # SymbolFinder.FindImplementationsAsync does not return them.
        return {r.symbol.documentation_id for r in listed.items if r.relation != "derived interface"}
    if kind == "overrides":
        return {r.symbol.documentation_id for r in session.run(find_overrides, ref, timeout=600).items}
    if kind == "callers":
        calls = session.run(call_hierarchy, ref, "incoming", 1, timeout=600)
        return {node.symbol.documentation_id for node in calls.incoming}
    raise ValueError(kind)


if __name__ == "__main__":
    main()
