"""Headless Chromium for the map tests: install Debian's chromium on demand, open maps, report what happened."""
from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "MapPage", "ensure_chromium", "hover_node", "launch", "open_map",
           "render_tooltips"]

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium keeps calling home, which this machine's closed
# network refuses; the tests also assert that a map page itself makes no request at all.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: How long a map may take to draw in the tests (the bench measures the real figure).
DRAW_TIMEOUT_MS = 60_000


def ensure_chromium(timeout: float = 1200) -> str | None:
    """Install Debian's chromium when it is missing; return None when ready, else why it cannot be.

    Runs ``apt-get update`` and ``apt-get install -y chromium`` (as root, like this machine and CI).
    """
    if CHROMIUM.exists():
        return None
    if shutil.which("apt-get") is None:
        return "chromium is missing and apt-get is not available to install it"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return "chromium is missing and installing it with apt-get needs root"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update"], ["apt-get", "install", "-y", "chromium"]):
        try:
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as err:
            return f"{' '.join(command)} failed: {err}"
        if done.returncode != 0:
            tail = " ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
            return f"{' '.join(command)} exited {done.returncode}: {tail}"
    return None if CHROMIUM.exists() else "apt-get installed chromium but /usr/bin/chromium is missing"


def launch(playwright: Any) -> Any:
    """Start headless Debian chromium through Playwright (never Playwright's own browser download)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)


@dataclass
class MapPage:
    """An open map page and what it did while loading."""

    page: Any
    console_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def count(self, what: str) -> int:
        """Number of nodes or edges in pyvis's global ``network`` object."""
        return int(self.page.evaluate(f"network.body.data.{what}.length"))

    def close(self) -> None:
        self.page.close()


def open_map(browser: Any, path: Path, *, width: int = 1280, height: int = 900) -> MapPage:
    """Open ``path`` from a file:// URL and wait until the map has been drawn once."""
    page = browser.new_page(viewport={"width": width, "height": height})
    result = MapPage(page)
    page.on("console", lambda msg: result.console_errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda err: result.console_errors.append(f"uncaught: {err}"))
    page.on("request", lambda req: result.requests.append(req.url) if not req.url.startswith(("file:", "data:", "about:")) else None)
    page.goto(Path(path).resolve().as_uri(), wait_until="load")
    page.wait_for_function("window.kgMap && window.kgMap.drawn !== null", timeout=DRAW_TIMEOUT_MS)
    return result


def render_tooltips(page: Any) -> int:
    """Attach every node's and edge's tooltip element to the document (as a hover would); return how many."""
    return int(page.evaluate("""() => {
        const box = document.createElement("div");
        box.id = "all-tooltips";
        box.style.cssText = "position: fixed; left: -10000px; top: 0; width: 400px";  // rendered, out of the way
        document.body.appendChild(box);
        let n = 0;
        for (const kind of ["nodes", "edges"]) {
            network.body.data[kind].forEach(item => {
                if (item.title instanceof Element) { box.appendChild(item.title.cloneNode(true)); n += 1; }
            });
        }
        return n;
    }"""))


def hover_node(page: Any, node_id: str) -> str:
    """Move the mouse onto a node, wait for vis-network's tooltip, and return its text."""
    x, y = page.evaluate("""(id) => {
        network.focus(id, {scale: 1.5, animation: false});
        const p = network.canvasToDOM(network.getPositions([id])[id]);
        const box = document.querySelector("#mynetwork canvas").getBoundingClientRect();
        return [box.left + p.x, box.top + p.y];
    }""", node_id)
    page.mouse.move(x - 20, y - 20)
    page.mouse.move(x, y, steps=5)  # vis-network opens a tooltip on pointer moves over the node
    tooltip = page.wait_for_selector("div.vis-tooltip", state="visible", timeout=10_000)
    return str(tooltip.inner_text())
