package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/scenario"
)

func newCheckCmd() *cobra.Command {
	var verbose bool
	cmd := &cobra.Command{
		Use:   "check FILE...",
		Short: "Run rule scenarios and report every expectation",
		Long: `check runs scenario files (docs/SCENARIOS.md: a stacked deal, rule options and steps, each with
what must happen) through the engine and reports each expectation. A failure names the file, the
step and the expectation; check exits non-zero when any expectation fails or any file cannot be
run. testdata/scenarios holds the RULES.md §6 test vectors as scenarios.`,
		Example: `  bezique check testdata/scenarios/*.json
  bezique check -v testdata/scenarios/vector-01.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(args, verbose, cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVarP(&verbose, "verbose", "v", false, "print every expectation, not only the failures")
	return cmd
}

// runCheck runs every scenario file and prints its failures (every check with verbose) and a
// line per file; it returns an error counting the files that failed.
func runCheck(files []string, verbose bool, w io.Writer) error {
	failed := 0
	for _, path := range files {
		n, err := checkFile(path, verbose, w)
		switch {
		case err != nil:
			failed++
			fmt.Fprintf(w, "FAIL %s: %v\n", path, err)
		case n > 0:
			failed++
			fmt.Fprintf(w, "FAIL %s: %s\n", path, plural(n, "failed expectation"))
		default:
			fmt.Fprintf(w, "ok   %s\n", path)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d scenario files failed", failed, len(files))
	}
	return nil
}

// checkFile runs one scenario file and returns its number of failed expectations; an error when
// the file cannot be read or the scenario cannot start.
func checkFile(path string, verbose bool, w io.Writer) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	s, err := scenario.Load(f)
	if err != nil {
		return 0, err
	}
	res, err := s.Run()
	if err != nil {
		return 0, err
	}
	for _, c := range res.Checks {
		if verbose || c.Failure != "" {
			fmt.Fprintf(w, "%s: %s\n", path, c)
		}
	}
	return len(res.Failures()), nil
}

// plural is n and noun, with an s when n is not 1 ("1 failed expectations" was printed).
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
