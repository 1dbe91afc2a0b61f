package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/bezique-arena/bezique/service"
)

// adminAuth returns the referee's authentication from --admin-key or --admin-key-file (and
// their BEZIQUE_* variables), or nil for open mode, logging a warning that anyone who reaches
// the port may do everything. An error when both are set, or when the file cannot be read or
// holds nothing; NewReferee checks the key's length.
func adminAuth(c config, log *slog.Logger) (*service.Auth, error) {
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
		log.Warn("no admin key (--admin-key-file, BEZIQUE_ADMIN_KEY): running WITHOUT authentication; anyone who reaches the port may create, cancel and watch tables (docs/SECURITY.md)")
		return nil, nil
	}
	return &service.Auth{AdminKey: key}, nil
}
