package service

import (
	"context"
	"errors"
	"sort"
	"strings"

	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// quarantined is a stored table that cannot be read or replayed: the referee does not play it,
// and shows it with TABLE_STATE_QUARANTINED and the reason. Its data is left in the store as it
// is, for an operator to inspect; the next start finds it again.
type quarantined struct {
	row    store.Table
	reason string
}

// quarantine sets aside a stored table that does not load: it logs the reason and keeps it for
// GetTable, ListTables and Join, so that one bad table does not keep the others from resuming.
func (s *Referee) quarantine(row store.Table, err error) {
	reason := strings.ToValidUTF8(err.Error(), "\uFFFD")
	s.log.Error("quarantined a stored table that cannot be replayed; the others resume", "table", row.ID, "reason", reason)
	s.mu.Lock()
	if s.quarantined == nil {
		s.quarantined = map[string]quarantined{}
	}
	s.quarantined[row.ID] = quarantined{row: row, reason: reason}
	n := len(s.quarantined)
	s.mu.Unlock()
	s.metrics.SetQuarantined(n)
}

// quarantineReason returns why the table with this id is quarantined, if it is.
func (s *Referee) quarantineReason(id string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q, ok := s.quarantined[id]
	return q.reason, ok
}

// quarantinedTable returns the table with this id if it is quarantined here.
func (s *Referee) quarantinedTable(id string) (quarantined, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	q, ok := s.quarantined[id]
	return q, ok
}

// cancelQuarantined is CancelTable of a table quarantined here: an operator's way to end a table
// whose stored log cannot be replayed, which would otherwise stay waiting or playing in the store
// for good (holding back the compaction of every action stored after its first, and its lease).
// Its creator (when its stored spec reads) or an admin may, as for a table in play: ErrPermission
// for another principal. Then endQuarantined.
func (s *Referee) cancelQuarantined(ctx context.Context, q quarantined, reason string) (*pb.TableInfo, error) {
	id := q.row.ID
	if p := PrincipalFrom(ctx); p.Role != RoleAdmin {
		spec, _, err := decodeSpec(q.row)
		if err != nil {
			return nil, errorf(ErrPermission, "table %s (quarantined): its stored spec cannot be read, so it names no creator: only an admin may cancel it (key %s has role %s)", id, p.ID, p.Role)
		}
		if p.ID != spec.Creator {
			return nil, errorf(ErrPermission, "table %s (quarantined): only its creator or an admin may cancel it (key %s has role %s)", id, p.ID, p.Role)
		}
	}
	return s.endQuarantined(ctx, q, reason)
}

// endQuarantined ends a table quarantined here without replaying anything: it stores the table
// cancelled with reason (or "cancelled by request") and no record, which drops its action head
// and, with a shared store, its lease (store.Store.FinishTable), forgets the quarantine and
// returns the table's info. ErrEnded when it ended meanwhile (another call cancelled it first).
func (s *Referee) endQuarantined(ctx context.Context, q quarantined, reason string) (*pb.TableInfo, error) {
	id := q.row.ID
	if reason == "" {
		reason = "cancelled by request"
	}
	err := s.store.FinishTable(ctx, id, store.Outcome{State: store.StateCancelled, Result: ResultCancelled, WinnerSide: store.NoWinner, Reason: reason})
	if errors.Is(err, store.ErrConflict) {
		return nil, errorf(ErrEnded, "table %s has ended", id)
	}
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	delete(s.quarantined, id)
	n := len(s.quarantined)
	s.mu.Unlock()
	s.metrics.SetQuarantined(n)
	s.log.Info("cancelled a quarantined table; its stored log was not replayed", "table", id, "reason", reason)
	s.audit(ctx, pb.AuditAction_AUDIT_ACTION_TABLE_CANCELLED, id, reason)
	row, err := s.store.GetTable(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.rowInfo(ctx, row)
}

// endedWithoutRecord is the ErrEnded of a table that ended without a record, a quarantined
// table cancelled (cancelQuarantined): there is no game to give a seat that joins it.
func endedWithoutRecord(row store.Table) error {
	return errorf(ErrEnded, "table %s is %s (%s) without a record: it was quarantined, and ended without replaying its stored log", row.ID, row.State, row.Reason)
}

// quarantinedInfo is the TableInfo of a stored table that cannot be read or replayed: what the
// row itself says, the state TABLE_STATE_QUARANTINED and the reason.
func quarantinedInfo(row store.Table, reason string) *pb.TableInfo {
	ti := &pb.TableInfo{TableId: row.ID, State: pb.TableState_TABLE_STATE_QUARANTINED, QuarantineReason: reason, SeedCommitment: row.Commitment}
	if !row.CreatedAt.IsZero() { // unknown when its row does not read
		ti.CreateTime = timestamppb.New(row.CreatedAt)
	}
	return ti
}

// rowInfo is the TableInfo of a table read from the store that is not in memory: storedInfo, or
// quarantinedInfo when the table was quarantined at start or its stored data cannot be read
// (an [unreadableError]), but for a quarantined table that was cancelled (cancelQuarantined),
// shown as its row says it ended (even when another of its columns does not read). A failure of
// the store itself is returned as it is.
func (s *Referee) rowInfo(ctx context.Context, row store.Table) (*pb.TableInfo, error) {
	if reason, ok := s.quarantineReason(row.ID); ok {
		return quarantinedInfo(row, reason), nil
	}
	ti, err := s.storedInfo(ctx, row)
	var bad *unreadableError
	if errors.As(err, &bad) {
		if row.State.Ended() { // a row that does not read says so when its state, end and reason do
			if _, rerr := s.store.GetRecord(ctx, row.ID); errors.Is(rerr, store.ErrNotFound) {
				return endedInfo(row), nil
			}
		}
		return quarantinedInfo(row, strings.ToValidUTF8(err.Error(), "\uFFFD")), nil
	}
	return ti, err
}

// endedInfo is the TableInfo of an ended table without a record whose stored spec cannot be read
// (a quarantined table cancelled): what its row says, how and when it ended and why.
func endedInfo(row store.Table) *pb.TableInfo {
	ti := &pb.TableInfo{TableId: row.ID, State: stateFromStore(row.State, row.Result), SeedCommitment: row.Commitment,
		FinishTime: timestamppb.New(row.FinishedAt), Result: &pb.GameResult{Outcome: outcomeFromLabel(row.Result), Reason: row.Reason}}
	if !row.CreatedAt.IsZero() { // unknown when its row does not read
		ti.CreateTime = timestamppb.New(row.CreatedAt)
	}
	return ti
}

// unreadableError is stored data that does not decode (a spec, a request, a record): the table
// is shown quarantined rather than failing a listing.
type unreadableError struct{ err error }

func (e *unreadableError) Error() string { return e.err.Error() }
func (e *unreadableError) Unwrap() error { return e.err }

// unreadable marks err as stored data that does not decode.
func unreadable(err error) error { return &unreadableError{err: err} }

// quarantinedTables returns the tables quarantined at start, oldest first.
func (s *Referee) quarantinedTables() []*pb.TableInfo {
	s.mu.Lock()
	qs := make([]quarantined, 0, len(s.quarantined))
	for _, q := range s.quarantined {
		qs = append(qs, q)
	}
	s.mu.Unlock()
	sort.Slice(qs, func(i, j int) bool {
		if !qs[i].row.CreatedAt.Equal(qs[j].row.CreatedAt) {
			return qs[i].row.CreatedAt.Before(qs[j].row.CreatedAt)
		}
		return qs[i].row.ID < qs[j].row.ID
	})
	out := make([]*pb.TableInfo, len(qs))
	for i, q := range qs {
		out[i] = quarantinedInfo(q.row, q.reason)
	}
	return out
}
