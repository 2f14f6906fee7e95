"""Build step for the terminal's translations: compile the gettext catalogs into the wheel.

Everything else about the package is in pyproject.toml.  ``build_py`` copies
``src/liars/locale/*/LC_MESSAGES/liars.po`` (package data) and then writes a
``liars.mo`` beside each, with Babel (a build requirement).  An editable
install skips this: ``liars.locale.translation`` compiles the ``.po`` files
itself when no ``.mo`` is there.
"""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path(self.build_lib, "liars", "locale").glob("*/LC_MESSAGES/*.po"):
            with po.open("rb") as src:
                catalog = read_po(src)
            with po.with_suffix(".mo").open("wb") as out:
                write_mo(out, catalog)


setup(cmdclass={"build_py": BuildPyWithCatalogs})
