package commands

import (
	"flag"
	"strings"
	"testing"
)

// The main usage and each command's usage list every flag the command
// takes (demo's --connections and --cache-mb were once missing).
func TestUsageListsEveryFlag(t *testing.T) {
	main := mainUsage()
	for _, cmd := range commandList() {
		fl := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
		cmd.define(fl)
		own := commandUsage(cmd)
		n := 0
		fl.VisitAll(func(f *flag.Flag) {
			n++
			if !strings.Contains(synopsis(cmd), "[--"+f.Name) || !strings.Contains(main, synopsis(cmd)) {
				t.Errorf("the main usage does not list %s --%s:\n%s", cmd.name, f.Name, main)
			}
			if !strings.Contains(own, "\n  --"+f.Name) {
				t.Errorf("%s --help does not describe --%s:\n%s", cmd.name, f.Name, own)
			}
		})
		if !strings.Contains(main, "propmatch "+cmd.name) {
			t.Errorf("the main usage does not list %s", cmd.name)
		}
		t.Logf("%s: %d flags", cmd.name, n)
	}
	for _, want := range []string{"--connections N", "--cache-mb MB", "--force", "--out FILE", "--trust-unsigned", "--addr ADDR", "--demo"} {
		if !strings.Contains(main, want) {
			t.Errorf("the main usage does not show %q", want)
		}
	}
}
