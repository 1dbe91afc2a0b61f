package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// The actions of the audit trail, as the store names them.
var auditActions = map[pb.AuditAction]string{
	pb.AuditAction_AUDIT_ACTION_TABLE_CREATED:        "table.created",
	pb.AuditAction_AUDIT_ACTION_TABLE_CANCELLED:      "table.cancelled",
	pb.AuditAction_AUDIT_ACTION_KEY_CREATED:          "key.created",
	pb.AuditAction_AUDIT_ACTION_KEY_REVOKED:          "key.revoked",
	pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CREATED:   "tournament.created",
	pb.AuditAction_AUDIT_ACTION_TOURNAMENT_CANCELLED: "tournament.cancelled",
}

// audit stores an operator action taken by ctx's principal now. The action has happened: a store
// out of reach is tried again (tryStore), then its failure is logged, not returned.
func (s *Referee) audit(ctx context.Context, action pb.AuditAction, target, detail string) {
	e := store.AuditEvent{ID: "a-" + randomHex(8), At: time.Now(), Principal: PrincipalFrom(ctx).ID,
		Action: auditActions[action], Target: target, Detail: detail}
	ctx = context.WithoutCancel(ctx)
	err := tryStore(ctx, func() error { return s.store.AppendAudit(ctx, e) })
	if errors.Is(err, store.ErrConflict) { // its id is stored: a try that landed, its answer lost
		err = nil
	}
	if err != nil {
		s.log.Error("audit trail: storing an event failed", "action", e.Action, "target", target, "principal", e.Principal, "err", err)
	}
}

// landing returns the context of a store write that, once begun, must end as the referee
// knows it ended (a key created or revoked, a table or tournament created), and its audit event
// with it: ctx without its cancellation, bounded by Config.CallTimeout. A write that the
// caller's deadline ended could land all the same while the call said it failed: keys and
// tournaments made and revocations done without an audit event (a tournament then played by
// another referee), a table nobody had the tokens of (an outside trial, with deadlines of 2 to
// 10 ms). It returns ctx's error, and writes nothing, when the caller has gone already.
func (s *Referee) landing(ctx context.Context) (context.Context, context.CancelFunc, error) {
	if ctx.Err() != nil {
		return nil, nil, context.Cause(ctx)
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.CallTimeout)
	return wctx, cancel, nil
}

// ListAuditEvents returns a page of the audit trail, most recent first: pages of page_size
// (default 50, at most 1 000). A [FieldError] for a malformed page token.
func (s *Referee) ListAuditEvents(ctx context.Context, req *pb.ListAuditEventsRequest) (*pb.ListAuditEventsResponse, error) {
	evs, next, err := s.store.ListAudit(ctx, int(req.GetPageSize()), req.GetPageToken())
	if err != nil {
		return nil, pageTokenError(err)
	}
	out := &pb.ListAuditEventsResponse{NextPageToken: next}
	for _, e := range evs {
		ae := &pb.AuditEvent{Time: timestamppb.New(e.At), Principal: e.Principal, Target: e.Target, Detail: e.Detail}
		for a, name := range auditActions {
			if name == e.Action {
				ae.Action = a
			}
		}
		out.Events = append(out.Events, ae)
	}
	return out, nil
}

// pageTokenError turns the store's ErrInvalid for a page token into a [FieldError].
func pageTokenError(err error) error {
	if errors.Is(err, store.ErrInvalid) {
		return invalid("page_token", "malformed")
	}
	return err
}

// CreateKey creates an API key for a role and returns it with its secret, which is not stored
// (only its SHA-256) and so cannot be shown again. ErrAuthOff in open mode; a [FieldError] for a
// missing or long name (over 100 bytes, over MaxNameBytes for a bot key), an unknown role or a
// long owner, or a name or owner with a control
// character or invalid UTF-8 (checkText), or a name that is not an RFC 8266 nickname in its normal
// form (checkName); an error matching store.ErrConflict (AlreadyExists) for a name a key that is
// not revoked has, in any case and width or in look-alike letters (nameFree, nameLooks).
func (s *Referee) CreateKey(ctx context.Context, req *pb.CreateKeyRequest) (*pb.CreateKeyResponse, error) {
	if s.cfg.Auth == nil {
		return nil, errorf(ErrAuthOff, "authentication is off, so keys would not be checked: start the referee with --admin-key-file or BEZIQUE_ADMIN_KEY")
	}
	if n := len(req.GetName()); n == 0 || n > 100 {
		return nil, invalid("name", "%d bytes; a key's name has 1 to 100", n)
	}
	if len(req.GetOwner()) > 100 {
		return nil, invalid("owner", "longer than 100 bytes")
	}
	if err := checkName("name", req.GetName(), 100); err != nil {
		return nil, err
	}
	if err := checkText("owner", req.GetOwner(), 100); err != nil { // a control character or invalid UTF-8
		return nil, err
	}
	for _, p := range []Principal{adminPrincipal, Local, anonymous} {
		if look, id := nameLooks(req.GetName()), nameLooks(p.ID); look[0] == id[0] || look[1] == id[1] {
			// Records, the audit trail and the logs name principals by these; a key named
			// "admin" read as the configured admin key (a re-trial).
			return nil, invalid("name", "%q is the referee's name for %s", req.GetName(), principalText[p.ID])
		}
	}
	role, ok := roleFromProto(req.GetRole())
	if !ok {
		return nil, invalid("role", "%s is not a key's role (admin, organiser, bot or watcher)", req.GetRole())
	}
	if n := len(req.GetName()); role == RoleBot && n > MaxNameBytes {
		return nil, invalid("name", "%d bytes; a bot key's name is the bot's name, which its seats take: at most %d", n, MaxNameBytes)
	}
	if i := strings.IndexAny(req.GetName(), "=+"); role == RoleBot && i >= 0 {
		// A lobby entrant is named ID=lobby:NAME, a team team:A+B (bezique tournament
		// --entrant): "x=lobby:y" as a name was read as entrant x, bot y (an outside trial).
		return nil, invalid("name", "%q at byte %d: a bot key's name is a lobby bot's, which tournaments name as ID=lobby:NAME and teams as A+B", req.GetName()[i:i+1], i)
	}
	secret := newKeySecret()
	k := store.Key{ID: keyIDPrefix + randomHex(8), Hash: hashKey(secret), Name: req.GetName(), Role: string(role), Owner: req.GetOwner(),
		Creator: PrincipalFrom(ctx).ID, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	// The store runs the check and the creation together, one call after another on every
	// referee sharing it: two calls of one name at once both passed a check made before.
	wctx, cancel, err := s.landing(ctx)
	if err != nil {
		return nil, err
	}
	defer cancel()
	if err := s.store.CreateKey(wctx, k, func(keys []store.Key) error { return nameFree(keys, k.Name) }); err != nil {
		return nil, err
	}
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_KEY_CREATED, k.ID, fmt.Sprintf("%s key %q", role, k.Name))
	return &pb.CreateKeyResponse{Key: keyToProto(k), Secret: secret}, nil
}

// principalText says what the principals whose ids no key may take as its name are.
var principalText = map[string]string{"admin": "the configured admin key (--admin-key-file)", "local": "the referee's in-process calls",
	"anonymous": "callers without a key"}

// nameFree returns an error matching store.ErrConflict (AlreadyExists) when one of keys that is
// not revoked has a name that looks like name (nameLooks): a key's name is who it is (a bot key's
// name is the bot's name in the lobby, on its seats and in records), and a second "beta" key
// took the real beta's lobby name and games while it was away (a security trial). The store
// calls it in the creation's transaction (store.KeyStore.CreateKey).
func nameFree(keys []store.Key, name string) error {
	look := nameLooks(name)
	for _, k := range keys {
		if other := nameLooks(k.Name); k.RevokedAt.IsZero() && (other[0] == look[0] || other[1] == look[1]) {
			return errorf(store.ErrConflict, "name: key %s is already named %q (names are compared in any case and width, and by the look of their letters in any script, UTS #39): revoke it first or choose another name", k.ID, k.Name)
		}
	}
	return nil
}

// nameLooks returns two forms in which two key names that a reader could take for one another
// are equal, either or both: the UTS #39 skeleton (github.com/mtibben/confusables, from
// Unicode's confusables.txt) of the name as RFC 8266 compares nicknames (precis.Nickname's
// CompareKey: case and width folded), and the skeleton of that fold of the name's skeleton.
// "Beta" and "beta", "ａｌｐｈａ" and "alpha", and "аlpha" with a Cyrillic а and "alpha" have the
// first alike; so have "bot1" and "botl". The second folds the case of what the skeleton gives:
// "Вeta" with a Cyrillic В (whose fold, в, looks like no Latin letter, but whose skeleton is
// B), "botI" and "botl", "b0b" and "bOb" (an outside trial had each pair made). A name stored
// before checkName that the profile refuses is compared as it is.
func nameLooks(name string) [2]string {
	fold := func(s string) string {
		if k, err := precis.Nickname.CompareKey(s); err == nil {
			return k
		}
		return s
	}
	return [2]string{confusables.Skeleton(fold(name)), confusables.Skeleton(fold(confusables.Skeleton(name)))}
}

// botNameFree returns nil when ctx's caller may have its seat's bot named name (Join.bot_name):
// keys are off, or no bot key that is not revoked has a name that looks like it (nameLooks), or
// the caller is that key. Else ErrPermission naming join.bot_name: records and ListGames name a
// game's bots by these names, and a seat's token admitted a client under a registered bot's name,
// crediting that bot with a game it never played (an outside attack trial). A seat bound to a key
// takes the key's name whatever the Join says; its Join is checked all the same.
func (s *Referee) botNameFree(ctx context.Context, name string) error {
	if s.cfg.Auth == nil || name == "" {
		return nil
	}
	keys, err := s.store.ListKeys(ctx)
	if err != nil {
		return fmt.Errorf("checking join.bot_name against the bot keys: %w", err)
	}
	look, caller := nameLooks(name), PrincipalFrom(ctx).ID
	for _, k := range keys {
		if k.Role != string(RoleBot) || !k.RevokedAt.IsZero() || k.ID == caller {
			continue
		}
		if other := nameLooks(k.Name); other[0] == look[0] || other[1] == look[1] {
			return errorf(ErrPermission, "join.bot_name: %q is a registered bot's name, or looks like it (docs/SECURITY.md): "+
				"only that bot's key plays under it (authorization: Bearer <key>); join with it, or under another name", name)
		}
	}
	return nil
}

// ListKeys returns every API key, oldest first, revoked ones included; never a secret.
func (s *Referee) ListKeys(ctx context.Context) ([]*pb.ApiKey, error) {
	keys, err := s.store.ListKeys(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]*pb.ApiKey, len(keys))
	for i, k := range keys {
		out[i] = keyToProto(k)
	}
	return out, nil
}

// RevokeKey revokes an API key: every call with it is refused (Unauthenticated) from then on,
// and it no longer joins the seats bound to it. ErrNotFound for an unknown key, store.ErrConflict
// (AlreadyExists) for a key already revoked, saying when.
func (s *Referee) RevokeKey(ctx context.Context, id string) (*pb.ApiKey, error) {
	wctx, cancel, err := s.landing(ctx)
	if err != nil {
		return nil, err
	}
	defer cancel()
	k, err := s.store.RevokeKey(wctx, id, time.Now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, errorf(ErrNotFound, "key %q not found (bezique keys list shows the keys)", id) // not the store's "get key …: store: not found"
	}
	if errors.Is(err, store.ErrConflict) { // not the store's "store: revoke key …: already revoked: store: conflict"
		if k, gerr := s.store.GetKey(ctx, id); gerr == nil && !k.RevokedAt.IsZero() {
			return nil, errorf(store.ErrConflict, "key %q was already revoked, at %s", id, k.RevokedAt.UTC().Format(time.RFC3339))
		}
		return nil, errorf(store.ErrConflict, "key %q was already revoked", id)
	}
	if err != nil {
		return nil, err
	}
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_KEY_REVOKED, k.ID, "")
	return keyToProto(k), nil
}

func keyToProto(k store.Key) *pb.ApiKey {
	out := &pb.ApiKey{KeyId: k.ID, Name: k.Name, Role: roleProto[Role(k.Role)], Owner: k.Owner, Creator: k.Creator, CreateTime: timestamppb.New(k.CreatedAt)}
	if !k.RevokedAt.IsZero() {
		out.RevokeTime = timestamppb.New(k.RevokedAt)
	}
	return out
}

// keyIDPrefix begins every stored key's public id ("k-" and 16 hex digits).
const keyIDPrefix = "k-"
