using System.Collections.Immutable;
using System.Diagnostics;
using System.Reflection;
using System.Text.Json.Nodes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Scripting;
using Microsoft.CodeAnalysis.CSharp.Scripting.Hosting;
using Microsoft.CodeAnalysis.Scripting;
using Microsoft.CodeAnalysis.Scripting.Hosting;

namespace ReplWorker;

/// <summary>One REPL context: the script state carried from submission to submission.</summary>
sealed class Session
{
    public static readonly string[] DefaultImports =
    [
        "System", "System.IO", "System.Collections.Generic", "System.Diagnostics", "System.Linq",
        "System.Text", "System.Text.RegularExpressions", "System.Threading", "System.Threading.Tasks",
    ];

    static readonly string[] DefaultAssemblies =
    [
        "System.Runtime", "System.Console", "System.Collections", "System.Linq", "System.Text.RegularExpressions",
        "System.Text.Json", "System.Net.Http", "System.Threading", "System.Threading.Tasks", "System.Memory",
        "System.Collections.Concurrent", "System.ComponentModel.Primitives", "System.Diagnostics.Process",
        "System.IO.FileSystem", "System.Linq.Expressions", "System.ObjectModel", "System.Runtime.Numerics",
        "System.Private.Uri", "netstandard",
    ];

    const int MaxDisplay = 4000;

    readonly NuGetResolver resolver = new();
    readonly List<string> references = [];
    readonly List<string> declaredUsings = [];
    ScriptOptions options;
    ScriptState<object?>? state;
    int submissions;

    public Session()
    {
        options = ScriptOptions.Default
            .WithImports(DefaultImports)
            .AddReferences(DefaultAssemblies.Select(Assembly.Load))
            .WithMetadataResolver(resolver)
            .WithLanguageVersion(LanguageVersion.Latest)
            .WithAllowUnsafe(true)
            .WithEmitDebugInformation(false);
    }

    public async Task<JsonObject> HandleAsync(JsonObject request)
    {
        var op = (string?)request["op"];
        return op switch
        {
            "eval" => await EvaluateAsync(request),
            "validate" => Validate(request),
            "reference" => Reference(request),
            "state" => State(),
            "info" => Info(),
            "warm" => await WarmAsync(),
            "cwd" => ChangeDirectory(request),
            _ => new JsonObject { ["error"] = $"unknown op {op}" },
        };
    }

    Script<object?> Submission(JsonObject request)
    {
        resolver.Add(request["nuget"] as JsonObject);
        var code = (string?)request["code"] ?? "";
        return state is null
            ? CSharpScript.Create<object?>(code, options)
            : state.Script.ContinueWith<object?>(code, options);
    }

    JsonObject Validate(JsonObject request)
    {
        var started = Stopwatch.StartNew();
        var diagnostics = Submission(request).Compile();
        return new JsonObject
        {
            ["diagnostics"] = Diagnostics(diagnostics),
            ["ms"] = started.Elapsed.TotalMilliseconds,
        };
    }

    async Task<JsonObject> EvaluateAsync(JsonObject request)
    {
        var started = Stopwatch.StartNew();
        var script = Submission(request);
        var diagnostics = script.Compile();
        var answer = new JsonObject { ["diagnostics"] = Diagnostics(diagnostics) };
        if (diagnostics.Any(d => d.Severity == DiagnosticSeverity.Error))
        {
            answer["ms"] = started.Elapsed.TotalMilliseconds;
            return answer;
        }
        using var capture = Capture.Start();
        Exception? thrown = null;
        try
        {
            state = state is null
                ? await script.RunAsync(catchException: _ => true)
                : await script.RunFromAsync(state, catchException: _ => true);
            thrown = state.Exception;
            submissions++;
            RememberUsings(script);
        }
        catch (Exception error)
        {
            thrown = error;
        }
        answer["stdout"] = capture.Stdout;
        answer["stderr"] = capture.Stderr;
        answer["output_cut"] = capture.WasCut;
        if (thrown is not null)
        {
            answer["exception"] = new JsonObject
            {
                ["type"] = thrown.GetType().FullName,
                ["message"] = thrown.Message,
                ["stack"] = UserFrames(thrown),
                ["out_of_memory"] = thrown is OutOfMemoryException || thrown.InnerException is OutOfMemoryException,
            };
        }
        else if (state is not null && ValueExpression(script) is { } expression)
        {
            var value = state.ReturnValue;
            answer["type"] = value is null ? StaticTypeName(script, expression) : CSharpName(value.GetType());
            answer["value"] = Display(value);
        }
        answer["ms"] = started.Elapsed.TotalMilliseconds;
        return answer;
    }

    void RememberUsings(Script script)
    {
        var root = (Microsoft.CodeAnalysis.CSharp.Syntax.CompilationUnitSyntax)script.GetCompilation().SyntaxTrees.Last().GetRoot();
        foreach (var directive in root.Usings)
        {
            var text = directive.ToString().Trim().TrimEnd(';');
            text = text.StartsWith("using ") ? text["using ".Length..].Trim() : text;
            if (!declaredUsings.Contains(text)) declaredUsings.Add(text);
        }
    }

    /// <summary>The final expression of a submission ending without ';', which gives its value.</summary>
    static Microsoft.CodeAnalysis.CSharp.Syntax.ExpressionSyntax? ValueExpression(Script script)
    {
        var root = (Microsoft.CodeAnalysis.CSharp.Syntax.CompilationUnitSyntax)script.GetCompilation().SyntaxTrees.Last().GetRoot();
        return root.Members.LastOrDefault() is Microsoft.CodeAnalysis.CSharp.Syntax.GlobalStatementSyntax
        {
            Statement: Microsoft.CodeAnalysis.CSharp.Syntax.ExpressionStatementSyntax statement,
        } && statement.SemicolonToken.IsMissing
            ? statement.Expression
            : null;
    }

    static string StaticTypeName(Script script, Microsoft.CodeAnalysis.CSharp.Syntax.ExpressionSyntax expression)
    {
        var compilation = script.GetCompilation();
        var type = compilation.GetSemanticModel(expression.SyntaxTree).GetTypeInfo(expression).Type;
        return type?.ToDisplayString(SymbolDisplayFormat.MinimallyQualifiedFormat) ?? "null";
    }

    static string Display(object? value)
    {
        var text = CSharpObjectFormatter.Instance.FormatObject(
            value,
            new PrintOptions { MaximumOutputLength = MaxDisplay, MemberDisplayFormat = MemberDisplayFormat.SingleLine });
        return text;
    }

    static readonly Dictionary<Type, string> Keywords = new()
    {
        [typeof(bool)] = "bool", [typeof(byte)] = "byte", [typeof(sbyte)] = "sbyte", [typeof(char)] = "char",
        [typeof(short)] = "short", [typeof(ushort)] = "ushort", [typeof(int)] = "int", [typeof(uint)] = "uint",
        [typeof(long)] = "long", [typeof(ulong)] = "ulong", [typeof(float)] = "float", [typeof(double)] = "double",
        [typeof(decimal)] = "decimal", [typeof(string)] = "string", [typeof(object)] = "object", [typeof(void)] = "void",
        [typeof(nint)] = "nint", [typeof(nuint)] = "nuint",
    };

    /// <summary>A runtime type as C# writes it: <c>List&lt;int&gt;</c>, <c>int[]</c>, <c>Outer.Inner</c>.</summary>
    static string CSharpName(Type type)
    {
        if (Keywords.TryGetValue(type, out var keyword)) return keyword;
        if (type.IsArray) return $"{CSharpName(type.GetElementType()!)}[{new string(',', type.GetArrayRank() - 1)}]";
        if (Nullable.GetUnderlyingType(type) is { } underlying) return $"{CSharpName(underlying)}?";
        var name = type.Name;
        var tick = name.IndexOf('`');
        if (tick >= 0) name = name[..tick];
        var outer = type.IsNested && !type.IsGenericParameter ? $"{CSharpName(type.DeclaringType!)}." : "";
        if (!type.IsGenericType) return outer + name;
        // Arguments of an enclosing generic type are repeated on the nested one: show only its own.
        var inherited = type.IsNested ? type.DeclaringType!.GetGenericArguments().Length : 0;
        var own = type.GetGenericArguments().Skip(inherited).ToArray();
        if (type.IsNested && type.DeclaringType!.IsGenericTypeDefinition && type.IsConstructedGenericType)
        {
            outer = $"{type.DeclaringType.Name.Split('`')[0]}<{string.Join(", ", type.GetGenericArguments().Take(inherited).Select(CSharpName))}>.";
        }
        return own.Length == 0 ? outer + name : $"{outer}{name}<{string.Join(", ", own.Select(CSharpName))}>";
    }

    static string UserFrames(Exception error)
    {
        // The frames below the submission are the worker's and Roslyn's, not the user's.
        var lines = (error.StackTrace ?? "").Split('\n')
            .TakeWhile(l => !l.Contains("Microsoft.CodeAnalysis.Scripting") && !l.Contains("ReplWorker."))
            .Where(l => !l.Contains("<<Initialize>>") && !l.Contains("--- End of stack trace"));
        return string.Join('\n', lines).TrimEnd();
    }

    static JsonArray Diagnostics(ImmutableArray<Diagnostic> diagnostics)
    {
        var list = new JsonArray();
        // CS1701/CS1702 (assembly version unification) are silenced by every SDK build too.
        foreach (var d in diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id is not ("CS1701" or "CS1702")))
        {
            var span = d.Location.GetLineSpan();
            list.Add(new JsonObject
            {
                ["id"] = d.Id,
                ["severity"] = d.Severity.ToString().ToLowerInvariant(),
                ["message"] = d.GetMessage(),
                ["line"] = span.StartLinePosition.Line + 1,
                ["column"] = span.StartLinePosition.Character + 1,
                ["end_line"] = span.EndLinePosition.Line + 1,
                ["end_column"] = span.EndLinePosition.Character + 1,
            });
        }
        return list;
    }

    JsonObject Reference(JsonObject request)
    {
        var paths = (request["paths"] as JsonArray ?? []).Select(p => (string)p!).Where(File.Exists).ToList();
        var fresh = paths.Except(references).ToList();
        references.AddRange(fresh);
        options = options.AddReferences(fresh.Select(p => MetadataReference.CreateFromFile(p)));
        var imports = (request["imports"] as JsonArray ?? []).Select(i => (string)i!).ToList();
        if (imports.Count > 0)
        {
            options = options.AddImports(imports);
        }
        return new JsonObject { ["added"] = fresh.Count, ["references"] = references.Count };
    }

    JsonObject State()
    {
        var variables = new JsonArray();
        if (state is not null)
        {
            // Later submissions may redeclare a name: show the live one only.
            foreach (var variable in state.Variables.GroupBy(v => v.Name).Select(g => g.Last()))
            {
                variables.Add(new JsonObject
                {
                    ["name"] = variable.Name,
                    ["type"] = CSharpName(variable.Type),
                    ["value"] = Display(variable.Value),
                });
            }
        }
        return new JsonObject
        {
            ["submissions"] = submissions,
            ["variables"] = variables,
            ["references"] = new JsonArray(references.Select(r => (JsonNode?)JsonValue.Create(r)).ToArray()),
            ["packages"] = new JsonArray(resolver.Packages.Select(p => (JsonNode?)JsonValue.Create(p)).ToArray()),
            ["imports"] = new JsonArray(options.Imports.Concat(declaredUsings).Distinct().Select(i => (JsonNode?)JsonValue.Create(i)).ToArray()),
            ["managed_bytes"] = GC.GetTotalMemory(false),
        };
    }

    static JsonObject Info() => new()
    {
        ["framework"] = System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription,
        ["language_version"] = LanguageVersion.Latest.MapSpecifiedToEffectiveVersion().ToDisplayString(),
        ["roslyn"] = typeof(CSharpScript).Assembly.GetName().Version?.ToString(),
        ["imports"] = new JsonArray(DefaultImports.Select(i => (JsonNode?)JsonValue.Create(i)).ToArray()),
        ["gc_heap_limit"] = GC.GetGCMemoryInfo().TotalAvailableMemoryBytes,
    };

    static JsonObject ChangeDirectory(JsonObject request)
    {
        Directory.SetCurrentDirectory((string)request["path"]!);
        return new JsonObject { ["cwd"] = Directory.GetCurrentDirectory() };
    }

    async Task<JsonObject> WarmAsync()
    {
        // Compile and run once so that Roslyn is jitted before the user's first submission.
        var started = Stopwatch.StartNew();
        var script = CSharpScript.Create<object?>("var warm = new List<int> { 1 }.Select(x => x + 1).Sum(); warm", options);
        await script.RunAsync();
        return new JsonObject { ["ms"] = started.Elapsed.TotalMilliseconds };
    }
}
