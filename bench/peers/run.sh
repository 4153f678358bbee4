#!/bin/sh
# The peer harness (bench/README.md, "Against the peers"): builds boardlab's
# library, the driver and the peers' few core files from checkouts you give
# it, in a scratch folder, then runs them on the same fields, interleaved.
#
#   sh bench/peers/run.sh --puyoai DIR [--ama DIR] [--work DIR] [-- DRIVER OPTIONS]
#
# DIR is a checkout of github.com/puyoai/puyoai (its src/core and src/base
# are compiled; glog's headers and library must be installed) or of
# github.com/citrus610/ama (its core/).  --work is the scratch folder
# (default: build/peers of this tree); nothing is written elsewhere.  The
# driver's options: --rounds N (30), --fields N (4096 random fields),
# --quick.  CXX (default c++) compiles the peers with -O2 -march=native,
# their own builds' setting (ama's -O3 and -DPEXT); boardlab is built by
# its Makefile with its own flags, as it ships.
set -eu

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PUYOAI= AMA= WORK=$ROOT/build/peers
CXX=${CXX:-c++}
while [ $# -gt 0 ]; do
	case $1 in
	--puyoai) PUYOAI=$2; shift 2 ;;
	--ama) AMA=$2; shift 2 ;;
	--work) WORK=$2; shift 2 ;;
	--) shift; break ;;
	*) echo "usage: run.sh --puyoai DIR [--ama DIR] [--work DIR] [-- DRIVER OPTIONS]" >&2; exit 2 ;;
	esac
done
if [ -z "$PUYOAI" ] && [ -z "$AMA" ]; then
	echo "run.sh: give at least one peer: --puyoai DIR or --ama DIR" >&2
	exit 2
fi
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

# boardlab's library, built out of tree in the scratch folder.
make -s -C "$ROOT" BUILD="$WORK/boardlab" "$WORK/boardlab/libboardlab.a"

DEFS= OBJS=
if [ -n "$PUYOAI" ]; then
	[ -f "$PUYOAI/src/core/bit_field.h" ] || { echo "run.sh: no src/core/bit_field.h in $PUYOAI" >&2; exit 2; }
	mkdir -p "$WORK/puyoai"
	for f in core/bit_field core/field_bits core/plain_field core/puyo_color core/rensa_result; do
		o=$WORK/puyoai/$(basename $f).o
		$CXX -std=c++14 -O2 -march=native -DNDEBUG -DNOINLINE_UNLESS_RELEASE= -w -I"$PUYOAI/src" -c "$PUYOAI/src/$f.cc" -o "$o"
		OBJS="$OBJS $o"
	done
	$CXX -std=c++14 -O2 -march=native -DNDEBUG -DNOINLINE_UNLESS_RELEASE= -w -I"$PUYOAI/src" -I"$ROOT/bench/peers" \
		-c "$ROOT/bench/peers/peer_puyoai.cc" -o "$WORK/puyoai/peer_puyoai.o"
	OBJS="$OBJS $WORK/puyoai/peer_puyoai.o"
	DEFS="$DEFS -DHAVE_PUYOAI"
	LIBS="-lglog"
fi
if [ -n "$AMA" ]; then
	[ -f "$AMA/core/field.h" ] || { echo "run.sh: no core/field.h in $AMA" >&2; exit 2; }
	mkdir -p "$WORK/ama"
	for f in field fieldbit; do
		$CXX -std=c++20 -O3 -march=native -DNDEBUG -DPEXT -w -I"$AMA" -c "$AMA/core/$f.cpp" \
			-o "$WORK/ama/$f.o"
		OBJS="$OBJS $WORK/ama/$f.o"
	done
	$CXX -std=c++20 -O3 -march=native -DNDEBUG -DPEXT -w -I"$AMA" -I"$ROOT/bench/peers" \
		-c "$ROOT/bench/peers/peer_ama.cc" -o "$WORK/ama/peer_ama.o"
	OBJS="$OBJS $WORK/ama/peer_ama.o"
	DEFS="$DEFS -DHAVE_AMA"
fi
# shellcheck disable=SC2086  # word lists
$CXX -std=c++17 -O2 $DEFS -I"$ROOT/include" -I"$ROOT/bench/peers" -o "$WORK/peers" \
	"$ROOT/bench/peers/driver.cc" "$ROOT/bench/peers/peer_boardlab.cc" $OBJS \
	"$WORK/boardlab/libboardlab.a" ${LIBS:-} -lm
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
exec "$WORK/peers" "$@"
