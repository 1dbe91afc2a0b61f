package wire

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeafDependencies: the wire package depends on the engine and the generated protos only: no
// referee, metrics, storage or SQL driver comes with it.
func TestLeafDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/prometheus/", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx", "github.com/pressly/goose",
			"github.com/bezique-arena/bezique/service", "github.com/bezique-arena/bezique/botsdk"} {
			if strings.HasPrefix(dep, banned) {
				t.Errorf("wire depends on %s", dep)
			}
		}
	}
}
