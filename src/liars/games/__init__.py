"""The rules modules, one per game.  Importing this package registers them all.

Every module in this package is imported, so adding a game is adding a file.
"""

import importlib
import pkgutil

for _mod in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    importlib.import_module(f"{__name__}.{_mod.name}")
