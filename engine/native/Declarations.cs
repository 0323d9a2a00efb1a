using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>Every named type and member a compilation declares in source, in the order a
/// search lists them (a stack of containers, members in declaration order): the names joined by newlines (one string to cross into Python) and the symbols.</summary>
public sealed class DeclarationTable
{
    public required string Names { get; init; }
    /// <summary>The name of each declaration's containing type or namespace, joined the same way: a
    /// qualified name (Entity.Weight) is looked up by both, however often its last part is declared.</summary>
    public required string Containers { get; init; }
    public required ISymbol[] Symbols { get; init; }
    /// <summary>The compilation walked.</summary>
    public Compilation? Compilation { get; init; }
    /// <summary>Whether an explicit interface implementation's interface did not resolve: in a compilation
    /// walked alone, one of a referenced project's, whose name (<c>Shop.Core.ILog.Write</c>) is then only
    /// the one written (<c>ILog.Write</c>) until walked with its references.</summary>
    public bool Unresolved { get; init; }

    static readonly HashSet<MethodKind> Hidden =
    [
        MethodKind.PropertyGet, MethodKind.PropertySet, MethodKind.EventAdd, MethodKind.EventRemove,
        MethodKind.EventRaise, MethodKind.StaticConstructor,
    ];

    /// <summary>The tables of <paramref name="projects"/>, given in dependency order, each walked as soon
    /// as its compilation is built (one task each, so the caller takes each as it comes). At most
    /// <paramref name="window"/> compilations are asked for at a time, in order, so those the later
    /// ones reference come first; the walks of finished projects use the core that the chain of
    /// compilations (each waits for those it references) leaves idle.</summary>
    public static Task<DeclarationTable>[] WalkInOrder(Project[] projects, int window, CancellationToken token)
    {
        var slots = new SemaphoreSlim(window);  // nothing to dispose: its wait handle is never asked for
        var tables = new Task<DeclarationTable>[projects.Length];
        var turn = Task.CompletedTask;
        for (var i = 0; i < projects.Length; i++)
        {
            var started = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            tables[i] = WalkAsync(projects[i], turn, started, slots, token);
            turn = started.Task;
        }
        return tables;
    }

    static async Task<DeclarationTable> WalkAsync(
        Project project, Task turn, TaskCompletionSource started, SemaphoreSlim slots, CancellationToken token)
    {
        try
        {
            await turn.ConfigureAwait(false);  // the project before has its slot: order is kept
            await slots.WaitAsync(token).ConfigureAwait(false);
        }
        finally
        {
            started.SetResult();
        }
        Compilation compilation;
        try
        {
            compilation = await project.GetCompilationAsync(token).ConfigureAwait(false)
                ?? throw new InvalidOperationException($"{project.Name} has no compilation");
        }
        finally
        {
            slots.Release();
        }
        return Walk(compilation, token);
    }

    /// <summary>The tables of <paramref name="projects"/>, each from the project's own files alone: a
    /// compilation of its syntax trees and metadata references without the projects it references, so
    /// nothing of theirs is parsed (a syntax-only view's search reads a few projects, not every one under
    /// them). Names, kinds and containers are the project's own; a signature naming a referenced
    /// project's type holds an error type there, so the engine describes a declaration from the
    /// project's real compilation (engine/symbols/declarations.py). One task each, files parsed on the
    /// thread pool.</summary>
    public static Task<DeclarationTable>[] WalkAlone(Project[] projects, CancellationToken token) =>
        [.. projects.Select(project => Task.Run(() => WalkAloneAsync(project, token), token))];

    static async Task<DeclarationTable> WalkAloneAsync(Project project, CancellationToken token)
    {
        var trees = await Task.WhenAll(
            project.Documents.Select(document => Task.Run(() => document.GetSyntaxTreeAsync(token), token)))
            .ConfigureAwait(false);
        var options = project.CompilationOptions
            ?? throw new InvalidOperationException($"{project.Name} has no compilation options");
        var alone = Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create(
            project.AssemblyName, trees.OfType<SyntaxTree>(), project.MetadataReferences,
            (Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions)options);
        return Walk(alone, token);
    }

    /// <summary>A compilation walked alone (<see cref="WalkAlone"/>) walked again with the compilations of
    /// the projects it references, each alone too, as its references: the types its signatures name
    /// resolve as in the project's real compilation (which sees the types its references declare, not
    /// theirs), without parsing what those reference in turn.</summary>
    public static DeclarationTable WalkLinked(Compilation alone, Compilation[] referenced, CancellationToken token) =>
        Walk(alone.AddReferences(referenced.Select(compilation => compilation.ToMetadataReference())), token);

    /// <summary>What a first search from syntax alone does (parse, a compilation of its own files, the walk,
    /// one with a referenced project's, the summaries), done on two small files of its own with the view's
    /// <paramref name="references"/>, on the thread pool: started as soon as the runtime is up, it runs
    /// beside the view's making (Python, which holds the interpreter) and leaves the compiler's first
    /// run and the reference pack's metadata paid for when the first search comes (0.2 s of it).</summary>
    public static Task Warm(MetadataReference[] references, CancellationToken token) => Task.Run(() =>
    {
        var options = new Microsoft.CodeAnalysis.CSharp.CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary);
        Compilation Alone(string name, string text) => Microsoft.CodeAnalysis.CSharp.CSharpCompilation.Create(
            name, [Microsoft.CodeAnalysis.CSharp.CSharpSyntaxTree.ParseText(text, cancellationToken: token)],
            references, options);
        var used = Alone("Warm.Core", "namespace Warm.Core { public class Entity { public virtual int Weight(int x) => x; } }");
        var alone = Alone("Warm", "using System.Collections.Generic; using Warm.Core; namespace Warm { "
            + "/// <summary>A model.</summary>\n public sealed class Model : Entity { public Model(int size) { } "
            + "public override int Weight(int x) => x; public List<string> Names(Entity e) => []; } "
            + "public record Point(int X, int Y); }");
        Walk(alone, token);
        var linked = WalkLinked(alone, [used], token);
        Summaries.Keys(linked.Symbols);
        Summaries.Describe(linked.Symbols, SymbolDisplayFormat.MinimallyQualifiedFormat, SymbolDisplayFormat.FullyQualifiedFormat);
    }, token);

    public static DeclarationTable Walk(Compilation compilation, CancellationToken token)
    {
        var names = new List<string>();
        var containers = new List<string>();
        var symbols = new List<ISymbol>();
        var unresolved = false;
        var stack = new Stack<INamespaceOrTypeSymbol>();
        stack.Push(compilation.Assembly.GlobalNamespace);
        while (stack.Count > 0)
        {
            token.ThrowIfCancellationRequested();
            var container = stack.Pop();
            foreach (var member in container.GetMembers())
            {
                if (member is INamespaceSymbol ns)
                {
                    stack.Push(ns);
                    continue;
                }
                if (member.IsImplicitlyDeclared || member.Locations.Length == 0 || !member.Locations[0].IsInSource) continue;
                if (member is INamedTypeSymbol type) stack.Push(type);
                else if (member is IMethodSymbol method && Hidden.Contains(method.MethodKind)) continue;
                unresolved |= UnresolvedExplicit(member);
                names.Add(member.Name == ".ctor" ? member.ContainingType.Name : member.Name);
                containers.Add(member.ContainingSymbol.Name);
                symbols.Add(member);
            }
        }
        return new DeclarationTable
        {
            Names = string.Join('\n', names),
            Containers = string.Join('\n', containers),
            Symbols = [.. symbols],
            Compilation = compilation,
            Unresolved = unresolved,
        };
    }

    static bool UnresolvedExplicit(ISymbol member) => member switch
    {
        IMethodSymbol method => method.MethodKind == MethodKind.ExplicitInterfaceImplementation
            && method.ExplicitInterfaceImplementations.IsEmpty,
        IPropertySymbol property => property.Name.Contains('.') && property.ExplicitInterfaceImplementations.IsEmpty,
        IEventSymbol @event => @event.Name.Contains('.') && @event.ExplicitInterfaceImplementations.IsEmpty,
        _ => false,
    };
}
