package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/spf13/cobra"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/service/store"
)

func newTournamentListCmd(o *tournamentOpts) *cobra.Command {
	var newestFirst, asJSON bool
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List the tournaments, oldest first (or newest first): id, name, state, games played of those scheduled, entrants",
		Example: `  bezique tournament list --server 127.0.0.1:7777
  bezique tournament list --newest-first       # the tournaments of --store, the most recent first
  bezique tournament list --server 127.0.0.1:7777 --json | jq -r '.[] | select(.state == "running") | .id'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			all, err := o.list(cmd, newestFirst)
			if err != nil {
				return err
			}
			if len(all) == 0 && o.conn.server == "" {
				fmt.Fprintf(cmd.ErrOrStderr(), "no tournaments in --store %s (a running referee's: --server HOST:PORT)\n", o.storeURL)
			}
			if asJSON {
				return writeTournamentListJSON(cmd.OutOrStdout(), all)
			}
			return printTournamentList(cmd.OutOrStdout(), all)
		},
	}
	cmd.Flags().BoolVar(&newestFirst, "newest-first", false, "list the most recently created tournaments first")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write a JSON array, one object per tournament, for scripts")
	return cmd
}

// list returns every tournament, oldest first or newest first, with its standings' played and
// scheduled counts: from the referee at --server (ListTournaments, page after page), else from
// --store (listStored).
func (o *tournamentOpts) list(cmd *cobra.Command, newestFirst bool) ([]*service.Tournament, error) {
	if o.conn.server == "" {
		if noStoreFile(o.storeURL) {
			return nil, nil
		}
		st, err := openStore(cmd.Context(), o.storeURL)
		if err != nil {
			return nil, err
		}
		defer st.Close()
		return listStored(cmd.Context(), st, newestFirst)
	}
	cc, err := o.conn.dial(apiKey(cmd))
	if err != nil {
		return nil, err
	}
	defer cc.Close()
	client := pb.NewTournamentServiceClient(cc)
	var out []*service.Tournament
	req := &pb.ListTournamentsRequest{PageSize: store.MaxPageSize, NewestFirst: newestFirst}
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

// listStored returns every tournament of st, oldest first or newest first, with its standings,
// reading the store as the referee's ListTournaments does: a page of store.MaxPageSize
// tournaments, then the results of the whole page in one query.
func listStored(ctx context.Context, st store.Store, newestFirst bool) ([]*service.Tournament, error) {
	var out []*service.Tournament
	for tok := ""; ; {
		rows, next, err := st.ListTournaments(ctx, store.TournamentFilter{NewestFirst: newestFirst}, store.MaxPageSize, tok)
		if err != nil {
			return nil, err
		}
		ids := make([]string, len(rows))
		for i, row := range rows {
			ids[i] = row.ID
		}
		games, err := st.ListTournamentGames(ctx, ids...)
		if err != nil {
			return nil, err
		}
		byTourney := map[string][]store.TournamentGame{}
		for _, g := range games {
			byTourney[g.TournamentID] = append(byTourney[g.TournamentID], g)
		}
		for _, row := range rows {
			tn, err := tournamentOfRow(row, byTourney[row.ID])
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

// printTournamentList prints a line per tournament.
func printTournamentList(w io.Writer, all []*service.Tournament) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TOURNAMENT\tNAME\tSTATE\tFORMAT\tVARIANT\tGAMES\tENTRANTS\tCREATED")
	for _, tn := range all {
		ids := make([]string, len(tn.Spec.Entrants))
		for i, e := range tn.Spec.Entrants {
			ids[i] = nameCell(e.ID) // "a b" quoted: it read as two entrants (a host's trial)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%d/%d\t%s\t%s\n", tn.ID, nameCell(tn.Spec.Name), tn.State, tn.Spec.Format, tn.Spec.Variant,
			tn.Standings.Played, tn.Standings.Scheduled, strings.Join(ids, " "), tn.CreatedAt.UTC().Format("2006-01-02 15:04:05"))
	}
	return tw.Flush()
}

// nameCell is a tournament's name as the table's NAME column shows it, or an entrant's id as
// ENTRANTS lists it: quoted (Go syntax) when it is empty or holds a space or a quote, so that
// "League 1" reads as one cell.
func nameCell(name string) string {
	if name == "" || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsSpace(r) || r == '"' }) {
		return strconv.Quote(name)
	}
	return name
}

// tournamentSummary is a tournament as list --json writes it: what the table shows, a name with
// spaces or none at all read from its own key, not from a column (a host's script split "League 1"
// in two).
type tournamentSummary struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	State      string   `json:"state"`
	Format     string   `json:"format"`
	Variant    string   `json:"variant"`
	Played     int      `json:"played"`
	Scheduled  int      `json:"scheduled"`
	Entrants   []string `json:"entrants"`
	CreatedAt  string   `json:"created_at"`
	FinishedAt string   `json:"finished_at,omitempty"`
}

// writeTournamentListJSON writes the tournaments as a JSON array of tournamentSummary, times in
// RFC 3339 (UTC).
func writeTournamentListJSON(w io.Writer, all []*service.Tournament) error {
	out := make([]tournamentSummary, 0, len(all))
	for _, tn := range all {
		t := tournamentSummary{ID: tn.ID, Name: tn.Spec.Name, State: string(tn.State), Format: string(tn.Spec.Format), Variant: string(tn.Spec.Variant),
			Played: tn.Standings.Played, Scheduled: tn.Standings.Scheduled, Entrants: make([]string, len(tn.Spec.Entrants)),
			CreatedAt: tn.CreatedAt.UTC().Format(time.RFC3339Nano)}
		for i, e := range tn.Spec.Entrants {
			t.Entrants[i] = e.ID
		}
		if !tn.FinishedAt.IsZero() {
			t.FinishedAt = tn.FinishedAt.UTC().Format(time.RFC3339Nano)
		}
		out = append(out, t)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
