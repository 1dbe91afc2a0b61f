package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	flag "github.com/spf13/pflag"

	"github.com/bezique-arena/bezique/service/store"
)

// runBackup is "bezique-referee backup --store sqlite:PATH --to FILE": it copies the SQLite store,
// live or not, to the new file FILE (store.BackupSQLite) and says so on stdout. It returns the exit
// status: 0, 1 when the copy failed, 2 for bad flags (a store other than SQLite among them:
// PostgreSQL is backed up with its own tools, docs/OPERATIONS.md).
func runBackup(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bezique-referee backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("store", "sqlite:bezique-data/bezique.db", "the SQLite store to copy, sqlite:PATH (the referee may be running on it)")
	to := fs.String("to", "", "the file to write the copy to; it must not exist")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: bezique-referee backup --store sqlite:PATH --to FILE\n\nCopies a SQLite store, while a referee runs on it or not, to the new file FILE: one\nconsistent snapshot (SQLite's VACUUM INTO), mode 0600, synced. Start a referee with\n--store sqlite:FILE to restore it (docs/OPERATIONS.md, \"Backups\").\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	path, ok := strings.CutPrefix(*from, "sqlite:")
	switch {
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "bezique-referee backup: unexpected argument %q\n", fs.Arg(0))
		return 2
	case !ok:
		fmt.Fprintf(stderr, "bezique-referee backup: --store %q: want sqlite:PATH; back a PostgreSQL store up with pg_dump or your PostgreSQL's own backups (docs/OPERATIONS.md)\n", store.Redact(*from))
		return 2
	case *to == "":
		fmt.Fprintln(stderr, "bezique-referee backup: --to: want the file to write the copy to")
		return 2
	}
	if err := store.BackupSQLite(context.Background(), path, *to); err != nil {
		fmt.Fprintln(stderr, "bezique-referee backup:", err)
		return 1
	}
	fi, err := os.Stat(*to)
	if err != nil {
		fmt.Fprintln(stderr, "bezique-referee backup:", err)
		return 1
	}
	fmt.Fprintf(stdout, "bezique-referee backup: %s copied to %s (%d bytes)\n", *from, *to, fi.Size())
	return 0
}
