package inspect

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// WriteText prints the report for people: a summary (bodies, joints,
// degrees of freedom, total mass, the frame), then tables within 100
// columns: bodies (kind, mass, where the values came from, colliders),
// mass properties (world centre of mass, principal moments), joints (kind,
// bodies, world axis, range) and diagnostics. The JSON form (`inspect
// --json`) is the stable contract; this one is for people.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	s := r.Summarize()
	fmt.Fprintf(&b, "format: %s\n", r.Format)
	frame := r.Frame
	if frame == "" {
		frame = "Y-up world (metres, kilograms, radians)"
	}
	fmt.Fprintf(&b, "frame: %s\n", frame)
	fmt.Fprintf(&b, "%s\n\n", s)
	bodies := &table{head: []string{"BODY", "KIND", "MASS (kg)", "SOURCE (mass/com/inertia)", "COLLIDERS"}, shrink: []bool{true, false, false, false, true}}
	props := &table{head: []string{"BODY", "COM (m)", "PRINCIPAL MOMENTS (kg·m²)"}, shrink: []bool{true, false, false}}
	for _, x := range r.Bodies {
		bodies.add(x.Name, string(x.Kind), numText(x.Mass), sourceText(x.Source), shapesText(x.Colliders))
		if x.Kind != convert.Static {
			props.add(x.Name, vecText(x.CenterOfMass), momentsText(x.Inertia))
		}
	}
	if len(r.Bodies) == 0 {
		b.WriteString("bodies: (none)\n")
	} else {
		bodies.write(&b)
	}
	if len(props.rows) > 0 {
		b.WriteString("\n")
		props.write(&b)
	}
	joints := &table{head: []string{"JOINT", "KIND", "BODY A", "BODY B", "AXIS (world)", "LOWER", "UPPER"}, shrink: []bool{true, false, true, true, false, false, false}}
	for _, j := range r.Joints {
		a, c := j.BodyA, j.BodyB
		if a == "" {
			a = World
		}
		if c == "" {
			c = World
		}
		joints.add(j.Name, j.Kind, a, c, vecText(j.Axis), numText(j.Lower), numText(j.Upper))
	}
	b.WriteString("\n")
	if len(r.Joints) == 0 {
		b.WriteString("joints: (none)\n")
	} else {
		joints.write(&b)
	}
	if len(r.Diagnostics) > 0 {
		b.WriteString("\ndiagnostics:\n")
		for _, d := range r.Diagnostics {
			fmt.Fprintf(&b, "  %s\n", d)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String is the summary, on two lines.
func (s Summary) String() string {
	var kinds []string
	for _, k := range []struct {
		n    int
		name string
	}{{s.Dynamic, "dynamic"}, {s.Kinematic, "kinematic"}, {s.Static, "static"}} {
		if k.n > 0 {
			kinds = append(kinds, fmt.Sprintf("%d %s", k.n, k.name))
		}
	}
	bodies := fmt.Sprint(s.Bodies)
	if len(kinds) > 0 {
		bodies += " (" + strings.Join(kinds, ", ") + ")"
	}
	m := fmtShort(s.TotalMass) + " kg"
	if s.Unknown > 0 {
		m += fmt.Sprintf(" (+%d without a finite mass)", s.Unknown)
	}
	return fmt.Sprintf("bodies: %s · joints: %d\ndegrees of freedom: %d · total mass: %s", bodies, s.Joints, s.DOF, m)
}

// MaxWidth is the widest line WriteText's tables print.
const MaxWidth = 100

// table lays out columns two spaces apart; when a row would pass MaxWidth
// the shrinkable columns (names) are cut, the widest first, ending in "…".
type table struct {
	head   []string
	shrink []bool
	rows   [][]string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func width(s string) int { return utf8.RuneCountInString(s) }

func (t *table) write(b *strings.Builder) {
	w := make([]int, len(t.head))
	for _, row := range append([][]string{t.head}, t.rows...) {
		for i, c := range row {
			w[i] = max(w[i], width(c))
		}
	}
	total := func() int {
		n := 2 * (len(w) - 1)
		for _, x := range w {
			n += x
		}
		return n
	}
	for total() > MaxWidth {
		k := -1
		for i := range w {
			if t.shrink[i] && w[i] > 8 && (k < 0 || w[i] > w[k]) {
				k = i
			}
		}
		if k < 0 {
			break
		}
		w[k]--
	}
	for _, row := range append([][]string{t.head}, t.rows...) {
		var line strings.Builder
		for i, c := range row {
			if width(c) > w[i] {
				c = string([]rune(c)[:w[i]-1]) + "…"
			}
			line.WriteString(c)
			if i < len(row)-1 {
				line.WriteString(strings.Repeat(" ", w[i]-width(c)+2))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

func fmtShort(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

func numText(n *Num) string {
	if n == nil {
		return "-"
	}
	return fmtShort(float64(*n))
}

// vecText prints a vector, showing components that are rounding noise
// next to the largest one (below 1e-12 of it) as 0.
func vecText(v *convert.Vec3) string {
	if v == nil {
		return "-"
	}
	c := *v
	big := math.Max(math.Abs(c[0]), math.Max(math.Abs(c[1]), math.Abs(c[2])))
	for k := range c {
		if math.Abs(c[k]) < 1e-12*big {
			c[k] = 0
		}
	}
	return "(" + fmtShort(c[0]) + ", " + fmtShort(c[1]) + ", " + fmtShort(c[2]) + ")"
}

// momentsText shows the principal moments of the world tensor (the
// eigenvalues do not depend on the frame). Infinite entries are shown as
// they are.
func momentsText(t *[3][3]Num) string {
	if t == nil {
		return "-"
	}
	var m convert.Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			m[i][j] = float64(t[i][j])
			if math.IsInf(m[i][j], 0) || math.IsNaN(m[i][j]) {
				return "(" + fmtShort(float64(t[0][0])) + ", " + fmtShort(float64(t[1][1])) + ", " + fmtShort(float64(t[2][2])) + ")"
			}
		}
	}
	d, _ := mass.PrincipalAxes(m)
	return vecText(&d)
}

func sourceText(s SourceReport) string {
	or := func(x convert.Source) string {
		if x == "" {
			return "-"
		}
		return string(x)
	}
	return or(s.Mass) + "/" + or(s.CenterOfMass) + "/" + or(s.Inertia)
}

func shapesText(ss []ShapeReport) string {
	if len(ss) == 0 {
		return "-"
	}
	counts := map[convert.ShapeKind]int{}
	var order []convert.ShapeKind
	for _, s := range ss {
		if counts[s.Shape] == 0 {
			order = append(order, s.Shape)
		}
		counts[s.Shape]++
	}
	parts := make([]string, 0, len(order))
	for _, k := range order {
		if counts[k] > 1 {
			parts = append(parts, fmt.Sprintf("%d×%s", counts[k], k))
		} else {
			parts = append(parts, string(k))
		}
	}
	return strings.Join(parts, ", ")
}
