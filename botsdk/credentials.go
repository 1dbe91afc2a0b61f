package botsdk

import (
	"context"
	"strings"

	"google.golang.org/grpc/credentials"
)

// KeyCredentials returns gRPC per-RPC credentials that send an API key as the referee expects
// it: "authorization: Bearer <key>" metadata on every call (docs/SECURITY.md). Use it with
// grpc.WithPerRPCCredentials for clients of TableService or KeyService; [Config.Key] does it for
// a seat. The key is sent without surrounding whitespace, which a key never holds: a newline
// that a key file or a Kubernetes Secret left in $BEZIQUE_KEY or --key would have grpc-go refuse
// every call (Internal, "non-printable ASCII characters"), and spaces would have the referee refuse
// it as an unknown key.
//
// The credentials do not require transport security, so that they also work on plaintext
// loopback and inside a private network; over an open network, dial with TLS (the key is a
// bearer secret). They are written here because grpc-go's oauth.TokenSource, the library's
// bearer-token credentials, requires TLS and would refuse every plaintext connection.
func KeyCredentials(key string) credentials.PerRPCCredentials {
	return bearerKey(strings.TrimSpace(key))
}

// bearerKey is an API key sent as bearer metadata.
type bearerKey string

// GetRequestMetadata returns the authorization metadata.
func (k bearerKey) GetRequestMetadata(context.Context, ...string) (map[string]string, error) {
	return map[string]string{"authorization": "Bearer " + string(k)}, nil
}

// RequireTransportSecurity is false: TLS is the dialer's choice (see KeyCredentials).
func (bearerKey) RequireTransportSecurity() bool { return false }
