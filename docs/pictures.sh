#!/bin/sh
# The README's pictures: `pictures.sh BOARDLAB GAME` prints docs/GAME.svg,
# drawn by the tool from the built-in examples.  `make pictures` writes all
# four; tests/cli/t-pictures.sh checks that the committed files are the
# tool's output byte for byte.
set -e
bin=$1
cd "$(dirname "$0")/.."
case $2 in
tower) exec "$bin" tower render --format svg --turn 2 examples/tower.txt ;;
yut) exec "$bin" yut render --format svg --at 10,d19,28,start ;;
grundy) exec "$bin" grundy render --format svg tests/data/pictures/grundy-small.txt ;;
puyo) exec "$bin" puyo render --format svg examples/puyo.txt ;;
*) echo "usage: pictures.sh BOARDLAB tower|yut|grundy|puyo" >&2; exit 2 ;;
esac
