"""Simulation on Ray: the same statistics as on this machine for the same
seed, whatever the number of workers; ``--ray`` on the command line; clear
errors for what cannot be sent, a missing Ray, a bad backend or address.

The tests start few Ray clusters (each takes seconds): one local Ray that
``simulate`` starts and shuts down itself, one for the rest of the module
(2 CPUs, shut down at its end), to which a command in another process also
connects by address.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

# Ray binds a single-node cluster to the loopback address instead of the
# machine's network address; read when ray is imported, by its workers too.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

ray = pytest.importorskip("ray", reason="the ray extra is not installed: pip install -e '.[ray]'")

# One local Ray for the module, on one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("ray")

from unorules import cli  # noqa: E402
from unorules.errors import UnoError  # noqa: E402
from unorules.play import ray_backend  # noqa: E402
from unorules.play.bots import BotSpecError, HeuristicBot  # noqa: E402
from unorules.play.simulate import (  # noqa: E402
    RayCluster,
    _Job,
    add_parser,
    format_table,
    run,
    simulate,
)
from unorules.rules import presets  # noqa: E402

MIXED = ["heuristic", "random", "heuristic", "random"]


def _cli(*argv: str) -> str:
    parser = argparse.ArgumentParser(prog="unorules")
    sub = parser.add_subparsers(dest="command", required=True)
    add_parser(sub)
    args = parser.parse_args(["simulate", "--no-progress", *argv])
    assert args.func is run
    result: str = args.func(args)
    return result


def _without_run_fields(text: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(text)
    del data["elapsed_s"], data["backend"], data["ray"]
    return data


# --- before the module's cluster: simulate starts and stops Ray itself ------------------


def test_without_an_address_a_local_ray_is_started_for_the_run_and_shut_down() -> None:
    assert not ray.is_initialized()
    local = simulate("official", MIXED, rounds=6, seed=3, workers=2)
    on_ray = simulate("official", MIXED, rounds=6, seed=3, workers=2, backend="ray")
    assert on_ray.backend == "ray" and on_ray.workers == 2
    assert on_ray.stats == local.stats and on_ray.games == local.games
    assert on_ray.ray == RayCluster("started", None, 1, 2)
    header = format_table(on_ray).splitlines()[3]
    assert header == "Ray: a local Ray of 2 CPU(s) started for the run, 2 task(s) at once"
    assert local.ray is None and "Ray:" not in format_table(local)
    assert not ray.is_initialized()


@pytest.mark.parametrize(
    ("address", "message"),
    [
        (
            "127.0.0.1:1",
            "cannot connect to the Ray cluster at '127.0.0.1:1': nothing listens there",
        ),
        ("ray://127.0.0.1:1", "cannot connect to the Ray cluster at 'ray://127.0.0.1:1': nothing"),
        ("nosuchhost.invalid:6379", "the host 'nosuchhost.invalid' is not known"),
        ("head-node", "address 'head-node' is not a Ray address: give auto, host:port"),
        ("127.0.0.1:http", "'127.0.0.1:http' is not a Ray address"),
        ("", "address '' is not a Ray address"),
        ("http://127.0.0.1:8265", "address 'http://127.0.0.1:8265' is a web address"),
    ],
)
def test_a_bad_or_unreachable_address_is_named(address: str, message: str) -> None:
    assert not ray.is_initialized()
    with pytest.raises(UnoError, match=re.escape(message)):
        simulate("official", MIXED, rounds=2, backend="ray", address=address)
    assert not ray.is_initialized()


def test_a_malformed_ray_address_in_the_environment_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "http://head:8265")
    with pytest.raises(UnoError, match=r"^RAY_ADDRESS 'http://head:8265' is a web address"):
        simulate("official", MIXED, rounds=2, backend="ray")
    assert not ray.is_initialized()


def test_without_an_address_ray_address_is_the_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
    with pytest.raises(
        UnoError, match=re.escape("cannot connect to the Ray cluster at '127.0.0.1:1'")
    ):
        simulate("official", MIXED, rounds=2, backend="ray")
    assert not ray.is_initialized()


def test_the_command_says_so_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "--rounds", "2", "--ray", "127.0.0.1:1", "--json"])
    out, err = capsys.readouterr()
    assert code == 2 and err == ""
    error = json.loads(out)["error"]
    assert error["message"].startswith("cannot connect to the Ray cluster at '127.0.0.1:1'")
    assert "is it running ('ray start --head' on its head node)" in error["message"]
    assert "Traceback" not in error["message"]


# --- no cluster needed ------------------------------------------------------------------


def test_without_ray_installed_the_error_gives_the_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    with pytest.raises(UnoError, match=r'pip install "unorules\[ray\]"') as caught:
        simulate("official", MIXED, rounds=2, backend="ray")
    assert 'pip install "unorules[ray]"' in caught.value.text_in("sv")
    assert caught.value.text_in("sv") != str(caught.value)
    # The local backend does not need it.
    assert simulate("official", MIXED, rounds=2).backend == "local"


def test_the_command_without_ray_names_the_option(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    assert cli.main(["simulate", "--rounds", "2", "--ray", "--no-table"]) == 2
    assert capsys.readouterr().err == (
        "unorules simulate: error: --ray needs Ray, which is not installed here: pip install "
        '"unorules[ray]" (in a clone of unorules: pip install ".[ray]")\n'
    )


class _NoStart:
    """Ray that cannot start a local instance."""

    cloudpickle = ray.cloudpickle
    exceptions = ray.exceptions

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: object) -> None:
        assert kwargs["address"] == "local"
        raise RuntimeError("Failed to start the GCS server")


def test_a_local_ray_that_does_not_start_says_what_is_true(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(ray_backend, "_import_ray", lambda: _NoStart())
    with pytest.raises(UnoError) as caught:
        simulate("official", MIXED, rounds=2, backend="ray")
    message = str(caught.value)
    assert message.startswith(
        "could not start a local Ray for the run (RuntimeError: Failed to start the GCS "
        "server); a Ray started for the run is always a new one"
    )
    assert "--ray auto" not in message and "--ray ADDRESS" in message


class _Resolving:
    def __init__(self, gcs: object) -> None:
        self.gcs = gcs

    def get_runtime_context(self) -> object:
        return argparse.Namespace(gcs_address=self.gcs)


def test_the_address_shown_is_the_one_ray_resolved() -> None:
    resolving = _Resolving("10.0.0.5:6379")
    assert ray_backend._resolved(resolving, "auto") == "10.0.0.5:6379"  # type: ignore[arg-type]
    assert ray_backend._resolved(resolving, "ray://h:10001") == "ray://h:10001"  # type: ignore[arg-type]
    assert ray_backend._resolved(_Resolving(None), "auto") == "auto"  # type: ignore[arg-type]


def test_ray_logs_are_quieted_before_ray_is_used() -> None:
    import logging

    level = logging.getLogger("ray").level
    try:
        logging.getLogger("ray").setLevel(logging.INFO)
        ray_backend._quiet_ray_logs()
        assert logging.getLogger("ray").level == logging.ERROR
    finally:
        logging.getLogger("ray").setLevel(level)


class _Refused:
    """Ray as it meets a cluster that refuses it (a missing token): ``init``
    retries until released."""

    cloudpickle = ray.cloudpickle
    exceptions = ray.exceptions

    def __init__(self) -> None:
        self.released = threading.Event()

    def is_initialized(self) -> bool:
        return False

    def init(self, **kwargs: object) -> None:
        self.released.wait()


def test_a_cluster_that_never_lets_ray_in_is_given_up_in_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    refused = _Refused()
    monkeypatch.setattr(ray_backend, "_import_ray", lambda: refused)
    monkeypatch.setattr(ray_backend, "INIT_TIMEOUT_S", 0.2)
    with socket.create_server(("127.0.0.1", 0)) as head:
        address = f"127.0.0.1:{head.getsockname()[1]}"
        try:
            with pytest.raises(UnoError, match=r"within 0\.2 s: .* set RAY_AUTH_MODE=token") as e:
                simulate("official", MIXED, rounds=2, backend="ray", address=address)
        finally:
            refused.released.set()
    assert str(e.value).startswith(f"Ray did not connect to the cluster at '{address}'")


class _Locked(HeuristicBot):
    """A bot holding a lock: it copies for a game, but cannot be serialized."""

    name = "locked"

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()

    def __deepcopy__(self, memo: dict[int, object]) -> _Locked:
        return _Locked()


def test_a_bot_ray_cannot_send_is_named_as_for_local_workers() -> None:
    with pytest.raises(BotSpecError, match=r"seat 1 .* cannot be sent to a worker process"):
        simulate("official", ["random", _Locked()], rounds=4, backend="ray")
    assert not ray.is_initialized()  # refused before any cluster is started


@pytest.mark.parametrize(
    ("backend", "address", "message"),
    [
        ("spark", None, 'backend must be "local" or "ray", not \'spark\''),
        ("Ray", None, "not 'Ray'"),
        ("local", "auto", "address 'auto' is for backend=\"ray\""),
    ],
)
def test_a_bad_backend_is_named(backend: str, address: str | None, message: str) -> None:
    with pytest.raises(UnoError, match=message):
        simulate("official", MIXED, rounds=2, backend=backend, address=address)


# --- on the module's cluster ------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A local Ray of 2 CPUs for the module's tests; its address."""
    context = ray.init(
        address="local", num_cpus=2, include_dashboard=False, logging_level="WARNING"
    )
    try:
        yield str(context.address_info["gcs_address"])
    finally:
        ray.shutdown()


@pytest.mark.parametrize("workers", [1, 2])
def test_rounds_give_the_same_statistics_as_locally(cluster: str, workers: int) -> None:
    local = simulate("official", ["heuristic"] * 3, rounds=12, seed=7, workers=workers)
    on_ray = simulate(
        "official", ["heuristic"] * 3, rounds=12, seed=7, workers=workers, backend="ray"
    )
    assert on_ray.stats == local.stats and on_ray.games == local.games
    assert on_ray.workers == workers and on_ray.backend == "ray"
    assert ray.is_initialized()  # a Ray this process had started stays up


@pytest.mark.parametrize("workers", [1, 2])
def test_games_give_the_same_statistics_as_locally(cluster: str, workers: int) -> None:
    rules = "official+score.target=200"
    local = simulate(rules, MIXED, games=4, seed=42, workers=1)
    on_ray = simulate(rules, MIXED, games=4, seed=42, workers=workers, backend="ray")
    assert on_ray.stats == local.stats and on_ray.games == local.games
    other = simulate(rules, MIXED, games=4, seed=43, workers=workers, backend="ray")
    assert other.games != on_ray.games


def test_progress_is_reported_as_chunks_finish(cluster: str) -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        "official",
        MIXED,
        rounds=20,
        seed=1,
        workers=2,
        backend="ray",
        progress=lambda done, total: seen.append((done, total)),
    )
    done = [d for d, _ in seen]
    assert done == sorted(done) and done[-1] == 20 and len(done) > 1
    assert {t for _, t in seen} == {20}


def test_a_bot_raising_in_a_task_is_named(cluster: str) -> None:
    class Broken(HeuristicBot):
        name = "broken"

        def choose(self, state, seat, moves):  # type: ignore[no-untyped-def]
            raise RuntimeError("out of ideas")

    with pytest.raises(UnoError, match="broken bot at seat 0") as caught:
        simulate("official", [Broken(), "random"], rounds=2, backend="ray")
    assert type(caught.value).__name__ == "BotError"


def test_cli_ray_json_is_the_local_json(cluster: str) -> None:
    argv = ("--rounds", "10", "--bots", "heuristic,random,random", "--seed", "5", "--json")
    local = _cli(*argv, "--workers", "2")
    on_ray = _cli(*argv, "--workers", "2", "--ray")
    assert json.loads(on_ray)["backend"] == "ray" and json.loads(local)["backend"] == "local"
    assert _without_run_fields(on_ray) == _without_run_fields(local)


_BOT = '''
import unorules as ur


class Drawer:
    """Draws when it may, else the first move."""

    name = "drawer"

    def choose(self, state, seat, moves):
        return next((m for m in moves if isinstance(m, ur.Draw)), moves[0])

    def react(self, state, seat, moves):
        return None
'''


def test_command_connects_by_address_with_a_bot_of_its_directory(
    cluster: str, tmp_path: Path
) -> None:
    (tmp_path / "drawerbot.py").write_text(_BOT, encoding="utf-8")
    argv = ["--rounds", "4", "--bots", "drawerbot:Drawer,heuristic", "--json", "--no-progress"]
    command = [sys.executable, "-m", "unorules", "simulate", *argv]
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_AUTH_MODE"] = "token"  # the module's cluster has the token of ~/.ray/auth_token
    local = subprocess.run(
        [*command, "--record", "here"], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert local.returncode == 0, local.stderr
    # A relative folder: the records come back from the tasks and are written here.
    remote = subprocess.run(
        [*command, "--ray", cluster, "--workers", "2", "--record", "relrec"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert remote.returncode == 0, remote.stderr
    # only the note on the records' new folder: none of Ray's log lines (token
    # authentication, ...)
    assert remote.stderr.splitlines() == [
        f"simulate: made the folder {tmp_path / 'relrec'} for the records"
    ]
    _assert_same_files(tmp_path / "here", tmp_path / "relrec", 4)
    data = json.loads(remote.stdout)
    assert data["stats"]["bots"] == ["drawer", "heuristic"]
    assert data["ray"] == {"kind": "connected", "address": cluster, "nodes": 1, "cpus": 2}
    assert _without_run_fields(remote.stdout) | {"workers": 1} == _without_run_fields(local.stdout)
    # The cluster is left running for whoever else uses it.
    assert ray.cluster_resources().get("CPU") == 2


def _assert_same_files(one: Path, other: Path, count: int) -> None:
    names = sorted(p.name for p in one.iterdir())
    assert names == [f"game-{i:06d}.jsonl" for i in range(count)]
    assert sorted(p.name for p in other.iterdir()) == names
    for name in names:
        assert (one / name).read_bytes() == (other / name).read_bytes()


def test_local_workers_start_fresh_while_ray_is_connected(cluster: str) -> None:
    """Ray's client does not survive a fork (a forked worker could crash in
    its destructor as it ended, and break the pool): while this process is
    connected, the local workers are spawned; once it is not, forked again."""
    from unorules.play import simulate as simulate_module

    assert ray.is_initialized()
    context = simulate_module._pool_context()
    assert context is not None and context.get_start_method() == "spawn"
    # The spawned workers play the same games as one process.
    alone = simulate("official", MIXED, seed=5, rounds=4)
    spawned = simulate("official", MIXED, seed=5, rounds=4, workers=2)
    assert spawned.workers == 2
    assert spawned.stats == alone.stats and spawned.games == alone.games


def test_local_workers_fork_without_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    from unorules.play import simulate as simulate_module

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    assert simulate_module._pool_context() is None
    monkeypatch.delitem(sys.modules, "ray")
    assert simulate_module._pool_context() is None


@pytest.mark.parametrize("rounds", [True, False])
def test_records_written_on_ray_are_the_local_ones_byte_for_byte(
    cluster: str, tmp_path: Path, rounds: bool
) -> None:
    count = {"rounds": 6} if rounds else {"games": 3}
    local = simulate("official", MIXED, seed=4, record=tmp_path / "local", **count)
    workers = simulate("official", MIXED, seed=4, workers=2, record=tmp_path / "pool", **count)
    on_ray = simulate(
        "official", MIXED, seed=4, workers=2, backend="ray", record=tmp_path / "ray", **count
    )
    n = 6 if rounds else 3
    _assert_same_files(tmp_path / "local", tmp_path / "ray", n)
    _assert_same_files(tmp_path / "local", tmp_path / "pool", n)
    assert local.games == workers.games == on_ray.games


_PIP_ENV = """
import sys
import ray
from unorules.play.simulate import simulate

ray.init(address=sys.argv[1], runtime_env={"pip": ["unorules-not-a-package"]},
         logging_level="ERROR", log_to_driver=False)
try:
    simulate("official", ["heuristic"] * 2, rounds=2, backend="ray")
except ValueError as e:
    print(type(e).__name__, e)
"""


@pytest.mark.skipif(
    importlib.util.find_spec("virtualenv") is not None,
    reason="Ray's pip runtime_env fails for want of virtualenv only where it is missing",
)
def test_a_runtime_env_ray_cannot_set_up_is_named_not_a_missing_bot(
    cluster: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_AUTH_MODE"] = "token"
    done = subprocess.run(
        [sys.executable, "-c", _PIP_ENV, cluster],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.strip()
    assert out.startswith(
        "UnoError Ray could not set up the runtime environment on a node: "
        "ModuleNotFoundError: No module named 'virtualenv'; check the runtime_env"
    ), out
    assert "virtualenv installed on every node" in out
    assert "could not load the code of this run" not in out


def test_the_ray_that_played_is_in_the_table_and_the_json(cluster: str) -> None:
    argv = ("--rounds", "4", "--bots", "heuristic,random", "--workers", "2", "--ray")
    table = _cli(*argv)
    assert table.splitlines()[3] == (
        "Ray: the Ray this process had initialized, 1 node(s) with 2 CPU(s), 2 task(s) at once"
    )
    data = json.loads(_cli(*argv, "--json"))
    assert data["backend"] == "ray" and data["workers"] == 2
    assert data["ray"] == {"kind": "initialized", "address": None, "nodes": 1, "cpus": 2}


def _command(
    cluster: str, cwd: Path, env_changes: dict[str, str], *argv: str
) -> subprocess.CompletedProcess[str]:
    """``unorules simulate --ray CLUSTER --json`` in another process."""
    env = {k: v for k, v in os.environ.items() if k not in ("RAY_ADDRESS", "RAY_AUTH_TOKEN")}
    env["RAY_AUTH_MODE"] = "token"
    env.update(env_changes)
    command = [sys.executable, "-m", "unorules", "simulate", "--rounds", "4", "--no-progress"]
    return subprocess.run(
        [*command, "--ray", cluster, "--json", "--no-table", *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_a_cluster_refusing_the_token_says_so_and_what_to_do(cluster: str, tmp_path: Path) -> None:
    # No token (authentication off here): Ray's own first answer is refused.
    off = _command(cluster, tmp_path, {"RAY_AUTH_MODE": "disabled"})
    assert off.returncode == 2
    message = json.loads(off.stdout)["error"]["message"]
    assert message.startswith(
        f"cannot connect to the Ray cluster at '{cluster}': it uses token authentication, and "
        "this process has it off (RAY_AUTH_MODE is 'disabled') so gives no token (Ray: "
        "RPC error: InvalidAuthToken: Authentication token is missing or incorrect); set "
        "RAY_AUTH_MODE=token and give the cluster's token"
    )
    assert "is it running" not in message
    # A wrong token.
    wrong = _command(cluster, tmp_path, {"RAY_AUTH_TOKEN": "0123456789abcdef" * 4})
    assert wrong.returncode == 2
    message = json.loads(wrong.stdout)["error"]["message"]
    assert message.startswith(
        f"cannot connect to the Ray cluster at '{cluster}': it refused the authentication token "
        "given (Ray: RPC error: InvalidAuthToken: "
    )
    assert "'ray get-auth-token' on its head node prints it" in message


_MISMATCH = """
import sys
import ray._private.utils
from unorules.play.simulate import simulate

ray._private.utils.compute_version_info = lambda: ("2.0.0", "3.9.1")  # as an old install says
try:
    simulate("official", ["heuristic"] * 2, rounds=2, backend="ray", address=sys.argv[1])
except ValueError as e:
    print(e)
"""


def test_other_versions_of_ray_and_python_are_named(cluster: str, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_AUTH_MODE"] = "token"
    done = subprocess.run(
        [sys.executable, "-c", _MISMATCH, cluster],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.stdout.strip() == (
        f"cannot connect to the Ray cluster at '{cluster}': it runs Ray {ray.__version__} with "
        f"Python {'.'.join(map(str, sys.version_info[:3]))}, this machine Ray 2.0.0 with "
        "Python 3.9.1, and Ray connects only the same versions; install those of the cluster "
        "here, or run the command on one of its nodes"
    ), done.stderr


_SHIPPED = '''
import unorules as ur


class Drawer:
    """Draws when it may, else the first move."""

    name = "shipped"

    def choose(self, state, seat, moves):
        return next((m for m in moves if isinstance(m, ur.Draw)), moves[0])

    def react(self, state, seat, moves):
        return None
'''


@pytest.fixture
def late_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A bot module this process imports from a folder put on its path after
    Ray started: the cluster's workers, whose path was set then, cannot."""
    folder = tmp_path / "own"
    folder.mkdir()
    name = f"latebot_{os.getpid()}"
    (folder / f"{name}.py").write_text(_SHIPPED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    yield name
    sys.modules.pop(name, None)


def test_a_bot_module_missing_on_the_nodes_says_how_to_ship_it(
    cluster: str, late_module: str
) -> None:
    with pytest.raises(BotSpecError) as caught:
        simulate("official", [f"{late_module}:Drawer", "heuristic"], rounds=2, backend="ray")
    message = str(caught.value)
    assert message.startswith(
        "a Ray task could not load the code of this run on a node of the cluster (bot "
        f"'{late_module}:Drawer': there is no module '{late_module}'"
    )
    assert "install the module on every node" in message
    assert 'ray.init(runtime_env={"working_dir": "."})' in message
    assert caught.value.text_in("nb") != message
    # A bot object of that module: Ray cannot unpickle it on the node.
    bot = importlib.import_module(late_module).Drawer()
    with pytest.raises(BotSpecError) as caught:
        simulate("official", [bot, "heuristic"], rounds=2, backend="ray")
    assert f"(ModuleNotFoundError: No module named '{late_module}')" in str(caught.value)


_SHIPPING = """
import json, sys
sys.path.insert(0, sys.argv[2])  # neither the current directory nor the script's
from unorules.play.simulate import format_json, simulate

result = simulate(
    "official", ["shipbot:Drawer", "heuristic"], rounds=4, workers=2, backend="ray",
    address=sys.argv[1],
)
print(format_json(result))
"""


def test_connecting_by_address_ships_the_bot_module(cluster: str, tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    (own / "shipbot.py").write_text(_SHIPPED, encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env["RAY_AUTH_MODE"] = "token"
    done = subprocess.run(
        [sys.executable, "-c", _SHIPPING, cluster, str(own)],
        cwd=work,
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["stats"]["bots"] == ["shipped", "heuristic"]
    assert data["ray"] == {"kind": "connected", "address": cluster, "nodes": 1, "cpus": 2}
    local = simulate("official", [HeuristicBot(), "heuristic"], rounds=4)
    assert data["stats"]["rounds"] == local.stats.rounds == 4


def test_own_modules_are_those_outside_the_installed_packages(late_module: str) -> None:
    module = importlib.import_module(late_module)
    job = _Job(
        presets.get("official"),
        (f"{late_module}:Drawer", "heuristic", HeuristicBot(), module.Drawer()),
        0,
        True,
    )
    assert ray_backend.own_modules(job) == [os.path.realpath(module.__file__)]
    installed = _Job(presets.get("official"), ("heuristic", "pytest:Class"), 0, True)
    assert ray_backend.own_modules(installed) == []
