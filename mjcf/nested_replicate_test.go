package mjcf

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestNestedReplicateNames: bodies of nested <replicate>s are named as
// MuJoCo 3 names them, the inner copy's number first, so each name is at
// the pose MuJoCo gives it: 6 generated nests two and three deep.
func TestNestedReplicateNames(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 67))
	for seed := range 6 {
		depth := 2 + seed%2
		inner := `<body name="s" pos="0 0 1"><geom type="sphere" size="0.05"/></body>`
		for d := range depth {
			inner = fmt.Sprintf(`<replicate count="%d" offset="%d %d %d" sep="%s">%s</replicate>`, 2+r.IntN(3), d%3/2+1-d%2, d%2, d/2, []string{"", "_"}[r.IntN(2)], inner)
		}
		src := `<mujoco><worldbody>` + inner + `</worldbody></mujoco>`
		sameInMuJoCo(t, fmt.Sprintf("seed %d", seed), src, 1)
	}
}
