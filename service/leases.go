package service

import (
	"context"
	"errors"
	"time"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service/store"
)

// Leases. With a store that several referees share (a [store.Leaser], PostgreSQL), each table and
// tournament is owned by the referee that holds its lease (service/store/lease.go). leaseLoop,
// every store.LeaseRenewEvery:
//   - renews this referee's leases; a table or tournament it runs whose lease is missing was
//     taken over (this referee was too slow to renew): it is stopped at once, without another
//     write (a tournament starts no more games; the tables of its games in play go on under
//     their own leases, and its new owner awaits them);
//   - stops every table it runs when no renewal has succeeded for store.LeaseTTL (dropUnsure: it
//     is cut from PostgreSQL, and others take the tables over), and releases their leases once a
//     renewal succeeds again (releaseIdleLeases);
//   - takes over expired leases (their referee died), at most takeoverBatch a round, and starts
//     those tables and tournaments as after a restart (the tables replayed from the store, their
//     bots reconnecting and resuming; built-in bots resumed by bots.Resumer).
// The store's triggers refuse any write without the lease (store.ErrLeaseLost), so a referee that
// lost a lease cannot write that table again even before it notices: nor can it create a table
// for a tournament's game, store a game's result or end the tournament. A tournament also starts
// no game while its referee cannot be sure it holds its leases (leaseHeld: the last renewal is
// older than store.LeaseTTL, as after a pause or while PostgreSQL is out of reach); it waits for a
// renewal, which either keeps the lease or finds it taken over and stops the tournament.

// takeoverBatch is the most tables (and tournaments) one referee takes over in one round, so
// that the others share the tables of a dead referee.
const takeoverBatch = 200

// leaseLoop renews and takes over leases until the referee stops or hands its tables over, and
// closes the connections to other referees idle for peerIdle.
func (s *Referee) leaseLoop() {
	defer s.wg.Done()
	tick := time.NewTicker(store.LeaseRenewEvery)
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
		}
		if s.isDraining() {
			continue // handing over: renew nothing, take nothing
		}
		ctx, cancel := context.WithTimeout(context.Background(), store.LeaseTTL)
		s.renew(ctx)
		s.takeOver(ctx)
		cancel()
		s.closeIdlePeers(time.Now())
	}
}

// errTakenOver and errUnsure are the causes with which the lease renewal stops a table (its
// lost context, logged by the table): its lease is held by another referee (renew), or no
// renewal has succeeded for the lease's term (dropUnsure).
var (
	errTakenOver = errors.New("lease taken over by another referee")
	errUnsure    = errors.New("leases not renewed for their whole term")
)

// renew renews the leases and stops the tables and tournaments whose lease another referee took.
func (s *Referee) renew(ctx context.Context) {
	started, down := time.Now(), s.storeDown()
	held, err := s.leaser.RenewLeases(ctx)
	if s.stored(StoreLease, started, err) != nil { // /readyz answers 503 until a renewal succeeds
		s.log.Log(ctx, retriedLevel(err, down), "renewing leases failed", "err", err)
		if !s.leaseHeld() {
			s.dropUnsure()
		}
		return
	}
	kept := make(map[string]bool, len(held))
	keptTourneys := map[string]bool{}
	for _, l := range held {
		if l.Kind == store.LeaseTable {
			kept[l.ID] = true
		} else {
			keptTourneys[l.ID] = true
		}
	}
	s.metrics.LeasesHeld(store.LeaseTable, len(kept))
	s.metrics.LeasesHeld(store.LeaseTournament, len(keptTourneys))
	s.stopLostTourneys(ctx, keptTourneys, started)
	s.mu.Lock()
	s.leasedUntil = started.Add(store.LeaseTTL)
	var lost []*table
	for id, t := range s.tables {
		if !kept[id] && t.leasedAt.Before(started) && !t.ended() {
			lost = append(lost, t)
		}
	}
	s.mu.Unlock()
	for _, t := range lost { // logged by the table if it is still live: it may have just ended
		t.lose(errTakenOver)
	}
	s.releaseIdleLeases(ctx, held)
}

// idleLeaseAge is how long a lease stays held with nothing loaded under it before
// releaseIdleLeases releases it: three renewals, far more than a table or tournament spends between
// its lease's insertion and its start here.
const idleLeaseAge = 3 * store.LeaseRenewEvery

// releaseIdleLeases releases the leases of held (a renewal's) that have had nothing of this
// referee's under them for idleLeaseAge: a table neither in memory nor quarantined, a tournament
// not running here. Such a lease was taken over without its table or tournament being loaded: the
// load failed, or the takeover's statement committed after its caller gave up waiting (PostgreSQL
// paused past the round's context). Kept, it was renewed for as long as this referee ran, and the
// table's bots, told that this referee "has just taken it over and is loading it", waited with the
// table stopped (an outside trial: 110 and 160 s, until the referee was stopped). A lease known to
// be idle is idle since ever, and released at once: that of a takeover whose load failed
// (takeOver), and that of a table stopped here (drop, dropUnsure) once it has left memory (before,
// this referee would hold two of it). Released after the renewal extended them, the leases are
// taken over in the same round (takeOver), here or elsewhere. A release that fails is tried again
// at the next renewal.
func (s *Referee) releaseIdleLeases(ctx context.Context, held []store.Lease) {
	now := time.Now()
	idle := map[store.Lease]time.Time{}
	heldTables := map[string]bool{}
	s.mu.Lock()
	for _, l := range held {
		if l.Kind != store.LeaseTable {
			continue
		}
		heldTables[l.ID] = true
		if _, quarantined := s.quarantined[l.ID]; s.tables[l.ID] != nil || quarantined {
			continue
		}
		idle[l] = now
		if s.dropped[l.ID] {
			idle[l] = time.Time{}
		}
	}
	for id := range s.dropped {
		if !heldTables[id] { // released, or taken by another referee
			delete(s.dropped, id)
		}
	}
	s.mu.Unlock()
	for _, l := range held {
		if l.Kind != store.LeaseTournament {
			continue
		}
		if tr, err := s.tourneyByID(l.ID); err != nil || tr.runningElsewhere() {
			idle[l] = now
		}
	}
	release := map[store.LeaseKind][]string{}
	for l, since := range idle {
		if before, ok := s.idleLeases[l]; ok && before.Before(since) {
			since = before
			idle[l] = before
		}
		if now.Sub(since) >= idleLeaseAge {
			release[l.Kind] = append(release[l.Kind], l.ID)
		}
	}
	s.idleLeases = idle
	down := s.storeDown()
	for kind, ids := range release {
		s.log.Warn("releasing leases held with nothing loaded under them, for another takeover", "kind", kind, "ids", ids)
		if err := s.leaser.Release(ctx, kind, ids...); err != nil {
			s.log.Log(ctx, retriedLevel(err, down), "releasing idle leases failed", "kind", kind, "err", err)
			continue
		}
		s.metrics.LeasesReleasedIdle(kind, len(ids))
	}
}

// dropUnsure stops every table this referee runs once it can no longer be sure that it holds
// their leases (leaseHeld: no renewal has succeeded for store.LeaseTTL, as when it is cut from
// PostgreSQL), as it stops a table whose lease another referee took: the other referees take
// them over as their leases expire, and their seats and watchers, told to reconnect, reach them
// there through any referee. Kept, the tables could store no move, and their seats' streams
// stayed on them while their new owners played those seats as disconnected after the grace. Their
// leases, some of which may still be this referee's, are released at the next renewal that
// succeeds (releaseIdleLeases), so that a referee takes each over and replays it from the store,
// this one included.
func (s *Referee) dropUnsure() {
	s.mu.Lock()
	var drop []*table
	for id, t := range s.tables {
		if !t.ended() {
			drop = append(drop, t)
			s.dropped[id] = true
		}
	}
	s.mu.Unlock()
	// None is held now, as far as this referee can tell (bezique_leases_held kept the last
	// renewal's count through a store outage: an operator's trial).
	s.metrics.LeasesHeld(store.LeaseTable, 0)
	s.metrics.LeasesHeld(store.LeaseTournament, 0)
	if len(drop) > 0 {
		s.log.Warn("leases not renewed for their whole term; stopping the tables, which other referees take over", "tables", len(drop))
	}
	for _, t := range drop {
		t.lose(errUnsure)
	}
}

// drop marks the table id as dropped: its lease is released once it has left memory
// (releaseIdleLeases), so that a referee takes it over and replays it from the store.
func (s *Referee) drop(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dropped[id] = true
}

// takeOver takes over expired leases of tables and tournaments and starts them.
func (s *Referee) takeOver(ctx context.Context) {
	down := s.storeDown()
	// No more than the places left under MaxTables: a referee took over a dead one's tables
	// beyond its --max-tables (6 at 3), which the deployment sets so that a referee refuses
	// tables rather than be killed for its memory (an SRE's review).
	s.mu.Lock()
	free := min(takeoverBatch, s.cfg.MaxTables-s.active)
	s.mu.Unlock()
	if free <= 0 {
		s.takeOverTournaments(ctx, down)
		return
	}
	taken, err := s.leaser.TakeExpired(ctx, store.LeaseTable, free)
	if err != nil {
		s.log.Log(ctx, retriedLevel(err, down), "taking over expired leases failed", "err", err)
		return
	}
	if len(taken) > 0 {
		ids := make([]string, len(taken))
		for i, l := range taken {
			ids[i] = l.ID
		}
		active, err := s.leaser.LoadTables(ctx, ids)
		if err != nil {
			// ctx may be what ended the load, and the next renewal would extend the leases
			// anyway: they are released then (releaseIdleLeases), for another takeover. A store
			// out of reach (or its answer late) is a WARN, as for every retried store call: it
			// was an ERROR right after PostgreSQL came back from a pause (an outside trial).
			s.log.Log(ctx, retriedStoreLevel(err), "loading tables taken over failed; releasing them at the next renewal", "tables", len(ids), "err", err)
			for _, l := range taken {
				s.idleLeases[l] = time.Time{} // idle since ever: released at the next renewal
			}
			return
		}
		if len(active) > 0 {
			s.log.Info("took over tables", "tables", s.adoptAll(active), "of", len(active))
		}
		s.metrics.LeasesTakenOver(store.LeaseTable, len(active))
	}
	s.takeOverTournaments(ctx, down)
}

// takeOverTournaments takes over expired leases of tournaments and resumes them; down is
// whether the store was failing before (storeDown), for the level of a failure's log line.
func (s *Referee) takeOverTournaments(ctx context.Context, down bool) {
	tn, err := s.leaser.TakeExpired(ctx, store.LeaseTournament, takeoverBatch)
	if err != nil {
		s.log.Log(ctx, retriedLevel(err, down), "taking over expired tournament leases failed", "err", err)
		return
	}
	for _, l := range tn {
		if err := s.resumeTournament(ctx, l.ID); err != nil {
			s.log.Error("resuming a tournament taken over failed", "tournament", l.ID, "err", err)
		}
	}
	s.metrics.LeasesTakenOver(store.LeaseTournament, len(tn))
}

// stopLostTourneys stops the tournaments this referee runs whose lease is not in held, a
// renewal that started at renewed: those it started running before then (a tournament created
// or taken over since took its lease after the renewal read them). One whose end the store holds
// already is ended as stored (endAsStored), not counted as lost.
func (s *Referee) stopLostTourneys(ctx context.Context, held map[string]bool, renewed time.Time) {
	reg := s.tourneys
	reg.mu.Lock()
	var lost []*tourney
	for id, tr := range reg.byID {
		if !held[id] {
			lost = append(lost, tr)
		}
	}
	reg.mu.Unlock()
	for _, tr := range lost {
		if since := tr.runSince(); since.IsZero() || !since.Before(renewed) || !tr.runningHere() {
			continue // not started here yet, or no longer running here: lost already, or ended
		}
		if !s.endAsStored(ctx, tr) {
			s.loseTourney(tr, "lease taken over by another referee")
		}
	}
}

// loseTourney stops running a tournament whose lease this referee lost, for the reason why: its
// goroutine starts no more games and returns (the tables of its games in play go on under their
// own leases; the referee that took the tournament over awaits them and stores their results).
// The tournament stays registered, as running elsewhere: it is read from the store, calls to
// cancel or watch it are forwarded to its owner, and its watchers here end with ErrMoving, as do
// the lobby streams of the bots that serve it (ServeRequest.tournament_id): they dial in again
// and are forwarded to its owner. Nothing is written.
func (s *Referee) loseTourney(tr *tourney, why string) {
	tr.mu.Lock()
	stop := tr.stopRun
	if tr.state == store.TournamentRunning {
		tr.stopRun = nil // runningElsewhere from now on
		tr.notify()      // its watchers end with ErrMoving, and watch it again at its new owner
	} else {
		stop = nil // it has ended: its goroutine has returned
	}
	tr.mu.Unlock()
	if stop == nil {
		return
	}
	s.log.Warn(why+"; stopping the tournament", "tournament", tr.id)
	s.metrics.LeaseLost()
	stop()
	s.lobby.tournamentMoved(tr.id, why) // its lobby bots dial in again and follow it
}

// leaseHeld reports whether this referee surely still holds its leases: its last successful
// renewal (or its start) began less than store.LeaseTTL ago, by its own clock (which a pause
// stops with the renewals; the lease's expiry, by PostgreSQL's clock, comes after). Always true
// when the store is not shared.
func (s *Referee) leaseHeld() bool {
	if s.leaser == nil {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Now().Before(s.leasedUntil)
}

// leaseCheck is how often a tournament that may start a game looks whether its referee's leases
// have been renewed (awaitLease).
const leaseCheck = 100 * time.Millisecond

// awaitLease returns nil once this referee surely holds its leases again (at once when it does),
// or ctx's error: a tournament starts no game while it cannot be sure that it still owns it.
func (s *Referee) awaitLease(ctx context.Context) error {
	for !s.leaseHeld() {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(leaseCheck):
		}
	}
	return nil
}

// forget drops a table that stopped because its lease was lost (called by its goroutine).
func (s *Referee) forget(t *table) {
	s.metrics.LeaseLost()
	s.mu.Lock()
	if s.tables[t.id] == t {
		delete(s.tables, t.id)
		s.active--
		if t.state == pb.TableState_TABLE_STATE_PLAYING {
			s.playing--
			s.idle.Broadcast()
		}
	}
	s.mu.Unlock()
	if t.state == pb.TableState_TABLE_STATE_WAITING {
		s.quotas.doneWaiting(t.quotaKey)
	}
	s.quotas.doneTable(t.quotaKey)
	s.metrics.TableStateChanged(stateLabel(t.state), "")
}

// Handover is the shutdown of a referee that shares its store: it creates and takes over no more
// tables (CreateTable fails with ErrDraining), stops every table and tournament it runs (their
// seats and watchers end with Unavailable and reconnect, through any referee, to the one that
// takes the table over) and releases their leases, so that the other referees take them over at
// their next scan (a second) instead of after store.LeaseTTL. A referee whose store is not
// shared just stops (Close). It returns the error of the release.
func (s *Referee) Handover(ctx context.Context) error {
	s.mu.Lock()
	s.draining = true
	s.mu.Unlock()
	s.Close()
	if s.leaser == nil {
		return nil
	}
	return errors.Join(s.leaser.Release(ctx, store.LeaseTable), s.leaser.Release(ctx, store.LeaseTournament))
}

// Shared reports whether the referee shares its store with other referees (a PostgreSQL store):
// its tables are owned through leases, and calls about another referee's tables are forwarded.
func (s *Referee) Shared() bool { return s.leaser != nil }

// RefereeID returns the id under which this referee holds its leases on a shared store (the
// store's referees table; the log's and the errors' "referee vm-…"), or "" when the store is not
// shared.
func (s *Referee) RefereeID() string {
	if s.leaser == nil {
		return ""
	}
	return s.leaser.Owner()
}

// awaitPoll is how often Await reads the store for the end of a table that another referee runs.
const awaitPoll = 500 * time.Millisecond

// awaitElsewhere is Await for a table in play on another referee sharing the store (or moving
// between referees): it reads the store every awaitPoll until the game's record is there, or
// awaits the table here if this referee takes it over meanwhile, through the store's errors
// (awaitEnds).
func (s *Referee) awaitElsewhere(ctx context.Context, id string) (*pb.GameResult, error) {
	tick := time.NewTicker(awaitPoll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-s.stop:
			return nil, errorf(ErrStopped, "table %s: the referee is shutting down", id)
		case <-tick.C:
		}
		if _, err := s.table(id); err == nil {
			return s.Await(ctx, id)
		}
		rec, err := s.GetRecord(ctx, id)
		if err == nil {
			return rec.GetResult(), nil
		}
		if awaitEnds(err) {
			return nil, err
		}
	}
}

// awaitEnds reports whether err, from GetRecord, ends a wait for a table's end: the table is
// unknown (ErrNotFound) or ended without a record (ErrEnded). Any other error is the game in
// play (ErrNotEnded) or the store not answering for now (PostgreSQL paused or restarting, a
// connection cut, ctx's deadline): awaitElsewhere reads again, and Await's caller, a tournament
// awaiting its game, does not drop a game that another referee goes on playing.
func awaitEnds(err error) bool { return errors.Is(err, ErrNotFound) || errors.Is(err, ErrEnded) }
