package resolve

import (
	"maps"
	"slices"
)

// Follow lets r take prior's answers rather than look again: a file
// written from an input and read back (to verify it) names the input's
// files with the input's own references, and finding a ROS package's
// files by the end of their path costs one look at the file system per
// candidate folder and reference, all of which prior already did.
//
// The caller promises that r.FS holds the files of prior.FS, except for
// the names shadowed reports, which it holds in their place (an output's
// own files laid over its source's). An answer of prior's is taken only
// when r would have reached it the same way: the same folder, project
// root, packages, allowed folders and environment, and no name that
// answer looked at (the candidates tried before it included) shadowed.
// Anything else r works out itself, so its answers, errors and notes are
// exactly those it would give alone. Files outside FS (packages on disk,
// the environment) are asked again by neither: prior's answers hold for as
// long as prior is used, and a reading that follows it is one that prior's
// input is read with.
//
// Follow is to be called before r resolves anything; it reports whether r
// follows prior (false when they do not search the same way).
func (r *Resolver) Follow(prior *Resolver, shadowed func(name string) bool) bool {
	if prior == nil || prior == r || !r.sameSearch(prior) {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.prior, r.shadowed = prior, shadowed
	return true
}

// sameSearch reports whether r and o look for a reference's file in the
// same places (FS aside, which Follow's caller vouches for).
func (r *Resolver) sameSearch(o *Resolver) bool {
	return r.dir() == o.dir() && r.Root == o.Root &&
		maps.Equal(r.Packages, o.Packages) && slices.Equal(r.AllowRoots, o.AllowRoots) &&
		(r.Getenv == nil) == (o.Getenv == nil)
}

// unshadowed reports whether no name of looked is one of r's own.
func (r *Resolver) unshadowed(looked []string) bool {
	if r.shadowed == nil {
		return true
	}
	for _, name := range looked {
		if r.shadowed(name) {
			return false
		}
	}
	return true
}

// followPackage takes prior's answer for the ROS package name, found or
// not (fsys nil).
func (r *Resolver) followPackage(name string) (pkgResult, bool) {
	if r.prior == nil {
		return pkgResult{}, false
	}
	r.prior.mu.Lock()
	p, ok := r.prior.pkgs[name]
	r.prior.mu.Unlock()
	if !ok || !r.unshadowed(p.looked) {
		return pkgResult{}, false
	}
	if p.main {
		p.fsys = r.FS // a folder of the project root, which r reads through its FS
	}
	return p, true
}

// followSearch takes prior's answer for ref when prior, too, had to search
// for the files of a package it did not find.
func (r *Resolver) followSearch(ref string) (result, bool) {
	if r.prior == nil {
		return result{}, false
	}
	r.prior.mu.Lock()
	res, ok := r.prior.locs[ref]
	r.prior.mu.Unlock()
	if !ok || !res.searched || !r.unshadowed(res.looked) {
		return result{}, false
	}
	if res.err != nil {
		if e, ok := res.err.(*Error); ok {
			c := *e
			c.Looked = slices.Clone(e.Looked)
			res.err = &c
		}
		return res, true
	}
	res.loc = r.mainLoc(res.loc.Path)
	return res, true
}
