"""What changed in a source file that declares no changed symbol: its usings, the attributes it puts on
the assembly, its namespace, or only comments and layout; or that it was added or removed declaring
nothing. A review names every changed file, so its counts add up."""

from __future__ import annotations

from typing import Any


def file_change(before: str | None, after: str | None) -> str:
    """The change from ``before`` to ``after`` (``None``: the file is not there) in words."""
    if before is None:
        return "added, declaring no type or member"
    if after is None:
        return "removed, declaring no type or member"
    old, new = _parts(before), _parts(after)
    changed = [word for word in old if old[word] != new[word]]
    if changed:
        return ", ".join(changed) + " changed"
    return "formatting only" if "".join(before.split()) == "".join(after.split()) else "comments only"


def _parts(text: str) -> dict[str, tuple[str, ...]]:
    """The file-level parts of ``text`` as their tokens, so that layout inside them is no change."""
    from Microsoft.CodeAnalysis.CSharp import CSharpSyntaxTree  # type: ignore[import-not-found]

    root = CSharpSyntaxTree.ParseText(text).GetRoot()
    namespaces = [m for m in root.Members if "NamespaceDeclaration" in type(m).__name__]
    return {
        "usings": _tokens([*root.Usings, *(u for n in namespaces for u in n.Usings)]),
        "assembly attributes": _tokens(root.AttributeLists),
        "extern aliases": _tokens(root.Externs),
        "namespace": tuple(str(n.Name.ToString()) for n in namespaces),
    }


def _tokens(nodes: Any) -> tuple[str, ...]:
    return tuple(" ".join(str(token.Text) for token in node.DescendantTokens()) for node in nodes)
