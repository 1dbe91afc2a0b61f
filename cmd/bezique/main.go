package main

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/bezique-arena/bezique/internal/buildinfo"
)

func main() {
	if err := newRootCmd().Execute(); err != nil {
		if errors.Is(err, errInterrupted) {
			os.Exit(130) // the command said what it leaves
		}
		fmt.Fprintln(os.Stderr, errorText(err))
		os.Exit(1)
	}
}

// errorText is how the command reports err: "bezique: " and its text, each line printable (the
// server's messages may quote a client's text), a gRPC status as "Code: message" (grpc-go's
// "rpc error: code = Code desc = message" was in every refusal), without the Go package
// prefixes of the SDK ("botsdk: ") and of the rules' errors quoted after what the command
// checked ("bezique: "); a refused or missing API key (Unauthenticated) adds where the command
// takes one, since the referee's message speaks of gRPC metadata or of a key alone.
func errorText(err error) string {
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		l = grpcStatusText.ReplaceAllString(l, "$1: ")
		lines[i] = printable(strings.ReplaceAll(l, ": bezique: ", ": "))
	}
	text := "bezique: " + strings.TrimPrefix(strings.Join(lines, "\n"), "botsdk: ")
	if status.Code(err) == codes.Unauthenticated {
		text += "\n(the API key is --key or $" + keyEnv + "; docs/SECURITY.md)"
	}
	return text
}

// grpcStatusText matches grpc-go's text of a status before its message, the code captured.
var grpcStatusText = regexp.MustCompile(`rpc error: code = (\w+) desc = `)

// version and commit are stamped by the build: -ldflags "-X main.version=... -X main.commit=...";
// unstamped, buildinfo.Version takes them from the module's build information.
var version, commit string

// newRootCmd returns the bezique command with every subcommand.
func newRootCmd() *cobra.Command {
	v, c := buildinfo.Version(version, commit)
	root := &cobra.Command{
		Use:   "bezique",
		Short: "Play, watch and check Bézique games",
		Long: `bezique plays Bézique against a referee (bezique-referee, gRPC bezique.v1) or an in-process one.

Start with "bezique demo": two bots play a whole game and the score sheet is checked against the
game record.`,
		Example: `  bezique demo
  bezique play --variant two-handed
  bezique bot --server 127.0.0.1:7777 --table T --seat 1 --token S --bot rulebook
  bezique replay game.json`,
		Version:       v + ", commit " + c,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.PersistentFlags().String("key", "", "the API key to send to the referee (default $"+keyEnv+"); see docs/SECURITY.md")
	root.PersistentFlags().String("key-file", "", "read the API key from this file (its surrounding whitespace ignored), in place of --key: an argument is seen in the process list and, through kubectl exec, in the cluster's audit log")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		file, _ := cmd.Flags().GetString("key-file")
		if file == "" {
			return nil
		}
		if cmd.Flags().Changed("key") {
			return fmt.Errorf("--key and --key-file: give the API key once")
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("--key-file: %w", err)
		}
		key := strings.TrimSpace(string(b))
		if key == "" {
			return fmt.Errorf("--key-file %s: the file is empty", file)
		}
		return cmd.Flags().Set("key", key)
	}
	root.AddCommand(newDemoCmd(), newPlayCmd(), newBotCmd(), newTablesCmd(), newCreateCmd(), newCancelCmd(), newWatchCmd(),
		newReplayCmd(), newRecordsCmd(), newRulesCmd(), newCheckCmd(), newKeysCmd(), newAuditCmd(), newTournamentCmd(), newMatchCmd(),
		newLobbyCmd(), newChallengeCmd(), newLoadtestCmd())
	return root
}
