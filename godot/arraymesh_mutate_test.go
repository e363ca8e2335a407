package godot

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestArrayMeshMutated: ArrayMesh surfaces whose format flags, counts and
// data lengths disagree in every way (generated from a written scene of
// either Godot version: flags set and cleared, counts changed, byte
// arrays cut short, lengthened or emptied) are read or refused with a
// FormatError naming the line, never by indexing past the data. A
// surface in mesh format 2 with fewer than 12 bytes a vertex did the
// latter.
func TestArrayMeshMutated(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 12))
	format := regexp.MustCompile(`"format": (\d+)`)
	count := regexp.MustCompile(`"(vertex_count|index_count)": (\d+)`)
	array := regexp.MustCompile(`((?:Pool|Packed)ByteArray)\(([^)]*)\)`)
	flags := []int64{g3FormatIndex, g3CompressVertex, g4FormatIndex, g4FormatColor, g4FormatTexUV, g4FormatVersion2, 1 << 1, 1 << 2, 1 << 5, 1 << 6}
	for _, version := range []int{4, 3} {
		out, _, err := Emit(tetraVisuals(4), (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
		if err != nil {
			t.Fatal(err)
		}
		scene := string(out.Main)
		if !format.MatchString(scene) || !array.MatchString(scene) {
			t.Fatalf("Godot %d: no surface to change in\n%s", version, scene)
		}
		for k := 0; k < 1500; k++ {
			s := format.ReplaceAllStringFunc(scene, func(m string) string {
				f, _ := strconv.ParseInt(format.FindStringSubmatch(m)[1], 10, 64)
				for i := rng.IntN(3); i > 0; i-- {
					f ^= flags[rng.IntN(len(flags))]
				}
				return fmt.Sprintf(`"format": %d`, f)
			})
			s = count.ReplaceAllStringFunc(s, func(m string) string {
				if rng.IntN(2) == 0 {
					return m
				}
				return fmt.Sprintf(`"%s": %d`, count.FindStringSubmatch(m)[1], rng.IntN(9))
			})
			s = array.ReplaceAllStringFunc(s, func(m string) string {
				sub := array.FindStringSubmatch(m)
				elems := strings.Split(sub[2], ", ")
				switch rng.IntN(4) {
				case 0:
					elems = elems[:rng.IntN(len(elems)+1)]
				case 1:
					for i := rng.IntN(40); i > 0; i-- {
						elems = append(elems, strconv.Itoa(rng.IntN(256)))
					}
				case 2:
					elems = elems[:rng.IntN(len(elems)+1)/4*4]
				}
				if len(elems) == 1 && elems[0] == "" {
					elems = nil
				}
				return sub[1] + "(" + strings.Join(elems, ", ") + ")"
			})
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("Godot %d: panic %v reading\n%s", version, r, s)
					}
				}()
				_, _, err := Parse(&convert.Input{Name: "mesh.tscn", Data: []byte(s), Options: &convert.Options{}})
				var fe *convert.FormatError
				if err != nil && (!errors.As(err, &fe) || fe.Line == 0) {
					t.Fatalf("Godot %d: error %v (%T), want a FormatError with its line, reading\n%s", version, err, err, s)
				}
			}()
		}
	}
}
