"""The syntax node types that declare a member with code of its own (methods, constructors,
destructors, operators, conversions, properties, indexers, events), as Roslyn names them: what the
complexity count measures and the call graph walks from."""

MEMBER_DECLARATIONS = frozenset(
    {
        "MethodDeclarationSyntax",
        "ConstructorDeclarationSyntax",
        "DestructorDeclarationSyntax",
        "OperatorDeclarationSyntax",
        "ConversionOperatorDeclarationSyntax",
        "PropertyDeclarationSyntax",
        "IndexerDeclarationSyntax",
        "EventDeclarationSyntax",
    }
)
