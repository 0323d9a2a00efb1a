using Microsoft.CodeAnalysis;

namespace RoslynTuiNative;

/// <summary>Every named type and member a compilation declares in source, in the order
/// engine/symbols/declarations.py's Python walk yields them (a stack of containers, members in declaration
/// order): the names joined by newlines (one string to cross into Python) and the symbols.</summary>
public sealed class DeclarationTable
{
    public required string Names { get; init; }
    /// <summary>The name of each declaration's containing type or namespace, joined the same way: a
    /// qualified name (Entity.Weight) is looked up by both, however often its last part is declared.</summary>
    public required string Containers { get; init; }
    public required ISymbol[] Symbols { get; init; }
    /// <summary>The compilation walked.</summary>
    public Compilation? Compilation { get; init; }

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

    public static DeclarationTable Walk(Compilation compilation, CancellationToken token)
    {
        var names = new List<string>();
        var containers = new List<string>();
        var symbols = new List<ISymbol>();
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
        };
    }
}
