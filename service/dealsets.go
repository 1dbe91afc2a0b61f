package service

import (
	"context"
	"errors"

	"google.golang.org/protobuf/proto"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// RecordWithheld returns ErrNotEnded when tableID is the table of a running tournament's game whose
// deal set is still being played: every game of a deal set (every pairing's, in every seating with
// duplicate deals) is dealt from one table seed (tournament.DealSeed), so the record of one that
// has ended reveals the hidden cards of the others in play (docs/TOURNAMENTS.md). A deal set's
// records are revealed once each of its other games has a result, or the tournament has ended. nil
// for a table of no tournament; the store's error when the tournament cannot be read.
//
// The API's GetRecord and GetReplay call it; the referee's own reads of a record (a tournament's
// results, Await) do not.
func (s *Referee) RecordWithheld(ctx context.Context, tableID string) error {
	tr, game, err := s.runningDealSet(ctx, tableID)
	if tr == nil || err != nil {
		return err
	}
	if other, deal := pendingGame(tr, game); other != "" {
		return errorf(ErrNotEnded, "table %s plays deal set %d of tournament %s, which is still in play (table %s): "+
			"its games share their cards, so their records are revealed when every one of them has ended (docs/TOURNAMENTS.md)",
			tableID, deal, tr.id, other)
	}
	return nil
}

// runningDealSet returns the running tournament whose game tableID is, and the game's index; a nil
// tournament for a table of no tournament, or of one that has ended; the store's error when the
// tournament cannot be read.
func (s *Referee) runningDealSet(ctx context.Context, tableID string) (*tourney, int, error) {
	id, game, ok := tourneyOfTable(tableID)
	if !ok {
		return nil, 0, nil
	}
	tr, err := s.runningTourney(ctx, id)
	return tr, game, err
}

// runningTourney returns the tournament id while it runs; nil for an unknown tournament or one
// that has ended; the store's error when it cannot be read.
func (s *Referee) runningTourney(ctx context.Context, id string) (*tourney, error) {
	// Cheap answers first: an ended tournament (its summary here, or its row) withholds nothing,
	// and one that this referee runs is its own copy. Only a tournament running on another
	// referee is read whole from the store (tourneyNow), as GetTournament reads it. Each call read
	// every result of a finished tournament: 110 ms for one of 20 000 games, and exporting its
	// records took 37 minutes (a code review).
	if tr, err := s.tourneyByID(id); err == nil {
		tr.mu.Lock()
		ended, here := tr.state != store.TournamentRunning, tr.stopRun != nil
		tr.mu.Unlock()
		if ended {
			return nil, nil
		}
		if here {
			return tr, nil
		}
	}
	row, err := s.tourneys.store.GetTournament(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil, nil
	case err != nil:
		return nil, err
	case row.State != store.TournamentRunning:
		return nil, nil
	}
	tr, err := s.tourneyNow(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	return tr, err
}

// watchBarred returns ErrPermission when ctx's principal may not watch tableID, a game in play:
// a game of a running tournament while another game of its deal set has no result, whose play
// tells the hidden cards of those (docs/TOURNAMENTS.md, "Shared cards"), to any principal but an
// admin and the tournament's creator. A public page's watcher key, which any competitor can read,
// watched such games live (an integrator's trial); a bot key was the only one barred. nil
// otherwise; the store's error when the tournament cannot be read.
func (s *Referee) watchBarred(ctx context.Context, tableID string) error {
	return s.sharedCardsBar(ctx)(tableID)
}

// sharedCardsBar returns watchBarred for ctx's principal, which reads each tournament once over
// its calls (a listing's page of its games in play).
func (s *Referee) sharedCardsBar(ctx context.Context) func(tableID string) error {
	p := PrincipalFrom(ctx)
	type read struct {
		tr  *tourney
		err error
	}
	seen := map[string]read{}
	return func(tableID string) error {
		id, game, ok := tourneyOfTable(tableID)
		if p.Role == RoleAdmin || !ok {
			return nil
		}
		r, ok := seen[id]
		if !ok {
			r.tr, r.err = s.runningTourney(ctx, id)
			seen[id] = r
		}
		if r.tr == nil || r.err != nil || p.ID == r.tr.creator {
			return r.err
		}
		if other, deal := pendingGame(r.tr, game); other != "" {
			return errorf(ErrPermission, "table %s plays deal set %d of tournament %s, which is still in play (table %s): the games "+
				"of a deal set are dealt the same cards, so before its last game only an admin or the tournament's creator may watch "+
				"one (docs/TOURNAMENTS.md, \"Shared cards\"); read its record once its deal set has ended", tableID, deal, r.tr.id, other)
		}
		return nil
	}
}

// hideSharedProgress clears the scores and the last seq of those of infos, tables in play, that
// ctx's principal may not watch (watchBarred), or whose tournament the store cannot answer for:
// a game's score moves with its melds, which tell of the cards that the other games of its deal
// set hold (GetTable showed them live to any key: an integrator's trial), and its count of events
// with its declarations (a re-trial). The infos so changed are copies.
func (s *Referee) hideSharedProgress(ctx context.Context, infos []*pb.TableInfo) {
	bar := s.sharedCardsBar(ctx)
	for i, info := range infos {
		if st := info.GetState(); st != pb.TableState_TABLE_STATE_PLAYING && st != pb.TableState_TABLE_STATE_WAITING {
			continue
		}
		if bar(info.GetTableId()) != nil {
			c := proto.Clone(info).(*pb.TableInfo)
			c.Scores, c.LastSeq = nil, 0
			infos[i] = c
		}
	}
}

// pendingGame is the table of a game of the deal set of tr's game game, other than game itself,
// that has no result in tr as it stands, and the deal set; "" when there is none, or tr has ended.
func pendingGame(tr *tourney, game int) (other string, dealSet int) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.state != store.TournamentRunning || game >= len(tr.games) {
		return "", 0
	}
	first, last := tr.spec.DealSetGames(game)
	for g := first; g <= last; g++ {
		if g != game && !tr.done[g] {
			return TourneyTableID(tr.id, g), tr.games[game].Deal
		}
	}
	return "", 0
}
