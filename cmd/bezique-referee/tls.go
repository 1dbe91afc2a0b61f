package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"google.golang.org/grpc/credentials/tls/certprovider"
	"google.golang.org/grpc/credentials/tls/certprovider/pemfile"

	"github.com/bezique-arena/bezique/internal/netaddr"
)

// serverCerts holds the referee's certificate and key (--tls-cert, --tls-key) and, for mTLS, the CA
// that signs client certificates (--tls-client-ca). grpc-go's pemfile provider reads the files
// again every --tls-reload, so a renewed certificate (or CA) is served to new connections without a
// restart; a pair that does not load on a reload is skipped (and logged by grpc at WARNING, shown
// with GRPC_GO_LOG_SEVERITY_LEVEL=warning) and the previous one kept. The grpc-go module is
// already the referee's; a hand-written watcher would be some 30 lines of the same.
type serverCerts struct {
	prov    certprovider.Provider
	mtls    bool
	log     *slog.Logger
	serving atomic.Pointer[x509.Certificate] // the leaf last served, to log each new one once
}

// newServerCerts checks that the files load (a clear error at start rather than failed handshakes
// later) and starts watching them. It returns nil, nil when no TLS flag is set.
func newServerCerts(c config, log *slog.Logger) (*serverCerts, error) {
	if c.tlsCert == "" { // validate refused a lone --tls-key or --tls-client-ca
		return nil, nil
	}
	if _, err := tls.LoadX509KeyPair(c.tlsCert, c.tlsKey); err != nil {
		return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	if c.tlsClientCA != "" {
		pem, err := os.ReadFile(c.tlsClientCA)
		if err != nil {
			return nil, fmt.Errorf("--tls-client-ca: %w", err)
		}
		if !x509.NewCertPool().AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--tls-client-ca %s: no PEM certificate in it", c.tlsClientCA)
		}
	}
	prov, err := pemfile.NewProvider(pemfile.Options{CertFile: c.tlsCert, KeyFile: c.tlsKey, RootFile: c.tlsClientCA,
		RefreshDuration: c.tlsReload})
	if err != nil {
		return nil, fmt.Errorf("--tls-cert/--tls-key: %w", err)
	}
	return &serverCerts{prov: prov, mtls: c.tlsClientCA != "", log: log}, nil
}

// config returns a server tls.Config (TLS 1.2 or later) offering nextProtos by ALPN. Each handshake
// takes the newest certificate (GetCertificate); with mTLS each takes the newest client CA too
// (GetConfigForClient) and requires a client certificate that it signed.
func (s *serverCerts) config(nextProtos ...string) *tls.Config {
	base := &tls.Config{MinVersion: tls.VersionTLS12, NextProtos: nextProtos, GetCertificate: s.certificate}
	if s.mtls {
		base.GetConfigForClient = func(hello *tls.ClientHelloInfo) (*tls.Config, error) {
			km, err := s.prov.KeyMaterial(hello.Context())
			if err != nil {
				return nil, err
			}
			c := base.Clone()
			c.GetConfigForClient = nil
			c.ClientAuth = tls.RequireAndVerifyClientCert
			c.ClientCAs = km.Roots
			return c, nil
		}
	}
	return base
}

// certificate returns the newest certificate, and logs it the first time it is served.
func (s *serverCerts) certificate(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	km, err := s.prov.KeyMaterial(hello.Context())
	if err != nil {
		return nil, err
	}
	cert := &km.Certs[0]
	if leaf := cert.Leaf; leaf != nil && s.serving.Swap(leaf) != leaf {
		s.log.Info("serving TLS certificate", "subject", leaf.Subject.String(), "serial", leaf.SerialNumber.String(), "not_after", leaf.NotAfter)
	}
	return cert, nil
}

// notAfter returns when the certificate served now expires: the zero time when none is loaded
// (bezique_tls_certificate_expiry_timestamp_seconds reads it at each scrape).
func (s *serverCerts) notAfter() time.Time {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	km, err := s.prov.KeyMaterial(ctx)
	if err != nil || len(km.Certs) == 0 || km.Certs[0].Leaf == nil {
		return time.Time{}
	}
	return km.Certs[0].Leaf.NotAfter
}

// Close stops watching the files.
func (s *serverCerts) Close() { s.prov.Close() }

// checkExposure refuses to serve on an address other than loopback, unless --insecure, without TLS
// (a seat token or an API key read on the wire lets whoever reads it act as its holder) and, on
// the gRPC address, without authentication (an admin key: else anyone who reaches the port may
// create, cancel and watch tables; docs/SECURITY.md). The metrics address has no API keys: TLS
// is all it needs. Nor, without authentication, does it let every origin's pages call the API
// (--cors-origins *): any page a visitor of this machine opened could then drive the referee on
// loopback, which the Host check (against DNS rebinding) does not stop (a web security review).
func checkExposure(c config) error {
	if c.insecure {
		return nil
	}
	origins := splitList(c.http.corsOrigins)
	if i := slices.IndexFunc(origins, anySite); i >= 0 && c.adminKey == "" && c.adminKeyFile == "" {
		return fmt.Errorf("--cors-origins %s with authentication off: a page of any site that a browser on this machine opens may create, cancel "+
			"and watch tables here; name the origins of your pages, set --admin-key-file (or BEZIQUE_ADMIN_KEY), or pass --insecure to accept the risk",
			origins[i])
	}
	for _, a := range []struct {
		flag, addr string
		auth       bool
	}{{"--listen", c.listen, true}, {"--metrics-listen", c.metricsListen, false}} {
		if a.addr == "" || netaddr.IsLoopback(a.addr) {
			continue
		}
		if c.tlsCert == "" && !a.auth {
			return fmt.Errorf("%s %s is not a loopback address and TLS is off: the metrics, the health checks and any /debug/pprof "+
				"would be served in cleartext to whoever reaches it, without authentication (docs/SECURITY.md); "+
				"set --tls-cert and --tls-key, listen on 127.0.0.1, or pass --insecure to accept the risk", a.flag, a.addr)
		}
		if c.tlsCert == "" {
			return fmt.Errorf("%s %s is not a loopback address and TLS is off: seat tokens and API keys would travel in cleartext; "+
				"set --tls-cert and --tls-key, listen on 127.0.0.1, or pass --insecure to accept the risk", a.flag, a.addr)
		}
		if a.auth && c.adminKey == "" && c.adminKeyFile == "" {
			return fmt.Errorf("%s %s is not a loopback address and authentication is off: anyone who reaches it may create, cancel and watch tables; "+
				"set --admin-key-file (or BEZIQUE_ADMIN_KEY), listen on 127.0.0.1, or pass --insecure to accept the risk", a.flag, a.addr)
		}
	}
	return nil
}

// anySite reports whether a --cors-origins entry lets pages of sites not named call: a pattern
// ("*", "https://*": rs/cors takes one wildcard) or "null", the origin of a sandboxed frame on
// any site (a re-trial: only "*" was refused).
func anySite(origin string) bool {
	return strings.Contains(origin, "*") || strings.EqualFold(origin, "null")
}

// defaultTLSReload is how often the TLS files are read again by default.
const defaultTLSReload = time.Minute
