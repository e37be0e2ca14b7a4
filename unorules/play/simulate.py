"""Simulation: many games (or rounds) between bots, with statistics.

:func:`simulate` plays ``games`` games to the target score (or ``rounds``
single rounds) under a preset string or :class:`~unorules.rules.ruleset.RuleSet`
with one bot per seat (a built-in name, ``"module:Class"`` or a
:class:`~unorules.play.bots.Bot` object), optionally in several processes or
as tasks on a Ray cluster (``backend="ray"``, :mod:`unorules.play.ray_backend`), and
returns per-round records and aggregate statistics. The statistics are
exactly reproducible from ``seed`` whatever the number of workers: game ``i``
is seeded from the master seed and ``i`` alone, its bots are built afresh
from that seed (a bot object: copied as given), and the results are
aggregated in game order.

    >>> result = simulate("official", ["heuristic", "random"], rounds=4, seed=1)
    >>> result.stats.rounds, len(result.records)
    (4, 4)
    >>> abs(sum(result.stats.win_rate_per_seat) + result.stats.no_winner_share - 1) < 1e-9
    True

The ``unorules simulate`` command (:func:`add_parser`, :func:`run`) prints the
statistics as a table, as JSON (``--json``) or the per-round records as CSV
(``--csv``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import importlib
import importlib.util
import io
import json
import multiprocessing
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing.context import BaseContext
from typing import Any

import attrs

from unorules.errors import Message, RuleSetError, UnoError, msg
from unorules.explanations.languages import ENGLISH, Wording
from unorules.play.bots import (
    BOTS,
    Bot,
    BotError,
    BotSpecError,
    check_bot,
    load_bot,
)
from unorules.play.games import (
    GameRecord,
    Progress,
    RayCluster,
    RoundRecord,
    _available_cpus,
    _check_sendable,
    _file,
    _Job,
    _plan,
    _play_chunk,
    _play_game,
    _Played,
    _shown,
    check_ray_address,
    derive_seed,
    record_path,
)
from unorules.records import check_recordable
from unorules.rules import presets
from unorules.rules.house import load_house_rule
from unorules.rules.ruleset import RuleSet

__all__ = [
    "BACKENDS",
    "CSV_FIELDS",
    "MAX_GAMES",
    "RAY_CLUSTER_KINDS",
    "GameRecord",
    "RayCluster",
    "RoundRecord",
    "SimulationResult",
    "Stats",
    "Summary",
    "add_parser",
    "check_ray_address",
    "derive_seed",
    "format_csv",
    "format_json",
    "format_table",
    "record_path",
    "run",
    "simulate",
]


MAX_GAMES = 1_000_000
"""The most games (or rounds) one :func:`simulate` call plays: every record
is kept in memory."""


@attrs.frozen(slots=True)
class Summary:
    """Mean, standard deviation, median, minimum and maximum of a series (all 0
    when empty)."""

    mean: float
    sd: float
    median: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        """The summary of ``values`` (``sd``: the sample standard deviation)."""
        if not values:
            return cls(0.0, 0.0, 0.0, 0.0, 0.0)
        return cls(
            float(statistics.fmean(values)),
            float(statistics.stdev(values)) if len(values) > 1 else 0.0,
            float(statistics.median(values)),
            float(min(values)),
            float(max(values)),
        )


@attrs.frozen(slots=True)
class Stats:
    """Aggregate statistics of a simulation.

    Win rates are shares of the games (in ``rounds`` mode: of the rounds); a
    round or game nobody won counts in ``no_winner_share``, so the rates per
    seat plus ``no_winner_share`` sum to 1. ``win_rate_per_bot`` gives each
    bot name's share of the wins; ``win_rate_per_bot_seat`` divides it by the
    number of seats that bot held, to compare with ``1 / players``.
    ``last_standing_share`` is the share of rounds won by the last player a
    hand limit left in the round (``no-mercy.mercy``); such a round is not
    one ended by exhausted piles (``exhausted_share``), nor is a round the
    game's clock stopped (``house.blitz``). ``by_player``: the players draw
    new seats each round (``house.shuffle-seats``) and each bot plays for its
    player; the rates "per seat" are then per player (the seat each player
    held in the game's first round), and ``bots`` is one bot per player.
    """

    rules: str
    bots: tuple[str, ...]
    players: int
    mode: str
    games: int
    rounds: int
    rounds_per_game: Summary | None
    rounds_per_game_histogram: tuple[tuple[int, int], ...]
    turns_per_round: Summary
    moves_per_round: Summary
    reshuffles_per_round: Summary
    reshuffled_share: float
    largest_hand: Summary
    exhausted_share: float
    last_standing_share: float
    points_per_round: Summary
    win_rate_per_seat: tuple[float, ...]
    no_winner_share: float
    win_rate_per_bot: tuple[tuple[str, float], ...]
    win_rate_per_bot_seat: tuple[tuple[str, float], ...]
    round_win_rate_per_seat: tuple[float, ...]
    by_player: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        out: dict[str, Any] = attrs.asdict(self, recurse=True)
        out["bots"] = list(self.bots)
        out["rounds_per_game_histogram"] = {str(k): v for k, v in self.rounds_per_game_histogram}
        out["win_rate_per_bot"] = dict(self.win_rate_per_bot)
        out["win_rate_per_bot_seat"] = dict(self.win_rate_per_bot_seat)
        out["win_rate_per_seat"] = list(self.win_rate_per_seat)
        out["round_win_rate_per_seat"] = list(self.round_win_rate_per_seat)
        return out


RAY_CLUSTER_KINDS: tuple[str, ...] = ("started", "connected", "initialized")
"""How a run found its Ray (:attr:`RayCluster.kind`): a local Ray started for
the run and shut down after it, a cluster connected to by address, or a Ray
already initialized in the calling process."""


@attrs.frozen(slots=True)
class SimulationResult:
    """The outcome of :func:`simulate`.

    Attributes:
        stats: the aggregate statistics (reproducible from the seed).
        games: the game records, in game order.
        elapsed: wall-clock seconds (not part of the statistics).
        workers: the number of processes used (with ``backend="ray"``: the
            most tasks that ran at once).
        seed: the master seed.
        backend: where the games were played: ``"local"`` or ``"ray"``.
        ray: with ``backend="ray"``, the Ray the games were played on (its
            kind, address, nodes and CPUs); ``None`` for the local backend.
    """

    stats: Stats
    games: tuple[GameRecord, ...]
    elapsed: float
    workers: int
    seed: int
    backend: str = "local"
    ray: RayCluster | None = None

    @property
    def records(self) -> tuple[RoundRecord, ...]:
        """Every round, in game order."""
        return tuple(r for g in self.games for r in g.rounds)


# --- playing ----------------------------------------------------------------------------


def _pool_context() -> BaseContext | None:
    """How the local worker processes start: Python's default (a fork on
    Linux), unless this process is connected to Ray. Ray's client (gRPC)
    does not survive a fork: a forked worker may crash as it ends
    (SIGSEGV in the client's destructor), and the pool breaks. Then the
    workers start as fresh processes ("spawn"), which import unorules
    anew; the games sent to them are pickled either way."""
    ray = sys.modules.get("ray")
    connected = getattr(ray, "is_initialized", None) if ray is not None else None
    if connected is not None and connected():
        return multiprocessing.get_context("spawn")
    return None


def _quiet_worker() -> None:
    """A worker process leaves Ctrl-C to the process that started it, which
    stops the workers: no traceback from each of them. SIGTERM ends it at
    once (not the handler of :func:`_ended_by_signals` a forked worker would
    inherit), and on Linux the worker asks the kernel for a SIGTERM when its
    parent dies, however the parent ends (even by SIGKILL)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()


def _die_with_parent() -> None:
    """On Linux, ``prctl(PR_SET_PDEATHSIG, SIGTERM)``: the kernel ends this
    process when the process that started it ends. Elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before the call: end now
            os._exit(1)


class Terminated(SystemExit):
    """The process was asked to end (SIGTERM, SIGHUP) while :func:`simulate`
    ran its worker processes: raised in the main thread so that the workers
    are ended before the process ends. The exit status is 128 plus the
    signal's number, as the shell reports a process ended by that signal."""


@contextlib.contextmanager
def _ended_by_signals() -> Iterator[None]:
    """While the block runs (in the main thread, where the handlers are left
    at their defaults), SIGTERM and SIGHUP raise :class:`Terminated`, so that
    ``simulate`` ends its workers on the way out; the handlers are put back
    after."""
    import threading

    wanted = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(signum: int, _frame: object) -> None:
        raise Terminated(128 + signum)

    before: dict[int, Any] = {}
    for number in wanted:
        if signal.getsignal(number) is signal.SIG_DFL:
            before[number] = signal.signal(number, end)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def simulate(
    rules: str | RuleSet,
    bots: Sequence[str | Bot],
    *,
    games: int = 100,
    rounds: int | None = None,
    seed: int = 0,
    workers: int = 1,
    progress: Progress | None = None,
    backend: str = "local",
    address: str | None = None,
    record: str | os.PathLike[str] | None = None,
) -> SimulationResult:
    """Play ``games`` games to the target score (or, with ``rounds``, that many
    single rounds) between ``bots`` and gather statistics.

    Args:
        rules: a preset string (:func:`unorules.rules.presets.get`), e.g.
            ``"official+house.stack-draw-two"``, or a :class:`RuleSet`.
        bots: one bot per seat: a built-in name (``"random"``,
            ``"heuristic"``; built afresh for each game, seeded from the game's
            seed and the seat), a ``"module:Class"`` string (imported and built
            with no arguments for each game, :func:`unorules.play.bots.load_bot`), or
            a :class:`~unorules.play.bots.Bot` object (each game gets a fresh copy of
            it as given, ``copy.deepcopy``, so no game depends on another).
            The statistics name each bot by its ``name``.
        games: the number of games to the target score, 1 to :data:`MAX_GAMES`.
        rounds: when given, play this many independent single rounds instead
            (1 to :data:`MAX_GAMES`); the dealer rotates with the round index
            so that no seat always starts.
        seed: the master seed; the results depend on it alone, not on
            ``workers``.
        workers: the most processes to use (1 = in this process). Fewer are
            started when there are fewer CPUs available or fewer chunks of
            work; :attr:`SimulationResult.workers` says how many ran.
        progress: called with ``(done, total)`` as games finish.
        backend: ``"local"`` (this machine: this process or ``workers``
            processes) or ``"ray"``: the same chunks of games as Ray tasks,
            at most ``workers`` at once and no more than the cluster's CPUs,
            with the same statistics (:func:`unorules.play.ray_backend.play_on_ray`).
            Ray is imported only then (the ``ray`` extra).
        address: with ``backend="ray"``, the cluster to connect to
            (``"host:port"`` of its head node, ``"ray://host:10001"``, or
            ``"auto"``; :func:`check_ray_address`), left running afterwards;
            without it (and without ``RAY_ADDRESS`` set), a local Ray of
            ``workers`` CPUs (at most this machine's) is started for the run
            and shut down after it. A Ray already initialized in this process
            is used as it is. When it connects to a cluster itself,
            ``simulate`` ships the modules of ``module:Class`` bots, of bot
            objects and of a table's own rules that are not installed
            packages to its nodes (Ray's ``runtime_env`` ``py_modules``).
        record: a folder to write one game record per game to
            (:mod:`unorules.records`, JSON Lines): ``game-000000.jsonl`` for
            game 0, numbered as :attr:`GameRecord.index` and the CSV's
            ``game`` (:func:`record_path`); in ``rounds`` mode one record per
            round. The records are made where the games are played and sent
            back with them; this process writes every file, whatever the
            backend, so the files are the same with any backend and any
            ``workers``. The folder, and any folders above it, are made if
            missing (:func:`missing_folders` tells which beforehand). A
            folder that holds game records already (``game-*.jsonl``) is
            refused: no file the run did not write is removed or
            overwritten. Not with a table's own rules: a record names its
            rules by a preset string alone.

    Returns:
        A :class:`SimulationResult` (with ``backend="ray"``, its ``ray`` says
        which Ray played: :class:`RayCluster`).

    Raises:
        RuleSetError: ``rules`` neither a preset string nor a
            :class:`RuleSet`, a bad preset string, or (with several workers or
            Ray) a table's own rule (:class:`~unorules.rules.house.HouseRule`)
            that cannot be sent to another process.
        BotSpecError: ``bots`` a string or no sequence, an unknown bot name,
            a ``module:Class`` that does not load, an object that is not a bot,
            or (with several workers or Ray) a bot object that cannot be sent
            to another process; with Ray, a bot's module that the cluster's
            nodes cannot import (the message says how to ship it there).
        BotError: a bot raised an exception from ``choose``, ``react`` or
            ``observe``, or could not be copied for a game (the exception is
            kept as the ``__cause__``; with several workers the cause is the
            worker's traceback), or it returned a move it was not offered;
            the message names the bot, its seat and what went wrong, and,
            when it failed while playing, the game's number and seed, the
            round, the move it was asked for and the file and line that
            raised.
        UnoError: (a :class:`ValueError`) naming the argument, the value and
            what is allowed: ``games``, ``rounds``, ``workers`` or ``seed``
            not an int (a bool is none here), a count out of range, a
            ``progress`` that is not callable, a number of bots the deck does
            not seat, a backend that is not ``"local"`` or ``"ray"``, an
            address without the Ray backend or one that is no Ray address
            (:func:`check_ray_address`), a ``record`` that is no path; with
            ``backend="ray"``: Ray not installed, nothing listening at the
            address, the cluster refusing the connection (token
            authentication, permission) or running another version of Ray
            or Python, a local Ray that does not start, or the cluster
            failing during the run; a ``record`` folder that cannot be made
            or written to, or that holds game records already
            (``game-*.jsonl``); a rule set that cannot be recorded (a table's own
            rules: a record names its rules by a preset string alone, which
            cannot load them again).
    """
    rule_set = _rule_set(rules)
    entries = tuple(_bot_entry(bot, seat) for seat, bot in enumerate(_bot_list(bots)))
    labels = tuple(label for _, label in entries)
    deck = rule_set.deck
    if not deck.min_players <= len(entries) <= deck.max_players:
        seats = {"count": len(entries), "least": deck.min_players, "most": deck.max_players}
        if len(entries) == 1:
            raise UnoError(msg("{count} bot: this deck seats {least} to {most} players", **seats))
        raise UnoError(msg("{count} bots: this deck seats {least} to {most} players", **seats))
    total, unit = _count("games", games), "games"
    if rounds is not None:
        total, unit = _count("rounds", rounds), "rounds"
    if not 1 <= total <= MAX_GAMES:
        raise UnoError(_count_range(unit, total))
    if not _is_int(workers):
        raise UnoError(
            msg(
                "workers must be a whole number (an int) of at least 1, not {value} of type {type}",
                value=_shown(workers),
                type=type(workers).__name__,
            )
        )
    if workers < 1:
        raise UnoError(_at_least_one("workers", workers))
    if not _is_int(seed):
        raise UnoError(
            msg(
                "seed must be a whole number (an int), not {value} of type {type}",
                value=_shown(seed),
                type=type(seed).__name__,
            )
        )
    if progress is not None and not callable(progress):
        raise UnoError(
            msg(
                "progress must be a function called with (done, total), or None, "
                "not {value} of type {type}",
                value=_shown(progress),
                type=type(progress).__name__,
            )
        )
    _check_backend(backend, address)
    folder = None
    if record is not None:
        folder = _record_folder(record)
        _check_record_rules(rule_set)
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as e:
            raise UnoError(
                msg(
                    "cannot make the folder {path}: {error}",
                    path=folder,
                    error=e.strerror or str(e),
                )
            ) from None
        _refuse_earlier_records(folder)
    bots_sent = tuple(bot for bot, _ in entries)
    job = _Job(rule_set, bots_sent, seed, rounds is not None, folder is not None)
    started = time.perf_counter()
    if backend == "ray":
        from unorules.play.ray_backend import play_on_ray

        on_ray, used, cluster = play_on_ray(job, total, workers, address, progress, folder)
        stats = _stats(job, labels, rule_set.name, on_ray)
        elapsed = time.perf_counter() - started
        return SimulationResult(stats, on_ray, elapsed, used, seed, "ray", cluster)
    used, chunks = _plan(total, workers, _available_cpus())
    if used > 1:
        _check_sendable(job)
    results: list[GameRecord] = []
    done = 0
    if used == 1:
        for i in range(total):
            done = _file([_play_game(job, i)], results, done, total, progress, folder)
    else:
        by_index: dict[int, GameRecord] = {}
        stack = contextlib.ExitStack()
        stack.enter_context(_ended_by_signals())
        pool = ProcessPoolExecutor(
            max_workers=used, initializer=_quiet_worker, mp_context=_pool_context()
        )
        try:
            # A few chunks per process in flight: the rest are made as needed.
            pending: set[Future[list[_Played]]] = set()
            for chunk in chunks:
                pending.add(pool.submit(_play_chunk, job, chunk))
                while len(pending) >= used * 4:
                    done = _collect(pending, by_index, done, total, progress, folder)
            while pending:
                done = _collect(pending, by_index, done, total, progress, folder)
        except BaseException:  # a bot failed, Ctrl-C or SIGTERM: stop the workers at once
            _stop(pool)
            raise
        finally:
            stack.close()
        pool.shutdown()
        results = [by_index[i] for i in range(total)]
    finished_games = tuple(results)
    stats = _stats(job, labels, rule_set.name, finished_games)
    return SimulationResult(stats, finished_games, time.perf_counter() - started, used, seed)


BACKENDS: tuple[str, ...] = ("local", "ray")
"""Where :func:`simulate` can play: this machine, or a Ray cluster."""


def _check_backend(backend: object, address: object) -> None:
    """Refuse a backend that is not one of :data:`BACKENDS`, an address
    without the Ray backend, and an address that is no Ray address
    (:func:`check_ray_address`)."""
    if backend not in BACKENDS:
        raise UnoError(
            msg('backend must be "local" or "ray", not {backend}', backend=_shown(backend))
        )
    if address is not None and backend != "ray":
        raise UnoError(
            msg(
                'address {address} is for backend="ray": the local backend plays on this machine',
                address=_shown(address),
            )
        )
    if address is not None:
        check_ray_address(address)


def _is_int(value: object) -> bool:
    """An int, and not a bool (``True`` is no count of games)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _count(argument: str, value: object) -> int:
    """``games`` or ``rounds`` as an int.

    Raises:
        UnoError: not an int (a bool neither).
    """
    if not _is_int(value):
        raise UnoError(
            msg(
                "{argument} must be a whole number (an int) from 1 to {maximum}, "
                "not {value} of type {type}",
                argument=argument,
                maximum=f"{MAX_GAMES:,}",
                value=_shown(value),
                type=type(value).__name__,
            )
        )
    assert isinstance(value, int)
    return value


def _rule_set(rules: object) -> RuleSet:
    """The rule set of ``rules``: a :class:`RuleSet` or a preset string.

    Raises:
        RuleSetError: another type, or a preset string that builds nothing.
    """
    if isinstance(rules, RuleSet):
        return rules
    if not isinstance(rules, str):
        raise RuleSetError(
            msg(
                "rules must be a preset string (e.g. 'official+house.stack-draw-two') or a "
                "RuleSet, not {value} of type {type}",
                value=_shown(rules),
                type=type(rules).__name__,
            )
        )
    return presets.get(rules)


def _bot_list(bots: object) -> tuple[object, ...]:
    """The bots of ``bots``, one per seat.

    Raises:
        BotSpecError: a string, or no sequence at all.
    """
    if isinstance(bots, str):
        raise BotSpecError(
            msg("bots: give one bot per seat as a list, not the string {bots}", bots=repr(bots))
        )
    if not isinstance(bots, Sequence):
        raise BotSpecError(
            msg(
                "bots must be a list with one bot per seat (a name such as 'heuristic', a "
                "'module:Class' string or a bot object), not {value} of type {type}",
                value=_shown(bots),
                type=type(bots).__name__,
            )
        )
    return tuple(bots)


def _record_folder(record: object) -> str:
    """The folder of ``record`` as a string.

    Raises:
        UnoError: not a path, or an empty one.
    """
    if not isinstance(record, str | os.PathLike):
        raise UnoError(
            msg(
                "record must be a folder's path (a str or os.PathLike), or None, "
                "not {value} of type {type}",
                value=_shown(record),
                type=type(record).__name__,
            )
        )
    folder = os.fspath(record)
    if not isinstance(folder, str) or not folder.strip():
        raise UnoError(msg("record: give the path of a folder, not {value}", value=_shown(record)))
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise UnoError(
            msg("record: {path} is a file; give the path of a folder to write into", path=folder)
        )
    return folder


def _refuse_earlier_records(folder: str) -> None:
    """Refuse a ``folder`` that holds game records already (``game-*.jsonl``):
    a run never removes or overwrites a file it did not write.

    Raises:
        UnoError: such a file in ``folder``, named, with how many there are.
    """
    try:
        names = sorted(
            n for n in os.listdir(folder) if n.startswith("game-") and n.endswith(".jsonl")
        )
    except OSError as e:
        raise UnoError(
            msg("cannot read the folder {path}: {error}", path=folder, error=e.strerror or str(e))
        ) from None
    if names:
        raise UnoError(
            msg(
                "record: the folder {path} holds game records already (game-*.jsonl, such "
                "as {name}: {count} in all); nothing is removed or overwritten: give "
                "a new or empty folder, or move those files away",
                path=folder,
                count=len(names),
                name=names[0],
            )
        )


def missing_folders(folder: str | os.PathLike[str]) -> tuple[str, ...]:
    """The folders of the path ``folder`` that do not exist yet, outermost
    first: the ones ``simulate(record=folder)`` makes.

    Args:
        folder: a folder's path.

    Returns:
        The paths, as strings; empty when ``folder`` exists.
    """
    out: list[str] = []
    path = os.path.abspath(os.fspath(folder))
    while not os.path.exists(path):
        out.append(path)
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    return tuple(reversed(out))


def _check_record_rules(rules: RuleSet) -> None:
    """Refuse to record a rule set that a record cannot name.

    Raises:
        UnoError: a table's own rules in it (a record names its rules by a
            preset string alone, which cannot load them again); any other rule
            set whose name is no preset string building it
            (:func:`unorules.records.check_recordable`).
    """
    if rules.house_rules:
        raise UnoError(
            msg(
                "cannot record games under a table's own rules ({rules}): a game record names "
                "its rules by a preset string alone, and 'unorules check' and 'unorules replay' "
                "could not load the rule again from it; record under the catalogue's rules "
                "(without --house-rule, and without the table file's house_rules), or play "
                "without --record",
                rules=", ".join(repr(h.id) for h in rules.house_rules),
            )
        )
    check_recordable(rules)


def _count_range(option: str, count: int) -> Message:
    """The message for a count of games or rounds out of range."""
    return msg(
        "{option} must be 1 to {maximum}, not {count}",
        option=option,
        maximum=f"{MAX_GAMES:,}",
        count=count,
    )


def _at_least_one(option: str, count: int) -> Message:
    """The message for a count of worker processes below 1."""
    return msg("{option} must be at least 1, not {count}", option=option, count=count)


def _bot_entry(bot: object, seat: int) -> tuple[str | Bot, str]:
    """The bot for seat ``seat`` as the job carries it, and its label."""
    if isinstance(bot, str):
        if ":" in bot:
            return bot.strip(), load_bot(bot).name
        name = bot.strip().lower()
        if name not in BOTS:
            raise BotSpecError(
                msg(
                    "unknown bot {name} (seat {seat}); bots are: {bots}, "
                    "or module:Class for your own",
                    name=repr(bot),
                    seat=seat,
                    bots=", ".join(BOTS),
                )
            )
        return name, name
    checked = check_bot(bot, msg("the bot of seat {seat} ({bot})", seat=seat, bot=repr(bot)))
    return checked, checked.name


def _collect(
    pending: set[Future[list[_Played]]],
    by_index: dict[int, GameRecord],
    done: int,
    total: int,
    progress: Progress | None,
    folder: str | None,
) -> int:
    """Wait for one or more chunks of ``pending`` to finish, take them out of
    it and file their records; the new count of games done."""
    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
    pending -= finished
    for future in finished:
        done = _file(future.result(), by_index, done, total, progress, folder)
    return done


def _stop(pool: ProcessPoolExecutor) -> None:
    """End a pool's worker processes now, the chunks they play with them."""
    processes: dict[int, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes.values():
        with contextlib.suppress(Exception):
            process.join(5)
    # The pool's manager thread closes its wake-up pipe as it ends; Python's
    # exit wakes every such thread, and a pipe closed meanwhile prints an
    # "Exception ignored" traceback. Wait for the thread here, so that it has
    # ended before the process does.
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        with contextlib.suppress(Exception):
            manager.join(5)


# --- statistics -------------------------------------------------------------------------


def _stats(job: _Job, labels: tuple[str, ...], rules: str, games: Sequence[GameRecord]) -> Stats:
    players = len(labels)
    rounds = [r for g in games for r in g.rounds]
    n_games = len(games)
    wins = [0] * players
    for g in games:
        if g.winner is not None:
            wins[g.winner] += 1
    round_wins = [0] * players
    for r in rounds:
        if r.winner is not None:
            round_wins[r.winner] += 1
    per_seat = tuple(w / n_games for w in wins)
    bot_names = tuple(dict.fromkeys(labels))
    per_bot = tuple(
        (name, sum(per_seat[s] for s in range(players) if labels[s] == name)) for name in bot_names
    )
    per_bot_seat = tuple((name, share / labels.count(name)) for name, share in per_bot)
    histogram: dict[int, int] = {}
    if not job.single_rounds:
        for g in games:
            histogram[len(g.rounds)] = histogram.get(len(g.rounds), 0) + 1
    n_rounds = len(rounds)
    return Stats(
        rules=rules,
        bots=labels,
        players=players,
        mode="rounds" if job.single_rounds else "games",
        games=n_games,
        rounds=n_rounds,
        rounds_per_game=None
        if job.single_rounds
        else Summary.of([float(len(g.rounds)) for g in games]),
        rounds_per_game_histogram=tuple(sorted(histogram.items())),
        turns_per_round=Summary.of([float(r.turns) for r in rounds]),
        moves_per_round=Summary.of([float(r.moves) for r in rounds]),
        reshuffles_per_round=Summary.of([float(r.reshuffles) for r in rounds]),
        reshuffled_share=sum(1 for r in rounds if r.reshuffles) / n_rounds,
        largest_hand=Summary.of([float(r.largest_hand) for r in rounds]),
        exhausted_share=sum(1 for r in rounds if r.exhausted) / n_rounds,
        last_standing_share=sum(
            1 for r in rounds if r.knocked_out and not r.exhausted and r.winner is not None
        )
        / n_rounds,
        points_per_round=Summary.of([float(r.points) for r in rounds]),
        win_rate_per_seat=per_seat,
        no_winner_share=sum(1 for g in games if g.winner is None) / n_games,
        win_rate_per_bot=per_bot,
        win_rate_per_bot_seat=per_bot_seat,
        round_win_rate_per_seat=tuple(w / n_rounds for w in round_wins),
        by_player=job.rules.seats_drawn is not None,
    )


# --- output -----------------------------------------------------------------------------


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


def _n(w: Wording, singular: str, plural: str, n: int) -> str:
    return w.ngettext("cli", singular, plural, n)


def format_table(result: SimulationResult, w: Wording = ENGLISH) -> str:
    """The statistics as a plain-text table, in ``w``'s language."""
    s = result.stats
    if s.mode == "games":
        what = _(w, "{games} games ({rounds} rounds)").format(games=s.games, rounds=s.rounds)
    else:
        what = _n(w, "{rounds} round", "{rounds} rounds", s.rounds).format(rounds=s.rounds)
    statistic, mean, sd = _(w, "statistic"), _(w, "mean"), _(w, "sd")
    median, least, most = _(w, "median"), _(w, "min"), _(w, "max")
    lines = [
        _(w, "Rules: {rules}").format(rules=s.rules),
        _(w, "Bots: {bots}").format(bots=", ".join(f"{i}={b}" for i, b in enumerate(s.bots))),
        _(w, "Played: {what}, seed {seed}, {workers} worker(s), {seconds} s").format(
            what=what, seed=result.seed, workers=result.workers, seconds=f"{result.elapsed:.1f}"
        ),
    ]
    if result.ray is not None:
        lines.append(_ray_line(result, w))
    lines += [
        "",
        f"{statistic:<34}{mean:>10}{sd:>9}{median:>10}{least:>8}{most:>8}",
    ]

    def row(label: str, summary: Summary, digits: int = 1) -> None:
        lines.append(
            f"{_(w, label):<34}{summary.mean:>10.{digits}f}{summary.sd:>9.{digits}f}"
            f"{summary.median:>10.1f}{summary.min:>8.0f}{summary.max:>8.0f}"
        )

    if s.rounds_per_game is not None:
        row(N_("rounds per game"), s.rounds_per_game, 2)
    row(N_("turns per round"), s.turns_per_round)
    row(N_("moves per round"), s.moves_per_round)
    row(N_("reshuffles per round"), s.reshuffles_per_round, 2)
    row(N_("largest hand in a round"), s.largest_hand)
    row(N_("points scored per round"), s.points_per_round)
    reshuffled = _(w, "rounds with a reshuffle")
    exhausted = _(w, "rounds ended by exhausted piles")
    lines += [
        "",
        f"{reshuffled:<34}{s.reshuffled_share:>10.1%}",
        f"{exhausted:<34}{s.exhausted_share:>10.1%}",
    ]
    if s.last_standing_share:
        standing = _(w, "rounds won by the last player left")
        lines.append(f"{standing:<34}{s.last_standing_share:>10.1%}")
    if s.rounds_per_game_histogram:
        hist = "  ".join(f"{k}:{v}" for k, v in s.rounds_per_game_histogram)
        counted = _(w, "rounds per game (count)")
        lines.append(f"{counted:<34}{hist}")
    wins = _(w, "game wins") if s.mode == "games" else _(w, "round wins")
    round_wins, seat_word, bot_word = _(w, "round wins"), _(w, "seat"), _(w, "bot")
    if s.by_player:
        # New seats each round: each bot plays for its player wherever it sits.
        seat_word = _(w, "player")
    width = max(12, *(len(b) + 2 for b in s.bots))  # the bot column fits the longest name
    first = max(6, len(seat_word) + 2)  # the seat (or player) column
    # The rate columns fit their headings in every language.
    rate = max(12, len(wins) + 2, len(round_wins) + 2)
    lines += ["", f"{seat_word:<{first}}{bot_word:<{width}}{wins:>{rate}}"]
    if s.mode == "games":
        lines[-1] += f"{round_wins:>{rate}}"
    for seat, bot in enumerate(s.bots):
        line = f"{seat:<{first}}{bot:<{width}}{s.win_rate_per_seat[seat]:>{rate}.1%}"
        if s.mode == "games":
            line += f"{s.round_win_rate_per_seat[seat]:>{rate}.1%}"
        lines.append(line)
    if s.no_winner_share:
        nobody = _(w, "nobody")
        lines.append(f"{'-':<{first}}{nobody:<{width}}{s.no_winner_share:>{rate}.1%}")
    per_seat_word, wins_word = _(w, "per seat"), _(w, "wins")
    fair = _(w, "(fair share per seat {share})").format(share=f"{1 / s.players:.1%}")
    lines += [
        "",
        f"{bot_word:<{width}}{wins_word:>10}{per_seat_word:>10}   {fair}",
    ]
    per_seat = dict(s.win_rate_per_bot_seat)
    for name, share in s.win_rate_per_bot:
        lines.append(f"{name:<{width}}{share:>10.1%}{per_seat[name]:>10.1%}")
    return "\n".join(lines)


def _ray_line(result: SimulationResult, w: Wording) -> str:
    """The table's line saying which Ray played (``result.ray`` is set)."""
    cluster = result.ray
    assert cluster is not None
    fields = {
        "address": cluster.address,
        "nodes": cluster.nodes,
        "cpus": cluster.cpus,
        "workers": result.workers,
    }
    if cluster.kind == "started":
        text = _(
            w, "Ray: a local Ray of {cpus} CPU(s) started for the run, {workers} task(s) at once"
        )
    elif cluster.kind == "connected":
        text = _(
            w,
            "Ray: the cluster at {address}, {nodes} node(s) with {cpus} CPU(s), "
            "{workers} task(s) at once",
        )
    else:
        text = _(
            w,
            "Ray: the Ray this process had initialized, {nodes} node(s) with {cpus} CPU(s), "
            "{workers} task(s) at once",
        )
    return text.format(**fields)


def N_(message: str) -> str:
    """Mark ``message`` for the ``cli`` catalog; it is translated where used."""
    return message


def format_json(result: SimulationResult) -> str:
    """The statistics and the run's settings as JSON: ``seed``, ``workers``,
    ``backend``, ``ray`` (``null``, or the Ray that played:
    :meth:`RayCluster.to_dict`), ``elapsed_s``, ``stats``."""
    return json.dumps(
        {
            "seed": result.seed,
            "workers": result.workers,
            "backend": result.backend,
            "ray": None if result.ray is None else result.ray.to_dict(),
            "elapsed_s": round(result.elapsed, 3),
            "stats": result.stats.to_dict(),
        },
        indent=2,
    )


CSV_FIELDS: tuple[str, ...] = tuple(a.name for a in attrs.fields(RoundRecord))
"""The columns of ``--csv``: one row per round."""


def format_csv(result: SimulationResult) -> str:
    """One CSV row per round (columns :data:`CSV_FIELDS`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in result.records:
        writer.writerow(
            ["" if v is None else int(v) if isinstance(v, bool) else v for v in attrs.astuple(r)]
        )
    return out.getvalue().rstrip("\n")


# --- command line -----------------------------------------------------------------------


def add_parser(subparsers: Any, w: Wording = ENGLISH) -> None:
    """Register the ``simulate`` subcommand on an ``argparse`` subparsers
    object, its help in ``w``'s language; it sets ``func=run``."""
    sp: argparse.ArgumentParser = subparsers.add_parser(
        "simulate",
        help=_(w, "play many games between bots and print statistics"),
        description=_(
            w,
            "Play N games to the target score (or --rounds N single rounds) between bots, "
            "one per seat, and print statistics: rounds per game, turns per round, "
            "reshuffles, largest hand, rounds ended by exhausted piles, win rates. "
            "The same --seed gives the same statistics whatever --workers.",
        ),
        epilog=_(
            w,
            "examples:\n"
            "  unorules simulate --games 200 --bots heuristic,random,random,random\n"
            "  unorules simulate --rounds 1000 --players 6 --bots heuristic --workers 2\n"
            "  unorules simulate --rules official+house.stack-draw-two --rounds 500 --json\n"
            "  unorules simulate --rounds 200 --bots mybots:SmartBot,random\n"
            "\n"
            'With --json an error comes as JSON on stdout too: {"error": {...}}.\n',
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    count = sp.add_mutually_exclusive_group()
    count.add_argument(
        "--games",
        "-n",
        type=int,
        default=None,
        metavar="N",
        help=_(w, "games to the target score, 1 to {most} (default 100)").format(
            most=f"{MAX_GAMES:,}"
        ),
    )
    count.add_argument(
        "--rounds",
        type=int,
        default=None,
        metavar="N",
        help=_(w, "play N single rounds instead of games, 1 to {most}").format(
            most=f"{MAX_GAMES:,}"
        ),
    )
    sp.add_argument(
        "--rules",
        "-r",
        default="official",
        metavar="PRESET",
        help=_(w, "preset and rule IDs, e.g. official+house.stack-draw-two"),
    )
    sp.add_argument(
        "--house-rule",
        action="append",
        default=[],
        metavar="MODULE:NAME",
        help=_(
            w,
            "a table's own rule: a unorules.HouseRule named NAME in MODULE (imported from "
            "the current directory or the Python path), e.g. table_rules:DRAW_TWO_ON_WD4; its "
            "ID may then be named in --rules; repeat for more",
        ),
    )
    sp.add_argument(
        "--bots",
        "-b",
        default=None,
        metavar="LIST",
        help=_(
            w,
            "one bot per seat, comma-separated, or one bot for every seat: "
            "{bots}, or module:Class for your own bot (imported from the current "
            "directory or the Python path and built with no arguments; it needs a name, "
            "choose(state, seat, moves) and react(state, seat, moves)) "
            "(default: heuristic in seat 0, random elsewhere)",
        ).format(bots=", ".join(BOTS)),
    )
    sp.add_argument(
        "--players",
        "-p",
        type=int,
        default=None,
        metavar="N",
        help=_(
            w,
            "number of seats, 2 to the deck's limit (default: the number of bots listed, or 4)",
        ),
    )
    sp.add_argument(
        "--seed", type=int, default=0, help=_(w, "master seed, any whole number (default 0)")
    )
    sp.add_argument(
        "--workers",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help=_(
            w,
            "the most processes to use (default 1): no more are started than there are "
            "CPUs available (here {cpus}) or chunks of work (the games are cut "
            "into about 8 chunks per process, each of 1 to 50 games, so --rounds 2 makes 2 "
            "chunks); results do not depend on it",
        ).format(cpus=_available_cpus()),
    )
    sp.add_argument(
        "--ray",
        nargs="?",
        const=True,
        default=None,
        metavar="ADDRESS",
        help=_(
            w,
            "play the chunks of games as tasks on a Ray cluster (pip install "
            '"unorules[ray]"), at most --workers at once: the one at ADDRESS (auto, host:port '
            "of its head node as 'ray start --head' prints it, or ray://host:10001 for Ray "
            "Client; else RAY_ADDRESS), left running, or without either a local Ray of "
            "--workers CPUs started for the run; the modules of module:Class bots and of "
            "--house-rule rules that are not installed packages are shipped to a cluster's "
            "nodes; the statistics are the same as without it",
        ),
    )
    out = sp.add_mutually_exclusive_group()
    out.add_argument(
        "--json",
        action="store_true",
        help=_(w, "print the statistics as JSON (an error too, on stdout)"),
    )
    out.add_argument("--csv", action="store_true", help=_(w, "print one CSV row per round"))
    sp.add_argument(
        "--record",
        default=None,
        metavar="DIR",
        help=_(
            w,
            "write one game record per game (per round with --rounds) to the folder DIR, "
            "as JSON Lines: game-000000.jsonl for game 0, as the CSV's game column counts, ... "
            "(read them with 'unorules check' and "
            "'unorules replay'); DIR, and the folders above it, are made if missing (and named "
            "on stderr); a DIR that holds game records already (game-*.jsonl) is refused, "
            "no file in it is removed or overwritten; not with --house-rule (or a table file's "
            "house_rules): a "
            "record names its rules by a preset string alone, from which check and replay "
            "could not load a table's own rule",
        ),
    )
    sp.add_argument(
        "--traceback",
        action="store_true",
        help=_(
            w,
            "when a bot fails, print the whole traceback on stderr too (with several "
            "--workers or --ray, the one of the worker that played the game)",
        ),
    )
    sp.add_argument(
        "--no-progress",
        action="store_true",
        help=_(w, "no progress bar (none is shown anyway when stderr is not a terminal)"),
    )
    sp.set_defaults(func=run)


def comma_entries(option: str, spec: str, none: str | Message) -> list[str]:
    """The entries of a comma-separated command-line value, stripped.

    Args:
        option: the option's name, for messages (``"--bots"``).
        spec: the value as typed.
        none: what to say when no entry is given at all (a
            :class:`~unorules.errors.Message` is translated with the error).

    Raises:
        UnoError: no entry at all, or an empty one (two commas in a row, or
            one at an end), named by its place.
    """
    entries = [e.strip() for e in spec.split(",")]
    if not any(entries):
        raise UnoError(msg("{option}: {none}", option=option, none=none))
    empty = [i for i, e in enumerate(entries, 1) if not e]
    if empty:
        raise UnoError(
            msg(
                "{option} {spec}: entry {entry} of {count} is empty "
                "(two commas in a row, or one at an end)",
                option=option,
                spec=repr(spec),
                entry=empty[0],
                count=len(entries),
            )
        )
    return entries


def _seat_bots(spec: str | None, players: int | None, rules: RuleSet) -> list[str]:
    deck = rules.deck
    if players is not None and not deck.min_players <= players <= deck.max_players:
        raise UnoError(
            msg(
                "--players must be {least} to {most} (the deck of {rules}), not {players}",
                least=deck.min_players,
                most=deck.max_players,
                rules=rules.name,
                players=players,
            )
        )
    if spec is None:
        return ["heuristic"] + ["random"] * ((players or 4) - 1)
    entries = comma_entries(
        "--bots", spec, msg("give at least one bot name, e.g. heuristic,random")
    )
    names = [b if ":" in b else b.lower() for b in entries]
    unknown = [b for b in names if ":" not in b and b not in BOTS]
    if unknown:
        raise UnoError(
            msg(
                "--bots: unknown bot {name}; bots are: {bots}, or module:Class for your own",
                name=repr(unknown[0]),
                bots=", ".join(BOTS),
            )
        )
    if players is None:
        return names if len(names) > 1 else names * 4
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UnoError(
            msg(
                "--bots lists {count} bots but --players is {players}: "
                "give one bot per seat, or a single name for every seat",
                count=len(names),
                players=players,
            )
        )
    return names


def run(args: argparse.Namespace) -> str:
    """Run ``unorules simulate`` with parsed arguments; return the output.

    A ``module:Class`` bot is imported with the current directory on the
    module path, as ``python -m`` would.

    Raises:
        UnoError: bad arguments (unknown rule ID or bot, a bot that does not
            load, bad counts, a ``--ray`` value that is no Ray address,
            ``--record`` with a table's own rules); a
            :class:`~unorules.play.bots.BotError` when a bot raised or made a
            move it was not offered.
    """
    ray_option = getattr(args, "ray", None)
    address = None
    if isinstance(ray_option, str):  # --ray ADDRESS; --ray alone is True
        check_ray_address(ray_option, "--ray")
        address = ray_option
    if ray_option is not None and importlib.util.find_spec("ray") is None:
        raise UnoError(
            msg(
                '--ray needs Ray, which is not installed here: pip install "unorules[ray]" '
                '(in a clone of unorules: pip install ".[ray]")'
            )
        )
    house = tuple(load_house_rule(spec) for spec in getattr(args, "house_rule", None) or ())
    rules = presets.get(args.rules, house_rules=house)
    bots = _seat_bots(args.bots, args.players, rules)
    games = 100 if args.games is None else args.games
    rounds = args.rounds
    count = rounds if rounds is not None else games
    if not 1 <= count <= MAX_GAMES:
        option = "--rounds" if rounds is not None else "--games"
        raise UnoError(_count_range(option, count))
    if args.workers < 1:
        raise UnoError(_at_least_one("--workers", args.workers))
    if any(":" in b for b in bots) and os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    made = missing_folders(args.record) if args.record else ()
    progress, close = _progress_bar(
        "rounds" if rounds is not None else "games", enabled=not args.no_progress
    )
    try:
        result = simulate(
            rules,
            bots,
            games=games,
            rounds=rounds,
            seed=args.seed,
            workers=args.workers,
            progress=progress,
            backend="local" if ray_option is None else "ray",
            address=address,
            record=args.record,
        )
    except BotError as e:
        if getattr(args, "traceback", False):
            raise
        raise BotError(
            msg("{error} (--traceback prints the whole traceback)", error=e.message or str(e)),
            e.bot,
            e.seat,
        ) from e.__cause__
    except ValueError as e:
        if isinstance(e, UnoError):
            raise
        raise UnoError(str(e)) from None
    finally:
        close()
        made = tuple(f for f in made if os.path.isdir(f))
        if made:
            w = Wording(getattr(args, "lang", "en"))
            sys.stderr.write(
                _n(
                    w,
                    "simulate: made the folder {folders} for the records",
                    "simulate: made the folders {folders} for the records",
                    len(made),
                ).format(folders=", ".join(made))
                + "\n"
            )
    if args.json:
        return format_json(result)
    if args.csv:
        return format_csv(result)
    return format_table(result, Wording(getattr(args, "lang", "en")))


def _progress_bar(unit: str, *, enabled: bool) -> tuple[Progress | None, Callable[[], None]]:
    """A progress callback on stderr (``rich`` when installed, else plain text)
    and a function that closes it. Nothing is shown when stderr is not a
    terminal (a log file, a pipe, a test)."""
    if not enabled or not sys.stderr.isatty():
        return None, lambda: None
    try:
        # Imported by name: rich is optional (the ``bench`` extra), so the
        # type checker must not require it.
        rp: Any = importlib.import_module("rich.progress")
        rc: Any = importlib.import_module("rich.console")
    except ImportError:
        return _plain_progress(unit)
    bar: Any = rp.Progress(
        rp.TextColumn("simulate"),
        rp.BarColumn(),
        rp.MofNCompleteColumn(),
        rp.TextColumn(unit),
        rp.TimeElapsedColumn(),
        rp.TimeRemainingColumn(),
        console=rc.Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("simulate", total=None)
    bar.start()

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    def close() -> None:
        bar.stop()

    return update, close


def _plain_progress(unit: str) -> tuple[Progress, Callable[[], None]]:
    shown = [-1]

    def update(done: int, total: int) -> None:
        percent = done * 100 // total
        if percent != shown[0]:
            shown[0] = percent
            sys.stderr.write(f"\rsimulate: {done}/{total} {unit} ({percent}%)")
            sys.stderr.flush()

    def close() -> None:
        if shown[0] >= 0:
            sys.stderr.write("\n")
            sys.stderr.flush()

    return update, close
