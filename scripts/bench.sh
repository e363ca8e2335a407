#!/bin/sh
# bench.sh: physconv against MuJoCo's own URDF import, end to end, in one
# run (serial chains to every format, corpus robots to MJCF, a 1M-triangle
# mesh). Needs PHYSCONV_ORACLES (for MuJoCo) and PHYSCONV_CORPUS (robots);
# without them those rows are left out. Options: see go run ./scripts/bench -h.
set -e
cd "$(dirname "$0")/.."
exec go run ./scripts/bench "$@"
