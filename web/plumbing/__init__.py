"""Request plumbing: hosts, security headers and CSRF, PINs, the server, the database connection, errors in words, backups."""
