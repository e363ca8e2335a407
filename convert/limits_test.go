package convert

import (
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

func TestParseLimit(t *testing.T) {
	cases := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"1", 1, true}, {"2000000", 2_000_000, true}, {"2_000_000", 2_000_000, true},
		{"5k", 5000, true}, {"3M", 3_000_000, true}, {"2G", 2_000_000_000, true},
		{"1KiB", 1024, true}, {"4MiB", 4 << 20, true}, {"2GiB", 2 << 30, true},
		{"0", 0, false}, {"-5", 0, false}, {"1.5M", 0, false}, {"abc", 0, false}, {"", 0, false},
		{"99999999999G", 0, false},
	}
	for _, c := range cases {
		got, err := ParseLimit(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseLimit(%q) = %d, %v; want %d, ok=%v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestLimitsDefaultsAndOverrides(t *testing.T) {
	if got := (Limits{}).Or(); got != DefaultLimits {
		t.Errorf("zero Limits = %+v, want the defaults %+v", got, DefaultLimits)
	}
	got := Limits{Nodes: 7}.Or()
	if got.Nodes != 7 || got.Triangles != DefaultLimits.Triangles || got.InputBytes != DefaultLimits.InputBytes || got.Elements != DefaultLimits.Elements {
		t.Errorf("Limits{Nodes: 7}.Or() = %+v", got)
	}
	for _, s := range LimitSpecs {
		if *s.Field(&DefaultLimits) <= 0 {
			t.Errorf("%s has no default", s.Name)
		}
		if _, ok := LimitSpecByName(s.Name); !ok {
			t.Errorf("%s not found by name", s.Name)
		}
	}
}

// Every kind of budget refuses what passes it, names the place and the
// flag, and leaves the counts of what fitted.
func TestBudgetCharges(t *testing.T) {
	kinds := []struct {
		flag   string
		charge func(b *Budget, n int64) error
	}{
		{"max-nodes", func(b *Budget, n int64) error { return b.Nodes("nodes[3]", n) }},
		{"max-triangles", func(b *Budget, n int64) error { return b.Triangles("nodes[3]", n) }},
		{"max-elements", func(b *Budget, n int64) error { return b.Elements("nodes[3]", n) }},
	}
	for _, k := range kinds {
		b := NewBudget(Limits{Nodes: 10, Triangles: 10, Elements: 10})
		if err := k.charge(b, 6); err != nil {
			t.Fatalf("%s: 6 of 10: %v", k.flag, err)
		}
		if err := k.charge(b, 4); err != nil {
			t.Fatalf("%s: 10 of 10: %v", k.flag, err)
		}
		err := k.charge(b, 1)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Path != "nodes[3]" || !strings.Contains(fe.Msg, "--"+k.flag) || !strings.Contains(fe.Msg, k.flag+":") {
			t.Errorf("%s: 11 of 10: %v", k.flag, err)
		}
		if err := k.charge(b, -1); err == nil {
			t.Errorf("%s: a negative count must fail", k.flag)
		}
		if err := k.charge(nil, math.MaxInt64); err != nil {
			t.Errorf("%s: a nil budget must not fail: %v", k.flag, err)
		}
	}
}

func TestInputBudgetShared(t *testing.T) {
	in := &Input{Options: &Options{Limits: Limits{Nodes: 3}}}
	if in.Budget() != in.Budget() {
		t.Fatal("one input, two budgets")
	}
	if err := in.Budget().Nodes("a", 3); err != nil {
		t.Fatal(err)
	}
	if err := in.Budget().Nodes("b", 1); err == nil {
		t.Error("the second charge must see the first")
	}
}

func TestInputBytesLimit(t *testing.T) {
	fsys := fstest.MapFS{"small.bin": {Data: make([]byte, 10)}, "big.bin": {Data: make([]byte, 11)}}
	in := &Input{Name: "x", FS: fsys, Dir: ".", Options: &Options{Limits: Limits{InputBytes: 10}}}
	LimitSideFiles(in)
	if _, err := in.Open("small.bin"); err != nil {
		t.Errorf("10 bytes at a 10-byte limit: %v", err)
	}
	_, err := in.Open("big.bin")
	if err == nil || !strings.Contains(err.Error(), "max-input-bytes") {
		t.Errorf("11 bytes at a 10-byte limit: %v", err)
	}
	if err := (Limits{InputBytes: 10}).CheckSize("f", 11); err == nil {
		t.Error("CheckSize let 11 bytes pass a 10-byte limit")
	}
	if _, err := ReadLimited(strings.NewReader("0123456789A"), "<stdin>", 10); err == nil {
		t.Error("readLimited let 11 bytes pass a 10-byte limit")
	}
}

// TestReadSizedAsReadLimited: a read sized from the file's stated length
// gives what ReadLimited gives — the bytes, or the limit's error — whether
// the length is right, short (the file grew) or long (it shrank).
func TestReadSizedAsReadLimited(t *testing.T) {
	for _, c := range []struct{ n, size, max int64 }{
		{0, 0, 10}, {10, 10, 10}, {11, 11, 10}, {5, 2, 10}, {12, 2, 10}, {5, 9, 10}, {5, 100, 10}, {3000, 3000, 1 << 20}, {3000, 10, 1 << 20},
	} {
		data := strings.Repeat("x", int(c.n))
		want, wantErr := ReadLimited(strings.NewReader(data), "f", c.max)
		got, err := readLimitedSized(strings.NewReader(data), "f", c.max, c.size)
		if (err == nil) != (wantErr == nil) || string(got) != string(want) {
			t.Errorf("%d bytes stated %d, limit %d: %d bytes, %v; ReadLimited %d bytes, %v", c.n, c.size, c.max, len(got), err, len(want), wantErr)
		}
	}
}
