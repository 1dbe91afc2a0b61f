package service

import (
	"context"
	"errors"
	"fmt"
	"time"

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
// character or invalid UTF-8 (checkText).
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
	for _, f := range []struct{ name, text string }{{"name", req.GetName()}, {"owner", req.GetOwner()}} {
		if err := checkText(f.name, f.text, 100); err != nil { // a control character or invalid UTF-8
			return nil, err
		}
	}
	role, ok := roleFromProto(req.GetRole())
	if !ok {
		return nil, invalid("role", "%s is not a key's role (admin, organiser or bot)", req.GetRole())
	}
	if n := len(req.GetName()); role == RoleBot && n > MaxNameBytes {
		return nil, invalid("name", "%d bytes; a bot key's name is the bot's name, which its seats take: at most %d", n, MaxNameBytes)
	}
	secret := newKeySecret()
	k := store.Key{ID: keyIDPrefix + randomHex(8), Hash: hashKey(secret), Name: req.GetName(), Role: string(role), Owner: req.GetOwner(),
		Creator: PrincipalFrom(ctx).ID, CreatedAt: time.Now().UTC().Truncate(time.Microsecond)}
	if err := s.store.CreateKey(ctx, k); err != nil {
		return nil, err
	}
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_KEY_CREATED, k.ID, fmt.Sprintf("%s key %q", role, k.Name))
	return &pb.CreateKeyResponse{Key: keyToProto(k), Secret: secret}, nil
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
// and it no longer joins the seats bound to it. The store's ErrNotFound for an unknown key,
// ErrConflict for a key already revoked.
func (s *Referee) RevokeKey(ctx context.Context, id string) (*pb.ApiKey, error) {
	k, err := s.store.RevokeKey(ctx, id, time.Now())
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
