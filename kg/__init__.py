"""paper-kg: turn conference paper listings into a knowledge graph (spaCy, networkx, rdflib)."""
from .build import BuildResult, build, sample_paths
from .errors import InputError, KgError, ModelNotFound, OutputError
from .graphs import coauthor_graph, concept_graph, paper_graph
from .read import read_papers
from .records import Acronym, Author, ConceptKind, Corpus, Entity, Mention, Paper, Role
from .version import __version__

__all__ = [
    "__version__",
    "build",
    "BuildResult",
    "sample_paths",
    "read_papers",
    "coauthor_graph",
    "concept_graph",
    "paper_graph",
    "Acronym",
    "Author",
    "ConceptKind",
    "Corpus",
    "Entity",
    "Mention",
    "Paper",
    "Role",
    "KgError",
    "InputError",
    "OutputError",
    "ModelNotFound",
]
