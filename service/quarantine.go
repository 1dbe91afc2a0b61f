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

// quarantinedInfo is the TableInfo of a stored table that cannot be read or replayed: what the
// row itself says, the state TABLE_STATE_QUARANTINED and the reason.
func quarantinedInfo(row store.Table, reason string) *pb.TableInfo {
	return &pb.TableInfo{TableId: row.ID, State: pb.TableState_TABLE_STATE_QUARANTINED, QuarantineReason: reason,
		SeedCommitment: row.Commitment, CreateTime: timestamppb.New(row.CreatedAt)}
}

// rowInfo is the TableInfo of a table read from the store that is not in memory: storedInfo, or
// quarantinedInfo when the table was quarantined at start or its stored data cannot be read
// (an [unreadableError]). A failure of the store itself is returned as it is.
func (s *Referee) rowInfo(ctx context.Context, row store.Table) (*pb.TableInfo, error) {
	if reason, ok := s.quarantineReason(row.ID); ok {
		return quarantinedInfo(row, reason), nil
	}
	ti, err := s.storedInfo(ctx, row)
	var bad *unreadableError
	if errors.As(err, &bad) {
		return quarantinedInfo(row, strings.ToValidUTF8(err.Error(), "\uFFFD")), nil
	}
	return ti, err
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
