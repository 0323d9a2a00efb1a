"""What an editor draws over the code it shows: Roslyn's inlay hints (``inlay_hints``) and code lenses
counting a declaration's references, implementations and tests (``code_lens``), each for a range of
lines, so a front end asks only for what is on screen."""

from .code_lens import code_lens
from .inlay_hints import inlay_hints

__all__ = ["code_lens", "inlay_hints"]
