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
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

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
	g := grpc.NewServer(ServerOptions(nil)...)
	srv.Register(g)
	h, err := NewHTTPHandler(g, HTTPConfig{})
	if err != nil {
		t.Fatal(err)
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := NewPort(lis, g, h, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
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
