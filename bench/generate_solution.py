"""Write a synthetic C# solution for benchmarks: N projects in a reference chain, M files each.

Each file holds an interface, a class implementing it, a partial class and calls into the
previous project, so references, implementations and call hierarchies have real work to do.

    python bench/generate_solution.py /tmp/bench-sln --projects 10 --files 40
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

FILE = """namespace Bench.P{p};

public interface IService{p}_{f}
{{
    int Compute(int value);
    string Name {{ get; }}
}}

public partial class Service{p}_{f} : IService{p}_{f}
{{
    private int _calls;
    public string Name => "Service{p}_{f}";

    public int Compute(int value)
    {{
        _calls++;
        return Helper(value) + {call};
    }}

    public int Compute(int value, int scale) => Compute(value) * scale;
}}

public partial class Service{p}_{f}
{{
    private static int Helper(int value) => value * {f} + 1;
}}

public static class Service{p}_{f}Extensions
{{
    public static int Twice(this IService{p}_{f} service, int value) => service.Compute(value) * 2;
}}
"""


def generate(root: Path, projects: int, files: int) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    entries = []
    for p in range(projects):
        directory = root / f"P{p}"
        directory.mkdir(exist_ok=True)
        reference = (
            f'  <ItemGroup><ProjectReference Include="../P{p - 1}/P{p - 1}.csproj" /></ItemGroup>\n' if p else ""
        )
        (directory / f"P{p}.csproj").write_text(PROJECT.format(references=reference))
        for f in range(files):
            call = f"new Bench.P{p - 1}.Service{p - 1}_{f}().Twice(value)" if p else "0"
            (directory / f"Service{f}.cs").write_text(FILE.format(p=p, f=f, call=call))
        entries.append(f'  <Project Path="P{p}/P{p}.csproj" />')
    solution = root / "Bench.slnx"
    solution.write_text("<Solution>\n" + "\n".join(entries) + "\n</Solution>\n")
    return solution


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", type=Path)
    parser.add_argument("--projects", type=int, default=10)
    parser.add_argument("--files", type=int, default=40)
    arguments = parser.parse_args()
    print(generate(arguments.root, arguments.projects, arguments.files))


if __name__ == "__main__":
    main()
