package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestStateSectionsSaidOnce: <sensor> and <keyframe> measure or store
// states; no output writes them, MJCF's included. The reader said they
// were kept for MJCF output and the MJCF writer then that it did not
// write them: two diagnostics that contradict each other. The reader now
// says once that they are not converted, and the writer nothing more.
func TestStateSectionsSaidOnce(t *testing.T) {
	src := `<mujoco model="m"><worldbody><body name="b" pos="0 0 1"><joint name="j" type="hinge"/><geom type="box" size="0.1 0.1 0.1"/></body></worldbody>
<sensor><jointpos joint="j"/></sensor>
<keyframe><key name="home" qpos="0.5"/></keyframe></mujoco>`
	g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	_, more, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	diags = append(diags, more...)
	for _, section := range []string{"sensor", "keyframe"} {
		dropped, kept := 0, 0
		for _, d := range diags {
			if !strings.Contains(d.Message, "<"+section+">") {
				continue
			}
			switch d.Code {
			case convert.CodeMjcfSectionDropped:
				dropped++
			case convert.CodeMjcfSectionKept:
				kept++
			}
		}
		if dropped != 1 || kept != 0 {
			t.Errorf("<%s>: said dropped %d times, kept %d times: %v", section, dropped, kept, diags)
		}
	}
}
