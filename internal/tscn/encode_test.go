package tscn

import (
	"math/rand/v2"
	"testing"
)

// TestByteListsWrittenAsArgs: a byte array's Bytes are written as the
// same numbers given as arguments are, in both spacings, for lists of
// every length up to a few hundred and behind text already written into
// buffers of every spare capacity.
func TestByteListsWrittenAsArgs(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for trial := 0; trial < 3000; trial++ {
		data := make([]byte, rng.IntN(300))
		if trial < 260 {
			data = make([]byte, trial%5)
		}
		args := make([]Value, len(data))
		for i := range data {
			data[i] = byte(rng.IntN(256))
			if trial < 260 {
				data[i] = byte(trial)
			}
			args[i] = int64(data[i])
		}
		for _, godot3 := range []bool{false, true} {
			e := encoder{godot3: godot3}
			prefix := "v = "
			buf := make([]byte, len(prefix), len(prefix)+rng.IntN(6*len(data)+8))
			copy(buf, prefix)
			got := string(e.value(buf, &Call{Name: "PackedByteArray", Bytes: data}))
			want := string(e.value([]byte(prefix), &Call{Name: "PackedByteArray", Args: args}))
			if got != want {
				t.Fatalf("%v (godot3 %v): written\n%s\nas arguments\n%s", data, godot3, got, want)
			}
		}
	}
}
