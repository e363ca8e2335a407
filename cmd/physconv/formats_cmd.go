package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

func (a *app) formatsCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "formats",
		Short:   "List the formats physconv reads and writes",
		Example: `  physconv formats`,
		Args:    exactArgs(0),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(w, "NAME\tREAD\tWRITE\tEXTENSIONS\tDESCRIPTION")
			for _, f := range a.reg.Formats() {
				fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", f.Name, yesNo(f.Parse != nil), yesNo(f.Emit != nil),
					strings.Join(f.Extensions, " "), f.Description)
			}
			if err := w.Flush(); err != nil {
				return err
			}
			for _, f := range a.reg.Formats() {
				if lines := f.Capabilities.Describe(); len(lines) > 0 {
					fmt.Fprintf(a.stdout, "\n%s can express:\n", f.Name)
					for _, c := range lines {
						fmt.Fprintf(a.stdout, "  - %s\n", c)
					}
				}
			}
			return nil
		},
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
