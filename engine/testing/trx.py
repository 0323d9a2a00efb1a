"""Reading test results from TRX files (the VSTest logger every framework's adapter writes through),
never from console text; with the assertion's expected and actual values where the message says them."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

_NS = {"t": "http://microsoft.com/schemas/VisualStudio/TeamTest/2010"}
_OUTCOMES = {"Passed": "passed", "Failed": "failed", "NotExecuted": "skipped", "Inconclusive": "skipped"}
# xUnit: "Expected: 8.98\nActual:   8.99"; NUnit: "Expected: 3\n  But was:  4"
_EXPECTED = re.compile(r"^\s*Expected:\s?(?P<value>.*)$", re.M)
_ACTUAL = re.compile(r"^\s*(?:Actual|But was):\s*(?P<value>.*)$", re.M)
# MSTest: "Assert.AreEqual failed. Expected:<3>. Actual:<4>."
_MSTEST = re.compile(r"Expected:<(?P<expected>.*?)>\.?\s*Actual:<(?P<actual>.*?)>", re.S)
_OUTPUT_LINES = 20


@dataclass(frozen=True)
class Outcome:
    name: str
    outcome: str
    seconds: float
    message: str
    stack_trace: str
    expected: str
    actual: str
    output: str


def read_results(path: Path) -> list[Outcome]:
    """Every result of one TRX file (a theory's rows each their own)."""
    root = ElementTree.parse(path).getroot()
    found = []
    for result in root.iterfind(".//t:Results/t:UnitTestResult", _NS):
        message = _text(result, "t:Output/t:ErrorInfo/t:Message")
        expected, actual = expected_and_actual(message)
        output = _text(result, "t:Output/t:StdOut")
        found.append(
            Outcome(
                name=result.get("testName", ""),
                outcome=_OUTCOMES.get(result.get("outcome", ""), result.get("outcome", "").lower()),
                seconds=_seconds(result.get("duration", "")),
                message=message.strip(),
                stack_trace=_text(result, "t:Output/t:ErrorInfo/t:StackTrace"),
                expected=expected,
                actual=actual,
                output="\n".join(output.splitlines()[:_OUTPUT_LINES]),
            )
        )
    return found


def expected_and_actual(message: str) -> tuple[str, str]:
    """The values an equality assertion compared, as the framework printed them; empty when it did not."""
    mstest = _MSTEST.search(message)
    if mstest:
        return mstest["expected"], mstest["actual"]
    expected, actual = _EXPECTED.search(message), _ACTUAL.search(message)
    if expected and actual:
        return expected["value"].strip(), actual["value"].strip()
    return "", ""


def _text(element: ElementTree.Element, path: str) -> str:
    found = element.find(path, _NS)
    return found.text or "" if found is not None else ""


def _seconds(duration: str) -> float:
    """``00:00:00.0053966`` -> 0.0053966."""
    try:
        hours, minutes, seconds = duration.split(":")
        return int(hours) * 3600 + int(minutes) * 60 + float(seconds)
    except ValueError:
        return 0.0


def framework_of_results(path: Path) -> str:
    """The target framework a TRX file's tests ran for (``net8.0``), from the test assembly's folder."""
    root = ElementTree.parse(path).getroot()
    unit = root.find(".//t:TestDefinitions/t:UnitTest", _NS)
    storage = unit.get("storage", "") if unit is not None else ""
    return Path(storage.replace("\\", "/")).parent.name if storage else ""
