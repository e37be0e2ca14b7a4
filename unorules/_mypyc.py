"""What the source needs to compile with mypyc, at no cost to pure Python.

* :func:`mypyc_attr` - mypyc's class options (:func:`mypy_extensions.mypyc_attr`)
  without ``mypy_extensions`` at run time. mypyc reads the decorator from the
  source when it compiles a module (type checking sees the real one); at run
  time, compiled or not, it is the identity, so the package needs no
  ``mypy_extensions`` installed.
* :func:`untyped` - an argument of ``attrs.field`` that mypy must not type
  the field's definition by.
* :func:`caused` - an error with its cause, for ``raise ... from``, whose
  ``from`` mypyc leaves out.

This module is never compiled itself: compiled, the branch that type
checking skips (the only one that runs) is left out, and importing the
module fails with ``RuntimeError: Reached allegedly unreachable code!``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["caused", "mypyc_attr", "untyped"]

E = TypeVar("E", bound=BaseException)

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:

    def mypyc_attr(*attrs, **kwattrs):
        """The identity decorator (mypyc's options do nothing at run time)."""
        return lambda cls: cls


def untyped(value: object) -> Any:
    """``value``, typed ``Any``.

    Compiled, the body of a class that is not native (an attrs class) checks
    the value given to each annotated attribute against what mypy typed it.
    In an attrs class that value is the field's definition, ``attrs.field(...)``,
    which mypy types by its ``default``, ``factory`` or ``validator`` argument
    (``target: int = attrs.field(default=500)`` is an ``int``, ``base: DeckPolicy
    = attrs.field(factory=ClassicDeck)`` a ``ClassicDeck``), so the class body
    fails on import: ``TypeError: int object expected; got
    attr._make._CountingAttr``. Passing that argument through ``untyped``
    makes the whole call ``Any``::

        target: int = attrs.field(default=untyped(500), validator=_check_target)

    A field whose definition mypy types as ``Any`` already (no such argument:
    ``attrs.field(init=False)``) needs none, nor one whose type compiled code
    does not check (``Mapping``, ``Callable``).
    """
    return value


def caused(error: E, cause: BaseException) -> E:
    """``error`` with ``cause`` as its ``__cause__``.

    mypyc compiles ``raise error from cause`` as ``raise error``: the cause
    is left out (the error only keeps it as its ``__context__``). Where a
    caller may read the cause, ``raise caused(error, cause) from cause`` keeps
    it in both builds::

        except OSError as e:
            raise caused(LanguageError("..."), e) from e
    """
    error.__cause__ = cause
    return error
