// Package batch converts folders of assets: file discovery with include and
// exclude globs, parallel workers, side files copied once, incremental runs,
// sharding, streamed reports, and physconv.yaml (per-file rules and
// settings). It is the only library package with app dependencies (YAML,
// globbing, errgroup); formats and the core never import it.
package batch
