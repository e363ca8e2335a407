package godot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A HeightMapShape3D's sizes are whole numbers of at least 2: sizes whose
// product wraps as an int said a field needed a negative number of
// heights, negative sizes that -2×-2 needed 4 and had 4, and a width
// past 2⁵³ was printed after a round trip through float.
func TestHeightMapSizes(t *testing.T) {
	for _, c := range []struct{ w, d, data, want string }{
		{"3037000500", "3037000500", "0, 0, 0, 0", "HeightMapShape 3037000500×3037000500 needs 9223372037000250000 heights, has 4"},
		{"4", "4611686018427387904", "0, 0, 0, 0", "HeightMapShape 4×4611686018427387904 needs 18446744073709551616 heights, has 4"},
		{"-2", "-2", "0, 0, 0, 0", "map_width -2 and map_depth -2: each must be a whole number, at least 2"},
		{"2.5", "2", "0, 0, 0, 0, 0", "map_width 2.5 and map_depth 2: each must be a whole number, at least 2"},
		{"3", "2", "0, 0, 0, 0", "HeightMapShape 3×2 needs 6 heights, has 4"},
	} {
		scene := fmt.Sprintf(`[gd_scene load_steps=2 format=3]

[sub_resource type="HeightMapShape3D" id="h"]
map_width = %s
map_depth = %s
map_data = PackedFloat32Array(%s)

[node name="Ground" type="StaticBody3D"]

[node name="Shape" type="CollisionShape3D" parent="."]
shape = SubResource("h")
`, c.w, c.d, c.data)
		_, _, err := Parse(&convert.Input{Name: "h.tscn", Data: []byte(scene), Options: &convert.Options{}})
		var fe *convert.FormatError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) || fe.Line != 3 {
			t.Errorf("%s×%s: %v", c.w, c.d, err)
		}
	}
}
