// Package e2e holds end-to-end tests that run the real binaries over loopback: crash recovery
// (the referee killed with SIGKILL while bots play, on SQLite and PostgreSQL; three referees
// sharing one PostgreSQL, one of them killed twice: shared_test.go; a PostgreSQL store backed up
// with pg_dump while two referees play, restored with pg_restore: pgbackup_test.go), golden game
// records, Prometheus scraping the referee's metrics, games whose seats are Go, Python and Node
// bot processes and the C++ example bot built from the .proto files (with forced disconnects;
// Rubicon and six-pack games of the Python and Node bots, replayed by `bezique replay` with their
// settlement: variants_test.go), and the docs' shell blocks marked <!-- run --> run as pasted
// (docs_test.go). Every test runs beside the others (t.Parallel: two at a time on a 2-core machine,
// -parallel's default), so each uses its own free ports, directories and database. It has no
// non-test code.
package e2e
