#!/bin/sh
# make install / uninstall into a temporary DESTDIR: the binary, both
# libraries, the headers under include/boardlab/, boardlab.pc and the man
# page; a program builds against the installed copy, statically and
# dynamically, and uninstall removes it all.
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
[ ! -e "$D$P/include/boardlab/tower_split.h" ] && [ ! -e "$D$P/include/boardlab/yut_impl.h" ]
tap_ok $? "the modules' internal headers are not installed"
grep -q "^prefix=$P\$" "$D$P/lib/pkgconfig/boardlab.pc"
tap_ok $? "boardlab.pc names the prefix"
"$D$P/bin/boardlab" --version | grep -q '^boardlab '
tap_ok $? "the installed binary runs"

cat > "$TMP/use.c" <<'C'
#include <stdio.h>
#include <string.h>
#include <boardlab.h>
int main(void)
{
	struct bl_rng r;
	bl_rng_init(&r, 1);
	printf("%s %d\n", bl_version(), bl_rng_next(&r) != 0);
	return strcmp(bl_version(), BL_VERSION) != 0;
}
C
CC=${BL_CC:-cc}
$CC -std=c11 -I"$D$P/include/boardlab" "$TMP/use.c" "$D$P/lib/libboardlab.a" -lm -o "$TMP/use-static" &&
	"$TMP/use-static" | grep -q '^0\.1\.0 1$'
tap_ok $? "a program links the installed static library"
$CC -std=c11 -I"$D$P/include/boardlab" "$TMP/use.c" -L"$D$P/lib" -lboardlab -o "$TMP/use-shared" &&
	LD_LIBRARY_PATH="$D$P/lib" "$TMP/use-shared" | grep -q '^0\.1\.0 1$' &&
	LD_LIBRARY_PATH="$D$P/lib" ldd "$TMP/use-shared" | grep -q 'libboardlab.so.0'
tap_ok $? "a program links the installed shared library (soname libboardlab.so.0)"

make -s -C "$ROOT" BUILD="$BL_BUILD" DESTDIR="$D" PREFIX="$P" uninstall > "$TMP/log" 2>&1
left=$(find "$D" -type f -o -type l | wc -l)
[ "$left" -eq 0 ]
tap_ok $? "make uninstall removes every file ($left left)"
tap_done
