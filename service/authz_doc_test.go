package service

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestSecurityDocIsTheAuthorization: docs/SECURITY.md's table of every RPC and the roles allowed
// says what the authorization table does, row by row, both ways: a watcher's grpcurl was refused
// server reflection, as the page said, and nothing checked that the page and the code agreed.
func TestSecurityDocIsTheAuthorization(t *testing.T) {
	b, err := os.ReadFile("../docs/SECURITY.md")
	if err != nil {
		t.Fatal(err)
	}
	columns := []Role{RoleAdmin, RoleOrganiser, RoleBot, RoleWatcher, RoleSpectator}
	names := regexp.MustCompile("`([^`]+)`")
	documented := map[string][]Role{}
	rows := 0
	inTable := false
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "| RPC |") {
			inTable = true
			continue
		}
		if !inTable || strings.HasPrefix(line, "| ---") {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			break
		}
		rows++
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 1+len(columns) {
			t.Fatalf("SECURITY.md row %q has %d cells, want %d", line, len(cells), 1+len(columns))
		}
		var allowed []Role
		for i, c := range cells[1:] {
			if strings.TrimSpace(c) != "" {
				allowed = append(allowed, columns[i])
			}
		}
		var methods []string
		if strings.HasPrefix(strings.TrimSpace(cells[0]), "server reflection") {
			methods = []string{"/grpc.reflection.v1.ServerReflection/ServerReflectionInfo", "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo"}
		}
		service := ""
		for i, m := range names.FindAllStringSubmatch(cells[0], -1) {
			name := m[1]
			if i == 0 { // Service.Method, Service.* or grpc.health.v1.Health/Method
				if svc, method, ok := strings.Cut(name, "/"); ok {
					service, name = svc, method
				} else {
					service, name, _ = strings.Cut(name, ".")
					service = "bezique.v1." + service
				}
			}
			if name != "*" {
				methods = append(methods, "/"+service+"/"+name)
				continue
			}
			for method := range authorization {
				if strings.HasPrefix(method, "/"+service+"/") {
					methods = append(methods, method)
				}
			}
		}
		for _, m := range methods {
			documented[m] = allowed
		}
	}
	if rows == 0 {
		t.Fatal("SECURITY.md has no table of RPCs (a row starting \"| RPC |\")")
	}
	for method, roles := range authorization {
		doc, ok := documented[method]
		if !ok {
			t.Errorf("SECURITY.md's table has no row for %s", method)
			continue
		}
		want := slices.Clone(roles)
		slices.Sort(want)
		slices.Sort(doc)
		if !slices.Equal(doc, want) {
			t.Errorf("%s: SECURITY.md allows %v, the authorization table %v", method, doc, want)
		}
	}
	for method := range documented {
		if _, ok := authorization[method]; !ok {
			t.Errorf("SECURITY.md's table has a row for %s, which the authorization table has not", method)
		}
	}
}
