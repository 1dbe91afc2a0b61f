package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/bezique-arena/bezique/engine"
	pb "github.com/bezique-arena/bezique/proto/bezique/v1"
	"github.com/bezique-arena/bezique/wire"
)

func newRulesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "List the rule options a table may take (RULES.md §5), with their values and defaults",
		Long: `rules prints the engine's option catalog: for every rule option its name, type, allowed values,
default in each variant, the RULES.md section that states it and a one-line description. Options
RULES.md §5 names that the engine does not play are listed as not supported. Set an option with
--option name=value (demo, play, create) or in CreateTableRequest.options. With --json it prints
the GetRuleCatalogResponse a referee's TableService.GetRuleCatalog returns (protojson).`,
		Example: `  bezique rules
  bezique rules --json | jq '.options[] | select(.supported) | .name'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runRules(asJSON, cmd.OutOrStdout())
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the catalog as protojson (GetRuleCatalogResponse)")
	return cmd
}

// runRules prints the option catalog, as text or as protojson.
func runRules(asJSON bool, w io.Writer) error {
	specs := engine.OptionCatalog()
	if asJSON {
		b, err := protojson.Marshal(&pb.GetRuleCatalogResponse{Options: wire.RuleCatalogToProto(specs)})
		if err != nil {
			return err
		}
		// protojson varies its spacing from build to build on purpose; indent it the same every time.
		var out bytes.Buffer
		if err := json.Indent(&out, b, "", "  "); err != nil {
			return err
		}
		out.WriteByte('\n')
		_, err = out.WriteTo(w)
		return err
	}
	for i, s := range specs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprint(w, optionText(s))
	}
	return nil
}

// optionText is an option's block in the text listing: a head line (name, type and values,
// section), then the doc, the defaults, where it may change and example values.
func optionText(s engine.OptionSpec) string {
	var b strings.Builder
	if !s.Supported {
		fmt.Fprintf(&b, "%s  not supported  RULES.md %s\n    %s\n    not supported: %s\n", s.Name, s.Section, s.Doc, s.Unsupported)
		return b.String()
	}
	var values string
	switch s.Type {
	case engine.OptionBool, engine.OptionEnum:
		values = strings.Join(s.Values, " | ")
	case engine.OptionInt:
		values = strconv.Itoa(s.Min) + ".." + strconv.Itoa(s.Max)
	case engine.OptionIntList:
		values = strconv.Itoa(s.Min) + ".." + strconv.Itoa(s.Max) + " joined by '-'"
	}
	fmt.Fprintf(&b, "%s  %s: %s  RULES.md %s\n    %s\n", s.Name, s.Type, values, s.Section, s.Doc)
	fmt.Fprintf(&b, "    default: %s\n", perVariantText(s.Defaults))
	if len(s.Variants) < len(engine.Variants) {
		names := make([]string, len(s.Variants))
		for i, v := range s.Variants {
			names[i] = string(v)
		}
		fmt.Fprintf(&b, "    may differ from the default only in: %s\n", strings.Join(names, ", "))
	}
	if len(s.Examples) > 0 {
		fmt.Fprintf(&b, "    e.g. %s\n", strings.Join(s.Examples, ", "))
	}
	return b.String()
}

// perVariantText is one value when every variant has it, else "variant value" per variant.
func perVariantText(m map[engine.Variant]string) string {
	var parts []string
	same := true
	for _, v := range engine.Variants {
		parts = append(parts, string(v)+" "+m[v])
		same = same && m[v] == m[engine.Variants[0]]
	}
	if same {
		return m[engine.Variants[0]]
	}
	return strings.Join(parts, ", ")
}
