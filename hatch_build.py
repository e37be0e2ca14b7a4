"""Build step: compile the gettext catalogs (``unorules/locale/*/LC_MESSAGES/*.po``)
into the ``.mo`` files the wheel ships, with Babel. The ``.mo`` files are
build output: git ignores them and an editable install compiles them in place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        import io
        import os
        import tempfile

        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        locale = Path(self.root) / "unorules" / "locale"
        for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            buffer = io.BytesIO()
            write_mo(buffer, catalog, use_fuzzy=False)
            mo = po.with_suffix(".mo")
            if mo.exists() and mo.read_bytes() == buffer.getvalue():
                continue
            # Written beside it, then renamed over it in one step: builds
            # running at the same time (two test workers building the page's
            # wheel) never read a half-written catalog.
            fd, temporary = tempfile.mkstemp(dir=mo.parent, prefix=".", suffix=".mo-part")
            with os.fdopen(fd, "wb") as target:
                target.write(buffer.getvalue())
            os.replace(temporary, mo)
