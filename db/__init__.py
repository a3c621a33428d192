"""Storage: one SQLite file through sqlite-utils, schema by migrations, every query a named function."""
from .connection import Damaged, check, connect, quiet_mark, write
from .migrations import migrate

__all__ = ["Damaged", "check", "connect", "migrate", "quiet_mark", "write"]
