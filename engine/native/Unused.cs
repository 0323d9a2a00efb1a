using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Text;

namespace RoslynTuiNative;

/// <summary>Which of many symbols something refers to (engine/analysis/unused.py chooses them and keeps the
/// rules). Asking Roslyn's find references for each costs a few ms a symbol, a minute for the thousands of
/// members of a large solution; so every name of the searched projects that spells a candidate's is bound
/// once, and only the candidates nothing bound to are asked of find references, which also knows the uses
/// no name spells (a foreach's GetEnumerator, a deconstruction). A use inside the symbol's own declaration
/// (recursion, a type naming itself) or in a doc comment's cref is no use.</summary>
public static class Unused
{
    /// <summary>One flag per candidate: true when it is used.</summary>
    public static async Task<bool[]> UsedAsync(
        Solution solution, ISymbol[] candidates, Project[] searched, CancellationToken token)
    {
        var used = new bool[candidates.Length];
        var index = new Dictionary<ISymbol, int>(SymbolEqualityComparer.Default);
        var names = new HashSet<string>(StringComparer.Ordinal);
        var own = new (SyntaxTree Tree, TextSpan Span)[candidates.Length][];
        for (var i = 0; i < candidates.Length; i++)
        {
            var candidate = candidates[i].OriginalDefinition;
            index.TryAdd(candidate, i);
            names.Add(candidate.Name);
            // [Obsolete] names ObsoleteAttribute.
            if (candidate is INamedTypeSymbol && candidate.Name.EndsWith("Attribute", StringComparison.Ordinal))
                names.Add(candidate.Name[..^"Attribute".Length]);
            own[i] = [.. candidate.DeclaringSyntaxReferences.Select(r => (r.SyntaxTree, r.Span))];
        }

        void Mark(ISymbol? bound, SyntaxTree tree, int position)
        {
            if (bound is null) return;
            var symbol = Symbols.Normalize(bound);
            if (symbol is IMethodSymbol { MethodKind: MethodKind.Constructor or MethodKind.StaticConstructor } constructor)
                symbol = constructor.ContainingType.OriginalDefinition;
            if (symbol is IMethodSymbol { PartialDefinitionPart: { } definition }) symbol = definition;
            if (index.TryGetValue(symbol, out var i) && !Inside(own[i], tree, position)) used[i] = true;
        }

        foreach (var project in searched)
        {
            var compilation = await project.GetCompilationAsync(token).ConfigureAwait(false);
            if (compilation is null) continue;
            foreach (var tree in compilation.SyntaxTrees)
            {
                token.ThrowIfCancellationRequested();
                var root = await tree.GetRootAsync(token).ConfigureAwait(false);
                SemanticModel? model = null;
                foreach (var name in root.DescendantNodes().OfType<SimpleNameSyntax>())
                {
                    if (!names.Contains(name.Identifier.ValueText)) continue;
                    model ??= compilation.GetSemanticModel(tree);
                    var info = model.GetSymbolInfo(name, token);
                    Mark(info.Symbol, tree, name.SpanStart);
                    foreach (var candidate in info.CandidateSymbols) Mark(candidate, tree, name.SpanStart);
                }
            }
        }

        for (var i = 0; i < candidates.Length; i++)
        {
            if (used[i]) continue;
            var candidate = candidates[i].OriginalDefinition;
            var found = await SymbolFinder.FindReferencesAsync(candidate, solution, token).ConfigureAwait(false);
            used[i] = found.Any(referenced => Counts(referenced.Definition, candidate) && referenced.Locations.Any(
                reference => reference.Location is { IsInSource: true, SourceTree: { } tree } location
                    && !Inside(own[i], tree, location.SourceSpan.Start)
                    && !InCref(tree, location.SourceSpan.Start, token)));
        }
        return used;
    }

    /// <summary>The candidate itself, or one of its type's constructors.</summary>
    static bool Counts(ISymbol definition, ISymbol candidate) =>
        SymbolEqualityComparer.Default.Equals(definition.OriginalDefinition, candidate)
        || definition is IMethodSymbol { MethodKind: MethodKind.Constructor } constructor
            && SymbolEqualityComparer.Default.Equals(constructor.ContainingType.OriginalDefinition, candidate);

    static bool Inside((SyntaxTree Tree, TextSpan Span)[] declarations, SyntaxTree tree, int position)
    {
        foreach (var (declaredIn, span) in declarations)
        {
            if (declaredIn == tree && span.Contains(position)) return true;
        }
        return false;
    }

    static bool InCref(SyntaxTree tree, int position, CancellationToken token) =>
        tree.GetRoot(token).FindToken(position, findInsideTrivia: true).Parent?.FirstAncestorOrSelf<CrefSyntax>() is not null;
}
