package botsdk

import (
	"cmp"
	"fmt"
	"os"
)

// The environment an operator gives a bot, read the same way by every SDK's EnvConfig, the
// example bots' flags and the bezique command: the referee's address, the bot's API key, the CA
// to trust for the referee's certificate and, in serve mode, the bot's name (`bezique match
// --cmd` sets the address and the name). An empty variable is as one unset. A client certificate
// (mTLS) has no variable: BEZIQUE_TLS_CERT and BEZIQUE_TLS_KEY are the referee's own.
const (
	serverEnv  = "BEZIQUE_SERVER"
	keyEnv     = "BEZIQUE_KEY"
	tlsCAEnv   = "BEZIQUE_TLS_CA"
	botNameEnv = "BEZIQUE_BOT_NAME"
)

// defaultServer is the address dialled without $BEZIQUE_SERVER: the referee's default --listen.
const defaultServer = "127.0.0.1:7777"

// EnvConfig returns the Config of a bot configured by its environment: Server is
// $BEZIQUE_SERVER (else 127.0.0.1:7777), Key $BEZIQUE_KEY, BotName $BEZIQUE_BOT_NAME, and TLS,
// when $BEZIQUE_TLS_CA names a PEM file, trusts the CA certificates in it (see [TLSConfig]);
// without it the bot connects in plaintext. The table, the seat and the token are the caller's
// to set (or the lobby's, in [ServeConfig]). It returns an error naming the variable when its
// file cannot be read or holds no certificate.
func EnvConfig() (Config, error) {
	cfg := Config{Server: cmp.Or(os.Getenv(serverEnv), defaultServer), Key: os.Getenv(keyEnv), BotName: os.Getenv(botNameEnv)}
	if ca := os.Getenv(tlsCAEnv); ca != "" {
		var err error
		if cfg.TLS, err = TLSConfig(ca, "", ""); err != nil {
			return Config{}, fmt.Errorf("$%s: %w", tlsCAEnv, err)
		}
	}
	return cfg, nil
}
