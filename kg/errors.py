"""Exceptions raised by paper-kg; each carries where the problem is and what to do."""
from __future__ import annotations

__all__ = [
    "KgError",
    "InputError",
    "OutputError",
    "ModelNotFound",
    "ShapesViolation",
]


class KgError(Exception):
    """Base class of every expected paper-kg failure (exit code 1 on the command line)."""


class InputError(KgError):
    """A listing cannot be read; names the file and line and says what to do.

    Examples
    --------
    >>> str(InputError("missing abstract", path="a.jsonl", line=3, hint="add one"))
    'a.jsonl:3: missing abstract; add one'
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        hint: str | None = None,
    ) -> None:
        self.message = message
        self.path = path
        self.line = line
        self.hint = hint
        super().__init__(self.__str__())

    @property
    def location(self) -> str:
        if self.path is None:
            return ""
        return f"{self.path}:{self.line}" if self.line is not None else str(self.path)

    def __str__(self) -> str:
        text = f"{self.location}: {self.message}" if self.location else self.message
        return f"{text}; {self.hint}" if self.hint else text


class OutputError(KgError):
    """An output directory or file cannot be written."""


class ModelNotFound(KgError):
    """A spaCy model named with ``--model`` is not installed."""


class ShapesViolation(KgError):
    """A graph does not satisfy ontology/shapes.ttl."""
