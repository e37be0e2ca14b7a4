"""``unorules simulate --workers 2`` ends its worker processes however it
ends: SIGTERM, SIGHUP, Ctrl-C (SIGINT) or an error in a bot. The command is
run as a real process; its workers are found in /proc and must be gone
within a bounded wait."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not os.path.isdir("/proc"),
    reason="finds the worker processes in /proc",
)

ROOT = Path(__file__).resolve().parent.parent


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``."""
    out = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                stat = f.read()
        except OSError:
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses.
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            out.add(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"  # a zombie has ended


def start(*extra: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    environ = dict(os.environ if env is None else env)
    environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), environ.get("PYTHONPATH", "")) if p
    )
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "unorules",
            "simulate",
            "--workers",
            "2",
            "--games",
            "1000000",
            "--no-progress",
            "--no-table",
            *extra,
        ],
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # SIGINT as at a terminal: a test runner's process may ignore it, and a
        # child would inherit that (Python then never raises KeyboardInterrupt).
        preexec_fn=_sigint_default,
    )


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def workers_of(process: subprocess.Popen[bytes]) -> set[int]:
    """Wait (at most 60 s) until the command runs two workers; their ids."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        # The pool's workers, not the resource tracker multiprocessing may add.
        found = {
            pid
            for pid in children(process.pid)
            if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()
        }
        if len(found) >= 2:
            return found
        time.sleep(0.1)
    process.kill()
    raise AssertionError("the workers did not start within 60 s")


def gone(pids: set[int], within: float = 15) -> set[int]:
    """The processes of ``pids`` still running after ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        left = {pid for pid in pids if alive(pid)}
        if not left:
            return set()
        time.sleep(0.1)
    return {pid for pid in pids if alive(pid)}


def finish(process: subprocess.Popen[bytes], workers: set[int]) -> tuple[int, str]:
    try:
        _, err = process.communicate(timeout=30)
    finally:
        for pid in gone(workers, 0):  # never leave one behind, even when failing
            os.kill(pid, signal.SIGKILL)
    return process.returncode, err.decode()


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGTERM, 128 + 15), (signal.SIGHUP, 128 + 1)]
)
def test_a_signal_to_end_ends_the_workers(signum: int, status: int) -> None:
    process = start()
    workers = workers_of(process)
    process.send_signal(signum)
    left = gone(workers)
    code, err = finish(process, workers)
    assert left == set(), f"workers left running: {left}"
    assert code == status, err
    assert "Traceback" not in err


def test_ctrl_c_ends_the_workers() -> None:
    process = start()
    workers = workers_of(process)
    process.send_signal(signal.SIGINT)
    left = gone(workers)
    code, err = finish(process, workers)
    assert left == set(), f"workers left running: {left}"
    assert code == 130
    assert "interrupted" in err


def test_a_bot_that_fails_ends_the_workers(tmp_path: Path) -> None:
    (tmp_path / "late_failing_bot.py").write_text(
        # a bot is made anew for each game: the clock starts when a worker imports it
        "import time\n"
        "from unorules.play.bots import RandomBot\n"
        "BORN = time.monotonic()\n"
        "class Late(RandomBot):\n"
        "    name = 'late'\n"
        "    def choose(self, state, seat, moves):\n"
        "        if time.monotonic() - BORN > 3:\n"
        "            raise RuntimeError('late failure')\n"
        "        return super().choose(state, seat, moves)\n",
        encoding="utf-8",
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tmp_path)
    process = start("--bots", "late_failing_bot:Late,random", env=env)
    workers = workers_of(process)
    left = gone(workers, within=60)
    code, err = finish(process, workers)
    assert left == set(), f"workers left running: {left}"
    assert code == 2
    assert "late failure" in err


def test_the_worker_asks_to_end_with_its_parent() -> None:
    """The second line: a worker killed with its parent by SIGKILL (no
    handler runs) still ends, by the kernel's parent-death signal."""
    process = start()
    workers = workers_of(process)
    process.kill()
    left = gone(workers)
    finish(process, workers)
    assert left == set(), f"workers left running: {left}"
