"""Text normalisation shared by readers, identity and entity merging."""
from __future__ import annotations

import functools
import hashlib
import re
import unicodedata

__all__ = [
    "MATCHING",
    "clean_space",
    "name_key",
    "abstract_hash",
    "concept_key",
    "slug",
    "short_hash",
]

#: Unicode hyphens and dashes that papers use where ASCII has "-".
_DASH_CHARS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d"
_DASH_RE = re.compile(f"[{_DASH_CHARS}]")
_SPACE_RE = re.compile(r"\s+")
#: The text the extraction components match on: Unicode hyphens and dashes read as "-", the multiplication
#: sign as "x" ("ImageNet-256×256", "8×7B"); one character each, so offsets are unchanged.
MATCHING = str.maketrans({**{c: "-" for c in "\u2010\u2011\u2012\u2013\u2212\ufe63\uff0d"}, "\u00d7": "x"})
_LATEX_CMD_RE = re.compile(r"\\(?:textbf|texttt|textit|emph|mathrm|mathbf|mathcal|text|textsc)\s*\{([^{}]*)\}")
_LATEX_CHARS_RE = re.compile(r"[$\\{}*_^]")


def clean_space(text: str) -> str:
    """NFC-normalise and collapse runs of white space to one space.

    >>> clean_space("  Iva\u0301n   Arcuschin ")
    'Iván Arcuschin'
    """
    return _SPACE_RE.sub(" ", unicodedata.normalize("NFC", text)).strip()


def name_key(name: str) -> str:
    """Key that identifies an author name: NFC, case-folded, single spaces.

    >>> name_key("Carlton ZDANSKI") == name_key("Carlton  Zdanski")
    True
    """
    return clean_space(name).casefold()


def short_hash(text: str, length: int = 16) -> str:
    """Hex SHA-1 prefix of ``text`` (UTF-8); stable across runs and machines."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:length]


def abstract_hash(abstract: str, title: str | None = None) -> str:
    """Derived paper id: ``h`` + hash of the normalised abstract (or the title if no abstract).

    >>> abstract_hash("A  study.") == abstract_hash("a study.")
    True
    """
    basis = clean_space(abstract).casefold() or clean_space(title or "").casefold()
    return "h" + short_hash(basis)


def strip_latex(text: str) -> str:
    """Remove LaTeX markup but keep its letters: ``Best-of-$N$`` → ``Best-of-N``."""
    text = _LATEX_CMD_RE.sub(r"\1", text)
    return _LATEX_CHARS_RE.sub("", text)


def _singular(word: str) -> str:
    if len(word) > 3 and word.endswith("ies") and word[:-3].isalpha():
        return word[:-3] + "y"
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@functools.lru_cache(maxsize=262144)
def concept_key(text: str) -> str:
    """Key under which surface forms of one concept merge.

    Case-folded, Unicode dashes as ``-``, LaTeX stripped, white space and
    hyphens between words unified, last word singular.

    >>> concept_key("Sparse Auto\u2010encoders") == concept_key("sparse auto-encoder")
    True
    >>> concept_key("LLMs") == concept_key("LLM")
    True
    >>> concept_key("Best-of-$N$")
    'best of n'
    >>> concept_key("VQS") == concept_key("VQ")
    False
    """
    text = strip_latex(_DASH_RE.sub("-", unicodedata.normalize("NFKC", text)))
    last = text.replace("-", " ").split()[-1] if text.split() else ""
    # "VQS" is an acronym ending in S, not the plural of "VQ"; "LLMs" is a plural.
    keep_s = last.isupper() and last.endswith("S")
    text = text.casefold().replace("-", " ").replace("_", " ")
    words = _SPACE_RE.sub(" ", text).strip().split(" ")
    if words and words[-1] and not keep_s:
        words[-1] = _singular(words[-1])
    return " ".join(words)


def slug(text: str, max_length: int = 80) -> str:
    """ASCII slug for IRIs: accents folded, lower case, ``-`` between runs.

    >>> slug("Iván Arcuschin")
    'ivan-arcuschin'
    """
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out = re.sub(r"[^a-z0-9]+", "-", folded.lower()).strip("-")
    return out[:max_length].rstrip("-") or "x"
