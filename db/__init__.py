"""Storage: one SQLite file through sqlite-utils, schema by migrations, every query a named function."""
from .connection import Damaged, check, connect, database_path, in_write, quiet_mark, write
from .migrations import migrate

__all__ = ["Damaged", "check", "connect", "database_path", "in_write", "migrate", "quiet_mark", "write"]
