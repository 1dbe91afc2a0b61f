package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/bezique-arena/bezique/scenario"
)

// TestScenarioFiles runs every scenario of testdata/scenarios (the RULES.md §6 vectors as data,
// docs/SCENARIOS.md): every expectation of every step must hold.
func TestScenarioFiles(t *testing.T) {
	files, err := filepath.Glob("../testdata/scenarios/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			s, err := scenario.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Run()
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range res.Failures() {
				t.Error(c)
			}
			if len(res.Checks) == 0 {
				t.Fatal("no expectations")
			}
		})
	}
}
