"""The bulk ranking of names (``NameSet``) gives every name the rank ``match_rank`` gives it alone."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.symbols.matching import CAMEL, EXACT, PREFIX, SUBSTRING, NameSet, match_rank, text_may_declare

FIXTURES = Path(__file__).parent / "fixtures"


def identifiers() -> list[str]:
    text = " ".join(path.read_text(encoding="utf-8") for path in FIXTURES.rglob("*.cs"))
    found = set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", text))
    return sorted(
        found | {"IORepository", "GetByIdAsync", "XMLHttpRequest", "get_Value", "Ünïcode", "İstanbul", "_", "__", "Ω"}
    )


NAMES = identifiers()
# Two parts joined, as the solution's per-project tables are.
JOINED = NameSet.joined([NameSet.of(NAMES[: len(NAMES) // 2]), NameSet.of(NAMES[len(NAMES) // 2 :])])
WORDS = [
    "GBI",
    "gbi",
    "Order",
    "iorep",
    "Get",
    "e",
    "xhr",
    "HttpReq",
    "Val",
    "_",
    "get_",
    "Ü",
    "ist",
    "a.b",
    "(",
    "Ord*",
    "G?t*",
]
random.seed(11)
WORDS += ["".join(random.choice("abcdegimnorstGIORS_1") for _ in range(random.randint(1, 5))) for _ in range(150)]


@pytest.mark.parametrize("word", WORDS)
def test_same_ranks_as_one_name_at_a_time(word: str) -> None:
    alone = {index: rank for index, name in enumerate(NAMES) if (rank := match_rank(word, name)) is not None}
    assert JOINED.ranks(word) == alone


def test_every_rank_is_reached() -> None:
    ranks = set()
    for word in WORDS:
        ranks |= set(JOINED.ranks(word).values())
    assert ranks == {EXACT, PREFIX, CAMEL, SUBSTRING}
    get_by_id = NAMES.index("GetByIdAsync")
    assert JOINED.ranks("GBI")[get_by_id] == CAMEL
    assert JOINED.ranks("getbyidasync")[get_by_id] == EXACT


def test_names_without_humps_alone_are_ranked_too() -> None:
    # A part whose names have no humps at all (the set is made a text at a time, not a name at a time).
    alone = NameSet.joined([NameSet.of(["_", "Ω"]), NameSet.of(["__", "A_b"])])
    assert alone.ranks("_") == {0: EXACT, 2: PREFIX, 3: SUBSTRING}
    assert alone.ranks("ab") == {3: CAMEL}


@pytest.mark.parametrize("word", WORDS)
def test_a_file_declaring_a_match_passes_the_text_test(word: str) -> None:
    # The syntax view leaves out a project none of whose files passes: that must never drop a match.
    may_declare = text_may_declare(word)
    matched = [name for name in NAMES if match_rank(word, name) is not None]
    for name in matched:
        assert may_declare(f"namespace n {{ public partial class {name}<T> : Base {{ }} }}".lower()), name


def test_the_text_test_leaves_out_files_without_the_name() -> None:
    assert not text_may_declare("GetByIdAsync")("class repository { void get(int id) { } }")
    assert not text_may_declare("GBI")("class g { } class b { } class i { }")  # not within one word
    assert text_may_declare("GBI")("class repository { void getbyid() { } }")
    assert not text_may_declare("Ord*")("class xrder2 { }")
    assert text_may_declare("Ord*")("class order2 { }")


# Names the compiler gives that their declarations do not spell, and a declaration of each.
DECLARED_OTHERWISE = {
    "op_Addition": "public static money operator +(money a, money b) => a;",
    "op_Implicit": "public static implicit operator decimal(money m) => 0;",
    "Finalize": "~money() { }",
    "this[]": "public int this[int index] => index;",
    "Shop.Core.ILog.Write": "namespace shop.core; class auditlog : ilog { void ilog.write(string m) { } }",
    # Its namespace written in the declaration: one named by a using is the gap text_may_declare names.
    "System.Collections.Generic.IEnumerable<T>.GetEnumerator": (
        "class bag<t> : system.collections.generic.ienumerable<t> "
        "{ ienumerator<t> system.collections.generic.ienumerable<t>.getenumerator() => null; }"
    ),
}


@pytest.mark.parametrize("word", [*WORDS, "op", "add", "opadd", "Finalize", "fin", "this", "ILW", "log.w", "GetEnum"])
def test_a_name_the_text_spells_otherwise_passes_the_text_test(word: str) -> None:
    may_declare = text_may_declare(word)
    for name, declared in DECLARED_OTHERWISE.items():
        if match_rank(word, name) is not None:
            assert may_declare(declared), (word, name)
