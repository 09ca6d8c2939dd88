"""Reading the rule data shipped with each game (``rules.yaml``) safely and fast.

PyYAML's safe loader in pure Python costs tens of milliseconds for one game's rule data,
paid by every command at start-up; its C counterpart (built on libyaml, shipped in PyYAML's
wheels) builds the same objects with the same safe constructors several times faster. The
pure-Python loader is the fallback where libyaml is missing.
"""

from __future__ import annotations

from typing import Any

import yaml

#: The safe loader, in C when PyYAML was built with libyaml.
SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` with the fastest safe loader available."""
    return yaml.load(text, Loader=SafeLoader)
