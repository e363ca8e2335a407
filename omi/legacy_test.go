package omi

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// currentPair maps a legacy corpus example to the current example the
// upstream migration produced from it (spec digest §3.2), "" when there
// is none.
func currentPair(root, legacy string) string {
	rel, _ := filepath.Rel(filepath.Join(root, "omi", "legacy"), legacy)
	parts := strings.SplitN(filepath.ToSlash(rel), "/", 2)
	if len(parts) != 2 {
		return ""
	}
	tail := parts[1]
	candidates := []string{tail}
	if strings.HasPrefix(tail, "OMI_collider/") {
		// OMI_collider examples became OMI_physics_shape examples
		// (hull → convex).
		shape := "OMI_physics_shape/" + strings.TrimPrefix(tail, "OMI_collider/")
		candidates = append(candidates, strings.ReplaceAll(shape, "hull/", "convex/"))
	}
	for _, c := range candidates {
		p := filepath.Join(root, "omi", "current", filepath.FromSlash(c))
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// TestLegacyPairsEqualPhysics: each legacy example parses to the same
// physics as its current counterpart.
func TestLegacyPairsEqualPhysics(t *testing.T) {
	root := testenv.Corpus(t)
	pairs := 0
	for _, old := range corpusFiles(t, filepath.Join("omi", "legacy")) {
		cur := currentPair(root, old)
		rel, _ := filepath.Rel(root, old)
		if cur == "" {
			t.Logf("%s: no current counterpart", rel)
			continue
		}
		pairs++
		t.Run(rel, func(t *testing.T) {
			ga, da, err := parseFile(t, old)
			if err != nil {
				t.Fatal(err)
			}
			gb, db, err := parseFile(t, cur)
			if err != nil {
				t.Fatal(err)
			}
			a, b := inspect.Inspect(ga, "omi", da), inspect.Inspect(gb, "omi", db)
			for _, d := range inspect.CompareReports(a, b, 1e-6) {
				t.Errorf("%s", d)
			}
		})
	}
	if pairs < 30 {
		t.Errorf("only %d legacy/current pairs found", pairs)
	}
}
