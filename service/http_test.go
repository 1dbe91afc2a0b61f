package service

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	testgrpc "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/bezique-arena/bezique/codec"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// TestPortTLS serves the port over TLS with a certificate made here: a gRPC client with TLS
// credentials and an HTTPS client (HTTP/2 by ALPN, as browsers) get the same rule catalog.
func TestPortTLS(t *testing.T) {
	cert, pool := selfSigned(t)
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port, err := NewPort(lis, PortConfig{TLS: &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, MaxConnectionIdle: DefaultMaxConnectionIdle},
		srv.Register, ServerOptions(nil)...)
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- port.Serve() }()
	defer func() {
		port.Stop(time.Second)
		if err := <-served; err != nil {
			t.Errorf("Serve after Stop: %v", err)
		}
		srv.Close()
	}()
	addr := lis.Addr().String()

	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(credentials.NewTLS(&tls.Config{RootCAs: pool, ServerName: "localhost"})))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	want, err := pb.NewTableServiceClient(cc).GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{})
	if err != nil {
		t.Fatal(err)
	}

	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}, ForceAttemptHTTP2: true}}
	req, err := http.NewRequest(http.MethodPost, "https://"+addr+"/bezique.v1.TableService/GetRuleCatalog", bytes.NewReader([]byte("{}")))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK || res.ProtoMajor != 2 {
		t.Fatalf("%s status %d, %v: %s", res.Proto, res.StatusCode, err, body)
	}
	var got pb.GetRuleCatalogResponse
	if err := protojson.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.GetOptions()) == 0 || !proto.Equal(&got, want) {
		t.Fatalf("catalog over HTTPS: %d options, not the %d of gRPC", len(got.GetOptions()), len(want.GetOptions()))
	}
}

// selfSigned makes a certificate for localhost and 127.0.0.1, valid for an hour, and a pool that
// trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore: time.Now().Add(-time.Minute), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// TestHTTPHandlerStatic: a path that names no RPC goes to HTTPConfig.Static (the web app's
// place), an RPC's path to the API.
func TestHTTPHandlerStatic(t *testing.T) {
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	g := grpc.NewServer(ServerOptions(nil)...)
	srv.Register(g)
	static := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "app at "+r.URL.Path) })
	h, err := NewHTTPHandler(g, HTTPConfig{Static: static})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	defer hs.Close()
	for _, c := range []struct{ method, path, contentType, want string }{
		{http.MethodGet, "/index.html", "", "app at /index.html"},
		{http.MethodGet, "/", "", "app at /"},
		{http.MethodPost, "/bezique.v1.TableService/GetTable", "application/json", `{"code":"invalid_argument","message":"table_id: missing"}`},
	} {
		req, err := http.NewRequest(c.method, hs.URL+c.path, strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
			req.Header.Set("Connect-Protocol-Version", "1")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || strings.TrimSpace(string(body)) != c.want {
			t.Errorf("%s %s: %q, want %q", c.method, c.path, body, c.want)
		}
	}
}

// TestPortGRPCOnItsOwnTransport: with and without TLS, a gRPC client's connection is served by
// grpc-go's own transport, so the server's options hold on it: here a limit of one stream per
// connection (PortConfig.MaxStreamsPerConn, the referee's --max-streams-per-conn), which net/http, serving gRPC over TLS
// before, did not apply. A second stream on the connection waits until the first ends. The same
// for a client that sends application/grpc+proto (a forced codec, as the Go SDK's seat stream),
// which the port sent to net/http before.
func TestPortGRPCOnItsOwnTransport(t *testing.T) {
	cert, pool := selfSigned(t)
	for _, c := range []struct {
		name    string
		withTLS bool
		call    []grpc.CallOption
	}{{"h2c", false, nil}, {"tls", true, nil}, {"h2c-grpc+proto", false, []grpc.CallOption{grpc.ForceCodecV2(codec.Client)}}} {
		withTLS := c.withTLS
		t.Run(c.name, func(t *testing.T) {
			lis, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			var serverTLS *tls.Config
			creds := insecure.NewCredentials()
			if withTLS {
				serverTLS = &tls.Config{Certificates: []tls.Certificate{cert}}
				creds = credentials.NewTLS(&tls.Config{RootCAs: pool, ServerName: "localhost"})
			}
			port, err := NewPort(lis, PortConfig{TLS: serverTLS, MaxConnectionIdle: DefaultMaxConnectionIdle, MaxStreamsPerConn: 1}, registerEcho,
				ServerOptions(nil)...)
			if err != nil {
				t.Fatal(err)
			}
			go func() { _ = port.Serve() }()
			defer port.Stop(time.Second)
			cc, err := grpc.NewClient(lis.Addr().String(), grpc.WithTransportCredentials(creds), grpc.WithDefaultCallOptions(c.call...))
			if err != nil {
				t.Fatal(err)
			}
			defer cc.Close()
			client := testgrpc.NewTestServiceClient(cc)
			echo := func(ctx context.Context) (testgrpc.TestService_FullDuplexCallClient, error) {
				s, err := client.FullDuplexCall(ctx)
				if err != nil {
					return nil, err
				}
				if err := s.Send(&testgrpc.StreamingOutputCallRequest{}); err != nil {
					return nil, err
				}
				_, err = s.Recv()
				return s, err
			}
			first, err := echo(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			if _, err := echo(ctx); status.Code(err) != codes.DeadlineExceeded {
				t.Fatalf("a second stream while the first is open: %v, want DeadlineExceeded (it waits for the first)", err)
			}
			if err := first.CloseSend(); err != nil {
				t.Fatal(err)
			}
			if _, err := first.Recv(); err != io.EOF {
				t.Fatalf("first stream after CloseSend: %v, want EOF", err)
			}
			ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, err := echo(ctx); err != nil {
				t.Fatalf("a second stream after the first ended: %v", err)
			}
		})
	}
}

// servePlainPort serves a referee (in memory) on a port of 127.0.0.1 without TLS, as NewPort serves
// it, until the test ends, and returns the port's address.
func servePlainPort(t *testing.T) string {
	t.Helper()
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close) // after the port's stop, which servePortOf registers next
	return servePortOf(t, srv.Register, ServerOptions(nil)...)
}

// connectPost makes a Connect call over HTTP: POST body to url with contentType and
// Connect-Protocol-Version: 1, and the header fields of extra (name, value, ...); it returns the
// HTTP status, the answer's Content-Type and its body, trimmed.
func connectPost(t *testing.T, url, contentType, body string, extra ...string) (code int, gotType, got string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Connect-Protocol-Version", "1")
	for i := 0; i+1 < len(extra); i += 2 {
		req.Header.Set(extra[i], extra[i+1])
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
	return res.StatusCode, res.Header.Get("Content-Type"), strings.TrimSpace(string(b))
}

// servePortOf serves a gRPC server with opts and the services register registers on a port of
// 127.0.0.1 without TLS, with NewHTTPHandler's HTTP face, as NewPort serves the referee, until
// the test ends, and returns the port's address.
func servePortOf(t *testing.T, register func(*grpc.Server), opts ...grpc.ServerOption) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	servePortOn(t, lis, DefaultMaxConnectionIdle, register, opts...)
	return lis.Addr().String()
}

// servePortOn is servePortOf on lis, closing connections idle for maxIdle.
func servePortOn(t *testing.T, lis net.Listener, maxIdle time.Duration, register func(*grpc.Server), opts ...grpc.ServerOption) {
	t.Helper()
	port, err := NewPort(lis, PortConfig{MaxConnectionIdle: maxIdle}, register, opts...)
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = port.Serve() }()
	t.Cleanup(func() { port.Stop(time.Second) })
}

// TestPortH2CConnect: without TLS, the Connect protocol over HTTP/2 by prior knowledge (h2c) is
// served by net/http beside gRPC (it went to grpc-go, which refused it, before).
func TestPortH2CConnect(t *testing.T) {
	addr := servePlainPort(t)
	var protocols http.Protocols
	protocols.SetUnencryptedHTTP2(true)
	client := &http.Client{Transport: &http.Transport{Protocols: &protocols}}
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/bezique.v1.TableService/GetRuleCatalog", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK || res.ProtoMajor != 2 {
		t.Fatalf("%s status %d, %v: %s", res.Proto, res.StatusCode, err, body)
	}
	var got pb.GetRuleCatalogResponse
	if err := protojson.Unmarshal(body, &got); err != nil || len(got.GetOptions()) == 0 {
		t.Fatalf("catalog over h2c: %d options, %v", len(got.GetOptions()), err)
	}
}

// TestHTTPJSONStrict: over real HTTP on loopback, JSON that names a field or an enum value the API
// does not have is refused with INVALID_ARGUMENT naming it (it was dropped, so a misspelled
// "tableid" answered "table_id: missing"), as is JSON that does not parse (Unknown, HTTP 500,
// before), each led by the path of the value or key refused; a variant is named once ("variant: variant: ..." before). Binary clients keep
// protobuf's rule, unknown fields skipped: a gRPC request carrying one is answered.
func TestHTTPJSONStrict(t *testing.T) {
	addr := servePlainPort(t)
	base := "http://" + addr + "/bezique.v1.TableService/"
	const variants = "(want VARIANT_TWO_HANDED, VARIANT_THREE_HANDED, VARIANT_FOUR_HANDED, VARIANT_FOUR_HANDED_INDIVIDUAL, VARIANT_RUBICON or VARIANT_SIX_PACK)"
	for _, c := range []struct{ method, body, want string }{
		{"GetTable", `{"tableid":"x"}`, `{"code":"invalid_argument","message":"request JSON: tableid: (line 1:2): unknown field \"tableid\""}`},
		{"CreateTable", `{"variant":"TWO_HANDED"}`, `{"code":"invalid_argument","message":"request JSON: variant: (line 1:12): invalid value for enum field variant: \"TWO_HANDED\""}`},
		{"CreateTable", `{"variant":"VARIANT_TWO_HANDED","seats":[{"builtin":{"bot":"random","level":2}}]}`, `{"code":"invalid_argument","message":"request JSON: seats[0].builtin.level: (line 1:69): unknown field \"level\""}`},
		// The path of a nested value: protojson names a map's value "value", and a field by its
		// own name, whichever message holds it (a trial's finding, session 27).
		{"CreateTable", `{"options":{"deal":"1","target":1000}}`, `{"code":"invalid_argument","message":"request JSON: options.target: (line 1:33): invalid value for string field value: 1000 (an option's value is a JSON string: \"target\":\"1000\")"}`},
		{"CreateTable", `{"options":{"turn_up_trump":false}}`, `{"code":"invalid_argument","message":"request JSON: options.turn_up_trump: (line 1:29): invalid value for string field value: false (an option's value is a JSON string: \"turn_up_trump\":\"false\")"}`},
		{"CreateTable", `{"options":{"deck":[63]}}`, `{"code":"invalid_argument","message":"request JSON: options.deck: (line 1:20): invalid value for string field value: [ (an option's value is a JSON string: \"deck\":\"…\")"}`},
		{"CreateTable", `{"seats":[{"builtin":{"bot":"random"}},{"remote":{"name":5}}]}`, `{"code":"invalid_argument","message":"request JSON: seats[1].remote.name: (line 1:58): invalid value for string field name: 5"}`},
		{"CreateTable", "{\n  \"clock\": {\"decisionMs\": \"abc\"},\n  \"seats\": []\n}", `{"code":"invalid_argument","message":"request JSON: clock.decisionMs: (line 2:27): invalid value for uint32 field decisionMs: \"abc\""}`},
		{"CreateTable", `{"seats":[{"remote":{"name":"Zoë"}},{"remote":{"name":"x","botKeyId":[1]}}]}`, `{"code":"invalid_argument","message":"request JSON: seats[1].remote.botKeyId: (line 1:70): invalid value for string field botKeyId: ["}`},
		{"CreateTable", `{"seats":"x"}`, `{"code":"invalid_argument","message":"request JSON: seats: syntax error (line 1:10): unexpected token \"x\""}`},
		{"GetTable", `{"tableId":"x"`, `{"code":"invalid_argument","message":"request JSON: unexpected EOF"}`},
		{"CreateTable", `{}`, `{"code":"invalid_argument","message":"variant: VARIANT_UNSPECIFIED is not a variant ` + variants + `"}`},
		{"CreateTable", `{"variant":99}`, `{"code":"invalid_argument","message":"variant: 99 is not a variant ` + variants + `"}`},
		{"GetTable", `{"tableId":"x"}`, `{"code":"not_found","message":"table \"x\" not found"}`},
	} {
		if code, _, body := connectPost(t, base+c.method, "application/json", c.body); body != c.want {
			t.Errorf("%s %s: %d %s\nwant %s", c.method, c.body, code, body, c.want)
		}
	}

	// The Connect GET form reads its message with the same codec.
	res, err := http.Get(base + "GetTable?connect=v1&encoding=json&message=" + url.QueryEscape(`{"tableid":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if want := `{"code":"invalid_argument","message":"request JSON: tableid: (line 1:2): unknown field \"tableid\""}`; err != nil || res.StatusCode != http.StatusBadRequest || strings.TrimSpace(string(body)) != want {
		t.Errorf("GET: %d %s, want 400 %s", res.StatusCode, body, want)
	}
	// Every answer of the API, a refusal and a success, says nosniff, as the web pages' do (a web
	// security review found it missing).
	ok, err := http.Get(base + "GetRuleCatalog?connect=v1&encoding=json&message=%7B%7D")
	if err != nil {
		t.Fatal(err)
	}
	ok.Body.Close()
	for _, r := range []*http.Response{res, ok} {
		if got := r.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s answered %d with X-Content-Type-Options %q, want nosniff", r.Request.URL.Path, r.StatusCode, got)
		}
	}

	// A gRPC request with a field this API does not have (field 99, from a newer client) is
	// answered: binary protobuf skips unknown fields.
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	req := &pb.GetRuleCatalogRequest{}
	req.ProtoReflect().SetUnknown(protowire.AppendVarint(protowire.AppendTag(nil, 99, protowire.VarintType), 1))
	if got, err := pb.NewTableServiceClient(cc).GetRuleCatalog(context.Background(), req); err != nil || len(got.GetOptions()) == 0 {
		t.Errorf("gRPC with an unknown field: %d options, %v", len(got.GetOptions()), err)
	}
}

// TestHTTPCORSPreflightHeaders: a preflight is allowed whatever the order, case and spacing of its
// Access-Control-Request-Headers (browsers send them lowercase and sorted; hand-written ones
// were refused before); a header not allowed is still refused.
func TestHTTPCORSPreflightHeaders(t *testing.T) {
	g := grpc.NewServer(ServerOptions(nil)...)
	h, err := NewHTTPHandler(g, HTTPConfig{CORSOrigins: []string{"https://play.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	defer hs.Close()
	for _, c := range []struct {
		headers      []string // Access-Control-Request-Headers, one header each
		allowOrigin  string
		allowHeaders string
	}{
		{[]string{"connect-protocol-version,content-type"}, "https://play.example.com", "connect-protocol-version,content-type"},
		{[]string{"content-type,connect-protocol-version"}, "https://play.example.com", "connect-protocol-version,content-type"},
		{[]string{"Content-Type, Connect-Protocol-Version, Authorization"}, "https://play.example.com", "authorization,connect-protocol-version,content-type"},
		{[]string{"Content-Type", "content-type , Connect-Protocol-Version"}, "https://play.example.com", "connect-protocol-version,content-type"},
		{[]string{"content-type,x-evil"}, "", ""},
		{[]string{"content-type,connect-protocol-version,traceparent,tracestate"}, "https://play.example.com", "connect-protocol-version,content-type,traceparent,tracestate"},
		// OpenTelemetry's default propagator sends W3C Baggage too: its preflight was refused (a
		// platform's trial).
		{[]string{"content-type,connect-protocol-version,traceparent,tracestate,baggage"}, "https://play.example.com", "baggage,connect-protocol-version,content-type,traceparent,tracestate"},
	} {
		req, err := http.NewRequest(http.MethodOptions, hs.URL+"/bezique.v1.TableService/CreateTable", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Origin", "https://play.example.com")
		req.Header.Set("Access-Control-Request-Method", "POST")
		req.Header["Access-Control-Request-Headers"] = c.headers
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if got, gotHeaders := res.Header.Get("Access-Control-Allow-Origin"), res.Header.Get("Access-Control-Allow-Headers"); got != c.allowOrigin || gotHeaders != c.allowHeaders {
			t.Errorf("%q: Access-Control-Allow-Origin %q, Access-Control-Allow-Headers %q; want %q, %q", c.headers, got, gotHeaders, c.allowOrigin, c.allowHeaders)
		}
	}
	// A call's answer exposes Retry-After to the page, with gRPC-Web's trailers.
	req, err := http.NewRequest(http.MethodPost, hs.URL+"/bezique.v1.TableService/GetTable", strings.NewReader(`{"tableId":"t-1"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", "https://play.example.com")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got, want := res.Header.Get("Access-Control-Expose-Headers"), "Grpc-Status, Grpc-Message, Grpc-Status-Details-Bin, Retry-After"; got != want {
		t.Errorf("Access-Control-Expose-Headers %q; want %q", got, want)
	}
}

// TestHTTPRequestBodyBounded: a Connect request whose JSON body is 64 MB (a table id and 64 MB of
// white space, so the message itself is small) is refused with RESOURCE_EXHAUSTED before it is
// read into memory, with a Content-Length and chunked (MaxUnaryBodyBytes; TestHTTPUnaryBodyBound
// has the bound itself). vanguard's default bound is 4 GB: the referee read the whole body and
// answered NotFound for table "x"; then 16 MiB (MaxHTTPMessageBytes) held it.
func TestHTTPRequestBodyBounded(t *testing.T) {
	addr := servePlainPort(t)
	const padding = 64 << 20
	for _, chunked := range []bool{false, true} {
		body := io.MultiReader(strings.NewReader(`{"tableId":"x"`), io.LimitReader(spaces{}, padding), strings.NewReader(`}`))
		req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/bezique.v1.TableService/GetTable", body)
		if err != nil {
			t.Fatal(err)
		}
		if !chunked {
			req.ContentLength = padding + int64(len(`{"tableId":"x"}`))
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Connect-Protocol-Version", "1")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("chunked %v: %v", chunked, err)
		}
		got, err := io.ReadAll(res.Body)
		res.Body.Close()
		if want := `{"code":"resource_exhausted","message":"request body: over 1048576 bytes, the most a unary call's may hold (its message, in protobuf, 65536: docs/SECURITY.md)"}`; err != nil || res.StatusCode != http.StatusTooManyRequests || strings.TrimSpace(string(got)) != want {
			t.Errorf("chunked %v: %d %s, want 429 %s", chunked, res.StatusCode, got, want)
		}
	}
}

// spaces is an endless reader of ' '.
type spaces struct{}

func (spaces) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestHTTPBadRequestBytes: over real HTTP on loopback, a Connect unary call whose message does not
// read, in binary protobuf, JSON or a GET's query, is refused with invalid_argument (HTTP 400)
// naming what is wrong, and a gRPC-Web call in binary with INVALID_ARGUMENT. Binary bodies were answered internal (HTTP 500, grpc-go's "failed to
// unmarshal"), and a GET's bad protobuf or bad base64 unknown (HTTP 500, vanguard's).
func TestHTTPBadRequestBytes(t *testing.T) {
	addr := servePlainPort(t)
	endpoint := "http://" + addr + "/bezique.v1.TableService/GetTable"
	const (
		wireFormat = `{"code":"invalid_argument","message":"request protobuf: cannot parse invalid wire-format data"}`
		utf8       = `{"code":"invalid_argument","message":"request protobuf: string field contains invalid UTF-8"}`
		base64Bad  = `{"code":"invalid_argument","message":"query parameter message: not base64url (base64=1): illegal base64 data at input byte 0"}`
	)
	for _, c := range []struct{ contentType, body, want string }{
		{"application/proto", "\xff\xff\xff", wireFormat},
		{"application/proto", "\x0a\x05ab", wireFormat}, // table_id: 5 bytes announced, 2 sent
		{"application/proto", "\x0a\x02\xff\xfe", utf8}, // table_id: not UTF-8
		{"application/json", `{"tableId":`, `{"code":"invalid_argument","message":"request JSON: unexpected EOF"}`},
		{"application/json", "{not json", `{"code":"invalid_argument","message":"request JSON: syntax error (line 1:2): invalid value not"}`},
	} {
		if code, _, body := connectPost(t, endpoint, c.contentType, c.body); code != http.StatusBadRequest || body != c.want {
			t.Errorf("POST %s %q: %d %s\nwant 400 %s", c.contentType, c.body, code, body, c.want)
		}
	}
	for _, c := range []struct{ query, want string }{
		{"encoding=proto&message=%FF%FF", wireFormat},
		{"encoding=proto&base64=1&message=__8", wireFormat},
		{"encoding=proto&base64=1&message=CgL__g", utf8},
		{"encoding=proto&base64=1&message=!!!", base64Bad},
		{"encoding=json&base64=1&message=!!!", base64Bad},
		{"encoding=proto&base64=2&message=", `{"code":"invalid_argument","message":"query parameter base64: \"2\", want 0 or 1"}`},
		{"encoding=json&message=%7Bx", `{"code":"invalid_argument","message":"request JSON: syntax error (line 1:2): invalid value x"}`},
	} {
		res, err := http.Get(endpoint + "?connect=v1&" + c.query)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != http.StatusBadRequest || strings.TrimSpace(string(body)) != c.want {
			t.Errorf("GET ?%s: %d %s\nwant 400 %s", c.query, res.StatusCode, body, c.want)
		}
	}

	// gRPC-Web in binary: vanguard hands the message to grpc-go as it is, as for Connect; the
	// status comes in the headers (a trailers-only response).
	frame := append([]byte{0, 0, 0, 0, 3}, "\xff\xff\xff"...)
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(frame))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/grpc-web+proto")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	const wantMessage = "request protobuf: cannot parse invalid wire-format data"
	if err != nil || res.StatusCode != http.StatusOK || len(body) != 0 || res.Header.Get("Grpc-Status") != "3" || res.Header.Get("Grpc-Message") != wantMessage {
		t.Errorf("gRPC-Web: %d %q, grpc-status %q, grpc-message %q; want 200, no body, 3 (INVALID_ARGUMENT), %q",
			res.StatusCode, body, res.Header.Get("Grpc-Status"), res.Header.Get("Grpc-Message"), wantMessage)
	}

	// Good bytes in each form still reach the referee, which answers not_found for table "x".
	msg, err := proto.Marshal(&pb.GetTableRequest{TableId: "x"})
	if err != nil {
		t.Fatal(err)
	}
	const notFound = `{"code":"not_found","message":"table \"x\" not found"}`
	req, err = http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(msg))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/proto")
	req.Header.Set("Connect-Protocol-Version", "1")
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err = io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusNotFound || strings.TrimSpace(string(body)) != notFound {
		t.Errorf("POST good protobuf: %d %s, want 404 %s", res.StatusCode, body, notFound)
	}
	res, err = http.Get(endpoint + "?connect=v1&encoding=proto&base64=1&message=" + base64.RawURLEncoding.EncodeToString(msg))
	if err != nil {
		t.Fatal(err)
	}
	body, err = io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusNotFound || strings.TrimSpace(string(body)) != notFound {
		t.Errorf("GET good protobuf: %d %s, want 404 %s", res.StatusCode, body, notFound)
	}
}

// TestPortTLSStateReachesHandlers: a request over the port's TLS, HTTP/1.1 or HTTP/2, reaches
// the static handler (the web app) with its TLS state in r.TLS (the name the client asked for,
// the protocol negotiated), and one over plaintext with none. net/http left r.TLS nil on the
// port, which ends TLS itself, so the web app never sent its Strict-Transport-Security from a
// referee (a docs audit).
func TestPortTLSStateReachesHandlers(t *testing.T) {
	cert, pool := selfSigned(t)
	srv, err := New(context.Background(), Config{Metrics: NewMetrics(prometheus.NewRegistry())})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	static := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.TLS == nil {
			fmt.Fprint(w, "plaintext")
			return
		}
		fmt.Fprintf(w, "TLS to %s, %s", r.TLS.ServerName, r.TLS.NegotiatedProtocol)
	})
	serve := func(cfg *tls.Config) string {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port, err := NewPort(lis, PortConfig{TLS: cfg, HTTP: HTTPConfig{Static: static}}, srv.Register, ServerOptions(nil)...)
		if err != nil {
			t.Fatal(err)
		}
		go func() { _ = port.Serve() }()
		t.Cleanup(func() { port.Stop(time.Second) })
		return lis.Addr().String()
	}
	get := func(client *http.Client, url string) string {
		t.Helper()
		res, err := client.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return string(body)
	}
	tlsAddr := serve(&tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
	for _, c := range []struct {
		h2   bool
		want string
	}{{true, "TLS to localhost, h2"}, {false, "TLS to localhost, http/1.1"}} {
		tr := &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, ServerName: "localhost"}, ForceAttemptHTTP2: c.h2}
		if !c.h2 {
			tr.TLSClientConfig.NextProtos = []string{"http/1.1"}
		}
		if got := get(&http.Client{Transport: tr}, "https://"+tlsAddr+"/"); got != c.want {
			t.Errorf("HTTP/2 %t over TLS: the handler saw %q, want %q", c.h2, got, c.want)
		}
	}
	if got := get(http.DefaultClient, "http://"+serve(nil)+"/"); got != "plaintext" {
		t.Errorf("over plaintext: the handler saw %q, want \"plaintext\"", got)
	}
}
