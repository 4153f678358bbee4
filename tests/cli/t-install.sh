#!/bin/sh
# make install / uninstall into a temporary DESTDIR: the binary, both
# libraries, the headers under include/boardlab/, boardlab.pc, the man
# page and the lab (share/boardlab/lab.html); a program builds against
# the installed copy, statically and dynamically; examples/api.c builds
# through pkg-config both ways, with strict warnings, and prints the exact
# answers; uninstall removes it all.
. "$(dirname "$0")/lib.sh"
: "${BL_BUILD:=build}"
ROOT=$(cd "$TESTS_DIR/.." && pwd)
D="$TMP/dest"
P=/opt/boardlab-test

make -s -C "$ROOT" BUILD="$BL_BUILD" DESTDIR="$D" PREFIX="$P" install > "$TMP/log" 2>&1
tap_ok $? "make install into DESTDIR"
fail=0
for f in bin/boardlab lib/libboardlab.a lib/libboardlab.so lib/libboardlab.so.0 \
	lib/pkgconfig/boardlab.pc include/boardlab/boardlab.h include/boardlab/tower.h \
	include/boardlab/yut.h include/boardlab/grundy.h include/boardlab/puyo.h \
	share/man/man1/boardlab.1; do
	[ -e "$D$P/$f" ] || { echo "#   missing $P/$f"; fail=1; }
done
tap_ok "$fail" "every installed file is in place"
# The lab's page, when make test could build it (the WebAssembly toolchain is here).
if [ -f "$ROOT/$BL_BUILD/lab.html" ]; then
	cmp -s "$D$P/share/boardlab/lab.html" "$ROOT/$BL_BUILD/lab.html"
	tap_ok $? "the lab is installed as share/boardlab/lab.html"
else
	tap_ok 0 "the lab is installed # SKIP no $BL_BUILD/lab.html: no WebAssembly toolchain (make lab)"
fi
! ls "$D$P/include/boardlab/" | grep -q "_impl\.h$"
tap_ok $? "the modules' internal headers are not installed"
grep -q "^prefix=$P\$" "$D$P/lib/pkgconfig/boardlab.pc"
tap_ok $? "boardlab.pc names the prefix"
"$D$P/bin/boardlab" --version | grep -q '^boardlab '
tap_ok $? "the installed binary runs"

cat > "$TMP/use.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <boardlab/boardlab.h>
int main(void)
{
	struct bl_rng r;
	bl_rng_init(&r, 1);
	printf("%s %d\n", bl_version(), bl_rng_next(&r) != 0);
	return strcmp(bl_version(), BL_VERSION) != 0;
}
C
CC=${BL_CC:-cc}
$CC -std=c11 -I"$D$P/include" "$TMP/use.c" "$D$P/lib/libboardlab.a" -lm -o "$TMP/use-static" &&
	"$TMP/use-static" | grep -q '^0\.1\.0 1$'
tap_ok $? "a program links the installed static library"
$CC -std=c11 -I"$D$P/include" "$TMP/use.c" -L"$D$P/lib" -lboardlab -o "$TMP/use-shared" &&
	LD_LIBRARY_PATH="$D$P/lib" "$TMP/use-shared" | grep -q '^0\.1\.0 1$' &&
	LD_LIBRARY_PATH="$D$P/lib" ldd "$TMP/use-shared" | grep -q 'libboardlab.so.0'
tap_ok $? "a program links the installed shared library (soname libboardlab.so.0)"

# examples/api.c, built as a user would against the installed copy, found
# by pkg-config alone (its search path is the copy's, its sysroot DESTDIR).
PKG_CONFIG_LIBDIR="$D$P/lib/pkgconfig"
PKG_CONFIG_SYSROOT_DIR="$D"
export PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
unset PKG_CONFIG_PATH
pc() {   # pkg-config without the trailing blank some versions print
	pkg-config "$@" | sed 's/[[:space:]]*$//'
}
[ "$(pc --modversion boardlab)" = 0.1.0 ]
tap_ok $? "pkg-config finds boardlab 0.1.0"
[ "$(pc --cflags boardlab)" = "-I$D$P/include" ]
tap_ok $? "pkg-config --cflags: the installed headers ($(pc --cflags boardlab))"
# The headers have plain names (err.h, io.h) inside boardlab/: a program
# that includes the C library's <err.h> beside <boardlab/boardlab.h> must
# get glibc's, with warnx declared.
cat > "$TMP/errh.c" <<'C'
#include <err.h>
#include <boardlab/boardlab.h>
int main(void)
{
	struct bl_err e;
	bl_err_clear(&e);
	warnx("libboardlab %s", bl_version());
	return e.code;
}
C
# shellcheck disable=SC2046  # pkg-config's output is words
$CC -std=gnu11 -Wall -Werror "$TMP/errh.c" $(pkg-config --cflags --libs boardlab) -o "$TMP/errh" \
	2> "$TMP/log" && LD_LIBRARY_PATH="$D$P/lib" "$TMP/errh" 2>&1 | grep -q 'libboardlab 0\.1\.0$'
tap_ok $? "<err.h> and <boardlab/boardlab.h> together: the C library's err.h, warnx declared"
[ "$(pc --libs boardlab)" = "-L$D$P/lib -lboardlab" ]
tap_ok $? "pkg-config --libs: the installed library ($(pc --libs boardlab))"
[ "$(pc --static --libs boardlab)" = "-L$D$P/lib -lboardlab -lm -pthread" ]
tap_ok $? "pkg-config --static --libs adds -lm -pthread ($(pc --static --libs boardlab))"

cat > "$TMP/api.want" <<'OUT'
libboardlab 0.1.0
tower (17837): 7
yut (17825): 190, first horse 1 from start to 2
grundy (16880): cubelover (xor 0)
puyo (11559): 3 chains, 12 puyos popped, score 1000
puyo, pair GG: 11 moves, the best column 1 right, score 1500
a bad tower input: 3:3: expected a colour 0, 1 or 2, found '3' (invalid input data)
a JSON trace: {"n":4,"k":4,"rule":"carry","height":4,"limit":1000,"every":"move","from":1,
"colours":[[0,0,2,0],[0,0,1,0],[0,0,1,2],[0,2,0,0]],
"start":[{"cell":[2,1],"colour":"white","pieces":[{"piece":1,"dir":"right"}]},{"cell":[3,2],"colour":"white","pieces":[{"piece":2,"dir":"up"}]},{"cell":[3,3],"colour":"red","pieces":[{"piece":3,"dir":"down"}]},{"cell":[4,2],"colour":"blue","pieces":[{"piece":4,"dir":"right"}]}],
"steps":[
{"turn":1,"piece":1,"from":[2,1],"dir":"right","met":"white","skipped":false,"bounced":false,"met2":"white","moved":true,"to":[2,2],"group":1,"reversed":false,"height":1,"stack":[{"piece":1,"dir":"right"}]},
{"turn":1,"piece":2,"from":[3,2],"dir":"up","met":"white","skipped":false,"bounced":false,"met2":"white","moved":true,"to":[2,2],"group":1,"reversed":false,"height":2,"stack":[{"piece":1,"dir":"right"},{"piece":2,"dir":"up"}]},
{"turn":1,"piece":3,"from":[3,3],"dir":"down","met":"white","skipped":false,"bounced":false,"met2":"white","moved":true,"to":[4,3],"group":1,"reversed":false,"height":1,"stack":[{"piece":3,"dir":"down"}]},
{"turn":1,"piece":4,"from":[4,2],"dir":"right","met":"white","skipped":false,"bounced":false,"met2":"white","moved":true,"to":[4,3],"group":1,"reversed":false,"height":2,"stack":[{"piece":3,"dir":"down"},{"piece":4,"dir":"right"}]},
{"turn":2,"piece":1,"from":[2,2],"dir":"right","met":"red","skipped":false,"bounced":false,"met2":"red","moved":true,"to":[2,3],"group":2,"reversed":true,"height":2,"stack":[{"piece":2,"dir":"up"},{"piece":1,"dir":"right"}]},
{"turn":2,"piece":2,"from":[2,3],"dir":"up","met":"blue","skipped":false,"bounced":true,"met2":"red","moved":true,"to":[3,3],"group":2,"reversed":true,"height":2,"stack":[{"piece":1,"dir":"right"},{"piece":2,"dir":"down"}]},
{"turn":2,"piece":3,"from":[4,3],"dir":"down","met":"edge","skipped":false,"bounced":true,"met2":"red","moved":true,"to":[3,3],"group":2,"reversed":true,"height":4,"stack":[{"piece":1,"dir":"right"},{"piece":2,"dir":"down"},{"piece":4,"dir":"right"},{"piece":3,"dir":"up"}]}
],
"final":[{"cell":[3,3],"colour":"red","pieces":[{"piece":1,"dir":"right"},{"piece":2,"dir":"down"},{"piece":4,"dir":"right"},{"piece":3,"dir":"up"}]}],
"result":{"answer":2,"end":"stack","turns":1,"move":{"turn":2,"piece":3,"from":[4,3],"dir":"down","met":"edge","skipped":false,"bounced":true,"met2":"red","moved":true,"to":[3,3],"group":2,"reversed":true,"height":4,"stack":[{"piece":1,"dir":"right"},{"piece":2,"dir":"down"},{"piece":4,"dir":"right"},{"piece":3,"dir":"up"}]},"explain":"turn 2: piece 3 at (4,3) met the edge going down, turned up and moved to (3,3), a red cell, carrying 1 piece (the group is reversed)\nthe stack at (3,3) reached 4 pieces, bottom to top: 1 2 4 3\n"}}
an SVG picture of turn 1: 3228 bytes, <svg xmlns="http://www.w3.org/2000/svg" width="360" height="320" viewBox="0 0 360 320" role="img" font-family="sans-serif">
OUT
API="$ROOT/examples/api.c"
STRICT="-std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wconversion -Werror"
# shellcheck disable=SC2046,SC2086  # pkg-config's output and STRICT are words
$CC $STRICT "$API" $(pkg-config --cflags --libs boardlab) -o "$TMP/api-shared" 2> "$TMP/log"
st=$?
sed 's/^/#   /' "$TMP/log"
tap_ok $st "examples/api.c builds with pkg-config --cflags --libs, strict warnings as errors"
LD_LIBRARY_PATH="$D$P/lib" "$TMP/api-shared" > "$TMP/api.got" 2>&1
st=$?
same "$TMP/api.got" "$TMP/api.want" "api (shared)" && [ "$st" -eq 0 ]
tap_ok $? "examples/api.c, linked with the shared library, solves each game exactly"
readelf -d "$TMP/api-shared" | grep -q 'NEEDED.*\[libboardlab\.so\.0\]'
tap_ok $? "it needs libboardlab.so.0"

# shellcheck disable=SC2046,SC2086
$CC $STRICT "$API" $(pkg-config --static --cflags boardlab) \
	-Wl,-Bstatic $(pc --static --libs boardlab) -Wl,-Bdynamic \
	-o "$TMP/api-static" 2> "$TMP/log"
st=$?
sed 's/^/#   /' "$TMP/log"
tap_ok $st "examples/api.c builds with pkg-config --static, libboardlab.a linked in"
env -u LD_LIBRARY_PATH "$TMP/api-static" > "$TMP/api.got" 2>&1
st=$?
same "$TMP/api.got" "$TMP/api.want" "api (static)" && [ "$st" -eq 0 ]
tap_ok $? "examples/api.c, linked statically, solves each game exactly"
! readelf -d "$TMP/api-static" | grep -q 'libboardlab'
tap_ok $? "it does not need libboardlab.so"

make -s -C "$ROOT" BUILD="$BL_BUILD" DESTDIR="$D" PREFIX="$P" uninstall > "$TMP/log" 2>&1
left=$(find "$D" -type f -o -type l | wc -l)
[ "$left" -eq 0 ]
tap_ok $? "make uninstall removes every file ($left left)"
tap_done
