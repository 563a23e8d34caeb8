"""The built-in variants. Importing this package registers them, in this order
(the order of ``variant_names()``: the default game first)."""

from . import hdc2  # noqa: F401, I001
from . import banqi, gaiqi  # noqa: F401
