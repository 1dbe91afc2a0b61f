package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

// adminAuth returns the referee's authentication from --admin-key or --admin-key-file (and
// their BEZIQUE_* variables), or nil for open mode (checkOpenStore, then warnOpen). An error
// when both are set, or when the file cannot be read or holds nothing; NewReferee checks the
// key's length.
func adminAuth(c config) (*service.Auth, error) {
	key := c.adminKey
	switch {
	case c.adminKey != "" && c.adminKeyFile != "":
		return nil, errors.New("--admin-key and --admin-key-file: set one")
	case c.adminKeyFile != "":
		b, err := os.ReadFile(c.adminKeyFile)
		if err != nil {
			return nil, fmt.Errorf("--admin-key-file: %w", err)
		}
		if key = strings.TrimSpace(string(b)); key == "" {
			return nil, fmt.Errorf("--admin-key-file %s: empty", c.adminKeyFile)
		}
		if len(key) < service.MinAdminKeyLen {
			return nil, fmt.Errorf("--admin-key-file %s: a key of %d bytes; want at least %d (openssl rand -base64 32)", c.adminKeyFile, len(key), service.MinAdminKeyLen)
		}
	case key == "":
		return nil, nil
	}
	return &service.Auth{AdminKey: key}, nil
}

// warnOpen logs that the referee runs in open mode: anyone who reaches the port may do everything.
func warnOpen(log *slog.Logger) {
	log.Warn("no admin key (--admin-key-file, BEZIQUE_ADMIN_KEY): running WITHOUT authentication; anyone who reaches the port may create, cancel and watch tables (docs/SECURITY.md)")
}

// checkOpenStore refuses open mode (no admin key) on a store that holds API keys not revoked:
// a referee without a key ignores them, and on a store shared with referees that have keys it
// would take their tables over and let anyone who reaches it cancel and read them (an
// operator's trial: a keyless fourth referee took nine tables, and an anonymous cancel
// succeeded). A nil store (--store memory) holds none.
func checkOpenStore(ctx context.Context, st store.Store) error {
	if st == nil {
		return nil
	}
	keys, err := st.ListKeys(ctx)
	if err != nil {
		return fmt.Errorf("--store: reading its API keys: %w", err)
	}
	live := 0
	for _, k := range keys {
		if k.RevokedAt.IsZero() {
			live++
		}
	}
	if live == 0 {
		return nil
	}
	return fmt.Errorf("no admin key (--admin-key-file, BEZIQUE_ADMIN_KEY), but the store holds %s not revoked: "+
		"a referee without one would ignore them and let anyone who reaches it cancel and read every table, those of the referees sharing the store too; "+
		"start it with the same --admin-key-file as the referees that made them (docs/SECURITY.md § Two modes), "+
		"or, to run the store without authentication, revoke them first (bezique keys revoke, through a referee started with an admin key)", keysText(live))
}

// keysText is "1 API key" or "N API keys".
func keysText(n int) string {
	if n == 1 {
		return "1 API key"
	}
	return fmt.Sprintf("%d API keys", n)
}
