"""Abbreviation (acronym) definitions in text: the Schwartz–Hearst algorithm.

Schwartz, A. S. & Hearst, M. A. (2003). A simple algorithm for identifying
abbreviation definitions in biomedical text. Pacific Symposium on Biocomputing.
Both orders are found: ``long form (SF)`` and ``SF (long form)``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Abbreviation", "find_abbreviations", "best_long_form", "is_short_form"]

_CLAUSE_RE = re.compile(
    r"^.*(?<![\w-])(?:we\s+\w+|is|are|was|were|which|this|our|its|their|termed|called)\s+",
    re.IGNORECASE | re.DOTALL)
_PAREN_RE = re.compile(r"\(([^()]{1,120})\)")
_WORD_RE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True)
class Abbreviation:
    """A short form defined by a long form, with character offsets into the text."""

    short: str
    short_start: int
    short_end: int
    long: str
    long_start: int
    long_end: int
    #: False for a creative acronym whose letters do not all spell the long form ("Forgetting Transformer (FoX)").
    exact: bool = True


def is_short_form(candidate: str) -> bool:
    """Schwartz–Hearst short-form test, tightened for ML text: needs an upper-case letter.

    >>> is_short_form("DPO"), is_short_form("LLMs"), is_short_form("e.g."), is_short_form("i")
    (True, True, False, False)
    """
    if not 2 <= len(candidate) <= 12 or len(candidate.split()) > 2:
        return False
    if not candidate[0].isalnum() or not any(c.isalpha() for c in candidate):
        return False
    if re.fullmatch(r"[IVX]+", candidate):  # "(II)", "(III)" number the items of a list
        return False
    return any(c.isupper() for c in candidate)


def best_long_form(short: str, long: str) -> str | None:
    """Shortest suffix of ``long`` whose characters cover ``short`` in order (Schwartz & Hearst, Fig. 2).

    Each character of the short form must appear in the long form, right to
    left, and the first one must start a word.

    >>> best_long_form("DPO", "with Direct Preference Optimization")
    'Direct Preference Optimization'
    >>> best_long_form("SAEs", "using sparse autoencoders")
    'sparse autoencoders'
    """
    s, l = len(short) - 1, len(long) - 1
    while s >= 0:
        c = short[s].lower()
        if not c.isalnum():
            s -= 1
            continue
        while l >= 0 and (long[l].lower() != c or (s == 0 and l > 0 and long[l - 1].isalnum())):
            l -= 1
        if l < 0:
            return None
        l -= 1
        s -= 1
    start = long.rfind(" ", 0, l + 1) + 1
    result = long[start:].strip()
    return result or None


#: Punctuation that ends a sentence or clause: a long form never reaches back over it.
_CLAUSE_END = (".", ";", ":", "!", "?")


def _long_form_window(text: str, end: int, short: str) -> tuple[int, str]:
    """The words before ``end``, at most min(|SF| + 5, 2|SF|) of them, not crossing a clause boundary."""
    limit = min(len(short) + 5, len(short) * 2)
    words = list(_WORD_RE.finditer(text, max(0, end - 300), end))
    words = words[-limit:]
    if words and words[-1].group().endswith(_CLAUSE_END):
        return end, ""  # "(SF)" opens a new sentence or clause: "… in applications. (II) the model"
    # Do not cross sentence or clause punctuation, nor an earlier parenthesis: in "diffusion models (IDM-VTON,
    # TPD) and three datasets (VITON-HD, …)" no long form of VITON-HD reaches back into the list.
    for index in range(len(words) - 2, -1, -1):
        if words[index].group().endswith((*_CLAUSE_END, ")")):
            words = words[index + 1:]
            break
    if not words:
        return end, ""
    start = words[0].start()
    return start, text[start:end]


# Markup that marks an acronym's letters: "\textbf{D}istributional \textbf{R}eward … (\textbf{DR})", "**P**olicy".
_MARKUP_RE = re.compile(r"\\(?:textbf|textit|emph|underline|textsc|texttt|mathbf|mathrm|mathit|text)\s*\{|\*\*|[{}$]")


def _without_markup(text: str) -> tuple[str, list[int]]:
    """``text`` with emphasis markup removed, and for each kept character its offset in ``text``."""
    kept: list[str] = []
    offsets: list[int] = []
    pos = 0
    for match in _MARKUP_RE.finditer(text):
        kept.append(text[pos:match.start()])
        offsets.extend(range(pos, match.start()))
        pos = match.end()
    kept.append(text[pos:])
    offsets.extend(range(pos, len(text)))
    return "".join(kept), offsets


def find_abbreviations(text: str) -> list[Abbreviation]:
    r"""All abbreviation definitions in ``text``, in order.

    Definitions whose letters are marked up (``\textbf{D}irect \textbf{P}reference
    \textbf{O}ptimization (\textbf{DPO})``) are found too; ``long`` is then the
    long form without markup and the offsets cover the marked-up text.

    >>> [(a.short, a.long) for a in find_abbreviations(
    ...     "fine-tuned with Direct Preference Optimization (DPO) and PPO.")]
    [('DPO', 'Direct Preference Optimization')]
    >>> [(a.short, a.long) for a in find_abbreviations("We use GRPO (group relative policy optimization).")]
    [('GRPO', 'group relative policy optimization')]
    >>> text = r"we propose \textbf{D}irect \textbf{P}reference \textbf{O}ptimization (\textbf{DPO})."
    >>> [(a.short, a.long, text[a.long_start:a.long_end]) for a in find_abbreviations(text)]
    [('DPO', 'Direct Preference Optimization', '\\textbf{D}irect \\textbf{P}reference \\textbf{O}ptimization')]
    """
    found = _find_plain(text)
    if "\\" not in text and "**" not in text:
        return found
    clean, offsets = _without_markup(text)
    if len(clean) == len(text):
        return found
    for abbr in _find_plain(clean):
        short_start, short_end = offsets[abbr.short_start], offsets[abbr.short_end - 1] + 1
        long_start, long_end = offsets[abbr.long_start], offsets[abbr.long_end - 1] + 1
        # Take in the markup that opens the first letter and closes the last one.
        opener = text.rfind(" ", 0, long_start) + 1
        if not _MARKUP_RE.sub("", text[opener:long_start]):
            long_start = opener
        while long_end < len(text) and text[long_end] in "}*$" and abbr.long_end < len(clean) and \
                offsets[abbr.long_end] > long_end:
            long_end += 1
        same = [a for a in found if a.short_start == short_start]
        if any(not _MARKUP_RE.search(a.long) for a in same):
            continue
        found = [a for a in found if a not in same]
        found.append(Abbreviation(abbr.short, short_start, short_end, abbr.long, long_start, long_end))
    return sorted(found, key=lambda a: a.short_start)


def _find_plain(text: str) -> list[Abbreviation]:
    found: list[Abbreviation] = []
    for match in _PAREN_RE.finditer(text):
        inner_start = match.start(1)
        inner = match.group(1)
        # "(SFT)" or "(SFT; ...)" / "(SFT, ...)": take the part before ";" or ",".
        head = re.split(r"[;,]", inner, maxsplit=1)[0]
        stripped = head.strip()
        offset = inner_start + head.index(stripped) if stripped else inner_start
        if is_short_form(stripped):
            window_start, window = _long_form_window(text, match.start(), stripped)
            clause = _CLAUSE_RE.search(window)  # a long form does not reach back over "we propose", "is", "that"
            if clause:
                window_start, window = window_start + clause.end(), window[clause.end():]
            window_stripped = window.rstrip()
            long = best_long_form(stripped, window_stripped)
            if long and _valid_pair(stripped, long):
                long_start = window_start + window_stripped.rindex(long)
                found.append(Abbreviation(stripped, offset, offset + len(stripped),
                                          long, long_start, long_start + len(long)))
                continue
            loose = _loose_long_form(stripped, window_stripped)
            if loose:
                long_start = window_start + len(window_stripped) - len(loose)
                found.append(Abbreviation(stripped, offset, offset + len(stripped),
                                          loose, long_start, long_start + len(loose), exact=False))
                continue
        # "SF (long form)": the word before "(" is the short form.
        # Look only at the last few characters: a regex anchored at "$" over the whole prefix is quadratic.
        window_start = max(0, match.start() - 40)
        before = re.search(r"(\S+)\s*$", text[window_start: match.start()])
        if before and len(stripped.split()) >= 2:
            short = before.group(1).strip("\"'“”")
            if is_short_form(short):
                long = best_long_form(short, stripped)
                # "LLMs (LLaMA-2/3 and GPT-OSS-20B)" lists examples: a long form has no versions or sizes.
                if long and long == stripped and _valid_pair(short, long) and not re.search(r"\d|/", long):
                    s_start = window_start + before.start(1) + before.group(1).index(short)
                    found.append(Abbreviation(short, s_start, s_start + len(short),
                                              long, offset, offset + len(long)))
    return found


_TITLE_RUN_END_RE = re.compile(
    r"(?<![\w-])[A-Z][\w’'-]*(?:\s+(?:(?:of|for|and|via|with|in|on|to)\s+)?[A-Z][\w’'-]*)+$")


def _loose_long_form(short: str, window: str) -> str | None:
    """A Title Case name right before a creative acronym that starts with the same letter.

    >>> _loose_long_form("FoX", "recovering ALiBi and the Forgetting Transformer")
    'Forgetting Transformer'
    >>> _loose_long_form("TriMS", "we propose Three-State Module Scheduling")
    'Three-State Module Scheduling'
    >>> _loose_long_form("DPO", "we use Reward Learning") is None
    True
    """
    if not (re.search(r"[a-z]", short) and sum(c.isupper() for c in short) >= 2 or len(short) >= 3 and short.isupper()):
        return None
    match = _TITLE_RUN_END_RE.search(window[-120:])
    if not match:
        return None
    run = match.group(0)
    starts = [m for m in re.finditer(r"\S+", run)]
    while starts and starts[0].group()[0].lower() != short[0].lower():
        starts = starts[1:]
    if len(starts) < 2 or len(starts) > len(short) + 3 or not starts[0].group()[0].isupper():
        return None
    long = run[starts[0].start():]
    words = long.split()
    # Most capitals of the short form should be initials of the long form's words or word parts.
    initials = {part[0].lower() for word in words for part in re.split(r"[-’']", word) if part}
    capitals = [c.lower() for c in short if c.isupper()]
    if sum(c in initials for c in capitals) < (len(capitals) + 1) // 2:
        return None
    return long


def _valid_pair(short: str, long: str) -> bool:
    if len(long) <= len(short) or short.lower() in long.lower().split():
        return False
    words = long.split()
    if len(words) > min(len(short) + 5, len(short) * 2):
        return False
    # A long form of one word must be much longer than a compressed acronym (not "Transformer (T)").
    return not (len(words) == 1 and len(short) < 2)
