package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestBinaryHostGuard: the real binary without keys refuses a Connect call whose Host is another
// site's name (DNS rebinding, service.TestHostGuard), 403 naming the Host and --allowed-hosts,
// serves a name of --allowed-hosts, and serves native gRPC whatever its :authority; with an admin
// key it serves every Host.
func TestBinaryHostGuard(t *testing.T) {
	bin := buildReferee(t)
	open := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--allowed-hosts", "referee.test, other.test")
	keyed := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "", "--store", "memory", "--admin-key", "host-test-admin-key-0123456789")
	catalog := func(addr, host string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = host
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, string(b)
	}
	_, port, _ := net.SplitHostPort(open.addr)
	want := `{"code":"permission_denied","message":"Host \"rebind.attacker.example:27520\" is not served: without authentication the referee answers HTTP only at an IP address or localhost, ` +
		`so that no other site's page can call it by DNS rebinding; start it with --allowed-hosts rebind.attacker.example to serve this name (docs/SECURITY.md)"}`
	if status, body := catalog(open.addr, "rebind.attacker.example:27520"); status != http.StatusForbidden || body != want {
		t.Errorf("without keys, Host rebind.attacker.example: %d %s; want 403 %s", status, body, want)
	}
	for _, host := range []string{"other.test:" + port, "localhost:" + port} {
		if status, body := catalog(open.addr, host); status != http.StatusOK || !strings.HasPrefix(body, `{"options":[`) {
			t.Errorf("without keys, Host %s: %d %.80s; want 200 and the catalog", host, status, body)
		}
	}
	if status, body := catalog(keyed.addr, "rebind.attacker.example:27520"); status != http.StatusOK || !strings.HasPrefix(body, `{"options":[`) {
		t.Errorf("with keys, Host rebind.attacker.example: %d %.80s; want 200 and the catalog", status, body)
	}
	cc, err := grpc.NewClient(open.addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithAuthority("rebind.attacker.example:27520"))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	if _, err := pb.NewTableServiceClient(cc).ListTables(context.Background(), &pb.ListTablesRequest{}); err != nil {
		t.Errorf("native gRPC with :authority rebind.attacker.example: %v", err)
	}
}
