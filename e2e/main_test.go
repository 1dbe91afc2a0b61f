package e2e

import (
	"os"
	"testing"
)

// TestMain runs the tests, then removes what they built once for all of them (buildCpp).
func TestMain(m *testing.M) {
	code := m.Run()
	if cppBuild.dir != "" {
		_ = os.RemoveAll(cppBuild.dir)
	}
	os.Exit(code)
}
