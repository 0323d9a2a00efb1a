"""The C# syntax node kinds that declare something, by Roslyn's class name (``type(node).__name__``):
what every walk of a file's declarations (an edit's surface, a review's shapes) takes apart the same way."""

TYPES = frozenset(
    {
        "ClassDeclarationSyntax",
        "StructDeclarationSyntax",
        "InterfaceDeclarationSyntax",
        "RecordDeclarationSyntax",
        "EnumDeclarationSyntax",
    }
)
NAMESPACES = frozenset({"NamespaceDeclarationSyntax", "FileScopedNamespaceDeclarationSyntax"})
FIELDS = frozenset({"FieldDeclarationSyntax", "EventFieldDeclarationSyntax"})
"""A field declaration declares one symbol per variable."""
