package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck: bezique check passes the committed scenarios, and for a scenario that expects a
// wrong trick winner prints a line naming the file, the step and the expectation and fails.
func TestCheck(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/scenarios/*.json")
	var out bytes.Buffer
	if err := runCheck(files, false, &out); err != nil || strings.Count(out.String(), "ok   ") != len(files) {
		t.Fatalf("check of the committed scenarios: %v\n%s", err, out.String())
	}
	b, err := os.ReadFile("../../testdata/scenarios/vector-01.json")
	if err != nil {
		t.Fatal(err)
	}
	wrong := filepath.Join(t.TempDir(), "wrong.json")
	if err := os.WriteFile(wrong, bytes.Replace(b, []byte(`"trick_winner": 1`), []byte(`"trick_winner": 0`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	err = runCheck([]string{files[0], wrong}, false, &out)
	want := wrong + ": step 2 (seat 0: play KSa): trick_winner: got 1, want 0\nFAIL " + wrong + ": 1 failed expectation\n"
	if err == nil || err.Error() != "1 of 2 scenario files failed" || !strings.HasSuffix(out.String(), want) {
		t.Fatalf("check of a wrong scenario: %v\n%s\nwant the output to end with\n%s", err, out.String(), want)
	}
}
