package convert

import "testing"

func TestFilterAccepts(t *testing.T) {
	player := Filter{Systems: []string{"player"}}
	debris := Filter{Systems: []string{"debris"}}
	both := Filter{Systems: []string{"player", "debris"}}
	for _, c := range []struct {
		f, other Filter
		want     bool
	}{
		{Filter{}, player, true},
		{Filter{CollideWith: []string{"debris"}}, player, false},
		{Filter{CollideWith: []string{"debris"}}, both, true},
		{Filter{NotCollideWith: []string{"debris"}}, debris, false},
		{Filter{NotCollideWith: []string{"debris"}}, both, true},
		{Filter{NotCollideWith: []string{"debris"}}, player, true},
		// a collider in no system is in none of the excluded ones
		{Filter{NotCollideWith: []string{"debris"}}, Filter{}, true},
		{Filter{CollideWith: []string{"debris"}}, Filter{}, false},
		{Filter{Systems: []string{"body:a"}, NotCollideWith: []string{"body:b"}}, Filter{Systems: []string{"body:b"}}, false},
	} {
		if got := c.f.Accepts(c.other); got != c.want {
			t.Errorf("%+v accepts %+v = %v, want %v", c.f, c.other, got, c.want)
		}
	}
	a := Filter{Systems: []string{"player"}, CollideWith: []string{"debris"}}
	b := Filter{Systems: []string{"debris"}, CollideWith: []string{"props"}}
	if FiltersCollide(a, b) || !FiltersCollide(a, Filter{Systems: []string{"debris"}}) {
		t.Errorf("FiltersCollide needs both sides to accept")
	}
	// an MJCF <exclude> of bodies a and b: they never touch, and each
	// touches a geom with no filter
	ea := Filter{Systems: []string{"body:a"}, NotCollideWith: []string{"body:b"}}
	eb := Filter{Systems: []string{"body:b"}, NotCollideWith: []string{"body:a"}}
	if FiltersCollide(ea, eb) || !FiltersCollide(ea, Filter{}) || !FiltersCollide(Filter{}, eb) {
		t.Errorf("an exclude pair must keep its bodies apart and let them touch the rest")
	}
}
