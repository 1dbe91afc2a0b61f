package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
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
// from the referee at --server (ListTournaments, page after page), else from --store.
func (o *tournamentOpts) list(cmd *cobra.Command) ([]*service.Tournament, error) {
	if o.conn.server == "" {
		st, err := store.Open(cmd.Context(), o.storeURL)
		if err != nil {
			return nil, err
		}
		defer st.Close()
		var out []*service.Tournament
		for tok := ""; ; {
			rows, next, err := st.ListTournaments(cmd.Context(), store.TournamentFilter{}, store.MaxPageSize, tok)
			if err != nil {
				return nil, err
			}
			for _, row := range rows {
				tn, err := tournamentFromStore(cmd.Context(), st, row)
				if err != nil {
					return nil, err
				}
				out = append(out, tn)
			}
			if next == "" {
				return out, nil
			}
			tok = next
		}
	}
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return nil, err
	}
	defer cc.Close()
	client := pb.NewTournamentServiceClient(cc)
	var out []*service.Tournament
	req := &pb.ListTournamentsRequest{PageSize: store.MaxPageSize}
	for {
		resp, err := client.ListTournaments(cmd.Context(), req)
		if err != nil {
			return nil, fmt.Errorf("ListTournaments: %w", err)
		}
		for _, info := range resp.GetTournaments() {
			tn, err := service.TournamentFromProto(info, nil) // ListTournaments has no results: the counts come from its standings
			if err != nil {
				return nil, err
			}
			tn.Standings.Played, tn.Standings.Scheduled = int(info.GetStandings().GetPlayed()), int(info.GetStandings().GetScheduled())
			out = append(out, tn)
		}
		if resp.GetNextPageToken() == "" {
			return out, nil
		}
		req.PageToken = resp.GetNextPageToken()
	}
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
