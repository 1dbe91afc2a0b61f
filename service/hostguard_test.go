package service

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// callHost sends an HTTP request to base+path with Host host, body (none when empty) and
// contentType (application/json: a Connect call, with Connect-Protocol-Version); it returns the HTTP status, the grpc-status header and the body.
func callHost(t *testing.T, base, host, method, path, contentType, body string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if contentType == "application/json" {
		req.Header.Set("Connect-Protocol-Version", "1")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Grpc-Status"), string(b)
}

// TestHostGuard is the regression test of DNS rebinding against a referee without authentication
// (a security trial): a Connect CancelTable with the Host "rebind.attacker.example:27520" was
// served, so a page of any site a developer visited could drive every RPC once its name resolved
// to 127.0.0.1. With HTTPConfig.CheckHost, the HTTP face (Connect, gRPC-Web, the web app) refuses
// a Host that is not an IP address, localhost or an allowed name, with PERMISSION_DENIED naming
// the Host and --allowed-hosts, and the table stays; native gRPC with that :authority is served;
// without CheckHost (a referee with keys) every Host is served.
func TestHostGuard(t *testing.T) {
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	static := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "the web app") })
	port, err := NewPort(lis, PortConfig{HTTP: HTTPConfig{Static: static, CheckHost: true, AllowedHosts: []string{"Referee.Test"}}},
		srv.Register, ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(0) })
	addr := lis.Addr().String()
	_, portNum, _ := net.SplitHostPort(addr)
	base := "http://" + addr

	// Native gRPC, whatever its :authority.
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()), grpc.WithAuthority("rebind.attacker.example:27520"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cc.Close() })
	tables := pb.NewTableServiceClient(cc)
	resp, err := tables.CreateTable(context.Background(), twoRemote(false))
	if err != nil {
		t.Fatalf("CreateTable over native gRPC with :authority rebind.attacker.example: %v", err)
	}
	cancel := `{"tableId":"` + resp.GetTableId() + `"}`

	refusal := func(host string) string {
		return `Host "` + host + `" is not served: without authentication the referee answers HTTP only at an IP address or localhost, ` +
			`so that no other site's page can call it by DNS rebinding; start it with --allowed-hosts ` + strings.Split(host, ":")[0] + ` to serve this name (docs/SECURITY.md)`
	}
	for _, c := range []struct {
		host, method, path, contentType, body string
		status                                int
		grpcStatus                            string
	}{
		{"rebind.attacker.example:27520", http.MethodPost, "/bezique.v1.TableService/CancelTable", "application/json", cancel, http.StatusForbidden, ""},
		{"rebind.attacker.example", http.MethodGet, "/", "", "", http.StatusForbidden, ""},
		{"127.0.0.1.rebind.example:" + portNum, http.MethodPost, "/bezique.v1.TableService/GetRuleCatalog", "application/json", "{}", http.StatusForbidden, ""},
		{"localhost.rebind.example", http.MethodPost, "/bezique.v1.TableService/GetRuleCatalog", "application/json", "{}", http.StatusForbidden, ""},
		// gRPC-Web answers in its own frame: HTTP 200, grpc-status 7.
		{"rebind.attacker.example:27520", http.MethodPost, "/bezique.v1.TableService/CancelTable", "application/grpc-web+json", "\x00\x00\x00\x00\x02{}", http.StatusOK, "7"},
	} {
		status, grpcStatus, body := callHost(t, base, c.host, c.method, c.path, c.contentType, c.body)
		var got struct{ Code, Message string }
		if grpcStatus == "" {
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Errorf("%s %s Host %s: %d %q: %v", c.method, c.path, c.host, status, body, err)
			}
		}
		if status != c.status || grpcStatus != c.grpcStatus || (grpcStatus == "" && (got.Code != "permission_denied" || got.Message != refusal(c.host))) {
			t.Errorf("%s %s Host %s: %d grpc-status %q %s; want %d grpc-status %q permission_denied %q", c.method, c.path, c.host, status, grpcStatus, body,
				c.status, c.grpcStatus, refusal(c.host))
		}
	}
	// HTTP/1.0 without a Host is told to send one (it was told to start the referee with
	// "--allowed-hosts " and no name: an integrator's trial).
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /bezique.v1.TableService/GetRuleCatalog HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}"); err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(conn)
	wantNoHost := `{"code":"permission_denied","message":"no Host header: without authentication the referee answers HTTP only at an IP address or localhost, ` +
		`named in the Host header (HTTP/1.1), so that no other site's page can call it by DNS rebinding (docs/SECURITY.md)"}`
	if !strings.HasPrefix(string(raw), "HTTP/1.0 403 ") || !strings.HasSuffix(string(raw), "\r\n\r\n"+wantNoHost) {
		t.Errorf("HTTP/1.0 without Host: %q; want 403 and %s", raw, wantNoHost)
	}
	info, err := tables.GetTable(context.Background(), &pb.GetTableRequest{TableId: resp.GetTableId()})
	if err != nil || info.GetTable().GetState() != pb.TableState_TABLE_STATE_WAITING {
		t.Fatalf("the table after the refused CancelTable: %v, %v; want waiting", info.GetTable().GetState(), err)
	}

	for _, host := range []string{addr, "localhost:" + portNum, "LocalHost", "[::1]:" + portNum, "192.0.2.7", "referee.test:" + portNum, "REFEREE.TEST"} {
		if status, _, body := callHost(t, base, host, http.MethodGet, "/", "", ""); status != http.StatusOK || body != "the web app" {
			t.Errorf("GET / Host %s: %d %q; want 200 the web app", host, status, body)
		}
	}
	if status, _, body := callHost(t, base, "localhost:"+portNum, http.MethodPost, "/bezique.v1.TableService/CancelTable", "application/json", cancel); status != http.StatusOK ||
		!strings.Contains(body, `"state":"TABLE_STATE_CANCELLED"`) {
		t.Errorf("CancelTable Host localhost: %d %s; want 200 and the table cancelled", status, body)
	}

	// Without CheckHost (a referee with keys) every Host is served.
	open := serveWithApp(t)
	if status, _, body := callHost(t, open, "rebind.attacker.example:27520", http.MethodGet, "/", "", ""); status != http.StatusOK || body != "the web app" {
		t.Errorf("GET / Host rebind.attacker.example without CheckHost: %d %q; want 200 the web app", status, body)
	}
}
