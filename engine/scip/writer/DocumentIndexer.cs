using System.Collections.Concurrent;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RoslynTuiScip;

/// <summary>One SCIP Document of a C# file: an occurrence for every identifier that names a symbol (a
/// definition where it declares one, an import inside a using directive), and the symbol information of
/// what the file defines: its signature and documentation comment, its kind, what contains it, and what
/// it implements or overrides.</summary>
static class DocumentIndexer
{
    // scip.proto's field numbers and enum values.
    const int DocumentRelativePath = 1, DocumentOccurrences = 2, DocumentSymbols = 3, DocumentLanguage = 4,
        DocumentPositionEncoding = 6, Utf16Offsets = 2;
        const int RoleDefinition = 1, RoleImport = 2;
    const int InformationSymbol = 1, InformationDocumentation = 3, InformationRelationships = 4,
        InformationKind = 5, InformationDisplayName = 6, InformationEnclosing = 8;
    const int RelationshipSymbol = 1, RelationshipIsReference = 2, RelationshipIsImplementation = 3;

    // A declaration as it reads in C#: `public decimal Customer.Balance { get; }`.
    static readonly SymbolDisplayFormat Signature = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypes,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters | SymbolDisplayGenericsOptions.IncludeVariance
            | SymbolDisplayGenericsOptions.IncludeTypeConstraints,
        memberOptions: SymbolDisplayMemberOptions.IncludeAccessibility | SymbolDisplayMemberOptions.IncludeModifiers
            | SymbolDisplayMemberOptions.IncludeParameters | SymbolDisplayMemberOptions.IncludeRef
            | SymbolDisplayMemberOptions.IncludeType | SymbolDisplayMemberOptions.IncludeConstantValue
            | SymbolDisplayMemberOptions.IncludeContainingType | SymbolDisplayMemberOptions.IncludeExplicitInterface,
        delegateStyle: SymbolDisplayDelegateStyle.NameAndSignature,
        extensionMethodStyle: SymbolDisplayExtensionMethodStyle.StaticMethod,
        parameterOptions: SymbolDisplayParameterOptions.IncludeType | SymbolDisplayParameterOptions.IncludeName
            | SymbolDisplayParameterOptions.IncludeDefaultValue | SymbolDisplayParameterOptions.IncludeExtensionThis
            | SymbolDisplayParameterOptions.IncludeParamsRefOut,
        propertyStyle: SymbolDisplayPropertyStyle.ShowReadWriteDescriptor,
        localOptions: SymbolDisplayLocalOptions.IncludeType,
        kindOptions: SymbolDisplayKindOptions.IncludeTypeKeyword | SymbolDisplayKindOptions.IncludeNamespaceKeyword,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes
            | SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers
            | SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>The Document message's bytes, and how many occurrences and symbols it has.</summary>
    public static (byte[] Bytes, int Occurrences, int Symbols) Index(
        SemanticModel model, string relativePath, ConcurrentDictionary<ISymbol, string> cache, CancellationToken cancel)
    {
        var symbols = new ScipSymbols(cache);
        var document = new Message()
            .String(DocumentRelativePath, relativePath)
            .String(DocumentLanguage, "CSharp")
            .Int32(DocumentPositionEncoding, Utf16Offsets);
        var defined = new HashSet<string>();
        var occurrences = 0;
        var root = model.SyntaxTree.GetRoot(cancel);
        foreach (var token in root.DescendantTokens())
        {
            if (!token.IsKind(SyntaxKind.IdentifierToken)) continue;
            cancel.ThrowIfCancellationRequested();
            var (symbol, definition) = Named(model, token, cancel);
            if (symbol is null) continue;
            var scip = symbols.Of(symbol);
            var roles = definition ? RoleDefinition : 0;
            if (token.Parent?.FirstAncestorOrSelf<UsingDirectiveSyntax>() is not null) roles |= RoleImport;
            document.Occurrence(DocumentOccurrences, Range(token.GetLocation()), scip, roles);
            occurrences++;
            if (definition && defined.Add(scip)) document.Nested(DocumentSymbols, Information(symbol, scip, symbols));
        }
        return (document.Bytes(), occurrences, defined.Count);
    }

    /// <summary>The symbol an identifier names, and whether it declares it there.</summary>
    static (ISymbol? Symbol, bool Definition) Named(SemanticModel model, SyntaxToken token, CancellationToken cancel)
    {
        var parent = token.Parent;
        if (parent is null) return (null, false);
        if (parent is SimpleNameSyntax name)
        {
            if (name is IdentifierNameSyntax { IsVar: true }) return (null, false);
            var info = model.GetSymbolInfo(name, cancel);
            return (info.Symbol ?? info.CandidateSymbols.FirstOrDefault(), false);
        }
        var declared = model.GetDeclaredSymbol(parent, cancel);
        return declared is null ? (null, false) : (declared, true);
    }

    static int[] Range(Location location)
    {
        var span = location.GetLineSpan();
        var (start, end) = (span.StartLinePosition, span.EndLinePosition);
        return start.Line == end.Line
            ? [start.Line, start.Character, end.Character]
            : [start.Line, start.Character, end.Line, end.Character];
    }

    static Message Information(ISymbol symbol, string scip, ScipSymbols symbols)
    {
        var information = new Message()
            .String(InformationSymbol, scip)
            .String(InformationDocumentation, "```cs\n" + symbol.ToDisplayString(Signature) + "\n```");
        var comment = symbol.GetDocumentationCommentXml()?.Trim();
        if (!string.IsNullOrEmpty(comment)) information.String(InformationDocumentation, comment);
        foreach (var (target, isReference) in Relations(symbol))
        {
            information.Nested(InformationRelationships, new Message()
                .String(RelationshipSymbol, symbols.Of(target))
                .Bool(RelationshipIsReference, isReference)
                .Bool(RelationshipIsImplementation, true));
        }
        information
            .Int32(InformationKind, Kind(symbol))
            .String(InformationDisplayName, symbol.Name);
        if (symbol.ContainingSymbol is { } container && container is not INamespaceSymbol { IsGlobalNamespace: true }
            && !ScipSymbols.IsLocal(symbol))
        {
            information.String(InformationEnclosing, symbols.Of(container));
        }
        return information;
    }

    /// <summary>What a type derives from or implements (not object, ValueType or Enum: everything
    /// would relate to them), and what a member overrides or implements (also a reference to it, as
    /// scip-dotnet marks them, so that find references of the base member reaches the override).</summary>
    static IEnumerable<(ISymbol, bool)> Relations(ISymbol symbol)
    {
        if (symbol is INamedTypeSymbol type)
        {
            for (var parent = type.BaseType; parent is not null; parent = parent.BaseType)
            {
                if (parent.SpecialType is SpecialType.System_Object or SpecialType.System_ValueType or SpecialType.System_Enum) break;
                yield return (parent, false);
            }
            foreach (var face in type.AllInterfaces) yield return (face, false);
            yield break;
        }
        for (var overridden = Overridden(symbol); overridden is not null; overridden = Overridden(overridden))
        {
            yield return (overridden, true);
        }
        if (symbol.ContainingType is not { } holder) yield break;
        foreach (var face in holder.AllInterfaces)
        {
            foreach (var member in face.GetMembers(symbol is IMethodSymbol { ExplicitInterfaceImplementations.Length: > 0 } m
                         ? m.ExplicitInterfaceImplementations[0].Name : symbol.Name))
            {
                if (SymbolEqualityComparer.Default.Equals(holder.FindImplementationForInterfaceMember(member), symbol))
                {
                    yield return (member, true);
                }
            }
        }
    }

    static ISymbol? Overridden(ISymbol symbol) => symbol switch
    {
        IMethodSymbol method => method.OverriddenMethod,
        IPropertySymbol property => property.OverriddenProperty,
        IEventSymbol e => e.OverriddenEvent,
        _ => null,
    };

    // scip.proto's SymbolInformation.Kind.
    static int Kind(ISymbol symbol) => symbol switch
    {
        INamedTypeSymbol { TypeKind: TypeKind.Interface } => 21,
        INamedTypeSymbol { TypeKind: TypeKind.Struct } => 49,
        INamedTypeSymbol { TypeKind: TypeKind.Enum } => 11,
        INamedTypeSymbol { TypeKind: TypeKind.Delegate } => 73,
        INamedTypeSymbol => 7,
        IMethodSymbol { MethodKind: MethodKind.Constructor or MethodKind.StaticConstructor } => 9,
        IMethodSymbol { IsStatic: true } => 80,
        IMethodSymbol { IsAbstract: true } => 66,
        IMethodSymbol => 26,
        IPropertySymbol { IsStatic: true } => 81,
        IPropertySymbol => 41,
        IFieldSymbol { ContainingType.TypeKind: TypeKind.Enum } => 12,
        IFieldSymbol { IsConst: true } => 8,
        IFieldSymbol { IsStatic: true } => 79,
        IFieldSymbol => 15,
        IEventSymbol { IsStatic: true } => 78,
        IEventSymbol => 13,
        IParameterSymbol => 37,
        ITypeParameterSymbol => 58,
        INamespaceSymbol => 30,
        _ => 61,
    };
}
