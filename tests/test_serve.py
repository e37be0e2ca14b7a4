"""``unorules serve``: the built site served read-only, on this computer or
(``--lan``) the home network, with the dispute page's address and a QR code;
stopped cleanly by Ctrl-C and SIGTERM. Run as a real process, as a family's
laptop would run it."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno

from unorules.serve import lan_address

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small built site: a home page, the dispute page in English and
    Swedish, a folder without an index, a link that leads out of it."""
    folder = tmp_path / "site"
    (folder / "dispute").mkdir(parents=True)
    (folder / "sv" / "dispute").mkdir(parents=True)
    (folder / "assets").mkdir()
    (folder / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (folder / "dispute" / "index.html").write_text("<p>dispute</p>", encoding="utf-8")
    (folder / "sv" / "dispute" / "index.html").write_text("<p>tvist</p>", encoding="utf-8")
    (folder / "assets" / "engine.mjs").write_text("export {};", encoding="utf-8")
    (folder / "assets" / "python.wasm").write_bytes(b"\0asm\1\0\0\0")
    (tmp_path / "secret.txt").write_text("not the site's", encoding="utf-8")
    (folder / "leak.txt").symlink_to(tmp_path / "secret.txt")
    return folder


class Served:
    def __init__(self, process: subprocess.Popen[str], first: list[str]) -> None:
        self.process = process
        self.first = first

    @property
    def address(self) -> str:
        line = self.first[0]
        return line[line.index("http://") :].strip()

    def local(self, path: str) -> str:
        port = self.address.split(":")[2].split("/")[0]
        return f"http://127.0.0.1:{port}/{path}"


def _start(*args: str, env_lang: str = "en") -> Iterator[Served]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNORULES_LANG": env_lang, "PYTHONUTF8": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "unorules", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl-C" in line:
            break
    try:
        yield Served(process, lines)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _get(url: str, method: str = "GET") -> tuple[int, bytes, str]:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, b"", ""


def test_serves_the_site_read_only_on_this_computer(site: Path) -> None:
    for served in _start(str(site), "--port", "0"):
        assert served.address.startswith("http://127.0.0.1:")
        assert served.address.endswith("/dispute/")
        assert "--lan" in "".join(served.first)
        assert _get(served.address)[:2] == (200, b"<p>dispute</p>")
        assert _get(served.local(""))[:2] == (200, b"<p>home</p>")
        assert _get(served.local("assets/engine.mjs"))[2] == "text/javascript"
        assert _get(served.local("assets/python.wasm"))[2] == "application/wasm"
        # Read-only: no other method, no listing, nothing outside the site.
        assert _get(served.local(""), "POST")[0] == 501
        assert _get(served.local(""), "PUT")[0] == 501
        assert _get(served.local("assets/"))[0] == 404
        assert _get(served.local("leak.txt"))[0] == 404
        assert _get(served.local("../secret.txt"))[0] in (400, 404)
        assert _get(served.local("%2e%2e/secret.txt"))[0] in (400, 404)


def test_ctrl_c_and_sigterm_stop_it_cleanly(site: Path) -> None:
    for number in (signal.SIGINT, signal.SIGTERM):
        for served in _start(str(site), "--port", "0"):
            url = served.local("")
            assert _get(url)[0] == 200
            served.process.send_signal(number)
            out, err = served.process.communicate(timeout=20)
            assert served.process.returncode == 0, err
            assert f"Stopped: {served.address} is closed." in out
            assert "Traceback" not in err
            with pytest.raises(urllib.error.URLError):
                urllib.request.urlopen(url, timeout=5)


@pytest.mark.skipif(lan_address() is None, reason="this computer is on no network")
def test_lan_prints_the_address_and_a_qr_code(site: Path) -> None:
    for served in _start(str(site), "--port", "0", "--lan", "--lang", "sv"):
        address = lan_address()
        assert served.address.startswith(f"http://{address}:")
        # The page in the language asked for.
        assert served.address.endswith("/sv/dispute/")
        assert _get(served.address)[:2] == (200, b"<p>tvist</p>")
        text = "".join(served.first)
        drawn = [line for line in text.splitlines() if line and set(line) <= set("█▀▄ ")]
        # The code of the very address printed above it: two rows of modules
        # a line, a square of 21 modules or more with its quiet zone.
        expected = io.StringIO()
        segno.make(served.address, error="m").terminal(out=expected, compact=True, border=2)
        assert drawn == expected.getvalue().rstrip("\n").splitlines()
        width = len(drawn[0])
        assert width >= 21 + 4 and len(drawn) == (width + 1) // 2


def test_a_zip_of_the_site_is_served_and_removed_after(site: Path, tmp_path: Path) -> None:
    archive = tmp_path / "unorules-site.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in site.rglob("*"):
            if path.is_file() and not path.is_symlink():
                zf.write(path, "unorules-site/" + path.relative_to(site).as_posix())
    for served in _start(str(archive), "--port", "0"):
        assert _get(served.address)[:2] == (200, b"<p>dispute</p>")
        unpacked = Path(served.first[0].split(" at ")[0].removeprefix("Serving "))
        assert unpacked.is_dir()
        served.process.send_signal(signal.SIGINT)
        served.process.communicate(timeout=20)
        assert served.process.returncode == 0
        assert not unpacked.exists()


def _refused(*args: str) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNORULES_LANG": "en"}
    done = subprocess.run(
        [sys.executable, "-m", "unorules", "serve", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Traceback" not in done.stderr
    return done.returncode, done.stderr


def test_what_is_no_site_is_refused_clearly(site: Path, tmp_path: Path) -> None:
    code, err = _refused(str(tmp_path / "nowhere"))
    assert code == 2
    assert f"no built site at {tmp_path / 'nowhere'}" in err
    assert "mkdocs build" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    code, err = _refused(str(empty))
    assert code == 2 and "holds no index.html" in err
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip")
    code, err = _refused(str(bad))
    assert code == 2 and "not a zip archive" in err
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as zf:
        zf.writestr("../outside.html", "x")
    code, err = _refused(str(evil))
    assert code == 2 and "would land outside the site" in err
    assert not (tmp_path / "outside.html").exists()
    code, err = _refused(str(site), "--port", "70000")
    assert code == 2 and "--port must be 0 to 65535, not 70000" in err


def test_a_port_in_use_is_refused_clearly(site: Path) -> None:
    for served in _start(str(site), "--port", "0"):
        port = served.address.split(":")[2].split("/")[0]
        code, err = _refused(str(site), "--port", port)
        assert code == 2
        assert f"cannot listen on port {port}" in err
