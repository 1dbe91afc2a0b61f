package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/credentials/tls/certprovider/pemfile"

	"github.com/bezique-arena/bezique/service/store"
)

// openStore opens the store at url (store.Open), trying again every storeRetryEvery for up to
// wait while it fails for another reason than a refusal (ErrLocked, ErrInvalid) or a damaged
// SQLite file (ErrDamaged), which no wait mends: a PostgreSQL server that is still starting
// makes the referee wait, in its startup probe, instead of exiting and being restarted with a
// growing back-off. The last error is returned when wait runs out.
func openStore(ctx context.Context, url string, wait time.Duration, log *slog.Logger) (store.Store, error) {
	deadline := time.Now().Add(wait)
	for {
		st, err := store.Open(ctx, url)
		if err == nil || errors.Is(err, store.ErrLocked) || errors.Is(err, store.ErrInvalid) || errors.Is(err, store.ErrDamaged) || errors.Is(err, store.ErrNewerSchema) || time.Now().After(deadline) {
			return st, err
		}
		log.Warn("the store cannot be opened; trying again", "store", store.Redact(url), "err", err, "retry_in", storeRetryEvery, "until", deadline.UTC().Format(time.RFC3339))
		select {
		case <-time.After(storeRetryEvery):
		case <-ctx.Done():
			return nil, err
		}
	}
}

// storeRetryEvery is how often openStore tries the store again.
const storeRetryEvery = 2 * time.Second

// peerDialOptions are the dial options of the connections to the other referees sharing a
// PostgreSQL store (service.Config.PeerDialOptions): plaintext when this referee serves
// plaintext (nil), else TLS 1.2 or later trusting the CA certificates of --peer-ca, or the
// system's roots when it is empty, and presenting the client certificate of --peer-tls-cert and
// --peer-tls-key, read again every --tls-reload as the serving certificate is (grpc-go's pemfile
// provider; each new connection takes the newest). The returned function stops watching the files.
//
// The peer certificate is a pair of its own rather than the serving one: certificates of public
// CAs often lack the clientAuth usage a client certificate needs, and the CA that the others
// require (--tls-client-ca) is the one that signs client certificates, not necessarily the
// serving certificate's.
func peerDialOptions(c config) ([]grpc.DialOption, func(), error) {
	if c.tlsCert == "" {
		if c.peerTLSCert != "" {
			return nil, nil, errors.New("--peer-tls-cert needs --tls-cert and --tls-key: referees speak TLS to each other only when they serve it")
		}
		return nil, func() {}, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if c.peerCA != "" {
		pem, err := os.ReadFile(c.peerCA)
		if err != nil {
			return nil, nil, fmt.Errorf("--peer-ca: %w", err)
		}
		cfg.RootCAs = x509.NewCertPool()
		if !cfg.RootCAs.AppendCertsFromPEM(pem) {
			return nil, nil, fmt.Errorf("--peer-ca %s: no PEM certificate", c.peerCA)
		}
	}
	stop := func() {}
	if c.peerTLSCert != "" {
		if _, err := tls.LoadX509KeyPair(c.peerTLSCert, c.peerTLSKey); err != nil {
			return nil, nil, fmt.Errorf("--peer-tls-cert/--peer-tls-key: %w", err)
		}
		prov, err := pemfile.NewProvider(pemfile.Options{CertFile: c.peerTLSCert, KeyFile: c.peerTLSKey, RefreshDuration: c.tlsReload})
		if err != nil {
			return nil, nil, fmt.Errorf("--peer-tls-cert/--peer-tls-key: %w", err)
		}
		cfg.GetClientCertificate = func(info *tls.CertificateRequestInfo) (*tls.Certificate, error) {
			km, err := prov.KeyMaterial(info.Context())
			if err != nil {
				return nil, err
			}
			return &km.Certs[0], nil
		}
		stop = prov.Close
	}
	return []grpc.DialOption{grpc.WithTransportCredentials(credentials.NewTLS(cfg))}, stop, nil
}

// peerSecret returns the secrets of --peer-secret-file, one a line: the first, which this referee
// sends (service.Config.PeerSecret), and the others, which it also takes from the other referees
// (PeerSecretsAccepted: during a rotation, docs/OPERATIONS.md); "" and nil without the flag. An
// error when the file cannot be read or holds nothing; NewReferee checks their lengths.
func peerSecret(c config) (string, []string, error) {
	if c.peerSecretFile == "" {
		return "", nil, nil
	}
	b, err := os.ReadFile(c.peerSecretFile)
	if err != nil {
		return "", nil, fmt.Errorf("--peer-secret-file: %w", err)
	}
	var secrets []string
	for _, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			secrets = append(secrets, line)
		}
	}
	if len(secrets) == 0 {
		return "", nil, fmt.Errorf("--peer-secret-file %s: empty", c.peerSecretFile)
	}
	return secrets[0], secrets[1:], nil
}

// warnPeers logs what a referee sharing its store lacks for forwarding: with mTLS required and no
// peer certificate, the calls it forwards to the other referees fail when they require client
// certificates as it does (a warning); without a peer secret, the limits of a call forwarded to
// it whose caller has no API key count the forwarding referee's address (a note).
func warnPeers(c config, shared bool, log *slog.Logger) {
	if !shared {
		return
	}
	if c.tlsClientCA != "" && c.peerTLSCert == "" {
		log.Warn("--tls-client-ca without --peer-tls-cert: calls forwarded to the other referees fail if they require client certificates as this one does (docs/OPERATIONS.md)")
	}
	if c.peerSecretFile == "" {
		log.Info("no --peer-secret-file: a forwarded call without an API key counts against the limits of the forwarding referee's address (docs/SECURITY.md)")
	}
}
