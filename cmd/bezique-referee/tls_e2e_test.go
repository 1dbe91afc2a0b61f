package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/http2"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/internal/testpki"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// listTables calls ListTables over a fresh connection with creds and returns its error.
func listTables(t *testing.T, addr string, creds credentials.TransportCredentials) error {
	t.Helper()
	cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(creds))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = pb.NewTableServiceClient(cc).ListTables(ctx, &pb.ListTablesRequest{})
	return err
}

// wantRefused checks that err is the Unavailable status of a failed handshake whose message holds
// each of the substrings.
func wantRefused(t *testing.T, what string, err error, substrings ...string) {
	t.Helper()
	if status.Code(err) != codes.Unavailable {
		t.Fatalf("%s: got %v, want Unavailable", what, err)
	}
	for _, s := range substrings {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%s: error %q lacks %q", what, err, s)
		}
	}
}

// metricsAddr reads the metrics address from the referee's log.
func metricsAddr(t *testing.T, p *process) string {
	t.Helper()
	m := regexp.MustCompile(`msg="serving metrics" addr=(\S+)`).FindStringSubmatch(p.log())
	if m == nil {
		t.Fatalf("no metrics address in the log:\n%s", p.log())
	}
	return m[1]
}

// scrapeTLS returns the metrics the referee serves over TLS on addr (trusting roots).
func scrapeTLS(t *testing.T, addr string, roots *x509.CertPool) string {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: roots}}}
	resp, err := client.Get("https://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /metrics: %s, %v", resp.Status, err)
	}
	return string(body)
}

// serial returns the serial number of the certificate the server at addr presents on a new
// connection that trusts roots.
func serial(t *testing.T, addr string, roots *x509.CertPool) int64 {
	t.Helper()
	conn, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: roots, NextProtos: []string{"h2"}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	return conn.ConnectionState().PeerCertificates[0].SerialNumber.Int64()
}

// TestBinaryTLS runs the real binary with TLS: a Go bot plays a game and the metrics port answers
// over TLS; a plaintext client and a client that does not trust the CA are refused; a certificate
// replaced on disk is served on the next connection without a restart.
func TestBinaryTLS(t *testing.T) {
	bin := buildReferee(t)
	dir := t.TempDir()
	ca := testpki.NewCA(t, "bezique test CA")
	firstExpiry := time.Now().Add(20 * 24 * time.Hour).Truncate(time.Second)
	certFile, keyFile := ca.IssueUntil(t, 100, firstExpiry, "127.0.0.1").Write(t, dir, "server")
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:0", "--store", "memory",
		"--tls-cert", certFile, "--tls-key", keyFile, "--tls-reload", "100ms")
	trusted := credentials.NewTLS(&tls.Config{RootCAs: ca.Pool()})

	t.Run("game", func(t *testing.T) {
		cc, err := grpc.NewClient(p.addr, grpc.WithTransportCredentials(trusted))
		if err != nil {
			t.Fatal(err)
		}
		defer cc.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		resp, err := pb.NewTableServiceClient(cc).CreateTable(ctx, &pb.CreateTableRequest{Variant: pb.Variant_VARIANT_TWO_HANDED,
			Options: map[string]string{"target": "500"},
			Seats: []*pb.SeatConfig{{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "go"}}},
				{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: "random"}}}}})
		if err != nil {
			t.Fatal(err)
		}
		res, err := botsdk.Play(ctx, botsdk.Config{Server: p.addr, TLS: &tls.Config{RootCAs: ca.Pool()}, TableID: resp.GetTableId(),
			Token: resp.GetSeatTokens()[0].GetToken(), BotName: "tls-go", BotVersion: "1"}, botsdk.NewRandom(1))
		if err != nil {
			t.Fatal(err)
		}
		if res.GetOutcome() != pb.Outcome_OUTCOME_COMPLETED {
			t.Fatalf("outcome %s, want completed", res.GetOutcome())
		}
	})
	t.Run("metrics over TLS", func(t *testing.T) {
		client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: ca.Pool()}}}
		resp, err := client.Get("https://" + metricsAddr(t, p) + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(body) != "ok\n" || resp.TLS == nil {
			t.Fatalf("GET /healthz: %d %q (TLS %v), want 200 \"ok\\n\" over TLS", resp.StatusCode, body, resp.TLS != nil)
		}
		plain, err := http.Get("http://" + metricsAddr(t, p) + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		plain.Body.Close()
		if plain.StatusCode != http.StatusBadRequest {
			t.Fatalf("plain HTTP to the metrics port: %s, want 400 Bad Request", plain.Status)
		}
		// net/http's line about it is one of the referee's structured lines (it was in log's
		// plain format, "2026/12/05 … http: TLS handshake error …").
		line := regexp.MustCompile(`level=INFO msg="http: TLS handshake error from 127\.0\.0\.1:[0-9]+: client sent an HTTP request to an HTTPS server`)
		for deadline := time.Now().Add(10 * time.Second); !line.MatchString(p.log()); time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no structured line of the TLS handshake refused:\n%s", p.log())
			}
		}
	})
	t.Run("Connect JSON over HTTPS with curl", func(t *testing.T) {
		var got struct {
			Options []struct {
				Name string `json:"name"`
			} `json:"options"`
		}
		curlJSON(t, "https://"+p.addr+"/bezique.v1.TableService/GetRuleCatalog", "{}", &got, "--cacert", ca.WriteCA(t, dir, "ca.crt"))
		cc, err := grpc.NewClient(p.addr, grpc.WithTransportCredentials(trusted))
		if err != nil {
			t.Fatal(err)
		}
		defer cc.Close()
		want, err := pb.NewTableServiceClient(cc).GetRuleCatalog(context.Background(), &pb.GetRuleCatalogRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Options) != len(want.GetOptions()) || len(got.Options) == 0 || got.Options[0].Name != want.GetOptions()[0].GetName() {
			t.Fatalf("catalog over HTTPS: %+v, over gRPC %d options", got.Options, len(want.GetOptions()))
		}
	})
	t.Run("plaintext refused", func(t *testing.T) {
		wantRefused(t, "plaintext", listTables(t, p.addr, insecure.NewCredentials()))
	})
	t.Run("untrusted CA refused", func(t *testing.T) {
		other := testpki.NewCA(t, "another CA")
		wantRefused(t, "untrusted", listTables(t, p.addr, credentials.NewTLS(&tls.Config{RootCAs: other.Pool()})),
			"certificate signed by unknown authority")
	})
	t.Run("reload", func(t *testing.T) {
		if got := serial(t, p.addr, ca.Pool()); got != 100 {
			t.Fatalf("serial %d before the renewal, want 100", got)
		}
		expiry := func() int64 {
			m := regexp.MustCompile(`(?m)^bezique_tls_certificate_expiry_timestamp_seconds (\S+)$`).FindStringSubmatch(scrapeTLS(t, metricsAddr(t, p), ca.Pool()))
			if m == nil {
				t.Fatal("no bezique_tls_certificate_expiry_timestamp_seconds in /metrics")
			}
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				t.Fatal(err)
			}
			return int64(v)
		}
		if got, want := expiry(), firstExpiry.Unix(); got != want {
			t.Fatalf("bezique_tls_certificate_expiry_timestamp_seconds %d before the renewal, want %d", got, want)
		}
		renewedExpiry := firstExpiry.Add(70 * 24 * time.Hour)
		ca.IssueUntil(t, 101, renewedExpiry, "127.0.0.1").Write(t, dir, "server")
		deadline := time.Now().Add(10 * time.Second)
		for serial(t, p.addr, ca.Pool()) != 101 {
			if time.Now().After(deadline) {
				t.Fatal("the renewed certificate (serial 101) was not served within 10 s")
			}
			time.Sleep(50 * time.Millisecond)
		}
		if err := listTables(t, p.addr, trusted); err != nil {
			t.Fatalf("ListTables after the renewal: %v", err)
		}
		if got, want := expiry(), renewedExpiry.Unix(); got != want {
			t.Errorf("bezique_tls_certificate_expiry_timestamp_seconds %d after the renewal, want %d", got, want)
		}
		for _, serial := range []string{"100", "101"} {
			if n := strings.Count(p.log(), `msg="serving TLS certificate" subject="CN=bezique test" serial=`+serial+" "); n != 1 {
				t.Errorf("serial %s logged %d times, want once:\n%s", serial, n, p.log())
			}
		}
	})
}

// TestBinaryMTLS runs the real binary with --tls-client-ca: a client certificate signed by that CA
// is admitted; none, or one from another CA, is refused, on gRPC and on the metrics port.
func TestBinaryMTLS(t *testing.T) {
	bin := buildReferee(t)
	dir := t.TempDir()
	serverCA, clientCA, otherCA := testpki.NewCA(t, "server CA"), testpki.NewCA(t, "client CA"), testpki.NewCA(t, "other CA")
	certFile, keyFile := serverCA.Issue(t, 200, "127.0.0.1").Write(t, dir, "server")
	p := startBinary(t, bin, "--listen", "127.0.0.1:0", "--metrics-listen", "127.0.0.1:0", "--store", "memory",
		"--tls-cert", certFile, "--tls-key", keyFile, "--tls-client-ca", clientCA.WriteCA(t, dir, "clients.crt"))
	withCert := func(ca *testpki.CA) *tls.Config {
		c := &tls.Config{RootCAs: serverCA.Pool()}
		if ca != nil {
			// Sent whoever signed it (Go's client leaves out a certificate of a CA the server did not name).
			cert := ca.Issue(t, 300).TLS(t)
			c.GetClientCertificate = func(*tls.CertificateRequestInfo) (*tls.Certificate, error) { return &cert, nil }
		}
		return c
	}

	if err := listTables(t, p.addr, credentials.NewTLS(withCert(clientCA))); err != nil {
		t.Fatalf("with a client certificate of the client CA: %v", err)
	}
	wantRefused(t, "no client certificate", listTables(t, p.addr, credentials.NewTLS(withCert(nil))))
	wantRefused(t, "client certificate of another CA", listTables(t, p.addr, credentials.NewTLS(withCert(otherCA))))
	// The alert the referee sends, read from a bare TLS connection (over gRPC, a write may fail first).
	for _, c := range []struct {
		what  string
		ca    *testpki.CA
		alert string
	}{{"no client certificate", nil, "remote error: tls: certificate required"},
		{"client certificate of another CA", otherCA, "remote error: tls: unknown certificate authority"}} {
		if err := firstRead(t, p.addr, withCert(c.ca), false); err == nil || err.Error() != c.alert {
			t.Errorf("%s: %v, want %q", c.what, err, c.alert)
		}
	}
	if err := firstRead(t, p.addr, withCert(clientCA), true); err != nil {
		t.Errorf("a bare TLS connection with a client certificate: %v", err)
	}

	get := func(c *tls.Config) error {
		client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: c}}
		resp, err := client.Get("https://" + metricsAddr(t, p) + "/metrics")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				return errors.New(resp.Status)
			}
		}
		return err
	}
	if err := get(withCert(clientCA)); err != nil {
		t.Fatalf("GET /metrics with a client certificate: %v", err)
	}
	if err := get(withCert(nil)); err == nil || !strings.Contains(err.Error(), "certificate required") {
		t.Fatalf("GET /metrics without a client certificate: %v, want a refused handshake", err)
	}
}

// TestBinaryRefusesCleartextOnNonLoopback checks that the referee refuses, at start, to listen
// beyond loopback without TLS or without an admin key, and to let every origin's pages call it
// without an admin key, and that --insecure, or both, let it.
func TestBinaryRefusesCleartextOnNonLoopback(t *testing.T) {
	bin := buildReferee(t)
	dir := t.TempDir()
	ca := testpki.NewCA(t, "bezique test CA")
	certFile, keyFile := ca.Issue(t, 1, "127.0.0.1").Write(t, dir, "server")
	adminKeyFile := filepath.Join(dir, "admin.key")
	if err := os.WriteFile(adminKeyFile, []byte("an admin key of at least 24 bytes\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args     []string
		exitCode int
		message  string
	}{
		{[]string{"--listen", "0.0.0.0:0", "--metrics-listen", ""}, 1,
			"bezique-referee: --listen 0.0.0.0:0 is not a loopback address and TLS is off: seat tokens and API keys would travel in cleartext; " +
				"set --tls-cert and --tls-key, listen on 127.0.0.1, or pass --insecure to accept the risk\n"},
		{[]string{"--listen", "0.0.0.0:0", "--metrics-listen", "", "--admin-key-file", adminKeyFile}, 1,
			"bezique-referee: --listen 0.0.0.0:0 is not a loopback address and TLS is off: seat tokens and API keys would travel in cleartext; " +
				"set --tls-cert and --tls-key, listen on 127.0.0.1, or pass --insecure to accept the risk\n"},
		{[]string{"--listen", "0.0.0.0:0", "--metrics-listen", "", "--tls-cert", certFile, "--tls-key", keyFile}, 1,
			"bezique-referee: --listen 0.0.0.0:0 is not a loopback address and authentication is off: anyone who reaches it may create, cancel and watch tables; " +
				"set --admin-key-file (or BEZIQUE_ADMIN_KEY), listen on 127.0.0.1, or pass --insecure to accept the risk\n"},
		{[]string{"--listen", "127.0.0.1:0", "--metrics-listen", ":0"}, 1,
			"bezique-referee: --metrics-listen :0 is not a loopback address and TLS is off: the metrics, the health checks and any /debug/pprof " +
				"would be served in cleartext to whoever reaches it, without authentication (docs/SECURITY.md); " +
				"set --tls-cert and --tls-key, listen on 127.0.0.1, or pass --insecure to accept the risk\n"},
		// Any site's pages calling a referee without keys (a web security review).
		{[]string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--cors-origins", "https://play.example.com, *"}, 1,
			"bezique-referee: --cors-origins * with authentication off: a page of any site that a browser on this machine opens may create, cancel " +
				"and watch tables here; name the origins of your pages, set --admin-key-file (or BEZIQUE_ADMIN_KEY), or pass --insecure to accept the risk\n"},
		// A pattern, and a sandboxed frame's origin (a re-trial).
		{[]string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--cors-origins", "https://play.example.com,https://*"}, 1,
			"bezique-referee: --cors-origins https://* with authentication off: a page of any site that a browser on this machine opens may create, cancel " +
				"and watch tables here; name the origins of your pages, set --admin-key-file (or BEZIQUE_ADMIN_KEY), or pass --insecure to accept the risk\n"},
		{[]string{"--listen", "127.0.0.1:0", "--metrics-listen", "", "--cors-origins", "null"}, 1,
			"bezique-referee: --cors-origins null with authentication off: a page of any site that a browser on this machine opens may create, cancel " +
				"and watch tables here; name the origins of your pages, set --admin-key-file (or BEZIQUE_ADMIN_KEY), or pass --insecure to accept the risk\n"},
		{[]string{"--tls-client-ca", "ca.crt"}, 2, "bezique-referee: --tls-client-ca needs --tls-cert and --tls-key\n"}, // with the other bad flags
	} {
		cmd := exec.Command(bin, append(c.args, "--store", "memory")...)
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != c.exitCode {
			t.Errorf("%v: %v, want exit code %d\n%s", c.args, err, c.exitCode, out)
			continue
		}
		if got := lastLogLine(string(out)); got != c.message {
			t.Errorf("%v: last line %q, want %q", c.args, got, c.message)
		}
	}

	p := startBinary(t, bin, "--listen", "0.0.0.0:0", "--metrics-listen", "", "--store", "memory", "--insecure")
	_, port, _ := net.SplitHostPort(p.addr)
	if err := listTables(t, net.JoinHostPort("127.0.0.1", port), insecure.NewCredentials()); err != nil {
		t.Fatalf("--insecure on 0.0.0.0: ListTables: %v", err)
	}

	p = startBinary(t, bin, "--listen", "0.0.0.0:0", "--metrics-listen", "", "--store", "memory", "--tls-cert", certFile, "--tls-key", keyFile,
		"--admin-key-file", adminKeyFile)
	_, port, _ = net.SplitHostPort(p.addr)
	if err := listTables(t, net.JoinHostPort("127.0.0.1", port), credentials.NewTLS(&tls.Config{RootCAs: ca.Pool()})); status.Code(err) != codes.Unauthenticated {
		t.Fatalf("TLS and an admin key on 0.0.0.0: ListTables without a key: %v, want Unauthenticated (served, authentication on)", err)
	}
}

// firstRead opens a TLS connection offering h2 and, with speak, sends the HTTP/2 client preface
// and an empty SETTINGS frame, as every HTTP/2 client begins (the port answers only then); it
// reads the server's first bytes (its SETTINGS frame, or a TLS alert) and returns the error of
// the handshake, of the write or of that read. Without speak nothing is written, so that a
// refusal the server sends at once is read rather than raced by a write to a closed connection.
func firstRead(t *testing.T, addr string, c *tls.Config, speak bool) error {
	t.Helper()
	c.NextProtos = []string{"h2"}
	conn, err := tls.Dial("tcp", addr, c)
	if err != nil {
		return err
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if speak {
		if _, err := io.WriteString(conn, http2.ClientPreface); err != nil {
			return err
		}
		if err := http2.NewFramer(conn, nil).WriteSettings(); err != nil {
			return err
		}
	}
	_, err = conn.Read(make([]byte, 1))
	return err
}

// lastLogLine returns the last line of out, with its newline.
func lastLogLine(out string) string {
	lines := strings.SplitAfter(strings.TrimRight(out, "\n")+"\n", "\n")
	return lines[len(lines)-2]
}
