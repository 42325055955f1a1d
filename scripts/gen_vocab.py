"""Regenerate the KG namespace class in kg/vocab.py from ontology/kg.ttl.

Runs rdflib's defined_namespace_creator (``--fail``) and splices its class body
between the ``# BEGIN GENERATED`` / ``# END GENERATED`` markers of kg/vocab.py.
tests/test_vocab.py fails when the two disagree.

    python scripts/gen_vocab.py
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NS = "https://w3id.org/paper-kg/ontology#"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "rdflib.tools.defined_namespace_creator",
             str(ROOT / "ontology" / "kg.ttl"), NS, "KG", "--fail"],
            cwd=tmp, check=True, capture_output=True,
        )
        generated = (Path(tmp) / "_KG.py").read_text()
    body = generated[generated.index("class KG"):]
    # Drop the placeholder docstring (it holds a timestamp) and keep one of our own.
    start = body.index('"""')
    end = body.index('"""', start + 3) + 3
    body = body[:start] + '"""Terms of the paper-kg ontology (ontology/kg.ttl)."""' + body[end:]
    vocab = ROOT / "kg" / "vocab.py"
    text = vocab.read_text()
    head, rest = text.split("# BEGIN GENERATED\n", 1)
    _, tail = rest.split("# END GENERATED\n", 1)
    vocab.write_text(head + "# BEGIN GENERATED\n" + body.rstrip() + "\n# END GENERATED\n" + tail)


if __name__ == "__main__":
    main()
