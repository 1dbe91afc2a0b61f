package service

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
)

// TestHTTPCallOutsideTheProtocol is the regression test of an RPC's path reached outside the
// Connect and gRPC-Web protocols (a JSON POST without Connect-Protocol-Version, as a generic HTTP
// client sends it; curl -d's form content type; a method misspelled; a GET of a method that
// changes state) answered by the web app's "404 page not found", which sent integrators looking
// for a wrong path. Over real HTTP on loopback, to a port serving a web app as the referee does,
// each is answered with a Connect error saying what the call lacks; the web app keeps its paths.
func TestHTTPCallOutsideTheProtocol(t *testing.T) {
	base := serveWithApp(t)
	const (
		getTable = "/bezique.v1.TableService/GetTable"
		connect  = "a Connect call takes Content-Type application/json or application/proto (a server stream: application/connect+json or application/connect+proto) and the header Connect-Protocol-Version: 1; gRPC-Web takes application/grpc-web+proto or application/grpc-web+json (docs/INTEGRATE.md)"
	)
	for _, c := range []struct {
		name, method, path, contentType, version string
		origin                                   string // set: a CORS preflight from it (Origin, Access-Control-Request-Method)
		wantStatus                               int
		want                                     string
	}{
		{"JSON without Connect-Protocol-Version", http.MethodPost, getTable, "application/json", "", "", 400,
			`{"code":"invalid_argument","message":"POST ` + getTable + ` with Content-Type \"application/json\" and no Connect-Protocol-Version: ` + connect + `"}`},
		{"a version other than 1", http.MethodPost, getTable, "application/json", "2", "", 400,
			`{"code":"invalid_argument","message":"POST ` + getTable + ` with Content-Type \"application/json\" and Connect-Protocol-Version \"2\": ` + connect + `"}`},
		{"curl -d's form content type", http.MethodPost, getTable, "application/x-www-form-urlencoded", "1", "", 400,
			`{"code":"invalid_argument","message":"POST ` + getTable + ` with Content-Type \"application/x-www-form-urlencoded\" and Connect-Protocol-Version \"1\": ` + connect + `"}`},
		{"text/plain", http.MethodPost, getTable, "text/plain", "", "", 400,
			`{"code":"invalid_argument","message":"POST ` + getTable + ` with Content-Type \"text/plain\" and no Connect-Protocol-Version: ` + connect + `"}`},
		{"a misspelled method", http.MethodPost, "/bezique.v1.TableService/GetTables", "application/json", "1", "", 501,
			`{"code":"unimplemented","message":"bezique.v1.TableService has no method GetTables"}`},
		{"a misspelled service", http.MethodPost, "/bezique.v1.TablesService/GetTable", "application/json", "1", "", 501,
			`{"code":"unimplemented","message":"no service bezique.v1.TablesService: the referee serves bezique.v1.KeyService, bezique.v1.LobbyService, bezique.v1.SeatService, bezique.v1.TableService, bezique.v1.TournamentService"}`},
		{"a GET of a method that changes state", http.MethodGet, "/bezique.v1.TableService/CreateTable", "", "", "", 400,
			`{"code":"invalid_argument","message":"GET /bezique.v1.TableService/CreateTable: CreateTable is not a read-only unary method: call it with POST; a Connect GET serves the read-only unary methods only (GetTable, ListTables, GetRecord, ListGames, GetRuleCatalog...; docs/INTEGRATE.md)"}`},
		{"PUT", http.MethodPut, getTable, "application/json", "1", "", 400,
			`{"code":"invalid_argument","message":"PUT ` + getTable + `: an RPC is called with POST (Connect, gRPC-Web), or a Connect GET for the read-only methods (docs/INTEGRATE.md)"}`},
		{"OPTIONS that is no CORS preflight", http.MethodOptions, getTable, "", "", "", 400,
			`{"code":"invalid_argument","message":"OPTIONS ` + getTable + `: an RPC is called with POST (Connect, gRPC-Web), or a Connect GET for the read-only methods (docs/INTEGRATE.md)"}`},
		// A CORS preflight reaches the referee's handler only without --cors-origins (rs/cors
		// answers it otherwise): it was the web app's plain-text 404 (a re-trial); a page's stays so.
		{"a CORS preflight without --cors-origins", http.MethodOptions, getTable, "", "", "https://play.example.com", 403,
			`{"code":"permission_denied","message":"a CORS preflight from origin \"https://play.example.com\": ` +
				`this referee allows no cross-origin calls; start it with --cors-origins https://play.example.com (docs/INTEGRATE.md)"}`},
		{"a page's CORS preflight", http.MethodOptions, "/nowhere", "", "", "https://play.example.com", 404, "404 page not found"},
		{"a service without its package", http.MethodPost, "/TableService/GetTable", "application/json", "1", "", 501,
			`{"code":"unimplemented","message":"no service TableService: a service is named with its package, /bezique.v1.TableService/GetTable"}`},
		{"the web app", http.MethodGet, "/", "", "", "", 200, "the web app"},
		{"a page that is not there", http.MethodGet, "/nowhere", "", "", "", 404, "404 page not found"},
	} {
		req, err := http.NewRequest(c.method, base+c.path, strings.NewReader(`{"tableId":"t-1"}`))
		if err != nil {
			t.Fatal(err)
		}
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		if c.version != "" {
			req.Header.Set("Connect-Protocol-Version", c.version)
		}
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
			req.Header.Set("Access-Control-Request-Method", "POST")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != c.wantStatus || strings.TrimSpace(string(body)) != c.want {
			t.Errorf("%s: %d %s\nwant %d %s", c.name, res.StatusCode, body, c.wantStatus, c.want)
		}
	}
}

// serveWithApp serves a referee (in memory) on a port of 127.0.0.1 without TLS, with a web app
// answering "/" and 404 elsewhere as the referee's does, until the test ends; it returns the
// port's base URL.
func serveWithApp(t *testing.T) string {
	t.Helper()
	_, base := serveReferee(t, Config{})
	return base
}

// serveReferee serves a referee of cfg (its metrics on a registry of its own unless cfg has
// some; with cfg.Auth, keys required as the referee's port requires them) as serveAppOf does,
// until the test ends; it returns the referee and the port's base URL.
func serveReferee(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics(prometheus.NewRegistry())
	}
	srv, err := New(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	var opts []grpc.ServerOption
	if cfg.Auth != nil {
		opts = srv.AuthOptions()
	}
	return srv, serveAppOf(t, srv, opts...)
}

// serveAppOf serves srv as serveWithApp does, with opts added to the gRPC server's (srv.AuthOptions()
// for keys), and returns the port's base URL.
func serveAppOf(t *testing.T, srv *Server, opts ...grpc.ServerOption) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	static := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		_, _ = io.WriteString(w, "the web app")
	})
	port, err := NewPort(lis, PortConfig{MaxConnectionIdle: DefaultMaxConnectionIdle, HTTP: HTTPConfig{Static: static}}, srv.Register, append(ServerOptions(nil), opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(0) })
	return "http://" + lis.Addr().String()
}

// TestHTTPStreamShapeMistakes is the regression test of a call made in the wrong shape for its
// method: a server stream (WatchTable, Play) called as a unary call with application/json, or
// with its JSON request unframed, a unary method called as a stream, and the bidirectional
// Connect called as a unary call. vanguard answered "stream type server not supported with Connect unary
// (POST) protocol" (415, text), or, in the stream, "invalid compression flag: must be 0 or 1;
// instead got 123". Each is refused with a Connect error saying the shape the method takes.
func TestHTTPStreamShapeMistakes(t *testing.T) {
	base := serveWithApp(t)
	const framing = "the request framed: a flags byte 0, its length in 4 bytes big-endian, then the JSON (docs/INTEGRATE.md)"
	for _, c := range []struct {
		name, path, contentType, body string
		want                          string
	}{
		{"a server stream as a unary call", "/bezique.v1.TableService/WatchTable", "application/json", `{"tableId":"t-1"}`,
			`{"code":"invalid_argument","message":"bezique.v1.TableService/WatchTable is a server stream: send Content-Type application/connect+json (or application/connect+proto), ` + framing + `"}`},
		{"a server stream's request unframed", "/bezique.v1.SeatService/Play", "application/connect+json", `{"join":{"tableId":"t-1"}}`,
			`{"code":"invalid_argument","message":"bezique.v1.SeatService/Play is a server stream: send Content-Type application/connect+json (or application/connect+proto), ` + framing + `"}`},
		{"a unary call as a stream", "/bezique.v1.TableService/GetTable", "application/connect+json", "\x00\x00\x00\x00\x02{}",
			`{"code":"invalid_argument","message":"bezique.v1.TableService/GetTable is unary: send Content-Type application/json (or application/proto) and Connect-Protocol-Version: 1, the request unframed (docs/INTEGRATE.md)"}`},
		{"the bidirectional stream", "/bezique.v1.SeatService/Connect", "application/json", `{}`,
			`{"code":"invalid_argument","message":"bezique.v1.SeatService/Connect is a bidirectional stream: call it with gRPC, or a Connect stream (application/connect+proto or +json) over HTTP/2 (this call came over HTTP/1.1); a browser plays a seat with SeatService.Play and Decide (docs/INTEGRATE.md)"}`},
	} {
		code, _, body := connectPost(t, base+c.path, c.contentType, c.body)
		got := body
		if strings.HasPrefix(c.contentType, "application/connect+") { // the error is the stream's end frame
			if len(got) > 5 {
				got = got[5:]
			}
			c.want = `{"error":` + c.want + `}`
		}
		if got != c.want {
			t.Errorf("%s: %d %q\nwant %s", c.name, code, body, c.want)
		}
	}
}
