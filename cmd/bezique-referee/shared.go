package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"

	"github.com/bezique-arena/bezique/service/store"
)

// openStore opens the store at url (store.Open), trying again every storeRetryEvery for up to
// wait while it fails for another reason than a refusal (ErrLocked, ErrInvalid): a PostgreSQL
// server that is still starting makes the referee wait, in its startup probe, instead of exiting
// and being restarted with a growing back-off. The last error is returned when wait runs out.
func openStore(ctx context.Context, url string, wait time.Duration, log *slog.Logger) (store.Store, error) {
	deadline := time.Now().Add(wait)
	for {
		st, err := store.Open(ctx, url)
		if err == nil || errors.Is(err, store.ErrLocked) || errors.Is(err, store.ErrInvalid) || time.Now().After(deadline) {
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
// system's roots when it is empty.
func peerDialOptions(c config) ([]grpc.DialOption, error) {
	if c.tlsCert == "" {
		return nil, nil
	}
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if c.peerCA != "" {
		pem, err := os.ReadFile(c.peerCA)
		if err != nil {
			return nil, fmt.Errorf("--peer-ca: %w", err)
		}
		cfg.RootCAs = x509.NewCertPool()
		if !cfg.RootCAs.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("--peer-ca %s: no PEM certificate", c.peerCA)
		}
	}
	return []grpc.DialOption{grpc.WithTransportCredentials(credentials.NewTLS(cfg))}, nil
}
