using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RoslynTuiNative;

/// <summary>How many places of one project's documents use each source member, file by file, and which
/// members each one overrides or implements: what the on-disk index keeps so that a code lens on the next
/// start has a count (marked as an estimate) before the compilations are built, which at 25 projects takes
/// seconds for a member used 15,000 times.
///
/// Rows: ["uses", member's documentation ID, path, [line, column, line, column...]] and ["link", member, the
/// member it overrides or implements, or LIBRARY for one outside the solution (whose every use find
/// references counts too, which no index of the solution holds)]. A place is a name that binds to the member (a call, an access, a method group, nameof, a
/// cref) or, for a constructor, an object creation (at the type's name), target-typed <c>new()</c>, a
/// <c>this(...)</c> / <c>base(...)</c> initializer or an attribute. Find references also cascades through
/// the links, which the reader of the rows follows (engine/index/member_counts.py).</summary>
public static class MemberReferences
{
    /// <summary>What a member links to when it overrides or implements a library's member.</summary>
    public const string Library = "library";

    public static async Task<string> RowsAsync(Project project, CancellationToken token)
    {
        var compilation = (await project.GetCompilationAsync(token))!;
        // Only a name some source member has is bound: the project's own and its project references'.
        var names = new HashSet<string>();
        AddMemberNames(compilation.Assembly.GlobalNamespace, names);
        foreach (var reference in compilation.References.OfType<CompilationReference>())
        {
            AddMemberNames(reference.Compilation.Assembly.GlobalNamespace, names);
        }
        var places = new Dictionary<(string Id, string Path), HashSet<(int, int)>>();
        var ids = new Dictionary<ISymbol, string?>(SymbolEqualityComparer.Default);
        string? IdOf(ISymbol symbol) => ids.TryGetValue(symbol, out var id)
            ? id
            : ids[symbol] = symbol.Locations.Any(l => l.IsInSource) ? Symbols.DocumentationId(symbol) : null;
        var linked = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        var links = new HashSet<(string, string)>();
        var documents = project.Documents.Concat<Document>(await project.GetSourceGeneratedDocumentsAsync(token));
        foreach (var document in documents)
        {
            var root = await document.GetSyntaxRootAsync(token);
            if (root is null) continue;
            SemanticModel? model = null;
            foreach (var node in root.DescendantNodes(descendIntoTrivia: true))
            {
                token.ThrowIfCancellationRequested();
                var at = Naming(node, names);
                if (at is null) continue;
                model ??= await document.GetSemanticModelAsync(token);
                var place = Symbols.Place(at.Value.GetLocation());
                foreach (var member in Members(model!, node, token))
                {
                    if (IdOf(member) is not { } id) continue;
                    if (linked.Add(member)) Link(member, id, IdOf, links);
                    if (!places.TryGetValue((id, place.Path), out var found)) places[(id, place.Path)] = found = [];
                    found.Add((place.Line, place.Column));
                }
            }
        }
        // A member nothing here uses may still override one that is used: its lens counts those uses.
        foreach (var member in DeclaredMembers(compilation.Assembly.GlobalNamespace))
        {
            if (linked.Add(member) && IdOf(member) is { } id) Link(member, id, IdOf, links);
        }
        var rows = new List<object[]>(places.Count + links.Count);
        // The places themselves, not their number: a multi-targeted project's targets each see their own
        // #if branches, and the estimate is their union, as find references has it.
        rows.AddRange(places.Select(p => new object[] { "uses", p.Key.Id, p.Key.Path, p.Value.SelectMany(x => new object[] { x.Item1, x.Item2 }).ToList() }));
        rows.AddRange(links.Select(l => new object[] { "link", l.Item1, l.Item2 }));
        return JsonRows.Write(rows);
    }

    static void AddMemberNames(INamespaceSymbol space, HashSet<string> names)
    {
        foreach (var member in space.GetMembers())
        {
            if (member is INamespaceSymbol inner) AddMemberNames(inner, names);
            else if (member is INamedTypeSymbol type) AddMemberNames(type, names);
        }
    }

    static void AddMemberNames(INamedTypeSymbol type, HashSet<string> names)
    {
        names.UnionWith(type.MemberNames);
        foreach (var nested in type.GetTypeMembers()) AddMemberNames(nested, names);
    }

    static IEnumerable<ISymbol> DeclaredMembers(INamespaceSymbol space)
    {
        foreach (var member in space.GetMembers())
        {
            var found = member switch
            {
                INamespaceSymbol inner => DeclaredMembers(inner),
                INamedTypeSymbol type => MembersOf(type),
                _ => [],
            };
            foreach (var symbol in found) yield return symbol;
        }
    }

    static IEnumerable<ISymbol> MembersOf(INamedTypeSymbol type)
    {
        foreach (var member in type.GetMembers())
        {
            if (member is INamedTypeSymbol nested)
            {
                foreach (var inner in MembersOf(nested)) yield return inner;
            }
            else if (member is IMethodSymbol or IPropertySymbol or IEventSymbol && !member.IsImplicitlyDeclared
                && member.Locations.Any(l => l.IsInSource))
            {
                yield return member;
            }
        }
    }

    /// <summary>The token a node names a member by, when it may: a simple name some source member has, or
    /// the places a constructor is called at.</summary>
    static SyntaxToken? Naming(SyntaxNode node, HashSet<string> names) => node switch
    {
        IdentifierNameSyntax { IsVar: true } => null,
        SimpleNameSyntax name when names.Contains(name.Identifier.ValueText) => name.Identifier,
        ObjectCreationExpressionSyntax creation => RightmostName(creation.Type),
        ImplicitObjectCreationExpressionSyntax creation => creation.NewKeyword,
        ConstructorInitializerSyntax initializer => initializer.ThisOrBaseKeyword,
        AttributeSyntax attribute => RightmostName(attribute.Name),
        // A using disposes of what it declares: find references reports Dispose there.
        UsingStatementSyntax statement => statement.UsingKeyword,
        LocalDeclarationStatementSyntax { UsingKeyword.RawKind: > 0 } declaration => declaration.UsingKeyword,
        _ => null,
    };

    static SyntaxToken? RightmostName(TypeSyntax type) => type switch
    {
        SimpleNameSyntax simple => simple.Identifier,
        QualifiedNameSyntax qualified => qualified.Right.Identifier,
        AliasQualifiedNameSyntax aliased => aliased.Name.Identifier,
        _ => null,
    };

    /// <summary>The source member a node binds to (an extension call's declared method, a generic's
    /// definition), or null for a type, a local, a parameter, a local function.</summary>
    /// <summary>The member a name binds to; every overload a method group names in <c>nameof</c>
    /// (<c>nameof(ILogger.Write)</c>), as find references counts it for each.</summary>
    static IEnumerable<ISymbol> Members(SemanticModel model, SyntaxNode node, CancellationToken token)
    {
        if (node is not UsingStatementSyntax and not LocalDeclarationStatementSyntax)
        {
            var info = model.GetSymbolInfo(node, token);
            if (info.Symbol is null && info.CandidateReason == CandidateReason.MemberGroup && info.CandidateSymbols.Length > 1)
            {
                return info.CandidateSymbols.OfType<IMethodSymbol>().Select(m => Symbols.Normalize(m)).OfType<ISymbol>();
            }
        }
        return Member(model, node, token) is { } member ? [member] : [];
    }

    static ISymbol? Member(SemanticModel model, SyntaxNode node, CancellationToken token)
    {
        if (node is UsingStatementSyntax or LocalDeclarationStatementSyntax) return Disposal(model, node, token);
        var info = model.GetSymbolInfo(node, token);
        var symbol = info.Symbol ?? (info.CandidateSymbols.Length == 1 ? info.CandidateSymbols[0] : null);
        // A name in `new Foo()` binds to the type; the creation itself to the constructor.
        if (node is SimpleNameSyntax && symbol is IMethodSymbol { MethodKind: MethodKind.Constructor }) return null;
        return symbol switch
        {
            // <param name="Id"/> of a positional record documents its property too.
            IParameterSymbol { ContainingSymbol: IMethodSymbol { MethodKind: MethodKind.Constructor } made } parameter
                when node.Parent is XmlNameAttributeSyntax && made.ContainingType.IsRecord =>
                made.ContainingType.GetMembers(parameter.Name).OfType<IPropertySymbol>()
                    .FirstOrDefault(p => p.Locations.Any(parameter.Locations.Contains)),
            IMethodSymbol { MethodKind: MethodKind.LocalFunction or MethodKind.AnonymousFunction } => null,
            IMethodSymbol or IPropertySymbol or IFieldSymbol or IEventSymbol => Symbols.Normalize(symbol),
            _ => null,
        };
    }

    /// <summary>The Dispose (or DisposeAsync, for <c>await using</c>) a using statement or declaration calls.</summary>
    static ISymbol? Disposal(SemanticModel model, SyntaxNode node, CancellationToken token)
    {
        var (awaited, declared, expression) = node switch
        {
            UsingStatementSyntax statement => (statement.AwaitKeyword.RawKind > 0, statement.Declaration?.Type, statement.Expression),
            LocalDeclarationStatementSyntax local => (local.AwaitKeyword.RawKind > 0, local.Declaration.Type, null),
            _ => (false, null, null),
        };
        var type = (declared ?? (SyntaxNode?)expression) is { } typed ? model.GetTypeInfo(typed, token).Type : null;
        var contract = awaited
            ? model.Compilation.GetTypeByMetadataName("System.IAsyncDisposable")
            : model.Compilation.GetSpecialType(SpecialType.System_IDisposable);
        var dispose = contract?.GetMembers(awaited ? "DisposeAsync" : "Dispose").FirstOrDefault();
        if (type is null || dispose is null) return null;
        return type.FindImplementationForInterfaceMember(dispose)?.OriginalDefinition;
    }

    /// <summary>The members <paramref name="member"/> overrides or implements that are in source.</summary>
    static void Link(ISymbol member, string id, Func<ISymbol, string?> idOf, HashSet<(string, string)> links)
    {
        var above = new List<ISymbol>();
        switch (member)
        {
            case IMethodSymbol method:
                if (method.OverriddenMethod is { } overridden) above.Add(overridden);
                above.AddRange(method.ExplicitInterfaceImplementations);
                break;
            case IPropertySymbol property:
                if (property.OverriddenProperty is { } overriddenProperty) above.Add(overriddenProperty);
                above.AddRange(property.ExplicitInterfaceImplementations);
                break;
            case IEventSymbol @event:
                if (@event.OverriddenEvent is { } overriddenEvent) above.Add(overriddenEvent);
                above.AddRange(@event.ExplicitInterfaceImplementations);
                break;
            default:
                return;
        }
        if (member.ContainingType is { } type && !member.IsStatic)
        {
            foreach (var contract in type.AllInterfaces)
            {
                foreach (var candidate in contract.GetMembers(member.Name))
                {
                    if (SymbolEqualityComparer.Default.Equals(type.FindImplementationForInterfaceMember(candidate), member))
                    {
                        above.Add(candidate);
                    }
                }
            }
        }
        foreach (var up in above.Select(u => u.OriginalDefinition).Distinct(SymbolEqualityComparer.Default))
        {
            links.Add((id, idOf(up!) ?? Library));
        }
    }
}
