"""Write a synthetic C# solution for benchmarks, shaped like real code and free of compiler errors.

- A project graph, not a chain: project p references P0 (the core), p-1 and p/2.
- Generics (a repository and a handler interface over entities, a generic method), partial classes,
  overloads (Log.Write x3, Compute x2), extension methods (Label, Tagged), inheritance several levels
  deep (Model p_f derives from Model (p-1)_f for two files in three, so chains run through every
  project) with virtual members overridden at each level, and many references to a few hot symbols
  (Log.Write, IEntity.Describe, Entity.Weight, Entity.Compute, EntityExtensions.Label).

    python bench/generate_solution.py /tmp/bench-sln --projects 25 --files 63   # the seed's scale
"""

from __future__ import annotations

import argparse
from pathlib import Path

PROJECT = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
  </PropertyGroup>
{references}</Project>
"""

CORE = """namespace Bench.Core;

/// <summary>Something stored, with an identity.</summary>
public interface IEntity
{
    int Id { get; }
    string Describe();
    int Weight();
}

/// <summary>The root of every model's inheritance chain.</summary>
public abstract class Entity : IEntity
{
    protected Entity(int id) => Id = id;

    public int Id { get; }

    public abstract string Describe();

    public virtual int Weight() => Id;

    public virtual int Compute(int value) => value + Id;

    public int Compute(int value, int scale) => Compute(value) * scale;

    public T Pick<T>(T left, T right) where T : IComparable<T> => left.CompareTo(right) >= 0 ? left : right;
}

public interface IRepository<T> where T : IEntity
{
    void Add(T item);
    T? Find(int id);
    IReadOnlyList<T> All();
}

public class Repository<T> : IRepository<T> where T : IEntity
{
    private readonly List<T> items = new();

    public void Add(T item) => items.Add(item);

    public T? Find(int id) => items.FirstOrDefault(item => item.Id == id);

    public IReadOnlyList<T> All() => items;
}

public interface IHandler<in T> where T : IEntity
{
    void Handle(T item);
}

public static class Log
{
    public static void Write(string message) => Console.Error.WriteLine(message);

    public static void Write(string format, params object[] args) => Console.Error.WriteLine(format, args);

    public static void Write(int code) => Console.Error.WriteLine(code);
}

public static class EntityExtensions
{
    public static string Label(this IEntity entity) => $"#{entity.Id}";

    public static T Tagged<T>(this T entity) where T : IEntity => entity;
}
"""

MODEL = """using Bench.Core;

namespace Bench.P{p};

/// <summary>Model {p}.{f}: derives from {base}.</summary>
public partial class Model{p}_{f} : {base}
{{
    public Model{p}_{f}(int id) : base(id) {{ }}

    public override string Describe()
    {{
        Log.Write("describe {p}.{f}");
        return this.Label() + Compute(Id);
    }}

    public override int Weight() => base.Weight() + {f};

    public override int Compute(int value) => value * {factor};
}}

public partial class Model{p}_{f}
{{
    public static Model{p}_{f} Create{p}_{f}(int id) => new(id);
{steps}}}

public interface IHandler{p}_{f}
{{
    void Handle(Model{p}_{f} model);
}}

public sealed class Handler{p}_{f} : IHandler{p}_{f}, IHandler<Model{p}_{f}>
{{
    public void Handle(Model{p}_{f} model) => Log.Write(model.Id);
}}
"""

STEP = """
    internal int Step{p}_{i}(IRepository<Model{p}_{f}> repository)
    {{
        var item = Create{p}_{f}({i}).Tagged();
        repository.Add(item);
        Log.Write("step {{0}}", item.Id);
        var other = new {other}({i});
        Log.Write(other.Describe());
        return other.Compute(item.Weight(), 2) + Pick({i}, {f});
    }}
"""


TEST_PROJECT = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <TargetFramework>net10.0</TargetFramework>
    <Nullable>enable</Nullable>
    <ImplicitUsings>enable</ImplicitUsings>
    <IsPackable>false</IsPackable>
  </PropertyGroup>
  <ItemGroup>
    <PackageReference Include="Microsoft.NET.Test.Sdk" Version="17.14.1" />
    <PackageReference Include="xunit" Version="2.9.3" />
    <PackageReference Include="xunit.runner.visualstudio" Version="3.1.4" />
  </ItemGroup>
  <ItemGroup>
{references}  </ItemGroup>
</Project>
"""

TEST_CLASS = """using Bench.Core;
using Xunit;

namespace Bench.Tests;

public class Model{p}Tests
{{
    [Fact]
    public void Describe_names_the_model() => Assert.NotEmpty(new Bench.P{p}.Model{p}_1(1).Describe());

    [Theory]
    [InlineData(2)]
    [InlineData(3)]
    public void Compute_scales(int value)
    {{
        Entity model = Bench.P{p}.Model{p}_2.Create{p}_2(value);
        Assert.True(model.Compute(value, 2) > 0);
    }}

    [Fact]
    public void Handler_handles() => new Bench.P{p}.Handler{p}_0().Handle(new Bench.P{p}.Model{p}_0(1));
}}
"""


def references_of(p: int) -> list[int]:
    return sorted({0, p - 1, p // 2} - {p}) if p else []


def generate(root: Path, projects: int, files: int, steps: int = 8, tests: bool = False) -> Path:
    """Write the solution under ``root``; returns the ``.slnx``. With ``tests``, a ``Bench.Tests``
    project (xUnit, restored from NuGet) with three tests for every fifth project's models."""
    root.mkdir(parents=True, exist_ok=True)
    entries = []
    for p in range(projects):
        directory = root / f"P{p}"
        directory.mkdir(exist_ok=True)
        refs = references_of(p)
        items = "".join(f'    <ProjectReference Include="../P{q}/P{q}.csproj" />\n' for q in refs)
        (directory / f"P{p}.csproj").write_text(
            PROJECT.format(references=f"  <ItemGroup>\n{items}  </ItemGroup>\n" if items else "")
        )
        if p == 0:
            (directory / "Core.cs").write_text(CORE)
        for f in range(files):
            base = "Entity" if p == 0 or f % 3 == 0 else f"Bench.P{p - 1}.Model{p - 1}_{f}"
            body = ""
            for i in range(steps):
                q = refs[i % len(refs)] if refs else 0
                g = (f + i + 1) % files
                body += STEP.format(p=p, f=f, i=i, other=f"Bench.P{q}.Model{q}_{g}")
            (directory / f"Model{f}.cs").write_text(MODEL.format(p=p, f=f, base=base, factor=f + 2, steps=body))
        entries.append(f'  <Project Path="P{p}/P{p}.csproj" />')
    if tests:
        directory = root / "Bench.Tests"
        directory.mkdir(exist_ok=True)
        tested = range(0, projects, 5)
        items = "".join(f'    <ProjectReference Include="../P{q}/P{q}.csproj" />\n' for q in range(projects))
        (directory / "Bench.Tests.csproj").write_text(TEST_PROJECT.format(references=items))
        for p in tested:
            (directory / f"Model{p}Tests.cs").write_text(TEST_CLASS.format(p=p))
        entries.append('  <Project Path="Bench.Tests/Bench.Tests.csproj" />')
    solution = root / "Bench.slnx"
    solution.write_text("<Solution>\n" + "\n".join(entries) + "\n</Solution>\n")
    return solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", type=Path)
    parser.add_argument("--projects", type=int, default=25)
    parser.add_argument("--files", type=int, default=63)
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--tests", action="store_true", help="add an xUnit test project")
    arguments = parser.parse_args()
    print(generate(arguments.root, arguments.projects, arguments.files, arguments.steps, arguments.tests))


if __name__ == "__main__":
    main()
