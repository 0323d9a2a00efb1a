"""Which methods are tests and which projects hold them: xUnit, NUnit and MSTest, by their attributes
(or attributes derived from them, as ``[SkippableFact]``) and their assemblies."""

from __future__ import annotations

from typing import Any

_TEST_ATTRIBUTES = {
    "Xunit.FactAttribute": "xUnit",
    "Xunit.TheoryAttribute": "xUnit",
    "NUnit.Framework.TestAttribute": "NUnit",
    "NUnit.Framework.TestCaseAttribute": "NUnit",
    "NUnit.Framework.TestCaseSourceAttribute": "NUnit",
    "NUnit.Framework.TheoryAttribute": "NUnit",
    "Microsoft.VisualStudio.TestTools.UnitTesting.TestMethodAttribute": "MSTest",
    "Microsoft.VisualStudio.TestTools.UnitTesting.DataTestMethodAttribute": "MSTest",
}
_FRAMEWORK_ASSEMBLIES = (
    "xunit.core.dll",
    "xunit.v3.core.dll",
    "nunit.framework.dll",
    "Microsoft.VisualStudio.TestPlatform.TestFramework.dll",
)


def test_framework(symbol: Any) -> str:
    """``xUnit``, ``NUnit`` or ``MSTest`` when ``symbol`` is a test method (its attribute, or one derived
    from it, as ``[SkippableFact]``), else empty."""
    if str(symbol.Kind) != "Method":
        return ""
    for attribute in symbol.GetAttributes():
        kind = attribute.AttributeClass
        while kind is not None:
            framework = _TEST_ATTRIBUTES.get(str(kind.ToDisplayString()))
            if framework:
                return framework
            kind = kind.BaseType
    return ""


def is_test_project(project: Any) -> bool:
    """A test project: it references xUnit, NUnit or MSTest."""
    return any(str(reference.Display or "").endswith(_FRAMEWORK_ASSEMBLIES) for reference in project.MetadataReferences)
