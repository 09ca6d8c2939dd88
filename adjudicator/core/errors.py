"""Errors about input (never about the rules): they name where the problem is and what was
expected, so that a person can fix the input without reading a traceback."""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be read: a malformed position, action, request or file.

    ``code`` is stable and machine-readable; ``field`` locates the problem inside the input
    (``"position"``, ``"moves[3]"``, ``"line 4"``); ``expected`` says what would have been
    accepted; ``suggestion`` is the canonical spelling when one can be inferred.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        field: str | None = None,
        expected: str | None = None,
        suggestion: str | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.expected = expected
        self.suggestion = suggestion

    def at(self, field: str) -> InputError:
        """The same error located inside a larger input (``moves[2]`` of a request)."""
        inner = f"{field}.{self.field}" if self.field else field
        return InputError(
            self.code,
            self.message,
            field=inner,
            expected=self.expected,
            suggestion=self.suggestion,
        )

    def describe(self) -> str:
        """One line for a person: where, what, and what was expected."""
        parts = [f"{self.field}: {self.message}" if self.field else self.message]
        if self.expected:
            parts.append(f"expected {self.expected}")
        if self.suggestion:
            parts.append(f"did you mean {self.suggestion!r}?")
        return "; ".join(parts)

    def to_json(self) -> dict[str, str]:
        data = {"code": self.code, "message": self.describe()}
        if self.field:
            data["field"] = self.field
        if self.suggestion:
            data["suggestion"] = self.suggestion
        return data
