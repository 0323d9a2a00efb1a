using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.Host;

namespace RoslynTuiNative;

/// <summary>The first compilation, search and references of a process on a two-project program of
/// its own, run while MSBuild evaluates the solution (see engine/load_warmup.py). It goes through
/// the workspace's own services on a fork of its (still empty) solution, which the workspace never
/// sees: the SDK's source generators are loaded by the loader the projects' analyzer references
/// will use (the workspace's IAnalyzerService, internal to Roslyn: found by reflection) and the
/// reference assemblies come from the workspace's metadata cache where Roslyn has one.</summary>
public static class LoadWarmup
{
    const string Core = """
        namespace Warmup.Core;

        public interface IShape { double Area(); string Describe() => $"{GetType().Name}: {Area():F1}"; }

        public abstract record Shape(string Name) : IShape { public abstract double Area(); }

        public sealed record Circle(double Radius) : Shape("circle")
        {
            public override double Area() => System.Math.PI * Radius * Radius;
        }

        public partial class Registry<T> where T : IShape
        {
            private readonly System.Collections.Generic.List<T> _items = new();
            public void Add(T item) => _items.Add(item);
            public void Add(T first, T second) { Add(first); Add(second); }
            public int Count => _items.Count;
        }

        public partial class Registry<T>
        {
            public T? Find(System.Func<T, bool> match)
            {
                foreach (var item in _items) if (match(item)) return item;
                return default;
            }
        }

        public static class ShapeExtensions
        {
            public static double Total<T>(this System.Collections.Generic.IEnumerable<T> shapes) where T : IShape
            {
                var sum = 0.0;
                foreach (var shape in shapes) sum += shape.Area();
                return sum;
            }
        }
        """;

    const string App = """
        using System.Linq;
        using Warmup.Core;

        namespace Warmup.App;

        public static class Program
        {
            public static string Run(int count)
            {
                var registry = new Registry<Circle>();
                for (var i = 0; i < count; i++) registry.Add(new Circle(i));
                registry.Add(new Circle(1), new Circle(2));
                var large = Enumerable.Range(0, count).Select(i => new Circle(i)).Where(c => c.Area() > 10).ToList();
                return registry.Find(c => c.Radius > 2) switch
                {
                    { Radius: > 5 } circle => circle.Describe(),
                    null => "none",
                    _ => large.Total().ToString(),
                };
            }
        }
        """;

    /// <summary>Start the run on the thread pool; the number of source generators it ran.</summary>
    public static Task<int> Start(Workspace workspace, string[] generatorPaths, string[] referencePaths,
        CancellationToken token) => Task.Run(() => RunAsync(workspace, generatorPaths, referencePaths, token), token);

    static async Task<int> RunAsync(Workspace workspace, string[] generatorPaths, string[] referencePaths,
        CancellationToken token)
    {
        var loader = Service(workspace, "Microsoft.CodeAnalysis.Host.IAnalyzerService", "GetLoader", []) as IAnalyzerAssemblyLoader;
        var analyzers = loader is null
            ? []
            : generatorPaths.Select(path => (AnalyzerReference)new AnalyzerFileReference(path, loader)).ToList();
        var references = referencePaths.Select(path => Reference(workspace, path)).ToList();
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable);
        var core = ProjectId.CreateNewId("Warmup.Core");
        var app = ProjectId.CreateNewId("Warmup.App");
        var solution = workspace.CurrentSolution
            .AddProject(ProjectInfo.Create(core, VersionStamp.Create(), "Warmup.Core", "Warmup.Core", LanguageNames.CSharp,
                compilationOptions: options, metadataReferences: references, analyzerReferences: analyzers))
            .AddDocument(DocumentId.CreateNewId(core), "Core.cs", Core)
            .AddProject(ProjectInfo.Create(app, VersionStamp.Create(), "Warmup.App", "Warmup.App", LanguageNames.CSharp,
                compilationOptions: options, metadataReferences: references, analyzerReferences: analyzers,
                projectReferences: [new ProjectReference(core)]))
            .AddDocument(DocumentId.CreateNewId(app), "App.cs", App);
        var declared = new List<ISymbol>();
        foreach (var project in solution.Projects)
            declared.AddRange(DeclarationTable.Walk((await project.GetCompilationAsync(token).ConfigureAwait(false))!, token).Symbols);
        Handles.Of(declared);
        Summaries.Describe(declared, SymbolDisplayFormat.MinimallyQualifiedFormat, SymbolDisplayFormat.FullyQualifiedFormat);
        var compilation = (await solution.GetProject(core)!.GetCompilationAsync(token).ConfigureAwait(false))!;
        var registry = compilation.GetTypeByMetadataName("Warmup.Core.Registry`1")!;
        foreach (var symbol in new ISymbol[] { registry, registry.GetMembers("Add")[0] })
            await SymbolFinder.FindReferencesAsync(symbol, solution, token).ConfigureAwait(false);
        return analyzers.Sum(analyzer => analyzer.GetGenerators(LanguageNames.CSharp).Length);
    }

    static MetadataReference Reference(Workspace workspace, string path) =>
        Service(workspace, "Microsoft.CodeAnalysis.Host.IMetadataService", "GetReference",
            [path, MetadataReferenceProperties.Assembly]) as MetadataReference
        ?? MetadataReference.CreateFromFile(path);

    /// <summary>Call <paramref name="method"/> on the workspace service of the internal type named.</summary>
    static object? Service(Workspace workspace, string typeName, string method, object[] arguments)
    {
        var type = typeof(Workspace).Assembly.GetType(typeName);
        if (type is null) return null;
        var service = typeof(HostWorkspaceServices).GetMethod("GetService", Type.EmptyTypes)
            ?.MakeGenericMethod(type).Invoke(workspace.Services, null);
        return service is null ? null : type.GetMethod(method)?.Invoke(service, arguments);
    }
}
