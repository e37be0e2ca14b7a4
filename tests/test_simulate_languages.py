"""The errors of ``unorules simulate`` and of the bots in English, Swedish and
Norwegian: raised for real through the CLI and the API, English unchanged, the
Swedish and Norwegian texts those of the catalogs; no f-string left in a raise."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from unorules.cli import main
from unorules.errors import UnoError
from unorules.moves import Move
from unorules.play import bots as bots_module
from unorules.play import simulate as simulate_module
from unorules.play.bots import BotError, BotSpecError, check_bot, load_bot, make_bot
from unorules.play.simulate import derive_seed, simulate
from unorules.state import GameState


def _simulate_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The last line ``unorules simulate`` writes on stderr, which must be an
    error with exit code 2 and nothing on stdout."""
    code = main(["simulate", "--no-progress", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", (code, out, err)
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


# --------------------------------------------------------------------------- through the CLI


@pytest.mark.parametrize(
    ("argv", "en", "sv", "nb"),
    [
        (
            ["--players", "1"],
            "--players must be 2 to 10 (the deck of official), not 1",
            "--players måste vara 2 till 10 (leken i official), inte 1",
            "--players må være 2 til 10 (kortstokken i official), ikke 1",
        ),
        (
            ["--rounds", "0"],
            "--rounds must be 1 to 1,000,000, not 0",
            "--rounds måste vara 1 till 1,000,000, inte 0",
            "--rounds må være 1 til 1,000,000, ikke 0",
        ),
        (
            ["--rounds", "1", "--workers", "0"],
            "--workers must be at least 1, not 0",
            "--workers måste vara minst 1, inte 0",
            "--workers må være minst 1, ikke 0",
        ),
        (
            ["--bots", "heuristic,,random"],
            "--bots 'heuristic,,random': entry 2 of 3 is empty "
            "(two commas in a row, or one at an end)",
            "--bots 'heuristic,,random': post 2 av 3 är tom "
            "(två kommatecken i rad, eller ett i början eller slutet)",
            "--bots 'heuristic,,random': oppføring 2 av 3 er tom "
            "(to kommaer etter hverandre, eller ett i starten eller slutten)",
        ),
        (
            ["--bots", " , "],
            "--bots: give at least one bot name, e.g. heuristic,random",
            "--bots: ge minst ett bottnamn, t.ex. heuristic,random",
            "--bots: gi minst ett botnavn, f.eks. heuristic,random",
        ),
        (
            ["--bots", "heuristic,clever"],
            "--bots: unknown bot 'clever'; bots are: random, heuristic, "
            "or module:Class for your own",
            "--bots: okänd bott 'clever'; kända bottar: random, heuristic, "
            "eller modul:Klass för en egen",
            "--bots: ukjent bot 'clever'; kjente botter: random, heuristic, "
            "eller modul:Klasse for en egen",
        ),
        (
            ["--bots", "heuristic,random", "--players", "3"],
            "--bots lists 2 bots but --players is 3: "
            "give one bot per seat, or a single name for every seat",
            "--bots har 2 bottar men --players är 3: "
            "ge en bott per plats, eller ett enda namn för alla platser",
            "--bots har 2 botter, men --players er 3: "
            "gi én bot per plass, eller ett enkelt navn for alle plassene",
        ),
        (
            ["--rounds", "1", "--bots", ",".join(["random"] * 11)],
            "11 bots: this deck seats 2 to 10 players",
            "11 bottar: den här leken är för 2 till 10 spelare",
            "11 botter: denne kortstokken er for 2 til 10 spillere",
        ),
        (
            ["--bots", "no_such_module_for_unorules:Bot"],
            "bot 'no_such_module_for_unorules:Bot': there is no module "
            "'no_such_module_for_unorules' in the folder unorules runs in or among the "
            "installed packages",
            "bott 'no_such_module_for_unorules:Bot': det finns ingen modul "
            "'no_such_module_for_unorules' i mappen som unorules körs i eller bland de "
            "installerade paketen",
            "bot 'no_such_module_for_unorules:Bot': det finnes ingen modul "
            "'no_such_module_for_unorules' i mappen unorules kjøres i eller blant de "
            "installerte pakkene",
        ),
    ],
)
def test_simulate_cli_errors_in_three_languages(
    capsys: pytest.CaptureFixture[str], argv: list[str], en: str, sv: str, nb: str
) -> None:
    assert _simulate_error(capsys, *argv) == f"unorules simulate: error: {en}"
    assert _simulate_error(capsys, "--lang", "sv", *argv) == f"unorules simulate: fel: {sv}"
    assert _simulate_error(capsys, "--lang", "nb", *argv) == f"unorules simulate: feil: {nb}"


# --------------------------------------------------------------------------- through the API


def test_one_bot_is_one_bott() -> None:
    with pytest.raises(UnoError) as err:
        simulate("official", ["random"], rounds=1)
    assert isinstance(err.value, ValueError)
    assert str(err.value) == "1 bot: this deck seats 2 to 10 players"
    assert err.value.text_in("sv") == "1 bott: den här leken är för 2 till 10 spelare"
    assert err.value.text_in("nb") == "1 bot: denne kortstokken er for 2 til 10 spillere"


def test_bad_counts_of_the_function_keep_their_english() -> None:
    with pytest.raises(ValueError) as err:
        simulate("official", ["random"] * 2, games=0)
    assert isinstance(err.value, UnoError)
    assert str(err.value) == "games must be 1 to 1,000,000, not 0"
    assert err.value.text_in("sv") == "games måste vara 1 till 1,000,000, inte 0"
    with pytest.raises(ValueError) as err:
        simulate("official", ["random"] * 2, rounds=1, workers=0)
    assert isinstance(err.value, UnoError)
    assert str(err.value) == "workers must be at least 1, not 0"
    assert err.value.text_in("nb") == "workers må være minst 1, ikke 0"


def test_a_string_of_bots_is_refused() -> None:
    with pytest.raises(BotSpecError) as err:
        simulate("official", "random,random", rounds=1)  # type: ignore[arg-type]
    assert str(err.value) == (
        "bots: give one bot per seat as a list, not the string 'random,random'"
    )
    assert err.value.text_in("sv") == (
        "bots: ge en bott per plats som en lista, inte strängen 'random,random'"
    )
    assert err.value.text_in("nb") == (
        "bots: gi én bot per plass som en liste, ikke strengen 'random,random'"
    )


def test_unknown_bot_name_by_seat_and_by_make_bot() -> None:
    with pytest.raises(BotSpecError) as err:
        simulate("official", ["random", "clever"], rounds=1)
    assert str(err.value) == (
        "unknown bot 'clever' (seat 1); bots are: random, heuristic, or module:Class for your own"
    )
    assert err.value.text_in("sv") == (
        "okänd bott 'clever' (plats 1); kända bottar: random, heuristic, "
        "eller modul:Klass för en egen"
    )
    assert err.value.text_in("nb") == (
        "ukjent bot 'clever' (plass 1); kjente botter: random, heuristic, "
        "eller modul:Klasse for en egen"
    )
    with pytest.raises(BotSpecError) as err:
        make_bot("clever")
    assert err.value.text_in("nb") == (
        "ukjent bot 'clever'; kjente botter: random, heuristic, eller modul:Klasse for en egen"
    )


class _Chooser:
    """A bot with a name and a choose method but no react."""

    name = "half"

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        return moves[0]


def test_not_a_bot_names_the_seat_and_the_protocol() -> None:
    bot = _Chooser()
    with pytest.raises(BotSpecError) as err:
        simulate("official", ["random", bot], rounds=1)
    assert str(err.value) == (
        f"the bot of seat 1 ({bot!r}) is not a bot: it has no react (a bot has a name and "
        "the methods choose(state, seat, moves) and react(state, seat, moves))"
    )
    assert err.value.text_in("sv") == (
        f"spelaren på plats 1 ({bot!r}) är ingen bott: den saknar react (en bott har ett namn "
        "och metoderna choose(state, seat, moves) och react(state, seat, moves))"
    )
    assert err.value.text_in("nb") == (
        f"spilleren på plass 1 ({bot!r}) er ingen bot: den mangler react (en bot har et navn "
        "og metodene choose(state, seat, moves) og react(state, seat, moves))"
    )


def test_an_object_with_nothing_lacks_all_three() -> None:
    with pytest.raises(BotSpecError) as err:
        check_bot(3)
    protocol_en = (
        "a bot has a name and the methods choose(state, seat, moves) and react(state, seat, moves)"
    )
    assert str(err.value) == (
        f"3 is not a bot: it has no name and no choose and no react ({protocol_en})"
    )
    assert err.value.text_in("sv").startswith(
        "3 är ingen bott: den saknar name, choose och react (en bott har ett namn"
    )
    assert err.value.text_in("nb").startswith(
        "3 er ingen bot: den mangler name, choose og react (en bot har et navn"
    )


def test_a_module_without_the_class() -> None:
    with pytest.raises(BotSpecError) as err:
        load_bot("unorules.play.bots:CleverBot")
    assert str(err.value) == (
        "bot 'unorules.play.bots:CleverBot': module 'unorules.play.bots' has no 'CleverBot'"
    )
    assert err.value.text_in("sv") == (
        "bott 'unorules.play.bots:CleverBot': modulen 'unorules.play.bots' har ingen 'CleverBot'"
    )
    assert err.value.text_in("nb") == (
        "bot 'unorules.play.bots:CleverBot': modulen 'unorules.play.bots' har ingen 'CleverBot'"
    )


class _Faulty:
    """A bot whose choose raises."""

    name = "faulty"

    def choose(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move:
        raise ValueError("boom")

    def react(self, state: GameState, seat: int, moves: tuple[Move, ...]) -> Move | None:
        return None


def test_a_bot_that_raises_is_named_with_its_seat() -> None:
    with pytest.raises(BotError) as err:
        simulate("official", [_Faulty(), _Faulty()], rounds=1, seed=1)
    seat = err.value.seat
    assert seat in (0, 1) and err.value.bot == "faulty"
    seed = derive_seed(1, 0)
    where = f"{Path(__file__).resolve()}:{_Faulty.choose.__code__.co_firstlineno + 1}"
    assert str(err.value) == (
        f"faulty bot at seat {seat} raised ValueError in choose(): boom, in game 0 "
        f"(seed {seed}), round 1, move 1; raised at {where}"
    )
    assert err.value.text_in("sv") == (
        f"faulty (bott på plats {seat}) fick felet ValueError i choose(): boom, i parti 0 "
        f"(frö {seed}), runda 1, drag 1; kastat vid {where}"
    )
    assert err.value.text_in("nb") == (
        f"faulty (bot på plass {seat}) fikk feilen ValueError i choose(): boom, i parti 0 "
        f"(frø {seed}), runde 1, handling 1; kastet ved {where}"
    )


# --------------------------------------------------------------------------- the sources


@pytest.mark.parametrize("module", [simulate_module, bots_module], ids=["simulate", "bots"])
def test_no_uno_error_is_raised_with_an_f_string(module: object) -> None:
    """Every ``raise`` of an UnoError subclass passes a message (``msg``) or a
    name bound to one, never an f-string or a plain string literal."""
    path = Path(str(getattr(module, "__file__", "")))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    error_names = {
        name
        for name, value in vars(module).items()
        if isinstance(value, type) and issubclass(value, UnoError)
    }
    assert {"UnoError", "BotError", "BotSpecError"} & error_names
    checked = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
            continue
        func = node.exc.func
        if not (isinstance(func, ast.Name) and func.id in error_names):
            continue
        checked += 1
        assert node.exc.args, f"line {node.lineno}: no message"
        first = node.exc.args[0]
        assert not isinstance(first, ast.JoinedStr), f"line {node.lineno}: an f-string"
        assert not isinstance(first, ast.Constant), f"line {node.lineno}: a plain string"
    assert checked >= 8
