package service

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/grpc-ecosystem/go-grpc-middleware/v2/interceptors/auth"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// Auth turns on authentication (docs/SECURITY.md): every RPC then needs an API key sent as
// "authorization: Bearer <key>" gRPC metadata, except those the authorization table opens to
// anonymous spectators. Config.Auth nil is open mode: no authentication, every caller may do
// everything, as [Local].
type Auth struct {
	// AdminKey is the first admin key's secret, configured rather than stored (--admin-key-file,
	// BEZIQUE_ADMIN_KEY); at least MinAdminKeyLen bytes. Its principal id is "admin". Create the
	// other keys with it through KeyService.
	AdminKey string
}

// MinAdminKeyLen is the shortest configured admin key NewReferee accepts (24 bytes: about 128 bits
// from a base64 or hex random string), so that a short password cannot be guessed online.
const MinAdminKeyLen = 24

// KeyPrefix starts every API key the referee issues, so that a leaked key is recognisable (by a
// secret scanner, say).
const KeyPrefix = "bzq_"

// Role is what a principal may do: the roles of keys and the anonymous spectator.
type Role string

// The roles. A key has RoleAdmin, RoleOrganiser, RoleBot or RoleWatcher; a caller without a
// key is RoleSpectator.
const (
	RoleAdmin     Role = "admin"     // everything: keys, audit trail, cancelling any table
	RoleOrganiser Role = "organiser" // creates tables, cancels its own, reads tables and records
	RoleBot       Role = "bot"       // a registered bot: joins the seats bound to it, reads tables and records
	RoleWatcher   Role = "watcher"   // a read-only key: reads and watches every table, record and tournament
	RoleSpectator Role = "spectator" // no key: watches public tables
)

// Principal is who calls: the API key's id, role and name, or the anonymous spectator.
type Principal struct {
	// ID is the principal id: an API key's id, "admin" for the configured admin key, "anonymous"
	// for a caller without a key, "local" for [Local].
	ID string
	// Role is what the principal may do.
	Role Role
	// Name is the key's name (for a bot key, the bot's name in records).
	Name string
}

// Local is the principal of a call that carries none: an in-process call of the [Referee] (a
// tournament runner, a test), and every call when authentication is off (Config.Auth nil).
// It is an admin.
var Local = Principal{ID: "local", Role: RoleAdmin, Name: "local"}

// anonymous is the principal of a caller without a key.
var anonymous = Principal{ID: "anonymous", Role: RoleSpectator}

// adminPrincipal is the principal of the configured admin key.
var adminPrincipal = Principal{ID: "admin", Role: RoleAdmin, Name: "admin"}

type principalKey struct{}

// PrincipalFrom returns the principal the authentication interceptor put in ctx, or [Local].
func PrincipalFrom(ctx context.Context) Principal {
	if p, ok := ctx.Value(principalKey{}).(Principal); ok {
		return p
	}
	return Local
}

// withPrincipal returns ctx carrying p.
func withPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// roleProto and roleFromProto convert a key's role to and from the wire.
var roleProto = map[Role]pb.Role{RoleAdmin: pb.Role_ROLE_ADMIN, RoleOrganiser: pb.Role_ROLE_ORGANISER, RoleBot: pb.Role_ROLE_BOT, RoleWatcher: pb.Role_ROLE_WATCHER}

func roleFromProto(r pb.Role) (Role, bool) {
	for k, v := range roleProto {
		if v == r {
			return k, true
		}
	}
	return "", false
}

// hashKey is what the store keeps of a key: its SHA-256. A plain hash suffices (no salt, no slow
// KDF as for passwords): keys are 256 random bits, so neither a dictionary nor brute force
// applies, and a fast hash lets the referee find a key by its hash on every call.
func hashKey(secret string) []byte {
	h := sha256.Sum256([]byte(secret))
	return h[:]
}

// newKeySecret returns a new API key: KeyPrefix and 32 bytes from crypto/rand in base64url.
func newKeySecret() string {
	return KeyPrefix + base64.RawURLEncoding.EncodeToString(randomBytes(32))
}

// AuthOptions returns the gRPC server options that authenticate and authorise every RPC
// (go-grpc-middleware's auth interceptors): [Server.fromReferee], which serves a call forwarded
// by another referee only when that referee shares this one's store; with Config.TrustedProxies,
// [Server.fromProxy], which takes the client a trusted proxy names in X-Forwarded-For as the
// caller; with Config.PeerSecret, [Server.fromPeer], which takes the original caller of a call
// forwarded by another referee as the caller; with Config.Auth, [Server.authenticate], and for
// streams [Server.revocableStreams], which ends a stream when its key is revoked; last,
// [Server.healthWatches], which counts Health/Watch streams at Config.MaxWatchersPerPrincipal.
// Add them after [ServerOptions], so that metrics count refused calls too.
func (s *Server) AuthOptions() []grpc.ServerOption {
	opts := []grpc.ServerOption{grpc.ChainUnaryInterceptor(auth.UnaryServerInterceptor(s.fromReferee)),
		grpc.ChainStreamInterceptor(auth.StreamServerInterceptor(s.fromReferee))}
	if len(s.cfg.TrustedProxies) > 0 {
		opts = append(opts, grpc.ChainUnaryInterceptor(auth.UnaryServerInterceptor(s.fromProxy)),
			grpc.ChainStreamInterceptor(auth.StreamServerInterceptor(s.fromProxy)))
	}
	if s.peerHashes != nil {
		opts = append(opts, grpc.ChainUnaryInterceptor(auth.UnaryServerInterceptor(s.fromPeer)),
			grpc.ChainStreamInterceptor(auth.StreamServerInterceptor(s.fromPeer)))
	}
	if s.cfg.Auth != nil {
		opts = append(opts, grpc.ChainUnaryInterceptor(auth.UnaryServerInterceptor(s.authenticate)),
			grpc.ChainStreamInterceptor(auth.StreamServerInterceptor(s.authenticate), s.revocableStreams))
	}
	return append(opts, grpc.ChainStreamInterceptor(s.healthWatches))
}

// authenticate is the interceptors' auth function: it finds the caller's principal from the
// bearer key (anonymous without one) and checks it against the authorization table for the
// method. Unauthenticated for a malformed, unknown or revoked key and for an anonymous caller of
// a method that needs a key; PermissionDenied, naming the roles needed, for a key whose role the
// method does not allow and for a method without a row.
func (s *Server) authenticate(ctx context.Context) (context.Context, error) {
	method, _ := grpc.Method(ctx)
	roles, ok := authorization[method]
	if !ok {
		return nil, status.Errorf(codes.PermissionDenied, "%s: no authorization rule; refused", method)
	}
	p, err := s.principal(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range roles {
		if r == p.Role {
			return withPrincipal(ctx, p), nil
		}
	}
	if p.Role == RoleSpectator {
		return nil, status.Errorf(codes.Unauthenticated, "%s needs an API key (role %s): send \"authorization: Bearer <key>\"", method, rolesText(roles))
	}
	return nil, status.Errorf(codes.PermissionDenied, "%s needs role %s; key %s has role %s", method, rolesText(roles), p.ID, p.Role)
}

func rolesText(roles []Role) string {
	var names []string
	for _, r := range roles {
		names = append(names, string(r))
	}
	return strings.Join(names, " or ")
}

// seatTokenShaped reports whether secret has the form of a seat's token (CreateTable's: 32
// lowercase hex digits), which no API key has ([KeyPrefix]).
func seatTokenShaped(secret string) bool {
	if len(secret) != 32 {
		return false
	}
	for _, c := range []byte(secret) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// principal returns the principal of ctx's bearer key, or anonymous without an authorization
// header. Unauthenticated for a header that is not "Bearer <key>", more than one such header,
// an unknown key or a revoked one; ResourceExhausted, before the key is hashed, when the caller's address has sent more
// refused keys than RefusedKeysPerAddr allows.
func (s *Server) principal(ctx context.Context) (Principal, error) {
	switch n := len(metadata.ValueFromIncomingContext(ctx, "authorization")); {
	case n == 0:
		return anonymous, nil
	case n > 1: // the first was taken, silently: which key a call carries must not depend on the headers' order
		return Principal{}, status.Errorf(codes.Unauthenticated, "authorization header: %d given; send one (docs/SECURITY.md)", n)
	}
	secret, err := auth.AuthFromMD(ctx, "bearer")
	// The scheme and the key are parted by one space or more (RFC 9110's 1*SP): two read as an
	// unknown key (an integrator's trial).
	if secret = strings.TrimLeft(secret, " "); err == nil && secret == "" {
		err = errors.New("no key")
	}
	if err != nil { // its own texts name neither the header nor the form; what was sent is not echoed (a key, perhaps)
		return Principal{}, status.Error(codes.Unauthenticated, `authorization header: want "Bearer <API key>" (docs/SECURITY.md)`)
	}
	h := hashKey(secret)
	if subtle.ConstantTimeCompare(h, s.adminHash) == 1 { // no lookup: never refused for its address
		return adminPrincipal, nil
	}
	if seatTokenShaped(secret) { // no lookup either: no key has this form (a browser client sent a seat's token as its key)
		return Principal{}, status.Error(codes.Unauthenticated, "authorization header: this is a seat's token (32 hex digits), not an API key ("+
			KeyPrefix+"…): a seat's token goes in Join.token or DecideRequest.token; send no authorization header without an API key (docs/SECURITY.md)")
	}
	settle, err := s.quotas.takeKey(peerKey(ctx), h, time.Now())
	if err != nil {
		return Principal{}, statusOf(err)
	}
	k, err := s.store.KeyByHash(ctx, h)
	switch {
	case errors.Is(err, store.ErrNotFound) || err == nil && !k.RevokedAt.IsZero():
		settle(keyRefused)
	case err == nil:
		settle(keyGood)
	default:
		settle(keyFailed)
	}
	if errors.Is(err, store.ErrNotFound) {
		return Principal{}, status.Error(codes.Unauthenticated, "unknown API key")
	}
	if err != nil {
		return Principal{}, statusOf(fmt.Errorf("checking the API key: %w", err))
	}
	if !k.RevokedAt.IsZero() {
		return Principal{}, status.Errorf(codes.Unauthenticated, "API key %s was revoked at %s", k.ID, k.RevokedAt.Format("2006-01-02T15:04:05Z"))
	}
	return Principal{ID: k.ID, Role: Role(k.Role), Name: k.Name}, nil
}
