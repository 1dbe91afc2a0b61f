package service

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoBotSDKDependency: the referee seats built-in bots from package bots; it does not depend on
// the bot SDK (botsdk, the client side of the protocol). Its tests may use the SDK as a client.
func TestNoBotSDKDependency(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(string(out))
	for _, dep := range deps {
		if strings.HasPrefix(dep, "github.com/bezique-arena/bezique/botsdk") {
			t.Errorf("service depends on %s", dep)
		}
	}
	if !strings.Contains(" "+strings.Join(deps, " ")+" ", " github.com/bezique-arena/bezique/bots ") {
		t.Errorf("service does not depend on github.com/bezique-arena/bezique/bots: the check lists the wrong packages")
	}
}
