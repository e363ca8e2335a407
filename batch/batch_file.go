package batch

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
)

// plan decides every input's output path up front, so two inputs that
// would write the same output are caught before anything is written.
func (b *batchRun) plan(rels []string) []batchInput {
	inputs := make([]batchInput, len(rels))
	sameTree := samePath(b.src, b.dst)
	var isInput map[string]bool // only in-place runs can overwrite an input
	if sameTree {
		isInput = make(map[string]bool, len(rels))
		for _, r := range rels {
			isInput[r] = true
		}
	}
	owner := make(map[string]string, len(rels))
	for i, rel := range rels {
		in := batchInput{rel: rel}
		opts, _ := b.optionsFor(rel)
		in.output, in.plan = b.outputFor(rel, &opts)
		switch {
		case in.plan != nil:
		case owner[in.output] != "":
			in.plan = &planError{code: convert.CodeOutputCollision, msg: fmt.Sprintf(
				"output %s is already the output of %s; rename one of them or exclude it", in.output, owner[in.output])}
		case sameTree && isInput[in.output]:
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
	inHash := hashBytes(input.Data)
	if b.opts.Incremental {
		if e := b.manifest.upToDate(b, in.rel, inHash, optHash); e != nil {
			res.Status, res.From, res.To = Skipped, e.From, e.To
			res.Files = e.files()
			res.Diagnostics = e.Diagnostics
			return res
		}
	}
	rec := &recordingFS{FS: input.FS}
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
	root, _ := convert.InputRoot(inPath, &opts)
	sides, more := b.sides.plan(root, inPath, outPath, rec.paths(), out)
	res.Diagnostics = append(res.Diagnostics, more...).Sorted()
	if ctx.Err() != nil {
		return b.canceled(i)
	}
	entry := b.manifest.entry(b, in.rel, inHash, optHash, root, rec.paths(), outPath, out, sides)
	entry.From, entry.To, entry.Diagnostics = res.From, res.To, res.Diagnostics
	if err := b.manifest.record(entry); err != nil {
		return b.fail(res, err)
	}
	// Side files first, then the main output: whoever sees the output also
	// finds what it refers to.
	if err := b.sides.copyAll(sides, inPath); err != nil {
		return b.fail(res, &planError{code: convert.CodeWriteFailed, msg: err.Error()})
	}
	files, err := physconv.WriteOutput(outPath, out, inPath)
	if err != nil {
		return b.fail(res, &planError{code: convert.CodeWriteFailed, msg: err.Error()})
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

func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}
