package mjcf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// geomMask is the contype and conaffinity of one geom that collides.
type geomMask struct {
	collider *convert.Collider
	masks    [2]int // contype, conaffinity
}

// MuJoCo pairs two geoms when either one's contype meets the other's
// conaffinity; a Graph filter pair collides when each filter accepts the
// other (glTF's rule), and a collider without a filter accepts all but is
// in no system. filterMasks gives the geoms filters that pair them as
// MuJoCo does, in one of two forms:
//
//   - by bits, when that is exact for the masks the model uses: a geom
//     with the default masks (1, 1) has no filter, any other is a member
//     of systems "bitK" for its contype bits and collides with those of
//     its conaffinity bits (none: "none"). Exact when every two masks
//     in use pair alike both ways (contype equal to conaffinity, say) —
//     most models.
//   - crosswise otherwise (one-sided masks: a floor of contype 0 and
//     conaffinity 1 under bodies of contype 1 and conaffinity 0): every
//     geom, the default ones too, is a member of "bitK" for its contype
//     bits and "affK" for its conaffinity bits, and collides with "affK"
//     for its contype bits and "bitK" for its conaffinity bits. Each side
//     then accepts the other exactly when either direction of MuJoCo's
//     rule holds. An <exclude> cannot be added to such a filter (it
//     lists what it collides with), so excludes are kept for MJCF only
//     (excludesLost says so).
//
// MJCF output writes both forms back as the masks they came from
// (sourceMasks).
func (p *parser) filterMasks() {
	var kinds [][2]int
	for _, g := range p.geomMasks {
		if !slices.Contains(kinds, g.masks) {
			kinds = append(kinds, g.masks)
		}
	}
	if len(kinds) == 0 || len(kinds) == 1 && kinds[0] == [2]int{1, 1} {
		return
	}
	crosswise := false
	for _, a := range kinds {
		for _, b := range kinds {
			if convert.FiltersCollide(bitFilterOf(a), bitFilterOf(b)) != mujocoPairs(a, b) {
				crosswise = true
			}
		}
	}
	index := map[[2]int]int{}
	for _, g := range p.geomMasks {
		if g.masks == [2]int{1, 1} && !crosswise {
			continue
		}
		i, ok := index[g.masks]
		if !ok {
			f := bitFilterOf(g.masks)
			if crosswise {
				f = crossFilter(g.masks)
			}
			f.Name = fmt.Sprintf("contype %d conaffinity %d", g.masks[0], g.masks[1])
			i = len(p.g.Filters)
			p.g.Filters = append(p.g.Filters, f)
			index[g.masks] = i
		}
		g.collider.Filter = i
	}
}

// mujocoPairs is MuJoCo's rule for two geoms' masks.
func mujocoPairs(a, b [2]int) bool { return a[0]&b[1] != 0 || b[0]&a[1] != 0 }

// bitFilterOf is the by-bits filter of masks: the zero Filter (which
// convert.FiltersCollide reads as no filter: accepting all, in no
// system) for the default ones.
func bitFilterOf(m [2]int) convert.Filter {
	if m == [2]int{1, 1} {
		return convert.Filter{}
	}
	f := convert.Filter{Systems: bitNames(m[0]), CollideWith: bitNames(m[1])}
	if len(f.CollideWith) == 0 {
		f.CollideWith = []string{"none"}
	}
	return f
}

// crossFilter is the crosswise filter of masks.
func crossFilter(m [2]int) convert.Filter {
	f := convert.Filter{Systems: append(bitNames(m[0]), affNames(m[1])...), CollideWith: append(affNames(m[0]), bitNames(m[1])...)}
	if len(f.CollideWith) == 0 {
		f.CollideWith = []string{"none"}
	}
	return f
}

func affNames(mask int) []string {
	var out []string
	for b := 0; b < 32; b++ {
		if mask&(1<<b) != 0 {
			out = append(out, "aff"+strconv.Itoa(b))
		}
	}
	return out
}

// sourceMasks returns the contype and conaffinity a filter made by
// filterMasks came from (bodies' systems from <exclude> aside); ok is
// false for any other filter.
func sourceMasks(f convert.Filter) (ct, ca int, ok bool) {
	bits, affs, _, ok1 := maskSystems(f.Systems, convert.IsBodySystem)
	with, withAff, none, ok2 := maskSystems(f.CollideWith, func(s string) bool { return s == "none" })
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	switch {
	case len(f.CollideWith) == 0 || none && (with != 0 || withAff != 0):
		return 0, 0, false
	case affs == 0 && withAff == 0: // by bits
		return bits, with, true
	case withAff == bits && with == affs: // crosswise
		return bits, affs, true
	}
	return 0, 0, false
}

// maskSystems reads a list of systems "bitK" and "affK" as the masks of
// their bits; other names than those skip allows (skipped reports one
// was there) make ok false.
func maskSystems(names []string, skip func(string) bool) (bits, affs int, skipped, ok bool) {
	for _, s := range names {
		switch {
		case skip(s):
			skipped = true
		case maskBit(s, "bit") >= 0:
			bits |= 1 << maskBit(s, "bit")
		case maskBit(s, "aff") >= 0:
			affs |= 1 << maskBit(s, "aff")
		default:
			return 0, 0, false, false
		}
	}
	return bits, affs, skipped, true
}

// maskBit is K of a system named prefix+K (0 ≤ K < 32), or -1.
func maskBit(s, prefix string) int {
	rest, ok := strings.CutPrefix(s, prefix)
	if !ok {
		return -1
	}
	k, err := strconv.Atoi(rest)
	if err != nil || k < 0 || k > 31 || strconv.Itoa(k) != rest {
		return -1
	}
	return k
}
