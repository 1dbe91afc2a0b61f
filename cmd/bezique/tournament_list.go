package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
	"github.com/bezique-arena/bezique/tournament"
	"github.com/bezique-arena/bezique/wire"
)

func newTournamentListCmd(o *tournamentOpts) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the tournaments, oldest first: id, name, state, games played of those scheduled, entrants",
		Example: `  bezique tournament list --server 127.0.0.1:7777
  bezique tournament list                      # the tournaments of --store`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			all, err := o.list(cmd)
			if err != nil {
				return err
			}
			return printTournamentList(cmd.OutOrStdout(), all)
		},
	}
}

// list returns every tournament, oldest first, with its standings' played and scheduled counts:
// from the referee at --server (ListTournaments), else from --store.
func (o *tournamentOpts) list(cmd *cobra.Command) ([]*service.Tournament, error) {
	if o.conn.server == "" {
		st, err := store.Open(cmd.Context(), o.storeURL)
		if err != nil {
			return nil, err
		}
		defer st.Close()
		rows, err := st.ListTournaments(cmd.Context())
		if err != nil {
			return nil, err
		}
		out := make([]*service.Tournament, 0, len(rows))
		for _, row := range rows {
			tn, err := tournamentFromStore(cmd.Context(), st, row)
			if err != nil {
				return nil, err
			}
			out = append(out, tn)
		}
		return out, nil
	}
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return nil, err
	}
	defer cc.Close()
	resp, err := pb.NewTournamentServiceClient(cc).ListTournaments(cmd.Context(), &pb.ListTournamentsRequest{})
	if err != nil {
		return nil, fmt.Errorf("ListTournaments: %w", err)
	}
	out := make([]*service.Tournament, 0, len(resp.GetTournaments()))
	for _, info := range resp.GetTournaments() {
		tn, err := service.TournamentFromProto(info, nil) // ListTournaments has no results: the counts come from its standings
		if err != nil {
			return nil, err
		}
		tn.Standings.Played, tn.Standings.Scheduled = int(info.GetStandings().GetPlayed()), int(info.GetStandings().GetScheduled())
		out = append(out, tn)
	}
	return out, nil
}

// printTournamentList prints a line per tournament.
func printTournamentList(w io.Writer, all []*service.Tournament) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TOURNAMENT\tNAME\tSTATE\tFORMAT\tVARIANT\tGAMES\tENTRANTS\tCREATED")
	for _, tn := range all {
		ids := make([]string, len(tn.Spec.Entrants))
		for i, e := range tn.Spec.Entrants {
			ids[i] = e.ID
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d/%d\t%s\t%s\n", tn.ID, tn.Spec.Name, tn.State, tn.Spec.Format, tn.Spec.Variant,
			tn.Standings.Played, tn.Standings.Scheduled, strings.Join(ids, " "), tn.CreatedAt.UTC().Format("2006-01-02 15:04:05"))
	}
	return tw.Flush()
}

// warnAbsent writes to w a warning for each lobby bot among spec's entrants that the lobby of the
// referee at --server lacks, or holds without spec's variant: its games wait for it up to the
// absence grace, then forfeit (a misspelt name forfeited every game of its entrant without a
// word). It says nothing without --server (no lobby) or when the lobby cannot be listed.
func (o *tournamentOpts) warnAbsent(cmd *cobra.Command, w io.Writer, spec tournament.Spec) {
	if o.conn.server == "" {
		return
	}
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return
	}
	defer cc.Close()
	resp, err := pb.NewLobbyServiceClient(cc).ListBots(cmd.Context(), &pb.ListBotsRequest{})
	if err != nil {
		return
	}
	present := map[string]*pb.LobbyBot{}
	for _, b := range resp.GetBots() {
		present[b.GetName()] = b
	}
	grace := time.Duration(spec.AbsenceGraceMs) * time.Millisecond
	for _, e := range spec.Entrants {
		names := e.Members
		if e.Kind == tournament.KindLobby {
			names = []string{e.Bot}
		}
		for _, name := range names {
			b, ok := present[name]
			switch {
			case !ok:
				fmt.Fprintf(w, "warning: entrant %s: no bot %q in the lobby of %s (bezique lobby lists those present); its games wait for it "+
					"up to the absence grace, %s, then forfeit\n", e.ID, name, o.conn.server, grace)
			case len(b.GetVariants()) > 0 && !slices.Contains(b.GetVariants(), wire.VariantToProto(spec.Variant)):
				fmt.Fprintf(w, "warning: entrant %s: bot %q of the lobby does not play %s; its games wait for it up to the absence grace, "+
					"%s, then forfeit\n", e.ID, name, spec.Variant, grace)
			}
		}
	}
}
