package layering

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/bezique-arena/bezique/"

// serverOnly are the dependencies of the referee's server that a leaf package must not pull in.
var serverOnly = []string{"github.com/prometheus/", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx",
	"github.com/pressly/goose", module + "service", module + "botsdk"}

// TestDependencies checks each package's dependencies (go list -deps) against its rule.
func TestDependencies(t *testing.T) {
	for _, c := range []struct {
		pkg      string
		standard bool     // the standard library and the package itself only
		banned   []string // import path prefixes it must not depend on
		needs    string   // a dependency it must have, so that the check lists the right packages
	}{
		{pkg: "engine", standard: true},
		{pkg: "wire", banned: serverOnly, needs: module + "engine"},
		// The gRPC codecs of the referee and the SDK: grpc-go and protobuf only, for any message.
		{pkg: "codec", banned: append([]string{module + "engine", module + "wire", module + "proto"}, serverOnly...), needs: "google.golang.org/grpc/encoding"},
		{pkg: "bots", banned: serverOnly, needs: module + "wire"},
		{pkg: "scenario", banned: serverOnly, needs: module + "wire"}, // read by other implementations: the rules and the wire only
		{pkg: "tournament", banned: append([]string{"google.golang.org/grpc", module + "proto", module + "wire"}, serverOnly...), needs: module + "engine"},
		{pkg: "stats", banned: append([]string{module + "engine", module + "wire", module + "bots", module + "proto",
			"google.golang.org/"}, serverOnly...), needs: "gonum.org/v1/plot"}, // a leaf: statistics and plots only
		{pkg: "service", banned: []string{module + "botsdk"}, needs: module + "bots"},
		// The web app: embedded files, net/http and gzip (klauspost/compress's gzhttp) only; no
		// package of the module, no gRPC, no server-only library.
		{pkg: "web", banned: append([]string{module + "engine", module + "wire", module + "service", module + "proto",
			"google.golang.org/"}, serverOnly...), needs: "github.com/klauspost/compress/gzhttp"},
	} {
		t.Run(c.pkg, func(t *testing.T) {
			format := "{{.ImportPath}}"
			if c.standard {
				format = "{{if not .Standard}}{{.ImportPath}}{{end}}"
			}
			out, err := exec.Command("go", "list", "-deps", "-f", format, module+c.pkg).Output()
			if err != nil {
				t.Fatalf("go list: %v", err)
			}
			deps := strings.Fields(string(out))
			found := c.needs == ""
			for _, dep := range deps {
				found = found || dep == c.needs
				if c.standard && dep != module+c.pkg {
					t.Errorf("%s depends on %s", c.pkg, dep)
				}
				for _, b := range c.banned {
					if strings.HasPrefix(dep, b) {
						t.Errorf("%s depends on %s", c.pkg, dep)
					}
				}
			}
			if !found {
				t.Errorf("%s does not depend on %s: the check lists the wrong packages", c.pkg, c.needs)
			}
		})
	}
}
