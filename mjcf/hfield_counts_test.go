package mjcf

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// Height field counts whose product wraps (two counts near 2³¹·⁵) passed
// the bound on nrow×ncol and ended in an internal error with no place;
// each is checked by division now, and the error names the element.
func TestHFieldCountsBounded(t *testing.T) {
	for _, c := range []struct{ nrow, ncol, want string }{
		{"3037000500", "3037000500", "nrow 3037000500 × ncol 3037000500: not 0 to 16777216 samples"},
		{"4611686018427387904", "4", "nrow 4611686018427387904 × ncol 4: not 0 to 16777216 samples"},
		{"4097", "4097", "nrow 4097 × ncol 4097: not 0 to 16777216 samples"},
		{"-1", "4", "nrow -1 × ncol 4"},
	} {
		src := fmt.Sprintf(`<mujoco>
<asset><hfield name="h" nrow=%q ncol=%q size="1 1 1 0.1"/></asset>
<worldbody><geom type="hfield" hfield="h"/></worldbody></mujoco>`, c.nrow, c.ncol)
		_, _, err := Parse(&convert.Input{Name: "h.xml", Data: []byte(src), Options: &convert.Options{}})
		var fe *convert.FormatError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) || fe.Line != 2 || strings.Contains(err.Error(), "internal") {
			t.Errorf("%s×%s: %v", c.nrow, c.ncol, err)
		}
	}
	// the largest field taken still reads
	src := `<mujoco><asset><hfield name="h" nrow="4096" ncol="4096" size="1 1 1 0.1"/></asset><worldbody><geom type="hfield" hfield="h"/></worldbody></mujoco>`
	if _, _, err := Parse(&convert.Input{Name: "h.xml", Data: []byte(src), Options: &convert.Options{}}); err != nil {
		t.Errorf("4096×4096: %v", err)
	}
}
