package main

import (
	"cmp"
	"fmt"

	"github.com/spf13/pflag"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/tournament"
)

// policyFlags are the failure-policy flags of create, challenge and the tournament commands.
type policyFlags struct {
	onTimeout, onIllegal, onDisconnect string
	strikeLimit, graceMs               uint32
}

// add registers the flags on f; onDisconnect is --on-disconnect's default as the referee applies
// it (a table's auto-play, a tournament's forfeit: service.CreateTournament).
func (p *policyFlags) add(f *pflag.FlagSet, onDisconnect string) {
	f.StringVar(&p.onTimeout, "on-timeout", "", "at a decision's deadline: auto-play or forfeit (default auto-play)")
	f.StringVar(&p.onIllegal, "on-illegal", "", "when a seat's illegal answers reach --strike-limit: auto-play or forfeit (default auto-play)")
	f.StringVar(&p.onDisconnect, "on-disconnect", "", "when a seat stays away for --grace-ms: auto-play or forfeit (default "+onDisconnect+")")
	f.Uint32Var(&p.strikeLimit, "strike-limit", 0, "illegal answers to one decision before --on-illegal applies (0: the referee's default, 3)")
	f.Uint32Var(&p.graceMs, "grace-ms", 0, "how long a disconnected seat may stay away, in ms (0: the referee's default, 15 000)")
}

// spec returns the failure policy the flags describe as a tournament's; unset fields take the
// referee's defaults, but on_disconnect, forfeit when unset, as --help says, whatever the
// referee's version (one from before 2026-12-07 auto-plays). A value other than auto-play or
// forfeit is an error naming its flag.
func (p policyFlags) spec() (tournament.Policy, error) {
	if _, err := p.proto(); err != nil {
		return tournament.Policy{}, err
	}
	return tournament.Policy{OnTimeout: p.onTimeout, OnIllegal: p.onIllegal, OnDisconnect: cmp.Or(p.onDisconnect, tournament.DefaultOnDisconnect), StrikeLimit: p.strikeLimit,
		DisconnectGraceMs: p.graceMs}, nil
}

// proto returns the failure policy the flags describe; unset fields take the referee's defaults.
func (p policyFlags) proto() (*pb.FailurePolicy, error) {
	out := &pb.FailurePolicy{StrikeLimit: p.strikeLimit, DisconnectGraceMs: p.graceMs}
	for _, f := range []struct {
		flag, val string
		dst       *pb.FailureAction
	}{{"--on-timeout", p.onTimeout, &out.OnTimeout}, {"--on-illegal", p.onIllegal, &out.OnIllegal}, {"--on-disconnect", p.onDisconnect, &out.OnDisconnect}} {
		switch f.val {
		case "":
		case "auto-play":
			*f.dst = pb.FailureAction_FAILURE_ACTION_AUTO_PLAY
		case "forfeit":
			*f.dst = pb.FailureAction_FAILURE_ACTION_FORFEIT
		default:
			return nil, fmt.Errorf("%s: %q (want auto-play or forfeit)", f.flag, f.val)
		}
	}
	return out, nil
}
