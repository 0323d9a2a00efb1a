using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace RoslynTuiNative;

/// <summary>Which namespaces of the solution a project's code uses, and how often: for
/// engine/analysis/dependencies.py, in one call. A use is a
/// name bound to a type or a member of the solution's own assemblies, declared in another namespace; only
/// names that spell one of the solution's declarations are bound (locals and framework calls are not); generated
/// code is left out on both ends.
/// One row per edge: [from namespace, to namespace, uses, first use's path, line, column].</summary>
public static class NamespaceEdges
{
    public static string Collect(
        Compilation compilation, string[] declaredNames, string[] assemblies, string[] generatedPaths, CancellationToken token)
    {
        // Generated code (a regex generator's helper namespace) is no part of the solution's layering.
        var generated = new HashSet<string>(generatedPaths, StringComparer.Ordinal);
        var trees = compilation.SyntaxTrees.Where(tree => !generated.Contains(tree.FilePath)).ToList();
        var names = new HashSet<string>(declaredNames, StringComparer.Ordinal);
        var ours = new HashSet<string>(assemblies, StringComparer.Ordinal);
        var edges = new Dictionary<(string, string), object[]>();
        var options = new ParallelOptions { CancellationToken = token, MaxDegreeOfParallelism = Environment.ProcessorCount };
        // Files in parallel, each into its own table, merged in the compilation's order of files: the first
        // use an edge shows is the same however the threads ran.
        var perTree = new Dictionary<(string, string), object[]>[trees.Count];
        Parallel.ForEach(trees, options, (tree, _, number) =>
        {
            var found = perTree[number] = [];
            SemanticModel? model = null;
            foreach (var name in tree.GetRoot(token).DescendantNodes().OfType<SimpleNameSyntax>())
            {
                if (!names.Contains(name.Identifier.ValueText)) continue;
                model ??= compilation.GetSemanticModel(tree);
                var bound = model.GetSymbolInfo(name, token).Symbol;
                var type = bound as INamedTypeSymbol ?? bound?.ContainingType;
                if (type is null || !ours.Contains(type.ContainingAssembly?.Name ?? "")) continue;
                if (type.DeclaringSyntaxReferences.All(r => generated.Contains(r.SyntaxTree.FilePath))) continue;
                var to = Namespace(type.ContainingNamespace);
                var from = Enclosing(name);
                if (from == to) continue;
                if (found.TryGetValue((from, to), out var row)) row[2] = (int)row[2] + 1;
                else
                {
                    var place = Symbols.Place(name.GetLocation());
                    found[(from, to)] = [from, to, 1, place.Path, place.Line, place.Column];
                }
            }
        });
        foreach (var found in perTree)
        {
            foreach (var (key, row) in found)
            {
                if (edges.TryGetValue(key, out var known)) known[2] = (int)known[2] + (int)row[2];
                else edges[key] = row;
            }
        }
        return JsonRows.Write(edges.Values);
    }

    static string Namespace(INamespaceSymbol? space) =>
        space is null || space.IsGlobalNamespace ? "(global)" : space.ToDisplayString();

    static string Enclosing(SyntaxNode node)
    {
        var parts = node.Ancestors().OfType<BaseNamespaceDeclarationSyntax>().Select(n => n.Name.ToString()).Reverse().ToList();
        return parts.Count == 0 ? "(global)" : string.Join(".", parts);
    }
}
