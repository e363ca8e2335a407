package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/sidenames"
)

// plan decides every input's output path up front, so two inputs that
// would write the same output are caught before anything is written.
func (b *batchRun) plan(rels []string) []batchInput {
	inputs := make([]batchInput, len(rels))
	// Outputs can land on inputs only in place or when SRC lies inside
	// DST (a DST inside SRC is never walked for inputs).
	realSrc, realDst := RealPath(b.src), RealPath(b.dst)
	overlap := within(realDst, realSrc)
	isInput := make(map[string]bool, len(rels))
	if overlap {
		for _, r := range rels {
			isInput[r] = true
		}
	}
	// overwritesInput: the output is a file below SRC that is an input of
	// this run or, whatever the shard or globs, one a format reads.
	overwritesInput := func(output string) bool {
		if !overlap {
			return false
		}
		rel, err := filepath.Rel(realSrc, RealPath(b.absOut(output)))
		if err != nil || !filepath.IsLocal(rel) {
			return false
		}
		rel = filepath.ToSlash(rel)
		if isInput[rel] {
			return true
		}
		st, err := os.Stat(b.absIn(rel))
		return err == nil && st.Mode().IsRegular() && readable(b.reg, rel)
	}
	owner := make(map[string]string, len(rels))
	for i, rel := range rels {
		in := batchInput{rel: rel}
		opts, _ := b.optionsFor(rel)
		in.output, in.plan = b.outputFor(rel, &opts)
		if in.plan == nil && b.hasTwin(rel, in.output) {
			in.output = twinName(rel, in.output)
		}
		switch {
		case in.plan != nil:
		case owner[in.output] != "":
			in.plan = &planError{code: convert.CodeOutputCollision, msg: fmt.Sprintf(
				"output %s is already the output of %s; rename one of them or exclude it", in.output, owner[in.output])}
		case overwritesInput(in.output):
			in.plan = &planError{code: convert.CodeOutputCollision, msg: fmt.Sprintf(
				"output %s would overwrite an input; choose another destination folder", in.output)}
		default:
			owner[in.output] = rel
		}
		inputs[i] = in
	}
	return inputs
}

// planError is a reason an input cannot be converted before trying.
type planError struct {
	code convert.Code
	msg  string
}

func (e *planError) Error() string { return e.msg }

// outputFor maps an input to its output path: same folder, the target's
// extension (the input's own when the target claims it too, so .glb stays
// .glb).
func (b *batchRun) outputFor(rel string, opts *convert.Options) (string, error) {
	if opts.To == "" {
		return "", &planError{code: convert.CodeTargetMissing,
			msg: "no target format for this file: give --to or a `to:` in physconv.yaml"}
	}
	to, err := b.reg.Lookup(opts.To)
	if err != nil {
		return "", &planError{code: convert.CodeTargetUnknown, msg: err.Error()}
	}
	if to.Emit == nil || len(to.Extensions) == 0 {
		return "", &planError{code: convert.CodeTargetUnknown, msg: fmt.Sprintf("physconv cannot write %s files", to.Name)}
	}
	ext := strings.ToLower(path.Ext(rel))
	newExt := to.Extensions[0]
	for _, e := range to.Extensions {
		if e == ext {
			newExt = e
		}
	}
	return strings.TrimSuffix(rel, path.Ext(rel)) + newExt, nil
}

// hasTwin reports whether another file beside rel with the same stem and
// another input extension (X.gltf beside X.glb) would be converted to the
// same output path. The answer depends only on the files on disk, not on
// which ones this run converts, so every run and every shard picks the
// same names.
func (b *batchRun) hasTwin(rel, output string) bool {
	ext := path.Ext(rel)
	stem := strings.TrimSuffix(rel, ext)
	seen := map[string]bool{strings.ToLower(ext): true}
	for _, f := range b.reg.Formats() {
		if f.Parse == nil {
			continue
		}
		for _, e := range f.Extensions {
			if seen[e] || strings.Count(e, ".") > 1 {
				continue
			}
			seen[e] = true
			twin := stem + e
			st, err := os.Stat(b.absIn(twin))
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			opts, _ := b.optionsFor(twin)
			if out, err := b.outputFor(twin, &opts); err == nil && out == output {
				return true
			}
		}
	}
	return false
}

// twinName keeps the input's extension in the output name of a twin:
// X.gltf and X.glb become X.gltf.urdf and X.glb.urdf.
func twinName(rel, output string) string {
	ext := path.Ext(rel)
	return strings.TrimSuffix(rel, ext) + "." + strings.ToLower(strings.TrimPrefix(ext, ".")) + path.Ext(output)
}

// optionsFor resolves one input's options: base options, then the
// configuration's defaults and matching rules, then the overrides; and the
// diagnostic levels gathered along the way.
func (b *batchRun) optionsFor(rel string) (convert.Options, map[string]string) {
	opts := b.opts.Options
	levels := map[string]string{}
	if c := b.opts.Config; c != nil {
		c.Apply(rel, &opts, levels)
	}
	b.opts.Overrides.ApplyTo(&opts, levels)
	return opts, levels
}

// convertOne converts input i; it never panics on bad input and never
// leaves a partial file.
func (b *batchRun) convertOne(ctx context.Context, i int) (res *FileResult) {
	start := time.Now()
	in := b.inputs[i]
	res = &FileResult{Input: in.rel, Output: in.output}
	defer func() { res.Seconds = time.Since(start).Seconds() }()
	if in.plan != nil {
		return b.fail(res, in.plan)
	}
	if ctx.Err() != nil {
		return b.canceled(i)
	}
	opts, levels := b.optionsFor(in.rel)
	inPath, outPath := b.absIn(in.rel), b.absOut(in.output)
	if d, ok := convert.LinkedOutside(b.src, inPath); ok {
		res.Status, res.Diagnostics = Skipped, convert.Diagnostics{d}
		return res
	}
	optHash := optionsHash(&opts, levels, b.sides.mode)
	opts.OutputName = outPath
	input, err := physconv.OpenInput(inPath, nil, &opts)
	if err != nil {
		return b.fail(res, err)
	}
	if d, ok := notRecognised(b.reg, &opts, inPath, input.Data); ok {
		res.Status, res.Diagnostics = Skipped, convert.Diagnostics{d}
		return res
	}
	inHash := hashBytes(input.Data)
	if b.opts.Incremental {
		if e := b.manifest.upToDate(b, in.rel, inHash, optHash); e != nil {
			res.Status, res.From, res.To = Skipped, e.From, e.To
			res.Files = e.files()
			res.Diagnostics = e.Diagnostics
			return res
		}
	}
	rec := &physconv.RecordingFS{FS: input.FS}
	if input.FS != nil {
		input.FS = rec
	}
	strict := opts.Strict
	opts.Strict = false // applied below, after the configured levels
	out, cres, err := physconv.ConvertBytes(ctx, b.reg, input)
	if cres != nil {
		res.From, res.To, res.Diagnostics = cres.From, cres.To, cres.Diagnostics
	}
	if err != nil {
		if ctx.Err() != nil {
			return b.canceled(i)
		}
		return b.fail(res, err)
	}
	res.Diagnostics = relevel(res.Diagnostics, levels)
	if res.Diagnostics.Max() >= convert.Error {
		return b.fail(res, &planError{code: convert.CodeDiagnosticIsError,
			msg: "a diagnostic configured as an error was reported; no output written"})
	}
	if strict && res.Diagnostics.Max() >= convert.Warning {
		return b.fail(res, &physconv.StrictError{Diagnostics: res.Diagnostics})
	}
	out = sidenames.ContentNames(out)
	// The files read are relative to the input's root, which a format's
	// project root (a Godot project) may have widened.
	root := input.Root
	if root == "" {
		root, _ = convert.InputRoot(inPath, &opts)
	}
	read := rec.Paths()
	sides, more := b.sides.plan(root, inPath, outPath, read, out)
	res.Diagnostics = append(res.Diagnostics, more...).Sorted()
	if ctx.Err() != nil {
		return b.canceled(i)
	}
	// Neither an output nor a copied side file may replace the input or
	// a file it reads.
	protect := []string{inPath}
	for _, r := range read {
		protect = append(protect, filepath.Join(root, filepath.FromSlash(r)))
	}
	// Copied side files first, then the output's own side files, then its
	// main file, and the manifest last: whoever sees the main file also
	// finds what it refers to, and a run killed anywhere before the
	// manifest line converts this input again.
	if err := b.sides.copyAll(sides, protect...); err != nil {
		return b.fail(res, &planError{code: convert.CodeWriteFailed, msg: err.Error()})
	}
	files, err := physconv.WriteOutput(outPath, out, protect...)
	if err != nil {
		return b.fail(res, &planError{code: convert.CodeWriteFailed, msg: err.Error()})
	}
	entry := b.manifest.entry(b, in.rel, inHash, optHash, root, read, outPath, out, sides)
	entry.From, entry.To, entry.Diagnostics = res.From, res.To, res.Diagnostics
	if err := b.manifest.record(entry); err != nil {
		return b.fail(res, err)
	}
	for _, f := range files {
		res.Files = append(res.Files, b.relOut(f))
	}
	for _, s := range sides {
		res.Files = append(res.Files, b.relOut(s.dst))
	}
	res.Status = Converted
	return res
}

// genericExtensions are extensions that many files besides assets have:
// a file with one is an input only when a format recognises its content.
var genericExtensions = map[string]bool{".xml": true}

// notRecognised reports a file with a generic extension that no format
// sniffs as its own (a ROS package.xml beside a robot's MJCF): it is not
// an input, so Batch skips it with an info instead of failing it. --from
// (or `from:`) converts it anyway.
func notRecognised(reg *convert.Registry, opts *convert.Options, file string, data []byte) (convert.Diagnostic, bool) {
	if opts.From != "" || !genericExtensions[strings.ToLower(filepath.Ext(file))] {
		return convert.Diagnostic{}, false
	}
	if f, err := reg.Detect("", "", data); err == nil && f.Parse != nil {
		return convert.Diagnostic{}, false
	}
	d := convert.NewDiagnostic(convert.CodeInputNotRecognised, convert.DocumentSubject(), "",
		"skipped: no format recognises the content of this %s file; give --from to convert it anyway", filepath.Ext(file))
	d.File = file
	return d, true
}

// fail records err as the input's failure with one error diagnostic.
func (b *batchRun) fail(res *FileResult, err error) *FileResult {
	res.Status, res.Err = Failed, err
	res.Diagnostics = append(res.Diagnostics, FailureDiagnostic(b.absIn(res.Input), err)).Sorted()
	return res
}

func (b *batchRun) relOut(p string) string {
	r, err := filepath.Rel(b.dst, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// FailureDiagnostic turns the error that stopped a conversion into one
// error diagnostic, so reports list every failure the same way.
func FailureDiagnostic(file string, err error) convert.Diagnostic {
	d := convert.Diagnostic{Severity: convert.Error, Code: convert.CodeConversionFailed, Subject: convert.DocumentSubject(), Quantities: convert.Qs(convert.QData), File: file, Message: err.Error()}
	var fe *convert.FormatError
	var ue *convert.UnsupportedError
	var se *physconv.StrictError
	var pe *planError
	switch {
	case errors.As(err, &pe):
		d.Code = pe.code
	case errors.As(err, &fe):
		d.Code, d.Path, d.Line, d.Message = convert.CodeInputMalformed, fe.Path, fe.Line, fe.Msg
		if fe.File != "" {
			d.File = fe.File
		}
	case errors.As(err, &ue):
		d.Code, d.Path, d.Message = convert.CodeInputUnsupported, ue.Path, ue.Msg
		if ue.File != "" {
			d.File = ue.File
		}
	case errors.As(err, &se):
		d.Code = convert.CodeStrictWarnings
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		d.Code = convert.CodeBatchCanceled
	}
	return d
}

// relevel applies configured diagnostic levels (convert.Levels).
func relevel(ds convert.Diagnostics, levels map[string]string) convert.Diagnostics {
	return convert.Levels(levels).Apply(ds)
}

// within reports whether p is root or lies below it.
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
