"""Whether typed script code is a whole submission yet (Enter runs it) or still open (Enter adds a
line): Roslyn's own answer, from parsing alone in this process; nothing is compiled or run here."""

from __future__ import annotations


def is_complete(code: str) -> bool:
    if not code.strip():
        return False
    from Microsoft.CodeAnalysis import SourceCodeKind  # type: ignore[import-not-found]
    from Microsoft.CodeAnalysis.CSharp import (  # type: ignore[import-not-found]
        CSharpParseOptions,
        CSharpSyntaxTree,
        LanguageVersion,
        SyntaxFactory,
    )

    options = CSharpParseOptions(LanguageVersion.Latest, kind=SourceCodeKind.Script)
    tree = CSharpSyntaxTree.ParseText(code, options)
    return bool(SyntaxFactory.IsCompleteSubmission(tree))
