package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/botsdk"
	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// playOptions are the play command's flags: a new game on a referee in this process (game,
// bots), or, with conn.server, a seat of an existing table on a referee (table, token or key).
type playOptions struct {
	game  gameFlags
	bots  string
	seat  int
	conn  connFlags
	table string
	token string
	key   string
}

func newPlayCmd() *cobra.Command {
	o := playOptions{game: gameFlags{variant: string(engine.TwoHanded)}, bots: "rulebook"}
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a game against the built-in bots in this terminal",
		Long: `play starts a referee in this process and seats you against built-in bots. At each decision it
shows your hand, the trump, the turn-up, the tabled cards, the trick, the scores and your numbered
legal actions. Type the number of an action, or a card to play it (QS, 10H, TH, Q♠), "help" for
help or "quit" to leave. End of input also leaves.

With --server, play takes a seat of a table on that referee instead: --table and --seat, with the
seat's --token (from "bezique create", or from whoever created the table), or --key for a seat
bound to the key's bot. The other seats are whatever the table has: built-in bots, bots of the
lobby, other people. A lost connection is resumed as a bot's is; "quit" leaves the seat as a lost
connection would, and the table's policy for a disconnected seat applies.`,
		Example: `  bezique play
  bezique play --variant four-handed --bots rulebook --seed 42
  bezique play --seat 1 --option target=500
  bezique play --server 127.0.0.1:7777 --table t-57a43cdcc7f762f7 --seat 0 --token 5b0e9c...`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// A table joined is on the referee of $BEZIQUE_SERVER when --server is not given, as
			// for every other command (it was refused: a host's trial); a new game is local.
			if env := strings.TrimSpace(os.Getenv(serverEnv)); !cmd.Flags().Changed("server") && env != "" && (o.table != "" || o.token != "") {
				o.conn.server = env
			}
			if o.conn.server != "" {
				for _, name := range []string{"variant", "seed", "option", "bots"} {
					if cmd.Flags().Changed(name) {
						return fmt.Errorf("--%s shapes a new game in this process: with --server, the table already exists", name)
					}
				}
				if o.table == "" || o.token == "" && apiKey(cmd) == "" {
					return fmt.Errorf("--server needs --table and --token (or --key for a seat bound to the key's bot)")
				}
				o.key = apiKey(cmd)
			} else if o.table != "" || o.token != "" {
				return fmt.Errorf("--table and --token join a table on a referee: give its address with --server (or $%s)", serverEnv)
			}
			return runPlay(cmd.Context(), o, cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	addGameFlags(cmd, &o.game)
	cmd.Flags().StringVar(&o.bots, "bots", o.bots, "the other seats' built-in bots, comma-separated (a shorter list repeats)")
	cmd.Flags().IntVar(&o.seat, "seat", 0, "your seat, 0-based")
	o.conn.register(cmd.Flags(), "", "a referee's address (host:port): play --table's --seat there, instead of a new game in this process (with --table, default $"+serverEnv+")")
	cmd.Flags().StringVar(&o.table, "table", "", "the id of a table on the referee of --server")
	cmd.Flags().StringVar(&o.token, "token", "", "the seat's token, at --table")
	return cmd
}

// runPlayRemote plays seat o.seat of table o.table on the referee at o.conn.server, with a person
// reading in and writing out, then prints the checked score sheet if the record may be read.
func runPlayRemote(ctx context.Context, o playOptions, in io.Reader, out io.Writer) error {
	tlsCfg, err := o.conn.tlsConfig()
	if err != nil {
		return err
	}
	cc, err := o.conn.dial(o.key)
	if err != nil {
		return err
	}
	defer cc.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	h := &human{out: out, lines: readLines(ctx, in), quit: cancel, seat: o.seat}
	welcomed := false // said at the first Welcome: a refused Join (a built-in seat) printed it before its error
	cfg := botsdk.Config{Server: o.conn.server, TLS: tlsCfg, Key: o.key, TableID: o.table, Seat: o.seat, Token: o.token,
		BotName: "human", Logger: slog.New(slog.DiscardHandler), OnEvent: h.event, OnWelcome: func(*pb.Welcome) {
			if !welcomed {
				welcomed = true
				fmt.Fprintf(out, "You are seat %d of table %s on %s. Type help for help.\n", o.seat, o.table, o.conn.server)
			}
		}}
	return playHuman(ctx, cfg, h, pb.NewTableServiceClient(cc), out)
}

// playHuman plays cfg's seat with h until the game ends, then prints the result and the record's
// checked score sheet. A person who quits gets "Bye." and no error; a record that this caller
// may not read (PermissionDenied, Unauthenticated) is said and is not an error either.
func playHuman(ctx context.Context, cfg botsdk.Config, h *human, tables pb.TableServiceClient, out io.Writer) error {
	res, err := botsdk.Play(ctx, cfg, h)
	if err != nil {
		if h.quitted {
			fmt.Fprintln(out, "Bye.")
			return nil
		}
		return err
	}
	fmt.Fprintln(out, "Game over: "+resultText(res))
	rec, err := fetchRecord(ctx, tables, cfg.TableID)
	if c := status.Code(err); c == codes.PermissionDenied || c == codes.Unauthenticated {
		fmt.Fprintf(out, "The record is not for this caller to read (%v).\n", err)
		return nil
	}
	if err != nil {
		return err
	}
	return printCheckedSheet(rec, out)
}

// runPlay plays one game with a person at o.seat reading in and writing out.
func runPlay(ctx context.Context, o playOptions, in io.Reader, out io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if o.conn.server != "" {
		return runPlayRemote(ctx, o, in, out)
	}
	req, v, err := o.game.request(nil)
	if err != nil {
		return err
	}
	if o.seat < 0 || o.seat >= v.Players() {
		return fmt.Errorf("--seat %d: %s has seats 0 to %d", o.seat, v, v.Players()-1)
	}
	names, err := botList(o.bots, v.Players()-1)
	if err != nil {
		return err
	}
	for i := range v.Players() {
		if i == o.seat {
			req.Seats = append(req.Seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Remote{Remote: &pb.RemoteSeat{Name: "you"}}})
			continue
		}
		req.Seats = append(req.Seats, &pb.SeatConfig{Kind: &pb.SeatConfig_Builtin{Builtin: &pb.BuiltinSeat{Bot: names[0]}}})
		names = names[1:]
	}
	// A person's clock: ten minutes a decision (the referee's most).
	req.Clock = &pb.Clock{DecisionMs: 600_000}
	ref, err := startReferee(ctx, out, "")
	if err != nil {
		return err
	}
	defer ref.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	resp, err := ref.tables.CreateTable(ctx, req)
	if err != nil {
		return fmt.Errorf("CreateTable: %w", err)
	}
	h := &human{out: out, lines: readLines(ctx, in), quit: cancel, seat: o.seat}
	fmt.Fprintf(out, "You are seat %d in a %s game (seed commitment %s; dealing %s). Type help for help.\n", o.seat, v,
		resp.GetSeedCommitment(), dealingText(resp.GetTable().GetDealingSource()))
	cfg := botsdk.Config{Server: ref.addr, TableID: resp.GetTableId(), Seat: o.seat, Token: resp.GetSeatTokens()[0].GetToken(),
		BotName: "human", Logger: slog.New(slog.DiscardHandler), OnEvent: h.event}
	return playHuman(ctx, cfg, h, ref.tables, out)
}

// readLines reads lines from r into a channel, closed at the end of input; it stops sending when
// ctx ends.
func readLines(ctx context.Context, r io.Reader) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			select {
			case ch <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

// human is a botsdk.Bot played by a person through text lines.
type human struct {
	out     io.Writer
	lines   <-chan string
	quit    context.CancelFunc
	quitted bool
	seat    int
}

// event prints the game's events as they come.
func (h *human) event(e *pb.Event) {
	if s := eventText(e); s != "" {
		fmt.Fprintln(h.out, "  "+s)
	}
}

// errQuit is the person leaving the game.
var errQuit = errors.New("quit")

// leave ends the game for the person who typed quit (or closed the input): it returns errQuit.
func (h *human) leave() error {
	fmt.Fprintln(h.out)
	h.quitted = true
	h.quit()
	return errQuit
}

// Decide shows the situation and the legal actions and reads the person's choice. When the only
// choice is "end" (no meld to declare after a won trick) it says so and waits for Enter, as the
// web app's play page waits for a click: answering at once told the other seats and the
// spectators, by the time the window took, that the person had nothing to meld, which their hand
// alone shows (an outside trial).
func (h *human) Decide(ctx context.Context, req *pb.DecisionRequest) (uint32, error) {
	legal := req.GetLegalActions()
	if len(legal) == 1 && legal[0].GetAction().GetEndWindow() != nil {
		fmt.Fprint(h.out, "  nothing to meld: press Enter to go on> ")
		select {
		case line, ok := <-h.lines:
			if !ok || strings.EqualFold(strings.TrimSpace(line), "quit") {
				return 0, h.leave()
			}
			return legal[0].GetActionId(), nil
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
	h.show(req)
	for {
		fmt.Fprint(h.out, "your move> ")
		var line string
		var ok bool
		select {
		case line, ok = <-h.lines:
		case <-ctx.Done():
			return 0, ctx.Err()
		}
		if !ok || strings.EqualFold(strings.TrimSpace(line), "quit") {
			return 0, h.leave()
		}
		id, msg := choose(strings.TrimSpace(line), legal, seenCards(req.GetView()))
		if id != 0 {
			return id, nil
		}
		fmt.Fprintln(h.out, msg)
		if strings.EqualFold(strings.TrimSpace(line), "help") {
			h.show(req)
		}
	}
}

const helpText = `Type the number of an action, or a card to play it: rank then suit, e.g. QS, 10H (or TH), 7C,
Q♠; or the action as listed: "meld QSa JDa", "exchange 7Ha", "declare 7Ha", "pass", "end";
"help" shows this and the table again; "quit" leaves the game.
Cards: A 10 K Q J 9 8 7 (high to low); suits S ♠, H ♥, D ♦, C ♣; the letter after a card (QSa,
QSb) tells its copies apart. Copies that are interchangeable (in the same place, hand or table,
with the same melds scored, both seen by everyone or both not) are listed once: playing either is
the same move. A card typed without its letter plays a copy everyone has seen (on the table, or
shown in the hand) before one they have not.`

// seenCards returns the cards of the view's seat that every seat has seen, by id: its tabled cards
// and those shown in its hand (SeatView.shown_in_hand).
func seenCards(v *pb.View) map[uint32]bool {
	seen := map[uint32]bool{}
	for _, sv := range v.GetSeats() {
		if v.Seat == nil || sv.GetSeat() != v.GetSeat() {
			continue
		}
		for _, t := range sv.GetTabled() {
			seen[t.GetCard().GetId()] = true
		}
		for _, c := range sv.GetShownInHand() {
			seen[c.GetId()] = true
		}
	}
	return seen
}

// choose maps a line to a legal action id, or returns 0 and a message saying why not. A card
// typed without its copy's letter plays a copy in seen (every seat has seen it: tabled, or shown
// in the hand) before another: the lowest listed copy, unseen, showed that the seat held two (a
// re-trial).
func choose(line string, legal []*pb.LegalAction, seen map[uint32]bool) (uint32, string) {
	if line == "" {
		return 0, "Type an action number or a card (help for help)."
	}
	if strings.EqualFold(line, "help") || line == "?" {
		return 0, helpText
	}
	if n, err := strconv.Atoi(line); err == nil {
		if n < 1 || n > len(legal) {
			return 0, fmt.Sprintf("There is no action %d: choose 1 to %d.", n, len(legal))
		}
		return legal[n-1].GetActionId(), ""
	}
	if a, err := engine.ParseAction(line); err == nil {
		if id := chooseAction(a, legal); id != 0 {
			return id, ""
		}
		return 0, fmt.Sprintf("%s is not legal now: choose one of the numbered actions.", a)
	}
	f, err := engine.ParseFace(line)
	if err != nil {
		c, cerr := engine.ParseCard(line)
		if cerr != nil {
			return 0, fmt.Sprintf("%q is neither an action number (1 to %d) nor a card (like QS, 10H, Q♠); type help for help.", line, len(legal))
		}
		if id := chooseAction(engine.Action{Kind: engine.PlayCard, Card: c}, legal); id != 0 { // this copy first (QSb)
			return id, ""
		}
		f = c.Face()
	}
	var first uint32
	for _, la := range legal {
		if p := la.GetAction().GetPlay(); p != nil && engine.Card(p.GetCard().GetId()).Face() == f {
			if seen[p.GetCard().GetId()] {
				return la.GetActionId(), ""
			}
			first = cmp.Or(first, la.GetActionId())
		}
	}
	if first != 0 {
		return first, ""
	}
	return 0, fmt.Sprintf("You cannot play %s now: choose one of the numbered actions.", f)
}

// show prints the seat's view and the numbered legal actions.
func (h *human) show(req *pb.DecisionRequest) {
	v, w := req.GetView(), h.out
	fmt.Fprintf(w, "\n── deal %d, trick %d ─ trump %s", v.GetDeal(), v.GetTrick(), suitText(v.GetTrump()))
	if v.GetTurnUp() != nil {
		fmt.Fprintf(w, " ─ turn-up %s ─ stock %d", cardText(v.GetTurnUp()), v.GetStockSize())
	} else {
		fmt.Fprint(w, " ─ stock empty (phase 2: follow suit, beat if you can, else trump)")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "scores: ")
	for _, s := range v.GetScores() {
		fmt.Fprintf(w, " side %d: %d this deal, %d total;", s.GetSide(), s.GetDealPoints(), s.GetTotal())
	}
	fmt.Fprintf(w, " target %d\n", v.GetTarget())
	for _, s := range v.GetSeats() {
		if len(s.GetTabled()) == 0 {
			continue
		}
		cs := make([]*pb.Card, len(s.GetTabled()))
		for i, t := range s.GetTabled() {
			cs[i] = t.GetCard()
		}
		fmt.Fprintf(w, "tabled by seat %d: %s\n", s.GetSeat(), cardsText(cs))
		if m := s.GetPending(); m != nil {
			fmt.Fprintf(w, "  announced by seat %d, to score at its next trick: %s\n", s.GetSeat(), meldText(m))
		}
	}
	if t := v.GetPastTricks(); len(t) > 0 && len(v.GetCurrentTrick()) == 0 {
		last := t[len(t)-1]
		fmt.Fprintf(w, "last trick: %s, won by seat %d\n", playsText(last.GetPlays()), last.GetWinner())
	}
	if len(v.GetCurrentTrick()) > 0 {
		fmt.Fprintf(w, "this trick: %s\n", playsText(v.GetCurrentTrick()))
	}
	fmt.Fprintf(w, "your hand (seat %d): %s\n", h.seat, cardsText(v.GetHand()))
	if v.GetPhase() == pb.Phase_PHASE_WINDOW {
		fmt.Fprintln(w, "You won the trick: you may meld before drawing.")
	}
	for _, la := range req.GetLegalActions() {
		fmt.Fprintf(w, "  %2d  %s\n", la.GetActionId(), actionText(la.GetAction()))
	}
}

func playsText(ps []*pb.Play) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("%s (seat %d)", cardText(p.GetCard()), p.GetSeat())
	}
	return strings.Join(out, ", ")
}
