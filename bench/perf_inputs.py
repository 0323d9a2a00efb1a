"""The inputs every performance run asks about, for a generated solution of a given size: documentation
IDs for references, implementations, hierarchy and callers, and words for search (20+ each, spread
over the projects, hot symbols and cold ones)."""

from __future__ import annotations


def inputs(projects: int, files: int) -> dict[str, list[str]]:
    spread = sorted({round(i * (projects - 1) / 9) for i in range(10)})
    picks = [(p, (p * 7 + 3) % files) for p in spread]
    deep = [(p, f) for p, f in picks if p > 0 and f % 3 != 0] or picks
    hot = [
        "M:Bench.Core.Log.Write(System.String)",
        "M:Bench.Core.Log.Write(System.Int32)",
        "M:Bench.Core.Log.Write(System.String,System.Object[])",
        "M:Bench.Core.IEntity.Describe",
        "M:Bench.Core.Entity.Weight",
        "M:Bench.Core.Entity.Compute(System.Int32)",
        "M:Bench.Core.EntityExtensions.Label(Bench.Core.IEntity)",
        "M:Bench.Core.IRepository`1.Add(`0)",
        "T:Bench.Core.Repository`1",
        "T:Bench.Core.Entity",
    ]
    middle = picks[len(picks) // 2]
    return {
        # Asked right after the load, before the warm-up: a word and a type a user would start with.
        "first": {"search": "Model1", "references": f"T:Bench.P{middle[0]}.Model{middle[0]}_{middle[1]}"},
        "references": hot
        + [f"T:Bench.P{p}.Model{p}_{f}" for p, f in picks]
        + [f"M:Bench.P{p}.Model{p}_{f}.Describe" for p, f in picks[:5]],
        "search": [
            "Model1",
            "Step",
            "Handler",
            "IHandler",
            "Create",
            "Repository",
            "Label",
            "Weight",
            "Describe",
            "Tagged",
            "Pick",
            "Compute",
            "Log",
            "Entity",
            "Model2_1",
            "Model7",
            "Handler1",
            "Create2_",
            "Step1_2",
            "IEntity",
        ],
        "implementations": [
            "T:Bench.Core.IEntity",
            "T:Bench.Core.IRepository`1",
            "T:Bench.Core.IHandler`1",
            "T:Bench.Core.Entity",
            "M:Bench.Core.IEntity.Describe",
            "M:Bench.Core.Entity.Weight",
            "M:Bench.Core.Entity.Compute(System.Int32)",
            "M:Bench.Core.IRepository`1.Add(`0)",
        ]
        + [f"T:Bench.P{p}.IHandler{p}_{f}" for p, f in picks]
        + [f"T:Bench.P{p}.Model{p}_{f}" for p, f in deep[:4]],
        "hierarchy": [f"T:Bench.P{p}.Model{p}_{f}" for p, f in picks]
        + [f"T:Bench.P{p}.Handler{p}_{f}" for p, f in picks]
        + ["T:Bench.Core.Entity", "T:Bench.Core.IEntity"],
        "callers": [
            "M:Bench.Core.Entity.Weight",
            "M:Bench.Core.Log.Write(System.Int32)",
            "M:Bench.Core.EntityExtensions.Label(Bench.Core.IEntity)",
            "M:Bench.Core.IRepository`1.Add(`0)",
        ]
        + [f"M:Bench.P{p}.Model{p}_{f}.Create{p}_{f}(System.Int32)" for p, f in picks]
        + [f"M:Bench.P{p}.Model{p}_{f}.Describe" for p, f in picks],
    }
