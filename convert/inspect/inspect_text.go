package inspect

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// WriteText prints the report as readable tables: bodies (kind, mass,
// world centre of mass, principal moments, where the values came from),
// joints (kind, bodies, world axis, range) and diagnostics. The JSON form
// (`inspect --json`) is the stable contract; this one is for people.
func (r *Report) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "format: %s\n\n", r.Format)
	fmt.Fprintf(tw, "BODY\tKIND\tMASS (kg)\tCOM (m)\tPRINCIPAL MOMENTS (kg·m²)\tSOURCE (mass/com/inertia)\tCOLLIDERS\n")
	for _, b := range r.Bodies {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", b.Name, b.Kind, numText(b.Mass), vecText(b.CenterOfMass),
			momentsText(b.Inertia), sourceText(b.Source), shapesText(b.Colliders))
	}
	if len(r.Bodies) == 0 {
		fmt.Fprintf(tw, "(none)\n")
	}
	fmt.Fprintf(tw, "\nJOINT\tKIND\tBODY A\tBODY B\tAXIS (world)\tLOWER\tUPPER\n")
	for _, j := range r.Joints {
		a, b := j.BodyA, j.BodyB
		if a == "" {
			a = "(world)"
		}
		if b == "" {
			b = "(world)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", j.Name, j.Kind, a, b, vecText(j.Axis), numText(j.Lower), numText(j.Upper))
	}
	if len(r.Joints) == 0 {
		fmt.Fprintf(tw, "(none)\n")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(r.Diagnostics) > 0 {
		if _, err := fmt.Fprintf(w, "\ndiagnostics:\n"); err != nil {
			return err
		}
		for _, d := range r.Diagnostics {
			if _, err := fmt.Fprintf(w, "  %s\n", d); err != nil {
				return err
			}
		}
	}
	return nil
}

func fmtShort(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
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
