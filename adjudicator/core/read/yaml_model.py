"""A YAML data file from outside (a case file, a board definition) read into a model: bytes
to text (:mod:`adjudicator.core.read.loading`), the bounded YAML reader, then the model
(:func:`adjudicator.core.read.records.load_model`). PyYAML is imported when a file is read, not
with the module: reading a record needs none of it."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

from adjudicator.core.errors import InputError, Place
from adjudicator.core.i18n import said
from adjudicator.core.read.loading import read_text
from adjudicator.core.read.records import load_model

M = TypeVar("M", bound=BaseModel)


def read_yaml_model(path: Path, model: type[M], *, trusted: bool = False) -> M:
    """A YAML data file (case file, board definition) validated against ``model``; an
    :class:`InputError` whose field names the file and the place in it. A ``trusted`` file
    (shipped with the package) is read by the plain safe loader, all in C, without the
    bounds that a file from outside needs."""
    import yaml

    from adjudicator.core.read.yaml_data import safe_load
    from adjudicator.core.read.yaml_guard import load_yaml
    from adjudicator.core.read.yaml_guard import reason as yaml_reason

    try:
        text = read_text(path)
        data = safe_load(text) if trusted else load_yaml(text)
        loaded, _ = load_model(model, data, lenient=False)
    except InputError as err:
        raise err.at(str(path)) from None
    except (yaml.YAMLError, ValueError) as exc:  # ValueError: a 5,000-digit integer
        mark = getattr(exc, "problem_mark", None)
        field = str(path)
        if mark:
            line, column = mark.line + 1, mark.column + 1
            field = Place.said("core.place.file_line_column", path=field, line=line, column=column)
        reason = yaml_reason(exc)
        raise InputError(
            "bad_yaml", said("core.yaml.not_valid", reason=reason), field=field
        ) from None
    return loaded
