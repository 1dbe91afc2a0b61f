package service

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/bezique-arena/bezique/service/store"
)

// RecordWithheld returns ErrNotEnded when tableID is the table of a running tournament's game whose
// deal set is still being played: every game of a deal set (every pairing's, in every seating with
// duplicate deals) is dealt from one table seed (tournament.DealSeed), so the record of one that
// has ended reveals the hidden cards of the others in play (docs/TOURNAMENTS.md). A deal set's
// records are revealed once each of its games has a result, or the tournament has ended. nil for a
// table of no tournament; the store's error when the tournament cannot be read.
//
// The API's GetRecord and GetReplay call it; the referee's own reads of a record (a tournament's
// results, Await) do not.
func (s *Referee) RecordWithheld(ctx context.Context, tableID string) error {
	cut := strings.LastIndex(tableID, "-g")
	if cut < 0 {
		return nil
	}
	game, err := strconv.Atoi(tableID[cut+2:])
	if err != nil || game < 0 {
		return nil
	}
	id := tableID[:cut]
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
			return nil
		}
		if here {
			return withheld(tr, tableID, game)
		}
	}
	row, err := s.tourneys.store.GetTournament(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return err
	case row.State != store.TournamentRunning:
		return nil
	}
	tr, err := s.tourneyNow(ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	return withheld(tr, tableID, game)
}

// withheld is RecordWithheld for the tournament tr, read as it stands.
func withheld(tr *tourney, tableID string, game int) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.state != store.TournamentRunning || game >= len(tr.games) {
		return nil
	}
	first, last := tr.spec.DealSetGames(game)
	for g := first; g <= last; g++ {
		if !tr.done[g] {
			return errorf(ErrNotEnded, "table %s plays deal set %d of tournament %s, which is still in play (table %s): "+
				"its games share their cards, so their records are revealed when every one of them has ended (docs/TOURNAMENTS.md)",
				tableID, tr.games[game].Deal, tr.id, TourneyTableID(tr.id, g))
		}
	}
	return nil
}
