package godot

import (
	"fmt"
	"strings"

	"github.com/physconv/physconv/convert"
)

// scansPrefix begins the name of a collision system that stands for a
// layer an object's mask scans: "scans Layer 3". Godot pairs two objects
// when the mask of one that responds meets the other's layer; glTF needs
// each side to accept the other. A filter that is in the systems of its
// layers and of the layers it scans, and accepts the layers it scans and
// the objects that scan its own, pairs as Godot does: A accepts B exactly
// when B is on a layer A scans or B scans a layer of A's, which is the
// same question both ways round.
const scansPrefix = "scans "

// scanName is the system standing for objects whose mask scans layer.
func scanName(layer string) string { return scansPrefix + layer }

// isScanName reports whether a system stands for a mask (scanName).
func isScanName(s string) bool { return strings.HasPrefix(s, scansPrefix) }

// filterBits lists each filter's Godot layer and mask, as read.
func (p *parser) filterBits() [][2]uint32 {
	bits := make([][2]uint32, len(p.g.Filters))
	for key, f := range p.filters {
		bits[f] = [2]uint32{uint32(key[0]), uint32(key[1])}
	}
	return bits
}

// godotPairs says whether Godot pairs the objects of filters i and j:
// one that responds (a rigid body, an area) must scan the other's layer.
func godotPairs(bits [][2]uint32, responds []bool, i, j int) bool {
	return responds[i] && bits[j][0]&bits[i][1] != 0 || responds[j] && bits[i][0]&bits[j][1] != 0
}

// pairsAsGodot reports whether the filters read pair every two objects of
// which one responds as Godot pairs them, and pair every two objects
// either way round, as targets that pair by layer masks (MuJoCo) read
// them: a floor accepting a box that does not accept it is a pair there.
func (p *parser) pairsAsGodot() bool {
	bits := p.filterBits()
	responds, still := filterUse(p.g)
	used := func(i int) bool { return responds[i] || still[i] }
	for i := range p.g.Filters {
		if !used(i) {
			continue
		}
		for j := i; j < len(p.g.Filters); j++ {
			if !used(j) {
				continue
			}
			fi, fj := p.g.Filters[i], p.g.Filters[j]
			pairs := fi.Accepts(fj)
			if pairs != fj.Accepts(fi) {
				return false
			}
			if (responds[i] || responds[j]) && pairs != godotPairs(bits, responds, i, j) {
				return false
			}
		}
	}
	return true
}

// scanFilters rewrites every filter so that it pairs as Godot does
// (scansPrefix). A filter no object that responds uses (of static and
// kinematic bodies, whose own mask Godot leaves out) scans nothing. Pairs
// in which only one object responds, both moving, become collisions in
// which both are pushed; they are recorded for targets whose contacts
// push both sides (convert.ExtraOneSidedContacts).
func (p *parser) scanFilters() {
	bits := p.filterBits()
	bits, responds := p.splitStill(bits)
	for i := range p.g.Filters {
		l, m := bits[i][0], bits[i][1]
		f := &p.g.Filters[i]
		f.Systems = p.bitNames(l)
		f.CollideWith, f.NotCollideWith = nil, nil
		if responds[i] {
			f.Systems = append(f.Systems, p.scanNames(m)...)
			f.CollideWith = p.bitNames(m)
		}
		f.CollideWith = append(f.CollideWith, p.scanNames(l)...)
	}
	for i := range p.g.Filters {
		if f := &p.g.Filters[i]; len(f.CollideWith) == 0 {
			// on no layer, scanning none: Godot pairs it with nothing,
			// and no object is in this system
			f.CollideWith = []string{scanName("no layer")}
		}
	}
	p.oneSided(bits, responds)
}

// splitStill gives the objects that do not respond their own copy of a
// filter that objects that do also use (a static floor and a rigid body
// of the same layer and mask), since only the latter's mask scans, and
// says of each filter whether it responds; bits grows with the copies.
func (p *parser) splitStill(bits [][2]uint32) ([][2]uint32, []bool) {
	responds, still := filterUse(p.g)
	copyOf := map[int]int{}
	owner := p.g.BodyOwners()
	for i := range p.g.Nodes {
		c := p.g.Nodes[i].Collider
		if c == nil || c.Filter < 0 || c.Filter >= len(responds) || !responds[c.Filter] || !still[c.Filter] {
			continue
		}
		if b := owner[i]; b >= 0 && p.g.Nodes[b].Motion.Kind == convert.Dynamic {
			continue
		}
		k, ok := copyOf[c.Filter]
		if !ok {
			k = len(p.g.Filters)
			f := p.g.Filters[c.Filter]
			f.Name += " (still)"
			p.g.Filters = append(p.g.Filters, f)
			bits = append(bits, bits[c.Filter])
			copyOf[c.Filter] = k
		}
		c.Filter = k
	}
	responds, _ = filterUse(p.g)
	return bits, responds
}

// scanNames lists the scan systems of set bits.
func (p *parser) scanNames(bits uint32) []string {
	names := p.bitNames(bits)
	for k, n := range names {
		names[k] = scanName(n)
	}
	return names
}

// oneSided records the pairs of filters of moving objects that Godot
// pairs one way only: a rigid body whose mask meets the other's layer is
// pushed, the other, whose mask misses, is not. Areas only detect.
func (p *parser) oneSided(bits [][2]uint32, responds []bool) {
	moving := make([]bool, len(p.g.Filters))
	owner := p.g.BodyOwners()
	for i := range p.g.Nodes {
		c := p.g.Nodes[i].Collider
		if c == nil || c.Filter < 0 || c.Filter >= len(moving) {
			continue
		}
		if b := owner[i]; b >= 0 && p.g.Nodes[b].Motion.Kind == convert.Dynamic {
			moving[c.Filter] = true
		}
	}
	var pairs []string
	for i := range p.g.Filters {
		for j := range p.g.Filters {
			if i == j || !moving[i] || !moving[j] {
				continue
			}
			if bits[j][0]&bits[i][1] != 0 && bits[i][0]&bits[j][1] == 0 {
				pairs = append(pairs, fmt.Sprintf("%s responds to %s, which does not respond to it",
					convert.FilterLabel(p.g, i), convert.FilterLabel(p.g, j)))
			}
		}
	}
	if len(pairs) > 0 {
		p.g.Extras[convert.ExtraOneSidedContacts] = pairs
	}
}
