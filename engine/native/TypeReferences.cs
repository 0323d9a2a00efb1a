using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace RoslynTuiNative;

/// <summary>Every reference to a source type in one project, as find_references describes it (References.DescribeAsync),
/// for the on-disk index the next start answers from before its compilations are built. One row per place:
/// [type's documentation ID, path, line, column, end line, end column, kind, containing member, line text].
///
/// What find references reports for a type: each name that binds to it or to one of its constructors (through
/// an alias, an attribute's short name, a cref, nameof), target-typed <c>new()</c>, <c>this(...)</c> /
/// <c>base(...)</c> initializers, and a derived constructor's name where it calls a base constructor
/// implicitly; <c>var</c> is not a reference. tests/test_index_references.py holds every
/// type of the fixtures to the live answer.</summary>
public static class TypeReferences
{
    public static async Task<string> RowsAsync(Project project, SymbolDisplayFormat format, CancellationToken token)
    {
        var documents = project.Documents.Concat<Document>(await project.GetSourceGeneratedDocumentsAsync(token)).ToList();
        // Only a name some source type has is bound: the project's own types and its project references'.
        var compilation = (await project.GetCompilationAsync(token))!;
        var names = new HashSet<string>(compilation.Assembly.TypeNames);
        foreach (var reference in compilation.References.OfType<CompilationReference>())
        {
            names.UnionWith(reference.Compilation.Assembly.TypeNames);
        }
        foreach (var document in documents)
        {
            // An alias names a type by another name, in its file or (a global one) in any file of the project.
            if (await document.GetSyntaxRootAsync(token) is not { } top) continue;
            foreach (var directive in top.DescendantNodes(n => n is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax).OfType<UsingDirectiveSyntax>())
            {
                if (directive.Alias is { } alias) names.Add(alias.Name.Identifier.ValueText);
            }
        }
        var rows = new Dictionary<(string, int, int), object[]>();
        var enclosing = new Dictionary<ISymbol, string>(ReferenceEqualityComparer.Instance);
        var ids = new Dictionary<ISymbol, string?>(SymbolEqualityComparer.Default);
        var components = new Dictionary<ISymbol, bool>(SymbolEqualityComparer.Default);
        foreach (var document in documents)
        {
            var root = await document.GetSyntaxRootAsync(token);
            if (root is null) continue;
            SemanticModel? model = null;
            SourceText? text = null;
            foreach (var node in root.DescendantNodes(descendIntoTrivia: true))
            {
                token.ThrowIfCancellationRequested();
                var at = Named(node, names);
                if (at is null) continue;
                model ??= await document.GetSemanticModelAsync(token);
                var (type, constructor) = Bound(model!, node, token) switch
                {
                    INamedTypeSymbol named => (named.OriginalDefinition, false),
                    IMethodSymbol { MethodKind: MethodKind.Constructor } made => (made.ContainingType.OriginalDefinition, true),
                    _ => (null, false),
                };
                if (type is null) continue;
                if (!ids.TryGetValue(type, out var id))
                {
                    ids[type] = id = type.Locations.Any(l => l.IsInSource) ? Symbols.DocumentationId(type) : null;
                }
                if (id is null) continue;
                var location = at.Value.GetLocation();
                // Where a person wrote it, as find references answers (a component's tags are placed later).
                var direct = Symbols.Place(location);
                if (!components.TryGetValue(type, out var component)) components[type] = component = References.IsComponent(type);
                var place = component ? direct : Symbols.PlaceOfUse(location, direct);
                var key = (place.Path, place.Line, place.Column);
                if (rows.ContainsKey(key)) continue;
                var kind = References.KindAt(location, constructor ? SymbolKind.Method : SymbolKind.NamedType, constructor,
                    isImplicit: node is ImplicitObjectCreationExpressionSyntax or ConstructorDeclarationSyntax, root);
                text ??= await document.GetTextAsync(token);
                rows[key] = [id, .. place.Row, kind, References.Enclosing(model, location.SourceSpan.Start, format, enclosing, token),
                    Symbols.LineText(place, location.SourceTree!, text)];
            }
        }
        return JsonRows.Write(rows.Values);
    }

    /// <summary>What a node binds to: for a constructor declaration, the base constructor it calls implicitly.</summary>
    static ISymbol? Bound(SemanticModel model, SyntaxNode node, CancellationToken token)
    {
        if (node is ConstructorDeclarationSyntax declaration)
        {
            // Find references reports the base type's constructors that can be called without arguments.
            var baseType = (model.GetDeclaredSymbol(declaration, token) as IMethodSymbol)?.ContainingType.BaseType;
            return baseType?.InstanceConstructors.FirstOrDefault(c => c.Parameters.All(p => p.IsOptional || p.IsParams));
        }
        var info = model.GetSymbolInfo(node, token);
        return info.Symbol ?? (info.CandidateSymbols.Length == 1 ? info.CandidateSymbols[0] : null);
    }

    /// <summary>The token a node names a type by, when it may: a simple name of a source type (or an alias of
    /// one, or an attribute's name without its suffix), target-typed new, a constructor initializer.</summary>
    static SyntaxToken? Named(SyntaxNode node, HashSet<string> names) => node switch
    {
        IdentifierNameSyntax { IsVar: true } => null,
        SimpleNameSyntax name when names.Contains(name.Identifier.ValueText)
            || names.Contains(name.Identifier.ValueText + "Attribute") => name.Identifier,
        ImplicitObjectCreationExpressionSyntax creation => creation.NewKeyword,
        // A constructor without an initializer calls its base type's parameterless one: found at its name.
        ConstructorDeclarationSyntax { Initializer: null } constructor
            when !constructor.Modifiers.Any(m => m.ValueText == "static") => constructor.Identifier,
        ConstructorInitializerSyntax initializer => initializer.ThisOrBaseKeyword,
        _ => null,
    };
}
