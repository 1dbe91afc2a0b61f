package botsdk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// ServeConfig says where a bot waits for games (LobbyService.Serve) and which games it takes.
type ServeConfig struct {
	// Config gives the referee's address, TLS, the key, the bot's name and version, the dial
	// options, the logger, the backoff, the connect attempts, the takeover wait and the safety margin, for the lobby
	// stream and for every game; TableID, Seat and Token are set per game from its announcement.
	// With a Key the bot is the key's name in the lobby (BotName then goes into each Join only);
	// without, BotName is its name. OnEvent and OnWelcome, if set, are called from every game's
	// goroutine, without saying which game: a bot that follows its games implements [Observer].
	Config
	// Capacity is the most games the bot plays at once, 1 to 64 (default 1).
	Capacity int
	// Variants are the variants the bot plays; nil: every variant.
	Variants []pb.Variant
	// Tournament, if set, is the id of the tournament the bot serves (ServeRequest.tournament_id):
	// with several referees sharing a store, Server may be any of them (or a load balancer in
	// front of them), and the lobby stream is served by the referee that runs the tournament; when
	// the tournament moves to another referee the stream ends Unavailable and Serve dials in again,
	// following it; when the tournament ends, Serve returns nil. Empty: the bot waits in the lobby
	// of the referee it reaches.
	Tournament string
	// OnGameOver, if set, is called when each game ends, with its announcement and [Play]'s
	// result and error; it may be called from several goroutines at once.
	OnGameOver func(game *pb.GameAssigned, result *pb.GameResult, err error)
	// OnAdmitted, if set, is called once, when the referee first lets the bot in (the first
	// message of its lobby stream): a bot refused at once (an unknown or ended tournament, a name
	// taken) never gets the call.
	OnAdmitted func()
}

// Serve enters the bot into the referee's lobby and plays every game the referee assigns to it,
// concurrently up to cfg.Capacity, each with a new bot from newBot and through [Play] (so each
// game reconnects and resumes on its own). When the lobby stream is lost it dials in again with
// exponential backoff; the referee then announces again the games still in play, and those
// already being played are not joined twice. It returns nil when the tournament it serves
// (cfg.Tournament) ends (ServeResponse.tournament_ended, or a Serve refused FailedPrecondition
// "has ended" after the referee had let the bot in: it ended while the bot was away), and ctx's
// error when ctx ends, both after every game's goroutine has returned. It returns an error when
// the referee refuses the bot for good (a bad request, an unknown or revoked key, a key without
// role bot, a newer Serve of the same bot, a tournament it is not an entrant of): that error; when
// it cannot reach the referee in cfg.ConnectAttempts tries before the first message ("cannot
// reach SERVER"); and when the referee answers Unavailable for cfg.TakeoverWait before it.
func Serve(ctx context.Context, cfg ServeConfig, newBot func() Bot) error {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 5 * time.Second
	}
	if cfg.Capacity <= 0 {
		cfg.Capacity = 1
	}
	cfg.BotName = strings.TrimSpace(cfg.BotName) // as Play's: the lobby name too
	if cfg.ConnectAttempts <= 0 {
		cfg.ConnectAttempts = 5
	}
	if cfg.TakeoverWait <= 0 {
		cfg.TakeoverWait = DefaultTakeoverWait
	}
	cc, err := cfg.dial()
	if err != nil {
		return err
	}
	defer cc.Close()
	s := &server{cfg: cfg, newBot: newBot, client: pb.NewLobbyServiceClient(cc), playing: map[string]bool{}}
	defer s.wg.Wait()
	retry := &reconnect{cfg: cfg.Config, log: cfg.Logger.With("lobby", cfg.Server)}
	admitted := false // a stream of this call has had a message: the referee let the bot in
	for {
		progressed, err := s.session(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		admitted = admitted || progressed
		if errors.Is(err, errTournamentEnded) {
			return nil
		}
		if admitted && cfg.Tournament != "" && status.Code(err) == codes.FailedPrecondition {
			// The tournament ended while the bot was away (a restart, a lost stream): it missed
			// tournament_ended, and its Serve is refused "has ended".
			cfg.Logger.Info("the tournament has ended; serving no more", "tournament", cfg.Tournament, "refusal", err)
			return nil
		}
		if !retryable(err) {
			return fmt.Errorf("botsdk: serving in the lobby: %w", err)
		}
		wait, err := retry.next(err, progressed)
		if err != nil {
			return err
		}
		if err := retry.wait(ctx, cc, wait); err != nil {
			return err
		}
	}
}

// server is the state of a bot in serve mode across lobby streams.
type server struct {
	cfg    ServeConfig
	newBot func() Bot
	client pb.LobbyServiceClient
	wg     sync.WaitGroup

	mu       sync.Mutex
	playing  map[string]bool // "table/seat/member" of the games being played
	admitted sync.Once       // cfg.OnAdmitted's call
}

// errTournamentEnded is session's error when the referee says that the tournament served has
// ended: Serve then returns nil.
var errTournamentEnded = errors.New("the tournament has ended")

// session runs one lobby stream until it fails or the tournament it serves ends; progressed
// tells whether the referee sent anything (the backoff then starts again from its least).
func (s *server) session(ctx context.Context) (progressed bool, err error) {
	req := &pb.ServeRequest{Version: s.cfg.BotVersion, Capacity: uint32(s.cfg.Capacity), Variants: s.cfg.Variants, TournamentId: s.cfg.Tournament}
	if s.cfg.Key == "" {
		req.Name = s.cfg.BotName
	}
	stream, err := s.client.Serve(ctx, req)
	if err != nil {
		return false, err
	}
	for {
		m, err := stream.Recv()
		if errors.Is(err, io.EOF) {
			return progressed, status.Error(codes.Unavailable, "the lobby stream ended")
		}
		if err != nil {
			return progressed, ended(stream, err)
		}
		progressed = true
		if s.cfg.OnAdmitted != nil {
			s.admitted.Do(s.cfg.OnAdmitted)
		}
		if a := m.GetGameAssigned(); a != nil {
			s.start(ctx, a)
		}
		if e := m.GetTournamentEnded(); e != nil {
			s.cfg.Logger.Info("the tournament has ended; serving no more", "tournament", e.GetTournamentId(), "state", e.GetState())
			return true, errTournamentEnded
		}
	}
}

// start plays an announced game in its own goroutine, unless it is being played already.
func (s *server) start(ctx context.Context, a *pb.GameAssigned) {
	key := fmt.Sprintf("%s/%d/%d", a.GetTableId(), a.GetSeat(), a.GetMember())
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.playing[key] {
		return
	}
	s.playing[key] = true
	cfg := s.cfg.Config
	cfg.TableID, cfg.Seat, cfg.Member, cfg.Token = a.GetTableId(), int(a.GetSeat()), int(a.GetMember()), a.GetToken()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		res, err := Play(ctx, cfg, s.newBot())
		if err != nil && ctx.Err() == nil {
			s.cfg.Logger.Error("game failed", "table", a.GetTableId(), "seat", a.GetSeat(), "err", err)
		}
		if s.cfg.OnGameOver != nil {
			s.cfg.OnGameOver(a, res, err)
		}
		s.mu.Lock()
		delete(s.playing, key)
		s.mu.Unlock()
	}()
}
