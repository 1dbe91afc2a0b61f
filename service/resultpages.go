package service

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
)

// The pages of a tournament's results that GetTournament returns: DefaultResultPage results when
// the request asks for no size, at most MaxResultPage. Unpaged, GetTournament sent every result: 5.9
// MB of JSON for 14 000 games, and sixteen such calls at once took a referee from 238 MB to
// 792 MB (an outside trial); a tournament of 250 000 games or more passed the HTTP API's 16 MiB
// limit and could not be read there at all.
const (
	DefaultResultPage = 1000
	MaxResultPage     = 10_000
)

// resultsKey is the position a results page token carries: the tournament, the number of
// results before the next page, and the game of the last of them. The results are in the order
// the store lists them, by their stored time (tourney.place), on the referee that runs the
// tournament as in the store; the game finds the position in the store, where an ended
// tournament's pages are read, and in the rare order that differs (results found stored after
// a takeover or a lost commit answer are added last: adoptStoredResults). A token edited by hand
// to name another game of the tournament reads the page after that game.
type resultsKey struct {
	Tournament string `json:"t"`
	Offset     int    `json:"o"`
	Game       int    `json:"g"`
}

// decodeResultsToken reads a page token of tournament id's results; "" is the first page.
func decodeResultsToken(id, tok string) (resultsKey, error) {
	if tok == "" {
		return resultsKey{Tournament: id}, nil
	}
	var k resultsKey
	b, err := base64.RawURLEncoding.DecodeString(tok)
	if err == nil {
		err = json.Unmarshal(b, &k)
	}
	if err != nil || k.Tournament != id || k.Offset < 1 || k.Offset > tournament.MaxGames || k.Game < 0 || k.Game >= tournament.MaxGames {
		return resultsKey{}, invalid("page_token", "malformed, or of another tournament's results")
	}
	return k, nil
}

// resultsPage returns at most n results of results after the position k and the token of the
// next page ("" when none follow). A [FieldError] naming page_token when the results hold no
// game k.Game.
func resultsPage(results []tournament.Result, k resultsKey, n int) ([]tournament.Result, string, error) {
	from := k.Offset
	if from > 0 && (from > len(results) || results[from-1].Game != k.Game) {
		from = slices.IndexFunc(results, func(r tournament.Result) bool { return r.Game == k.Game }) + 1
		if from == 0 {
			return nil, "", invalid("page_token", "its game %d has no result in tournament %s", k.Game, k.Tournament)
		}
	}
	to := min(from+n, len(results))
	page := slices.Clone(results[from:to])
	if to == len(results) {
		return page, "", nil
	}
	return page, resultsToken(resultsKey{Tournament: k.Tournament, Offset: to, Game: results[to-1].Game}), nil
}

// resultsToken is the page token of position k.
func resultsToken(k resultsKey) string {
	b, _ := json.Marshal(k) // cannot fail: a string and integers
	return base64.RawURLEncoding.EncodeToString(b)
}

// GetTournamentPage returns a tournament as [Referee.GetTournament] does, with one page of its
// results: at most pageSize (DefaultResultPage when 0 or less, at most MaxResultPage) after the
// page that pageToken ends ("" for the first), and the token of the next page ("" on the last).
// The results of a running tournament that end meanwhile come after those already paged. An
// ended tournament whose summary the referee keeps is read from it and its page from the store
// (endedPage); any other is read as tourneyNow reads it, with every result. A
// [FieldError] naming page_token for a token that is malformed, of another tournament or at a
// game the tournament has no result of; ErrNotFound for an unknown id; the store's error when it
// cannot be read.
func (s *Referee) GetTournamentPage(ctx context.Context, id string, pageSize int, pageToken string) (*Tournament, string, error) {
	k, err := decodeResultsToken(id, pageToken)
	if err != nil {
		return nil, "", err
	}
	if pageSize <= 0 {
		pageSize = DefaultResultPage
	}
	pageSize = min(pageSize, MaxResultPage)
	if tr, err := s.tourneyByID(id); err == nil && tr.final != nil {
		return s.endedPage(ctx, tr, k, pageSize)
	}
	tr, err := s.tourneyNow(ctx, id)
	if err != nil {
		return nil, "", err
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	out := tr.snapshotLocked(false)
	var next string
	out.Results, next, err = resultsPage(tr.results, k, pageSize)
	return out, next, err
}

// endedPage is GetTournamentPage of an ended tournament whose summary tr the referee keeps: the
// summary, and a page of results read from the store by its index (store.ListTournamentResults)
// in the order stored, the order in which the referee that ran the tournament held them. Before,
// every page read every result from the store and computed the standings from them again: 90 to
// 190 ms and 38 MB a page of a tournament of 14 000 games on SQLite.
func (s *Referee) endedPage(ctx context.Context, tr *tourney, k resultsKey, pageSize int) (*Tournament, string, error) {
	out := tr.snapshot(false)
	after := -1
	if k.Offset > 0 {
		after = k.Game
	}
	games, err := s.tourneys.store.ListTournamentResults(ctx, tr.id, after, pageSize+1)
	if errors.Is(err, store.ErrNotFound) {
		return nil, "", invalid("page_token", "its game %d has no result in tournament %s", k.Game, tr.id)
	}
	if err != nil {
		return nil, "", err
	}
	for _, g := range games[:min(pageSize, len(games))] {
		var r tournament.Result
		if err := json.Unmarshal(g.Result, &r); err != nil {
			return nil, "", fmt.Errorf("tournament %s: game %d: bad stored result: %w", tr.id, g.Game, err)
		}
		out.Results = append(out.Results, r)
	}
	if len(games) <= pageSize {
		return out, "", nil
	}
	return out, resultsToken(resultsKey{Tournament: tr.id, Offset: k.Offset + pageSize, Game: games[pageSize-1].Game}), nil
}
