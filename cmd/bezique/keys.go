package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/types/known/timestamppb"

	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
)

// roleNames are the roles "keys create --role" takes.
var roleNames = map[string]pb.Role{"admin": pb.Role_ROLE_ADMIN, "organiser": pb.Role_ROLE_ORGANISER, "bot": pb.Role_ROLE_BOT, "watcher": pb.Role_ROLE_WATCHER}

func roleName(r pb.Role) string { return strings.ToLower(strings.TrimPrefix(r.String(), "ROLE_")) }

func newKeysCmd() *cobra.Command {
	var conn connFlags
	cmd := &cobra.Command{
		Use:   "keys",
		Short: "Create, list and revoke a referee's API keys (KeyService; an admin key)",
		Long: `keys manages the API keys of a referee that runs with authentication (docs/SECURITY.md). Every
subcommand needs an admin key: --key or BEZIQUE_KEY. A key's secret is printed once, by create:
the referee keeps only its SHA-256.`,
		Example: `  export BEZIQUE_KEY=$(cat admin.key)
  bezique keys create --name alpha --role bot --owner "team alpha"
  bezique keys list
  bezique keys revoke k-3f9c0a1b2c3d4e5f`,
	}
	conn.register(cmd.PersistentFlags(), defaultServer, "the referee's gRPC address, host:port")
	keys := func(cmd *cobra.Command) (pb.KeyServiceClient, func(), error) {
		cc, err := conn.dial(apiKey(cmd))
		if err != nil {
			return nil, nil, err
		}
		return pb.NewKeyServiceClient(cc), func() { cc.Close() }, nil
	}

	var name, role, owner string
	create := &cobra.Command{
		Use:   "create",
		Short: "Create an API key and print its id and secret (shown only now)",
		Example: `  bezique keys create --name alpha --role bot --owner "team alpha"
  bezique keys create --name league-ops --role organiser
  bezique keys create --name club-site --role watcher    # for web pages that show games`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, ok := roleNames[role]
			if !ok {
				return fmt.Errorf("--role %q: want admin, organiser, bot or watcher", role)
			}
			client, done, err := keys(cmd)
			if err != nil {
				return err
			}
			defer done()
			resp, err := client.CreateKey(cmd.Context(), &pb.CreateKeyRequest{Name: name, Role: r, Owner: owner})
			if err != nil {
				return fmt.Errorf("CreateKey: %w", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "key %s\nsecret %s\n", resp.GetKey().GetKeyId(), resp.GetSecret())
			return nil
		},
	}
	create.Flags().StringVar(&name, "name", "", "the key's name; for a bot key, the bot's name in records")
	create.Flags().StringVar(&role, "role", "bot", "admin, organiser, bot or watcher (reads and watches only)")
	create.Flags().StringVar(&owner, "owner", "", "who holds the key")

	var listJSON bool
	list := &cobra.Command{
		Use:   "list",
		Short: "List every API key: id, role, name, owner, created, revoked",
		Example: `  BEZIQUE_KEY=$(cat admin.key) bezique keys list
  BEZIQUE_KEY=$(cat admin.key) bezique keys list --json | jq -r '.keys[] | select(.revokeTime == null) | .keyId'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			client, done, err := keys(cmd)
			if err != nil {
				return err
			}
			defer done()
			resp, err := client.ListKeys(cmd.Context(), &pb.ListKeysRequest{})
			if err != nil {
				return fmt.Errorf("ListKeys: %w", err)
			}
			if listJSON {
				return printJSON(cmd.OutOrStdout(), resp)
			}
			for _, k := range resp.GetKeys() {
				line := fmt.Sprintf("%s  %-9s %-20s %-20s created %s by %s", k.GetKeyId(), roleName(k.GetRole()), printable(k.GetName()), printable(k.GetOwner()),
					timeText(k.GetCreateTime()), k.GetCreator())
				if k.GetRevokeTime() != nil {
					line += "  revoked " + timeText(k.GetRevokeTime())
				}
				fmt.Fprintln(cmd.OutOrStdout(), line)
			}
			return nil
		},
	}

	revoke := &cobra.Command{
		Use:     "revoke KEY_ID",
		Short:   "Revoke an API key: every call with it is refused from now on",
		Example: `  bezique keys revoke k-3f9c0a1b2c3d4e5f`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			client, done, err := keys(cmd)
			if err != nil {
				return err
			}
			defer done()
			resp, err := client.RevokeKey(cmd.Context(), &pb.RevokeKeyRequest{KeyId: args[0]})
			if err != nil {
				return fmt.Errorf("RevokeKey: %w", err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "revoked %s at %s\n", resp.GetKey().GetKeyId(), timeText(resp.GetKey().GetRevokeTime()))
			return nil
		},
	}
	list.Flags().BoolVar(&listJSON, "json", false, "print the response as protojson (ListKeysResponse)")
	cmd.AddCommand(create, list, revoke)
	return cmd
}

func newAuditCmd() *cobra.Command {
	var conn connFlags
	var limit int
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "audit",
		Short: "List the operator actions (ListAuditEvents; an admin key), most recent first",
		Example: `  BEZIQUE_KEY=$(cat admin.key) bezique audit --limit 20
  BEZIQUE_KEY=$(cat admin.key) bezique audit --json | jq -r '.events[].target'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cc, err := conn.dial(apiKey(cmd))
			if err != nil {
				return err
			}
			defer cc.Close()
			client, all := pb.NewKeyServiceClient(cc), &pb.ListAuditEventsResponse{}
			for limit <= 0 || len(all.Events) < limit {
				resp, err := client.ListAuditEvents(cmd.Context(), &pb.ListAuditEventsRequest{PageToken: all.GetNextPageToken()})
				if err != nil {
					return fmt.Errorf("ListAuditEvents: %w", err)
				}
				all.Events, all.NextPageToken = append(all.Events, resp.GetEvents()...), resp.GetNextPageToken()
				if all.NextPageToken == "" {
					break
				}
			}
			if limit > 0 && len(all.Events) > limit {
				all.Events = all.Events[:limit]
			}
			all.NextPageToken = ""
			if asJSON {
				return printJSON(cmd.OutOrStdout(), all)
			}
			for _, e := range all.GetEvents() {
				action := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(e.GetAction().String(), "AUDIT_ACTION_"), "_", " "))
				fmt.Fprintln(cmd.OutOrStdout(), strings.TrimSpace(fmt.Sprintf("%s  %-20s %-15s %s  %s", timeText(e.GetTime()), e.GetPrincipal(), action, e.GetTarget(), printable(e.GetDetail()))))
			}
			return nil
		},
	}
	conn.register(cmd.Flags(), defaultServer, "the referee's gRPC address, host:port")
	cmd.Flags().IntVar(&limit, "limit", 0, "print at most this many events (0: all)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the response as protojson (ListAuditEventsResponse, every page in one)")
	return cmd
}

// timeText prints a time in UTC to the second.
func timeText(ts *timestamppb.Timestamp) string { return ts.AsTime().UTC().Format(time.DateTime) }
