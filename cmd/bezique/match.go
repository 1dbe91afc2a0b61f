package main

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/spf13/cobra"

	"github.com/bezique-arena/bezique/service"
	"github.com/bezique-arena/bezique/stats"
	"github.com/bezique-arena/bezique/tournament"
)

func newMatchCmd() *cobra.Command {
	var f specFlags
	var a, b string
	cmd := &cobra.Command{
		Use:   "match",
		Short: "Play two bots head to head on an in-process referee until the SPRT decides",
		Long: `match plays duplicate deals (each deal set twice, seats swapped) between two built-in bots on an
in-process referee, printing the score, the Elo difference with its 95% interval and the SPRT's
log-likelihood ratio as it goes, and stops as soon as the SPRT accepts a hypothesis (or after
--deals deal sets).`,
		Example: `  bezique match --a rulebook --b random
  bezique match --a rulebook --b random --sprt 0,200,0.05,0.05 --deals 500`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			idA, idB := a, b
			if a == b {
				idA, idB = a+"-a", b+"-b"
			}
			f.format, f.entrants = "match", []string{idA + "=" + a, idB + "=" + b}
			spec, seed, err := f.spec()
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			r, err := service.NewReferee(ctx, service.Config{Logger: quietLogger(cmd.ErrOrStderr())})
			if err != nil {
				return err
			}
			defer r.Close()
			tn, err := r.CreateTournament(ctx, spec, seed)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if err := follow(ctx, r, tn.ID, cmd.ErrOrStderr(), func(u service.TournamentUpdate) { matchLine(out, u, a, b) }); err != nil {
				return err
			}
			tn, err = r.GetTournament(ctx, tn.ID)
			if err != nil {
				return err
			}
			return printStandings(out, tn, false)
		},
	}
	f.add(cmd)
	cmd.Flags().StringVar(&a, "a", "rulebook", "the bot under test (a built-in bot)")
	cmd.Flags().StringVar(&b, "b", "random", "its opponent (a built-in bot)")
	_ = cmd.Flags().Set("sprt", "0,100,0.05,0.05")
	_ = cmd.Flags().Set("deals", "1000")
	for _, hidden := range []string{"format", "entrant", "partners"} {
		_ = cmd.Flags().MarkHidden(hidden)
	}
	return cmd
}

// matchLine prints a match's standing after an update that brought results.
func matchLine(w io.Writer, u service.TournamentUpdate, a, b string) {
	if len(u.Results) == 0 || len(u.Standings.Pairs) == 0 {
		return
	}
	p := u.Standings.Pairs[0]
	fmt.Fprintf(w, "%d games: %s +%d =%d -%d against %s, Elo %s", u.Standings.Played, a, p.W, p.D, p.L, b, eloText(p.Elo))
	if t := u.Standings.SPRT; t != nil {
		fmt.Fprintf(w, ", LLR %.2f (%.2f, %.2f) %s", t.LLR, t.Lower, t.Upper, verdictText(t))
	}
	fmt.Fprintln(w)
}

// plotRatings plots every entrant's rating after each counted game, with its band.
func plotRatings(w io.Writer, format string, tn *service.Tournament) error {
	results := slices.Clone(tn.Results)
	slices.SortFunc(results, func(x, y tournament.Result) int { return x.Game - y.Game })
	series := map[string][]stats.RatingPoint{}
	step := max(1, len(results)/200) // at most about 200 points per entrant
	for n := 0; n <= len(results); n += step {
		for _, e := range tournament.Compute(&tn.Spec, results[:n]).Entrants {
			series[e.Entrant] = append(series[e.Entrant], stats.RatingPoint{Game: e.Games, Rating: e.Rating})
		}
	}
	return stats.PlotRatings(w, format, series)
}

// plotScores plots the distribution of each entrant's final scores (its side's total per game).
func plotScores(w io.Writer, format string, tn *service.Tournament) error {
	games := tn.Spec.Schedule()
	scores := map[string][]float64{}
	for _, r := range tn.Results {
		seen := map[int]bool{}
		for seat, e := range games[r.Game].Seats {
			side := tn.Spec.Side(seat)
			if seen[e] || side >= len(r.Scores) {
				continue
			}
			seen[e] = true
			id := tn.Spec.Entrants[e].ID
			scores[id] = append(scores[id], float64(r.Scores[side]))
		}
	}
	return stats.PlotScores(w, format, scores)
}

// eloText is an Elo difference with its 95 % interval, "+40 [+10, +71]"; "+Inf" for a match
// without a loss (no interval then), "+190 [?]" when a bound falls outside the scores (too few games).
func eloText(e stats.EloInterval) string {
	switch {
	case math.IsInf(e.Elo, 0) || math.IsNaN(e.Elo):
		return fmt.Sprintf("%+.0f", e.Elo)
	case math.IsNaN(e.Lo) || math.IsNaN(e.Hi):
		return fmt.Sprintf("%+.0f [?]", e.Elo)
	}
	return fmt.Sprintf("%+.0f [%+.0f, %+.0f]", e.Elo, e.Lo, e.Hi)
}
