"""The games a simulation plays, one job at a time: the records of its
rounds and games, the job a worker process (or a Ray task,
:mod:`unorules.play.ray_backend`) is given, and playing its games from
their seeds. :func:`unorules.play.simulate.simulate` splits the games into
jobs and adds up their records."""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
import re
import traceback
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import attrs

from unorules.dealing import new_game, new_round, next_round
from unorules.engine import apply_with_events
from unorules.errors import Message, RuleSetError, UnoError, msg
from unorules.events import KnockedOut
from unorules.moves import Draw, Move, Pass, Play
from unorules.play.bots import (
    Bot,
    BotError,
    BotSpecError,
    _bot_name,
    make_bot,
    play_from,
)
from unorules.records import Recorder, bot_label, write_record
from unorules.rules.ruleset import RuleSet
from unorules.state import GameState, Phase

__all__ = [
    "GameRecord",
    "Progress",
    "RayCluster",
    "RoundRecord",
    "check_ray_address",
    "derive_seed",
    "record_path",
]

Progress = Callable[[int, int], None]
"""A callback ``(done, total)`` called as games (or rounds) finish."""


@attrs.frozen(slots=True)
class RoundRecord:
    """What one round measured.

    Attributes:
        game: the game index (in ``rounds`` mode: the round index).
        round_number: 1 for a game's first round.
        seed: the seed the round was dealt with.
        dealer: the dealer's seat.
        turns: turns taken: plays, passes and draws that end a turn (a draw
            followed by playing or keeping the drawn card is one turn).
        moves: every move applied (``state.turns``): turns, drawn-card
            decisions, UNO calls, catches, challenges, colour naming.
        reshuffles: times the discard pile was reshuffled (``state.reshuffles``).
        largest_hand: the most cards any seat held at any moment of the round.
        exhausted: the round ended because the piles ran out
            (``pile.exhausted``): a winner whose hand is not empty (and not
            the last seat a hand limit left, nor the seat holding the
            fewest cards when the game's clock ran out), or none.
        winner: the round's winner, ``None`` after a tie on exhausted piles:
            the player (:attr:`GameState.seating`), which is the seat unless
            the players draw new seats each round (``house.shuffle-seats``).
        knocked_out: the seats a hand limit put out of the round
            (``no-mercy.mercy``).
        points: the points the round put on the score sheet: the winner's
            gain when the winner takes the points (``score.winner-takes``), the
            sum of the hands each player noted under ``score.penalty-points``
            and ``score.elimination``, 0 under ``score.single-round``.
    """

    game: int
    round_number: int
    seed: int
    dealer: int
    turns: int
    moves: int
    reshuffles: int
    largest_hand: int
    exhausted: bool
    winner: int | None
    points: int
    knocked_out: int = 0


@attrs.frozen(slots=True)
class GameRecord:
    """One game (or, in ``rounds`` mode, one round): its rounds and winner.

    Attributes:
        index: the game index.
        seed: the game's seed (:func:`derive_seed` of the master seed and index).
        rounds: the rounds played.
        winner: the game's winner (``GameState.game_winner``: the highest total
            under ``score.winner-takes``, the lowest under ``score.penalty-points``,
            the last player under the target under ``score.elimination``);
            in ``rounds`` mode the round's winner, ``None`` when nobody won:
            the player, as :attr:`RoundRecord.winner`.
        scores: the final totals, by player.
    """

    index: int
    seed: int
    rounds: tuple[RoundRecord, ...]
    winner: int | None
    scores: tuple[int, ...]


@attrs.frozen(slots=True)
class RayCluster:
    """The Ray a run with ``backend="ray"`` played on.

    Attributes:
        kind: one of :data:`RAY_CLUSTER_KINDS`: ``"started"`` (a local Ray
            started for the run and shut down after it), ``"connected"`` (the
            cluster at :attr:`address`, left running) or ``"initialized"`` (a
            Ray the calling process had initialized, used as it was).
        address: the address connected to as given (``"auto"``,
            ``"host:port"``, ``"ray://host:port"``; from ``RAY_ADDRESS`` when
            none was given), ``None`` for the other kinds.
        nodes: the cluster's live nodes when the run began.
        cpus: the cluster's CPUs when the run began.
    """

    kind: str
    address: str | None
    nodes: int
    cpus: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary: ``kind``, ``address``, ``nodes``, ``cpus``."""
        return {"kind": self.kind, "address": self.address, "nodes": self.nodes, "cpus": self.cpus}


def derive_seed(master: int, *parts: int) -> int:
    """A 63-bit seed from the master seed and indices, the same in every
    process and Python version (a BLAKE2 hash, not ``hash()``).

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    text = ":".join(str(x) for x in (master, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


@attrs.frozen(slots=True)
class _Job:
    rules: RuleSet
    # A built-in bot name, a module:Class, or a bot object copied afresh for each game.
    bots: tuple[str | Bot, ...]
    seed: int
    single_rounds: bool
    # Whether to make each game's record (unorules.records): its text comes back with the
    # game's statistics, and the process that runs simulate writes the files.
    record: bool = False


class _RoundMeter:
    """Counts turns and the largest hand while a round is played."""

    __slots__ = ("largest", "turns")

    def __init__(self, state: GameState) -> None:
        self.turns = 0
        self.largest = max(len(h) for h in state.hands)

    def __call__(self, before: GameState, move: Move, after: GameState) -> None:
        if isinstance(move, Play | Pass) or (
            isinstance(move, Draw) and after.phase is not Phase.DRAWN
        ):
            self.turns += 1
        for hand in after.hands:
            if len(hand) > self.largest:
                self.largest = len(hand)
        if len(after.knocked_out) > len(before.knocked_out):
            # A seat put out gave its cards up within the move: its hand then.
            for e in apply_with_events(before, move)[1]:
                if isinstance(e, KnockedOut) and e.held > self.largest:
                    self.largest = e.held


def _bots_for(job: _Job, game_seed: int) -> list[Bot]:
    out: list[Bot] = []
    for seat, bot in enumerate(job.bots):
        if isinstance(bot, str):
            out.append(make_bot(bot, derive_seed(game_seed, seat)))
            continue
        try:
            out.append(copy.deepcopy(bot))
        except Exception as e:
            name = getattr(bot, "name", type(bot).__name__)
            raise BotError(
                msg(
                    "{name} bot at seat {seat} cannot be copied for a new game: "
                    "{error_type}: {error}",
                    name=name,
                    seat=seat,
                    error_type=type(e).__name__,
                    error=str(e),
                ),
                str(name),
                seat,
            ) from e
    return out


def _play_one(
    state: GameState,
    bots: Sequence[Bot],
    game: int,
    recorder: Recorder | None = None,
    game_seed: int | None = None,
) -> tuple[GameState, RoundRecord]:
    meter = _RoundMeter(state)
    applied = [state.turns]

    def on_move(before: GameState, move: Move, after: GameState) -> None:
        meter(before, move, after)
        applied[0] = after.turns
        if recorder is not None:
            recorder.move(move, after)

    if recorder is not None:
        recorder.deal(state)
    try:
        final = play_from(state, bots, on_move=on_move)
    except BotError as e:
        seed = state.seed if game_seed is None else game_seed
        # The bot's own exception stays the cause, as play_from gives it.
        raise _in_game(e, game, seed, state, applied[0]) from e.__cause__
    winner = final.winner
    standing = bool(final.knocked_out) and sum(1 for h in final.hands if h) == 1
    exhausted = not final.clock_out and (
        winner is None or (len(final.hands[winner]) > 0 and not standing)
    )
    points = sum(final.scores) - sum(state.scores)
    record = RoundRecord(
        game=game,
        round_number=final.round_number,
        seed=final.seed,
        dealer=final.dealer,
        turns=meter.turns,
        moves=final.turns,
        reshuffles=final.reshuffles,
        largest_hand=meter.largest,
        exhausted=exhausted,
        winner=None if winner is None else final.seating[winner],
        points=points,
        knocked_out=len(final.knocked_out),
    )
    return final, record


def _in_game(error: BotError, game: int, seed: int, state: GameState, applied: int) -> BotError:
    """``error`` (a bot failed) with where it happened, so that the game can
    be played again: the game's number and seed, the round, the move being
    asked for (1 for the round's first) and, when the bot raised, the file
    and line that raised (the innermost frame of its exception's
    traceback). The original error is its ``__cause__``."""
    where: str | Message = ""
    cause = error.__cause__
    if cause is not None and cause.__traceback__ is not None:
        frames = traceback.extract_tb(cause.__traceback__)
        if frames:
            where = msg(
                "; raised at {file}:{line}", file=frames[-1].filename, line=frames[-1].lineno
            )
    told: str | Message = error.message if error.message is not None else str(error)
    return BotError(
        msg(
            "{error}, in game {game} (seed {seed}), round {round}, move {move}{where}",
            error=told,
            game=game,
            seed=seed,
            round=state.round_number,
            move=applied + 1,
            where=where,
        ),
        error.bot,
        error.seat,
    )


def record_path(folder: str | os.PathLike[str], index: int) -> str:
    """The file :func:`simulate` writes game ``index``'s record to in ``folder``:
    ``game-000000.jsonl`` for the first game, game 0, as in the ``game``
    column of the CSV and :attr:`GameRecord.index` (JSON Lines,
    :mod:`unorules.records`)."""
    return os.path.join(os.fspath(folder), f"game-{index:06d}.jsonl")


_Played = tuple["GameRecord", str | None]
"""A game played: its record and, when the job records, its game record's
text (JSON Lines), written to a file by the process that runs
:func:`simulate`."""


def _play_game(job: _Job, index: int) -> _Played:
    rules = job.rules
    seed = derive_seed(job.seed, index)
    bots = _bots_for(job, seed)
    players = len(job.bots)
    recorder = Recorder(bots=[bot_label(_bot_name(b)) for b in bots]) if job.record else None
    if job.single_rounds:
        dealer = (players - 1 + index) % players
        state = new_round(rules, players=players, seed=seed, dealer=dealer)
        final, record = _play_one(state, bots, index, recorder, seed)
        return GameRecord(index, seed, (record,), final.winner, final.scores), _text(
            recorder, "round"
        )
    state = new_game(rules, players=players, seed=seed)
    records: list[RoundRecord] = []
    while True:
        # Each bot plays for its player, wherever the player sits
        # (house.shuffle-seats draws new seats before each round).
        seated = [bots[player] for player in state.seating]
        final, record = _play_one(state, seated, index, recorder, seed)
        records.append(record)
        if final.game_over:
            seating = final.seating
            won = final.game_winner
            totals = tuple(final.scores[seating.index(p)] for p in range(players))
            game = GameRecord(
                index, seed, tuple(records), None if won is None else seating[won], totals
            )
            return game, _text(recorder, "game")
        state = next_round(final)


def _text(recorder: Recorder | None, end: str) -> str | None:
    """The record's text (JSON Lines), ending with its end line ``end``:
    the game (or the round played alone) is over."""
    if recorder is None:
        return None
    recorder.end(end)
    return write_record(recorder.record)


def _write_record(folder: str, index: int, text: str) -> None:
    path = record_path(folder, index)
    try:
        # "x": a file that has appeared since the run began is never overwritten.
        with open(path, "x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise UnoError(
            msg(
                "cannot write the record {path}: a file of that name exists already; "
                "it is left as it is",
                path=path,
            )
        ) from None
    except OSError as e:
        raise UnoError(
            msg("cannot write the record {path}: {error}", path=path, error=e.strerror or str(e))
        ) from None


def _play_chunk(job: _Job, indices: Sequence[int]) -> list[_Played]:
    return [_play_game(job, i) for i in indices]


_RAY_ADDRESS = re.compile(
    r"(?P<scheme>ray://)?"
    r"(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9._-]*[A-Za-z0-9_])?)"
    r":(?P<port>[0-9]{1,5})"
)


def check_ray_address(address: object, source: str = "address") -> tuple[str, int] | None:
    """Refuse what is not a Ray address, before anything is started.

    The forms accepted: ``"auto"`` (the cluster this machine is a node of),
    ``"host:port"`` (the head node's address as ``ray start --head`` prints
    it, e.g. ``"10.0.0.5:6379"``; an IPv6 host in brackets) and
    ``"ray://host:port"`` (Ray Client, port 10001 by default). No address at
    all (``None``) is not checked here: it means a local Ray started for the
    run.

    Args:
        address: the address as given.
        source: where it was given, for the message: ``"address"``,
            ``"--ray"`` or ``"RAY_ADDRESS"``.

    Returns:
        The host (without brackets) and port to connect to; ``None`` for
        ``"auto"``.

    Raises:
        UnoError: an address that is not a string, is empty, is a web address
            (``http://``, ``https://``: the dashboard's, for ``ray job``) or is
            none of the forms above, or a port outside 1 to 65535; the message
            names the address and the forms accepted.

    >>> check_ray_address("ray://head:10001")
    ('head', 10001)
    >>> check_ray_address("auto") is None
    True
    """
    if not isinstance(address, str):
        raise UnoError(
            msg(
                "{source} must be a string (auto, host:port or ray://host:port), or None for a "
                "local Ray started for the run, not {value} of type {type}",
                source=source,
                value=_shown(address),
                type=type(address).__name__,
            )
        )
    if address == "auto":
        return None
    if address.lower().startswith(("http://", "https://")):
        raise UnoError(
            msg(
                "{source} {address} is a web address (the dashboard's, which 'ray job submit "
                "--address' takes): give host:port of the head node as 'ray start --head' prints "
                "it (e.g. 10.0.0.5:6379), ray://host:10001 (Ray Client) or auto",
                source=source,
                address=repr(address),
            )
        )
    found = _RAY_ADDRESS.fullmatch(address)
    if found is None or not 0 < int(found["port"]) < 65536:
        raise UnoError(
            msg(
                "{source} {address} is not a Ray address: give auto, host:port of the head "
                "node as 'ray start --head' prints it (e.g. 10.0.0.5:6379) or ray://host:port "
                "(Ray Client, port 10001); with none at all a local Ray is started for the run",
                source=source,
                address=repr(address),
            )
        )
    return found["host"].strip("[]"), int(found["port"])


def _shown(value: object) -> str:
    """``repr(value)``, cut short: for messages about a value of the wrong kind."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _available_cpus() -> int:
    """The CPUs this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _plan(total: int, workers: int, cpus: int | None = None) -> tuple[int, Iterator[list[int]]]:
    """The processes to start (at most ``workers``, the CPUs — this machine's,
    or ``cpus`` — and the chunks of work) and the chunks of game indices, made
    as they are needed."""
    cap = min(workers, _available_cpus() if cpus is None else max(1, cpus))
    size = max(1, min(50, total // (cap * 8)))
    n_chunks = -(-total // size)
    used = min(cap, n_chunks)
    chunks = (list(range(a, min(total, a + size))) for a in range(0, total, size))
    return used, chunks


def _file(
    played: Sequence[_Played],
    by_index: dict[int, GameRecord] | list[GameRecord],
    done: int,
    total: int,
    progress: Progress | None,
    folder: str | None,
) -> int:
    """File the records of one finished chunk by game index (or append them
    to a list, in order), write their game records to ``folder`` and report
    the progress; the new count of games done."""
    for record, text in played:
        if isinstance(by_index, list):
            by_index.append(record)
        else:
            by_index[record.index] = record
        if folder is not None and text is not None:
            _write_record(folder, record.index, text)
        done += 1
    if progress is not None:
        progress(done, total)
    return done


def _check_sendable(job: _Job, dumps: Callable[[object], bytes] = pickle.dumps) -> None:
    """Worker processes get the job pickled (Ray tasks: serialized with
    ``dumps``, Ray's cloudpickle): say which table's rule or bot cannot be."""
    for rule in job.rules.house_rules:
        try:
            dumps((rule, getattr(job.rules, rule.slot)))
        except Exception as e:
            raise RuleSetError(
                msg(
                    "the table's rule {rule} cannot be sent to a worker process "
                    "({error_type}: {error}): play in this process (workers=1, without Ray), "
                    "or define its policy class and its build function (no lambda) at the top "
                    "level of an importable module",
                    rule=repr(rule.id),
                    error_type=type(e).__name__,
                    error=str(e),
                ),
                (rule.id,),
            ) from None
    try:
        dumps(job.rules)
    except Exception as e:
        raise RuleSetError(
            msg(
                "the rule set {rules} cannot be sent to a worker process "
                "({error_type}: {error}): play in this process (workers=1, without Ray), "
                "or policies of classes defined in an importable module",
                rules=repr(job.rules.name),
                error_type=type(e).__name__,
                error=str(e),
            )
        ) from None
    for seat, bot in enumerate(job.bots):
        if isinstance(bot, str):
            continue
        try:
            dumps(bot)
        except Exception as e:
            raise BotSpecError(
                msg(
                    "the bot of seat {seat} ({bot}) cannot be sent to a worker process "
                    "({error_type}: {error}): play in this process (workers=1, without Ray), "
                    "or a class defined in an importable module",
                    seat=seat,
                    bot=repr(bot),
                    error_type=type(e).__name__,
                    error=str(e),
                )
            ) from None
