package store

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"
)

// memTournament is one tournament with its games (ascending Game); the store's own copies.
type memTournament struct {
	row   Tournament
	games []TournamentGame
}

func cloneTournament(t Tournament) Tournament {
	t.Spec, t.Seed, t.Salt = bytes.Clone(t.Spec), bytes.Clone(t.Seed), bytes.Clone(t.Salt)
	return t
}

// CreateTournament implements [Store.CreateTournament]. Tournaments are never dropped.
func (m *memStore) CreateTournament(_ context.Context, t Tournament, within func([]Tournament) error) error {
	if err := m.lock("create tournament"); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if err := t.checkNew(); err != nil {
		return err
	}
	if _, ok := m.tournaments[t.ID]; ok {
		return fmt.Errorf("store: create tournament %q: id exists: %w", t.ID, ErrConflict)
	}
	if within != nil {
		var running []Tournament
		for _, o := range m.tournaments {
			if o.row.State == TournamentRunning && o.row.Creator == t.Creator {
				running = append(running, cloneTournament(o.row))
			}
		}
		if err := within(running); err != nil {
			return err
		}
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = time.Now()
	}
	t.CreatedAt, t.FinishedAt = stamp(t.CreatedAt), time.Time{}
	m.tournaments[t.ID] = &memTournament{row: cloneTournament(t)}
	return nil
}

// GetTournament implements [Store.GetTournament].
func (m *memStore) GetTournament(_ context.Context, id string) (Tournament, error) {
	if err := m.lock("get tournament"); err != nil {
		return Tournament{}, err
	}
	defer m.mu.Unlock()
	t, ok := m.tournaments[id]
	if !ok {
		return Tournament{}, fmt.Errorf("store: get tournament %q: %w", id, ErrNotFound)
	}
	return cloneTournament(t.row), nil
}

// ListTournaments implements [Store.ListTournaments].
func (m *memStore) ListTournaments(_ context.Context, f TournamentFilter, pageSize int, pageToken string) ([]Tournament, string, error) {
	const op = "list tournaments"
	if err := m.lock(op); err != nil {
		return nil, "", err
	}
	defer m.mu.Unlock()
	if err := f.check(); err != nil {
		return nil, "", err
	}
	pageSize = clampPageSize(pageSize)
	var after *pageKey
	if pageToken != "" {
		k, err := decodeToken(pageToken, f.tokenKind())
		if err != nil {
			return nil, "", fmt.Errorf("store: %s: %w", op, err)
		}
		after = &k
	}
	dir := 1 // the sign of (a, b)'s order: oldest first, or -1 newest first
	if f.NewestFirst {
		dir = -1
	}
	var out []Tournament
	for _, t := range m.tournaments {
		if f.State != "" && t.row.State != f.State {
			continue
		}
		if after != nil && dir*cmp.Or(cmp.Compare(micros(t.row.CreatedAt), after.Time), cmp.Compare(t.row.ID, after.ID)) <= 0 {
			continue
		}
		out = append(out, t.row)
	}
	slices.SortFunc(out, func(a, b Tournament) int {
		return dir * cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
	})
	out, next := cutPage(out, pageSize, f.tournamentKey)
	for i := range out {
		out[i] = cloneTournament(out[i])
	}
	return out, next, nil
}

// FinishTournament implements [Store.FinishTournament].
func (m *memStore) FinishTournament(_ context.Context, id string, state TournamentState, at time.Time) error {
	op := fmt.Sprintf("finish tournament %q", id)
	if err := m.lock(op); err != nil {
		return err
	}
	defer m.mu.Unlock()
	if !state.ended() {
		return fmt.Errorf("store: %s: state %q: %w", op, state, ErrInvalid)
	}
	t, ok := m.tournaments[id]
	if !ok {
		return fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	if t.row.State.ended() {
		return fmt.Errorf("store: %s: already ended: %w", op, ErrConflict)
	}
	if at.IsZero() {
		at = time.Now()
	}
	t.row.State, t.row.FinishedAt = state, stamp(at)
	return nil
}

// AddTournamentGame implements [Store.AddTournamentGame].
func (m *memStore) AddTournamentGame(_ context.Context, g TournamentGame) error {
	op := fmt.Sprintf("add game %d of tournament %q", g.Game, g.TournamentID)
	if err := m.lock(op); err != nil {
		return err
	}
	defer m.mu.Unlock()
	t, ok := m.tournaments[g.TournamentID]
	if !ok {
		return fmt.Errorf("store: %s: %w", op, ErrNotFound)
	}
	i, found := slices.BinarySearchFunc(t.games, g.Game, func(x TournamentGame, n int) int { return x.Game - n })
	if found {
		return fmt.Errorf("store: %s: already stored: %w", op, ErrConflict)
	}
	if g.FinishedAt.IsZero() {
		g.FinishedAt = time.Now()
	}
	g.FinishedAt, g.Result = stamp(g.FinishedAt), bytes.Clone(g.Result)
	t.games = slices.Insert(t.games, i, g)
	return nil
}

// ListTournamentGames implements [Store.ListTournamentGames].
func (m *memStore) ListTournamentGames(_ context.Context, ids ...string) ([]TournamentGame, error) {
	if err := m.lock("list tournament games"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	var out []TournamentGame
	for _, id := range ids {
		t, ok := m.tournaments[id]
		if !ok {
			continue
		}
		for _, g := range t.games {
			g.Result = bytes.Clone(g.Result)
			out = append(out, g)
		}
	}
	return out, nil
}

// ListTournamentResults implements [Store.ListTournamentResults].
func (m *memStore) ListTournamentResults(_ context.Context, id string, after, limit int) ([]TournamentGame, error) {
	if err := m.lock("list tournament results"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	t, ok := m.tournaments[id]
	if !ok {
		return nil, nil
	}
	games := slices.Clone(t.games)
	slices.SortStableFunc(games, func(a, b TournamentGame) int { return a.FinishedAt.Compare(b.FinishedAt) }) // then by Game, as t.games is
	from := 0
	if after >= 0 {
		if from = slices.IndexFunc(games, func(g TournamentGame) bool { return g.Game == after }) + 1; from == 0 {
			return nil, fmt.Errorf("store: list results of tournament %q after game %d: no such game stored: %w", id, after, ErrNotFound)
		}
	}
	out := games[from:min(from+limit, len(games))]
	for i := range out {
		out[i].Result = bytes.Clone(out[i].Result)
	}
	return out, nil
}

// TournamentTables implements [Store.TournamentTables].
func (m *memStore) TournamentTables(_ context.Context, id string) ([]string, error) {
	if err := m.lock("list tables of tournament"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	var out []string
	for tid, t := range m.tables {
		if t.row.Tournament == id {
			out = append(out, tid)
		}
	}
	return out, nil
}

// CountTournamentGames implements [Store.CountTournamentGames].
func (m *memStore) CountTournamentGames(_ context.Context, ids ...string) (map[string]int, error) {
	if err := m.lock("count tournament games"); err != nil {
		return nil, err
	}
	defer m.mu.Unlock()
	out := map[string]int{}
	for _, id := range ids {
		if t, ok := m.tournaments[id]; ok && len(t.games) > 0 {
			out[id] = len(t.games)
		}
	}
	return out, nil
}
