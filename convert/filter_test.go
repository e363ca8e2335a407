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
}
