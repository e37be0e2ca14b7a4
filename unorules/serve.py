"""The ``unorules serve`` command: the built site (its dispute page above
all) served read-only from this computer, for the phones at the table.

``unorules serve [SITE]`` serves the folder ``SITE`` (default ``site``, what
``mkdocs build`` writes), or a ``.zip`` of it (the site's archive of a
release), on this computer only (``127.0.0.1``). With ``--lan`` it listens
on the home network too, prints the dispute page's address on it and a QR
code of that address to scan with a phone's camera. It serves files and
nothing else: GET and HEAD only, no folder listings, nothing outside
``SITE`` (no ``..``, no link that leads out). Ctrl-C (or SIGTERM) stops it
cleanly: the port is closed and an unpacked archive removed.

A page served over the home network is served over plain HTTP, which a
browser does not treat as a secure context: the page and its verdicts work
while this computer serves them, but the phone can neither install the
page on its home screen nor keep it for offline use from this address.
The published site (HTTPS) can.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any, Final

from unorules.errors import UnoError, msg, os_reason
from unorules.explanations.languages import ENGLISH, Wording

__all__ = ["ServeError", "add_parser", "lan_address", "run", "serve_folder", "site_folder"]

DEFAULT_SITE: Final = "site"
"""The folder ``mkdocs build`` writes, served when no SITE is given."""
DEFAULT_PORT: Final = 8000
MAX_ARCHIVE_BYTES: Final = 400 * 1024 * 1024
"""The most an archive may unpack to (the site with its engine is ~60 MB)."""

_TYPES: Final = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
}


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


class ServeError(UnoError):
    """``unorules serve`` cannot serve: no built site at the path given, an
    archive that is no site, a port that is taken."""


def add_parser(sub: Any, w: Wording = ENGLISH) -> None:
    """Add ``serve`` to the subcommands ``sub``, its help in ``w``'s language."""
    sv = sub.add_parser(
        "serve",
        help=_(w, "serve the dispute page and the site to phones at the table"),
        description=_(
            w,
            "Serve the built site (the folder SITE, default 'site', or a .zip of it) "
            "read-only from this computer. Only this computer can open it, unless --lan "
            "is given: then every device on the home network can, and the dispute page's "
            "address is printed with a QR code to scan. Ctrl-C stops it. Over the home "
            "network the page works while this computer serves it; installing it on a "
            "phone's home screen and using it offline need the published (https) site.",
        ),
    )
    sv.add_argument(
        "site",
        nargs="?",
        default=DEFAULT_SITE,
        metavar="SITE",
        help=_(w, "the built site: a folder, or a .zip of one (default: site)"),
    )
    sv.add_argument(
        "--lan",
        action="store_true",
        help=_(w, "listen on the home network too and print the address and a QR code"),
    )
    sv.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=_(w, "the port to listen on (default 8000; 0: any free port)"),
    )


def site_folder(path: Path) -> Path:
    """Check that ``path`` is a built site (it holds ``index.html``) and
    return it resolved.

    Raises:
        ServeError: ``path`` does not exist, is not a folder, or holds no
            ``index.html`` (not a built site).
    """
    if not path.exists():
        raise ServeError(
            msg(
                "no built site at {path}: build it with 'mkdocs build' in the "
                "repository, or give the site's folder or its .zip",
                path=str(path),
            )
        )
    if not path.is_dir():
        raise ServeError(msg("{path} is not a folder or a .zip of the site", path=str(path)))
    if not (path / "index.html").is_file():
        raise ServeError(
            msg(
                "{path} is no built site: it holds no index.html "
                "(build it with 'mkdocs build', which writes site/)",
                path=str(path),
            )
        )
    return path.resolve()


@contextlib.contextmanager
def _unpacked(archive: Path) -> Iterator[Path]:
    """The site in the zip ``archive`` unpacked into a temporary folder
    (removed on the way out). A zip that holds the site in one top folder
    is served from that folder.

    Raises:
        ServeError: not a zip, a member that would land outside the folder,
            more than :data:`MAX_ARCHIVE_BYTES` unpacked, no ``index.html``.
    """
    try:
        zf = zipfile.ZipFile(archive)
    except (zipfile.BadZipFile, OSError) as e:
        reason = os_reason(e) if isinstance(e, OSError) else "not a zip archive"
        raise ServeError(
            msg("cannot read {path}: {reason}", path=str(archive), reason=reason)
        ) from None
    folder = Path(tempfile.mkdtemp(prefix="unorules-site-"))
    try:
        with zf:
            total = 0
            for info in zf.infolist():
                target = (folder / info.filename).resolve()
                if not target.is_relative_to(folder.resolve()):
                    raise ServeError(
                        msg(
                            "{path}: the member {member} would land outside the site",
                            path=str(archive),
                            member=repr(info.filename),
                        )
                    )
                total += info.file_size
                if total > MAX_ARCHIVE_BYTES:
                    raise ServeError(
                        msg(
                            "{path} unpacks to more than {limit} MB: not a site's archive",
                            path=str(archive),
                            limit=MAX_ARCHIVE_BYTES // (1024 * 1024),
                        )
                    )
            zf.extractall(folder)
        entries = [p for p in folder.iterdir() if not p.name.startswith("__MACOSX")]
        root = entries[0] if len(entries) == 1 and entries[0].is_dir() else folder
        if not (root / "index.html").is_file():
            raise ServeError(
                msg("{path} is no site's archive: it holds no index.html", path=str(archive))
            )
        yield root
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class _StaticFiles(http.server.SimpleHTTPRequestHandler):
    """Files of one folder, read-only: GET and HEAD (any other method gets
    501 from the base class), no folder listings, nothing outside the
    folder, no log lines on the terminal."""

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        found = _TYPES.get(Path(path).suffix.lower())
        return found if found is not None else super().guess_type(path)

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        self.send_error(404, "Not found")
        return None

    def translate_path(self, path: str) -> str:
        found = super().translate_path(path)
        root = Path(self.directory).resolve()
        try:
            real = Path(found).resolve()
        except (OSError, RuntimeError):
            return str(root / ".missing")
        # A link that leads out of the site, and anything else outside it: not found.
        return found if real.is_relative_to(root) else str(root / ".missing")

    def end_headers(self) -> None:
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def lan_address() -> str | None:
    """This computer's address on the home network (the interface its
    default route goes out of), or ``None`` without one. Nothing is sent:
    a UDP socket is connected, not written to."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed on the internet
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(("127.", "0.")) else address


def serve_folder(folder: Path, host: str, port: int) -> http.server.ThreadingHTTPServer:
    """A server of the files in ``folder`` at ``host``:``port`` (0: a free
    port), not yet serving (call ``serve_forever``).

    Raises:
        ServeError: the port is taken or cannot be used.
    """
    handler = functools.partial(_StaticFiles, directory=str(folder))
    try:
        server = http.server.ThreadingHTTPServer((host, port), handler)
    except OverflowError:
        raise ServeError(msg("--port must be 0 to 65535, not {port}", port=port)) from None
    except OSError as e:
        raise ServeError(
            msg("cannot listen on port {port}: {reason}", port=port, reason=os_reason(e))
        ) from None
    server.daemon_threads = True
    return server


def _page(folder: Path, lang: str) -> str:
    """The path of the dispute page in ``lang`` (the English one when the
    build has no such language), or the home page when the build has no
    dispute page."""
    for path in ([f"{lang}/dispute/"] if lang != "en" else []) + ["dispute/"]:
        if (folder / path / "index.html").is_file():
            return path
    return ""


def _qr(text: str) -> str | None:
    """``text`` as a QR code drawn with block characters for a terminal,
    or ``None`` when the terminal cannot show them."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m").terminal(out=out, compact=True, border=2)
    drawn = out.getvalue()
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        drawn.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return None
    return drawn


def run(args: argparse.Namespace, w: Wording = ENGLISH) -> tuple[str, int]:
    """``unorules serve``: serve ``args.site`` until Ctrl-C or SIGTERM, then
    return the closing line and the exit status 0. The address (and with
    ``--lan`` the QR code) is printed on stdout as soon as the site is served.

    Raises:
        ServeError: no built site at ``args.site``, an archive that is no
            site, a port that is taken, ``--lan`` on a computer with no
            home network.
    """
    path = Path(args.site)
    port = int(args.port)
    if not 0 <= port <= 65535:
        raise ServeError(msg("--port must be 0 to 65535, not {port}", port=port))
    with contextlib.ExitStack() as stack:
        if path.is_file() and path.suffix.lower() == ".zip":
            folder = stack.enter_context(_unpacked(path))
        else:
            folder = site_folder(path)
        host = "0.0.0.0" if args.lan else "127.0.0.1"
        shown = "127.0.0.1"
        if args.lan:
            found = lan_address()
            if found is None:
                raise ServeError(
                    msg("--lan: this computer is on no network (no address other than 127.0.0.1)")
                )
            shown = found
        server = serve_folder(folder, host, port)
        stack.callback(server.server_close)
        address = f"http://{shown}:{server.server_address[1]}/{_page(folder, w.lang)}"
        lines = [_(w, "Serving {folder} at {address}").format(folder=folder, address=address)]
        if args.lan:
            lines.append(
                _(w, "Every device on this home network can open it. Scan with a phone's camera:")
            )
            drawn = _qr(address)
            if drawn is not None:
                lines.append(drawn.rstrip("\n"))
        else:
            lines.append(
                _(w, "Only this computer can open it; --lan opens it to the home network.")
            )
        lines.append(_(w, "Press Ctrl-C to stop."))
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
        _serve_until_stopped(server)
    return _(w, "Stopped: {address} is closed.").format(address=address), 0


def _serve_until_stopped(server: http.server.ThreadingHTTPServer) -> None:
    """Serve until Ctrl-C or SIGTERM; the server shut down on the way out."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    stop = threading.Event()

    def on_signal(number: int, frame: FrameType | None) -> None:
        stop.set()

    previous = None
    if threading.current_thread() is threading.main_thread():
        previous = signal.signal(signal.SIGTERM, on_signal)
    thread.start()
    try:
        while not stop.wait(0.2):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        thread.join(timeout=5)
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
