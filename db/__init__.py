"""Storage: one SQLite file through sqlite-utils, schema by migrations, every query a named function."""
from .connection import Damaged, check, connect, database_path, quiet_mark, write
from .migrations import migrate

__all__ = ["Damaged", "check", "connect", "database_path", "migrate", "quiet_mark", "write"]
