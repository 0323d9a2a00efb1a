using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Host;

namespace RoslynTuiNative;

/// <summary>Roslyn's internal services, reached by reflection: the refactorings (Microsoft.CodeAnalysis.Features)
/// ChangeSignature and ExtractInterface drive with the answers the IDE's dialogs would give, and the workspace's
/// analyzer loader and metadata cache, which the projects MSBuild loads use.</summary>
static class RoslynInternals
{
    public static readonly BindingFlags Any = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;

    /// <summary>An internal type of the Features assembly, by its full name.</summary>
    public static Type Features(string fullName) =>
        Type.GetType(fullName + ", Microsoft.CodeAnalysis.Features", throwOnError: true)!;

    /// <summary>A property's or a field's value (Roslyn's internal types use both).</summary>
    public static object? Member(object owner, string name)
    {
        var type = owner.GetType();
        return type.GetProperty(name, Any) is { } property ? property.GetValue(owner) : type.GetField(name, Any)?.GetValue(owner);
    }

    /// <summary>The document's language service of an internal type; what a Roslyn without it lacks is said.</summary>
    public static object Service(Document document, Type serviceType, string what)
    {
        var getService = typeof(LanguageServices).GetMethod(nameof(LanguageServices.GetService))!.MakeGenericMethod(serviceType);
        return getService.Invoke(document.Project.Services, null)
            ?? throw new InvalidOperationException($"this Roslyn has no {what} service");
    }

    /// <summary>Await an internal method's Task and give its result.</summary>
    public static async Task<object> Invoke(object target, string method, object?[] arguments, int parameterCount = -1)
    {
        var found = target.GetType().GetMethods(Any)
            .First(m => m.Name == method && (parameterCount < 0 || m.GetParameters().Length == parameterCount));
        var task = (Task)found.Invoke(target, arguments)!;
        await task.ConfigureAwait(false);
        return task.GetType().GetProperty("Result")!.GetValue(task)!;
    }

    /// <summary><paramref name="method"/> of the workspace service of the internal type named, bound to
    /// the service; null where this Roslyn has no such service or method.</summary>
    public static Func<object?[], object?>? WorkspaceService(Workspace workspace, string typeName, string method)
    {
        var type = typeof(Workspace).Assembly.GetType(typeName);
        if (type is null) return null;
        var service = typeof(HostWorkspaceServices).GetMethod("GetService", Type.EmptyTypes)
            ?.MakeGenericMethod(type).Invoke(workspace.Services, null);
        var bound = type.GetMethod(method);
        return service is null || bound is null ? null : arguments => bound.Invoke(service, arguments);
    }
}
