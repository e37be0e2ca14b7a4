"""Keep the gettext catalogs of unorules: extract, update, compile, check.

    python scripts/translations.py extract   # unorules/locale/<domain>.pot from the sources
    python scripts/translations.py update    # merge new texts into every <lang>/<domain>.po
    python scripts/translations.py compile   # <lang>/LC_MESSAGES/<domain>.mo
    python scripts/translations.py all       # the three in turn

Each step runs ``pybabel`` (Babel) and prints the command it runs. The
wheel's build compiles the catalogs itself (``hatch_build.py``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "unorules" / "locale"
LANGS = ("sv", "nb")

# domain -> (mapping file, keywords, sources). Every text a player reads is in
# exactly one domain; a module's `_(wording, "text")` calls belong to the
# domain of that module, `msg("text")` and `msg_n("one", "many", n)` calls
# anywhere to "errors".
DOMAINS: dict[str, tuple[str, list[str], list[str]]] = {
    "rules": (
        "babel/rules.cfg",
        ["_"],
        ["unorules/rules/catalogue.py", "unorules/rules/presets.py"],
    ),
    "sentences": (
        "babel/python.cfg",
        ["_:2", "_n:2,3", "N_"],
        ["unorules/explanations/sentences.py", "unorules/explanations/languages.py"],
    ),
    "verdicts": (
        "babel/python.cfg",
        ["_:2", "_n:2,3", "N_"],
        ["unorules/explanations/verdicts.py", "unorules/explanations/headline.py"],
    ),
    "errors": ("babel/python.cfg", ["msg", "msg_n:1,2"], ["unorules"]),
    "cli": (
        "babel/python.cfg",
        ["_:2", "_n:2,3", "N_"],
        [
            "unorules/cli.py",
            "unorules/judging.py",
            "unorules/table.py",
            "unorules/play/simulate.py",
            "unorules/record_commands.py",
            "unorules/serve.py",
        ],
    ),
}


def _pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", *args]
    print("pybabel", " ".join(args), flush=True)
    subprocess.run(command, cwd=ROOT, check=True)


def _same_but_date(a: Path, b: Path) -> bool:
    """Whether two templates differ in nothing but their creation date."""

    def body(path: Path) -> list[str]:
        lines = path.read_text(encoding="utf-8").splitlines()
        return [line for line in lines if not line.startswith('"POT-Creation-Date:')]

    return a.exists() and b.exists() and body(a) == body(b)


def extract() -> None:
    out_dir = Path(os.environ.get("TRANSLATIONS_OUT", LOCALE))
    for domain, (mapping, keywords, sources) in DOMAINS.items():
        sources = [s for s in sources if (ROOT / s).exists()]
        args = ["extract", "-F", mapping, "--no-default-keywords", "--sort-by-file"]
        args += [f"-k{k}" for k in keywords]
        args += ["--add-comments=NOTE", "--no-wrap", "--copyright-holder=unorules developers"]
        out = out_dir / f"{domain}.pot"
        fresh = out.with_suffix(".pot.new")
        args += ["--project=unorules", "-o", str(fresh), *sources]
        _pybabel(*args)
        if _same_but_date(fresh, out):
            fresh.unlink()  # nothing changed but the date: keep the file as it is
        else:
            fresh.replace(out)


def update() -> None:
    for domain in DOMAINS:
        for lang in LANGS:
            po = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            pot = f"unorules/locale/{domain}.pot"
            if po.exists():
                _pybabel(
                    "update",
                    "-D",
                    domain,
                    "-i",
                    pot,
                    "-d",
                    "unorules/locale",
                    "-l",
                    lang,
                    "--no-wrap",
                    "--ignore-obsolete",
                    "--no-fuzzy-matching",
                )
            else:
                _pybabel(
                    "init",
                    "-D",
                    domain,
                    "-i",
                    pot,
                    "-d",
                    "unorules/locale",
                    "-l",
                    lang,
                    "--no-wrap",
                )


def compile_() -> None:
    for domain in DOMAINS:
        _pybabel("compile", "-D", domain, "-d", "unorules/locale", "--statistics")


def main(argv: list[str]) -> int:
    steps = {
        "extract": [extract],
        "update": [update],
        "compile": [compile_],
        "all": [extract, update, compile_],
    }
    if len(argv) != 1 or argv[0] not in steps:
        print(__doc__)
        return 2
    for step in steps[argv[0]]:
        step()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
