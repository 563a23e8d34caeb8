"""The built-in variants. Importing this package registers them."""

from . import hdc2  # noqa: F401
