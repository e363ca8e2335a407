package crosscheck

import (
	"fmt"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// Collision filters are compared by what they do, not how they are
// spelt: Godot layers and MJCF contype/conaffinity bits read back as
// filters over systems "Layer N" / "bitN". For every two colliders that
// both have a filter in the source, whether they collide must agree.
//
// The source's filters are KHR's: both sides must accept each other (a
// side accepts the other when one of the other's systems is in its
// collideWithSystems, or one is not in its notCollideWithSystems: the
// rule as layer masks, exact for the one-system filters generated). Godot and
// MuJoCo pair two objects when either side's mask meets the other's
// layer; their readers spell layer and mask as systems and
// collideWithSystems.

// engineOr names the targets whose engines pair colliders when either
// side accepts the other.
var engineOr = map[string]bool{"godot": true, "godot3": true, "mjcf": true}

func accepts(f, other *convert.Filter) bool {
	var sys []string
	if other != nil {
		sys = other.Systems
	}
	hit := func(list []string) bool {
		for _, s := range sys {
			if slices.Contains(list, s) {
				return true
			}
		}
		return false
	}
	switch {
	case len(f.CollideWith) > 0:
		return hit(f.CollideWith)
	case len(f.NotCollideWith) > 0:
		for _, s := range sys {
			if !slices.Contains(f.NotCollideWith, s) {
				return true
			}
		}
		return false
	}
	return true
}

func filtersCollide(a, b *convert.Filter, either bool) bool {
	if either {
		return accepts(a, b) || accepts(b, a)
	}
	return accepts(a, b) && accepts(b, a)
}

type placedCollider struct {
	shape      convert.ShapeKind
	node, body string
	at         convert.Vec3
	filter     *convert.Filter
}

func placedColliders(r *inspect.Report) []placedCollider {
	var out []placedCollider
	for _, b := range r.Bodies {
		for _, c := range b.Colliders {
			out = append(out, placedCollider{c.Shape, c.Node, b.Name, c.Position, c.Filter})
		}
	}
	return out
}

func (c placedCollider) describe() string {
	return fmt.Sprintf("%s on %q (body %q, filter %q)", c.shape, c.node, c.body, c.filter.Name)
}

// filterDiffs matches colliders by shape and position and lists the pairs
// of filtered colliders whose collision differs. Colliders without a match
// or without a filter on one side show in CompareReports instead.
func filterDiffs(want, got *inspect.Report, format string) []string {
	a, b := placedColliders(want), placedColliders(got)
	match := make([]int, len(a))
	used := make([]bool, len(b))
	for i, x := range a {
		match[i] = -1
		for k, y := range b {
			if !used[k] && x.shape == y.shape && closePoint(x.at, y.at) {
				match[i], used[k] = k, true
				break
			}
		}
	}
	var out []string
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if a[i].filter == nil || a[j].filter == nil || match[i] < 0 || match[j] < 0 {
				continue
			}
			x, y := b[match[i]], b[match[j]]
			if x.filter == nil || y.filter == nil {
				continue // a filter in only one: CompareReports says so
			}
			if src, dst := filtersCollide(a[i].filter, a[j].filter, false), filtersCollide(x.filter, y.filter, engineOr[format]); src != dst {
				out = append(out, fmt.Sprintf("collision filters: %s and %s collide %v vs %v", a[i].describe(), a[j].describe(), src, dst))
			}
		}
	}
	return out
}

// withoutFilterSpelling drops the report differences that only spell a
// filter differently; filterDiffs judges what filters do.
func withoutFilterSpelling(diffs []string) []string {
	var out []string
	for _, d := range diffs {
		if !strings.Contains(d, ": collision filter {") {
			out = append(out, d)
		}
	}
	return out
}
