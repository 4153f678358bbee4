# boardlab: one GNU make file, builds out of tree into $(BUILD).
#   make            build/boardlab, build/libboardlab.a, build/libboardlab.so
#   make run        the demo tour on the built-in examples
#   make test       the whole TAP suite through prove (-Werror build)
#   make asan       the suite again under address + undefined sanitizers
#   make clang      the suite again built with clang
#   make valgrind   the unit tests (quick counts) and every CLI run under valgrind
#                   (VALGRIND_EVERY=N: each script's first run and every Nth)
#   make bench      every game's benchmarks, each against its plain reference,
#                   then whole processes on files against plain peers (bench/e2e/)
#   make bench-peers  the puyo engine against puyoai and ama (PUYOAI=DIR AMA=DIR)
#   make mutation   the judge's suites against every mutant of each reference solution
#   make witnesses  the mistakes' smallest witnesses, searched, into lib/witness_table.c
#   make witnesses-check   every witness search run again against the stored witnesses
#   make late-games the search for lib/tower_gen.c's late_games[], its entries on stdout
#                   (LATE_GAMES_FLAGS: --seed S --from I --draws N --count N)
#   make diagnose   the judge's diagnosis on every planted-bug solution of tests/diagnose
#   make pictures   the README's pictures, docs/GAME.svg, drawn by the tool
#   make fuzz       every libFuzzer harness of fuzz/, FUZZ_SECONDS (60) each
#   make fuzz-ci    the same, FUZZ_CI_SECONDS (15) each: the step of .ci/run
#   make lab        build/lab.html: the library compiled to WebAssembly, one offline page
#   make lab-bench  the lab's size and speed, measured in headless Chromium
#   make lab-picture  docs/lab.png, the README's picture of the lab
#   make install / uninstall   PREFIX=/usr/local DESTDIR=

.SUFFIXES:

VERSION   := 0.1.0
SOVERSION := 0
CC        ?= cc
AR        ?= ar
BUILD     ?= build
PREFIX    ?= /usr/local
DESTDIR   ?=
BINDIR    ?= $(PREFIX)/bin
LIBDIR    ?= $(PREFIX)/lib
INCDIR    ?= $(PREFIX)/include
MANDIR    ?= $(PREFIX)/share/man
DATADIR   ?= $(PREFIX)/share
PROVE     ?= prove
# The TAP scripts run side by side, one per core (every verdict they check is
# decided on CPU time, not wall time); PROVE_FLAGS= runs them in turn.  A
# failed test is shown with the comments that say why (a diff, a status), so a
# log of CI names the difference, not only the test's number.
PROVE_FLAGS ?= -j$(shell nproc 2>/dev/null || echo 2) --failures --comments

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wconversion -Wno-sign-conversion
# Every build here is a test build; packagers may set WERROR= .
WERROR  ?= -Werror
OPT     ?= -O2 -g
CFLAGS  ?=
LDFLAGS ?=
SAN     ?=
# No math function's errno is read: sqrt is then an instruction, and the
# tool needs no libm, whose loading would cost every start (--as-needed).
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -fno-math-errno $(WARN) $(WERROR) $(OPT) $(SAN) \
             $(CFLAGS) -MMD -MP
ALL_LDFLAGS = $(SAN) $(LDFLAGS) -pthread

# The tool links the C library statically where the toolchain can (Debian's
# libc6-dev ships libc.a): a process then starts without the dynamic loader,
# 0.4 to 0.9 ms sooner on the development machine, which a judge instance
# feels (bench/README.md, "start").  Not under sanitizers, which need the
# dynamic loader; CLI_LINK= links it dynamically.  make valgrind runs the
# CLI tests on a dynamic twin ($(BUILD)/boardlab-dynamic), since valgrind
# follows malloc only through the loader.
CLI_LINK ?= $(if $(SAN),,$(if $(shell printf 'int main(void){return 0;}' | \
              $(CC) -static -x c -o /dev/null - 2>/dev/null && echo y),-static))

LIB_SRC   := $(sort $(wildcard lib/*.c))
CLI_SRC   := $(sort $(wildcard cli/*.c))
REF_SRC   := $(sort $(wildcard bench/ref/*.c))
# The benchmarks' table and each game's workloads, run by its bench verb.
BENCH_SRC := $(sort $(wildcard bench/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/t-*.c))
# Solutions, right and deliberately wrong, for the tests of `stress`.
STRESS_SRC := $(sort $(wildcard tests/stress/*.c))
# The lab's C side: the calls the page makes (lab/lab.h).
LAB_SRC   := $(sort $(wildcard lab/*.c))
# Solutions for the tests of `judge`: right, wrong and pathological (tests/judge/).
JUDGE_SRC := $(sort $(wildcard tests/judge/*.c))
# The mutation test's harness (tests/mutation/), linked with the library.
MUT_SRC   := $(sort $(wildcard tests/mutation/*.c))
EXAMPLES  := $(sort $(wildcard examples/*.txt))
# The public headers, installed as <boardlab/NAME.h>; lib/*_impl.h are a
# module's internals and stay in the tree.
HEADERS   := $(sort $(wildcard include/boardlab/*.h))

# The lab's WebAssembly build (make lab, below).
WASM_CC      ?= clang
WASM_SYSROOT ?= /usr
WASM_TARGET  := --target=wasm32-wasi --sysroot=$(WASM_SYSROOT)
# _WASI_EMULATED_SIGNAL: wasi-libc's <signal.h> then declares the signal numbers
# lib/judge.c names (it calls no signal function, so nothing of the
# emulation is linked).
WASM_CFLAGS  := -std=c11 -D_POSIX_C_SOURCE=200809L -D_WASI_EMULATED_SIGNAL $(WARN) $(WERROR) -O2 $(WASM_TARGET)
# A 4 MiB stack (wasm-ld's default is 64 KiB); the heap grows as needed.
WASM_LDFLAGS := $(WASM_TARGET) -mexec-model=reactor -Wl,--strip-all -Wl,-z,stack-size=4194304
LAB_PAGE     := lab/page.html lab/lab.css lab/lab.js
# make test builds the lab when the toolchain is here (a program for
# wasm32-wasi compiles and links); t-lab.sh says why it skips when not.
WASM_PROBE = $(shell echo 'int main(void) { char b[8]; return snprintf(b, 8, "%d", 1); }' | \
	$(WASM_CC) $(WASM_TARGET) -include stdio.h -x c - -o /dev/null >/dev/null 2>&1 && echo yes)
LAB_IF_TOOLCHAIN = $(if $(WASM_PROBE),$(BUILD)/lab.html)

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PIC_OBJ   := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
REF_OBJ   := $(REF_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o) $(BENCH_SRC:%.c=$(BUILD)/obj/%.o) \
             $(BUILD)/obj/gen/examples.o $(REF_OBJ)
TAP_OBJ   := $(BUILD)/obj/tests/tap.o $(BUILD)/obj/tests/puyo_fields.o
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
STRESS_BIN := $(STRESS_SRC:tests/stress/%.c=$(BUILD)/tests/stress/%)
# Not lib/batch.c: the batch on threads needs pthreads, which wasm32-wasi's
# libc has not, and the page answers one instance at a time.
WASM_OBJ  := $(patsubst %.c,$(BUILD)/wasm/%.o,$(filter-out lib/batch.c,$(LIB_SRC)) $(LAB_SRC))
JUDGE_BIN := $(JUDGE_SRC:tests/judge/%.c=$(BUILD)/tests/judge/%)
MUT_BIN   := $(BUILD)/tests/mutrun

BIN    := $(BUILD)/boardlab
ALIB   := $(BUILD)/libboardlab.a
SOLIB  := $(BUILD)/libboardlab.so

all: $(BIN) $(ALIB) $(SOLIB)

# Everything is rebuilt when the compiler or its flags change (git's
# GIT-CFLAGS): `make` then `make CC=clang` must not mix objects.
FLAGS_ID := $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(CLI_LINK)
$(BUILD)/.flags: FORCE
	@mkdir -p $(@D)
	@echo '$(FLAGS_ID)' | cmp -s - $@ || echo '$(FLAGS_ID)' > $@
FORCE:

$(BUILD)/obj/%.o: %.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Ilib -Icli -Itests -Ibench -c $< -o $@

$(BUILD)/pic/%.o: %.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=default -Iinclude -Ilib -c $< -o $@

# The demo's examples are compiled into the binary: examples/NAME.txt
# becomes `const char example_NAME[]`.
$(BUILD)/gen/examples.c: $(EXAMPLES) Makefile
	@mkdir -p $(@D)
	@{ echo '/* generated from examples/ by the Makefile: do not edit */'; \
	  for f in $(EXAMPLES); do \
	    n=$$(basename $$f .txt | tr -c 'A-Za-z0-9_\n' '_'); \
	    echo "extern const char example_$$n[];"; \
	    echo "const char example_$$n[] ="; \
	    awk '{ gsub(/\\/, "\\\\"); gsub(/"/, "\\\""); printf "\t\"%s\\n\"\n", $$0 }' $$f; \
	    echo '	"";'; \
	  done; } > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/examples.o: $(BUILD)/gen/examples.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(ALIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(SOLIB): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,libboardlab.so.$(SOVERSION) $(ALL_LDFLAGS) -o $@ $(PIC_OBJ) -lm

$(BIN): $(CLI_OBJ) $(ALIB)
	$(CC) $(ALL_LDFLAGS) $(CLI_LINK) -o $@ $(CLI_OBJ) $(ALIB) -Wl,--as-needed -lm

$(BUILD)/boardlab-dynamic: $(CLI_OBJ) $(ALIB)
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(ALIB) -Wl,--as-needed -lm

# A unit test of the tool's own code links that object too: t-run the runner,
# t-lab the lab's C side (built natively here, as WebAssembly for the page).
UNIT_OBJ_t-run := $(BUILD)/obj/cli/run.o
$(BUILD)/tests/t-run: $(UNIT_OBJ_t-run)
UNIT_OBJ_t-lab := $(LAB_SRC:%.c=$(BUILD)/obj/%.o)
$(BUILD)/tests/t-lab: $(UNIT_OBJ_t-lab)

$(BUILD)/tests/%: tests/unit/%.c $(TAP_OBJ) $(REF_OBJ) $(ALIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Ilib -Icli -Itests -Ibench -Ilab -o $@ $< $(TAP_OBJ) $(REF_OBJ) \
	  $(UNIT_OBJ_$*) $(ALIB) $(ALL_LDFLAGS) -lm

$(BUILD)/tests/stress/%: tests/stress/%.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(ALL_LDFLAGS)

# Built as a contestant's program would be: no sanitizers, whatever the build.
$(BUILD)/tests/judge/%: tests/judge/%.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(WERROR) -O2 $(CFLAGS) -MMD -MP -o $@ $<

$(MUT_BIN): $(MUT_SRC:%.c=$(BUILD)/obj/%.o) $(ALIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_LDFLAGS) -o $@ $(MUT_SRC:%.c=$(BUILD)/obj/%.o) $(ALIB) -lm -ldl

# The end-to-end benchmarks (bench/e2e/e2e.c): whole processes on files,
# boardlab against tiny plain peers built as a contestant builds them (-O2,
# no sanitizers); the cin peer when a C++ compiler is found.
E2E       := $(BUILD)/bench
E2E_FLAGS ?=
E2E_PEERS := $(E2E)/scanf $(E2E)/getchar $(E2E)/plain \
             $(if $(shell command -v $(CXX) 2>/dev/null),$(E2E)/cin)
E2E_BIN   := $(E2E)/e2e $(E2E_PEERS)

$(E2E)/e2e: bench/e2e/e2e.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(ALL_LDFLAGS)

$(E2E)/scanf $(E2E)/getchar: $(E2E)/%: bench/e2e/%.c bench/e2e/grundy16880.h $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) -O2 -o $@ $<

$(E2E)/plain: bench/e2e/plain.c bench/e2e/grundy16880.h $(REF_SRC) $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) -O2 -Ibench -o $@ bench/e2e/plain.c $(REF_SRC)

$(E2E)/cin: bench/e2e/cin.cc $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CXX) -O2 -o $@ $<

tests: $(BIN) $(UNIT_BIN) $(STRESS_BIN) $(JUDGE_BIN) $(MUT_BIN) $(E2E_BIN) $(LAB_IF_TOOLCHAIN)

run: $(BIN)
	$(BIN) demo

# BOARDLAB and BL_TESTS tell the TAP scripts which build to test; BL_WRAP
# puts a command (valgrind) in front of every boardlab run.
test: tests
	BOARDLAB=$(abspath $(BIN)) BL_TESTS=$(abspath $(BUILD)/tests) BL_WRAP="$(BL_WRAP)" \
	  BL_BUILD=$(BUILD) BL_CC="$(CC) $(SAN)" BL_MUT_CC="$(CC)" PYTHON="$(PYTHON)" \
	  $(PROVE) $(PROVE_FLAGS) $(UNIT_BIN) tests/cli/t-*.sh

# The strength of the judge's suites (tests/mutation/mutate.py): every
# mutant of each problem's reference, tests/judge/P.c, against the suite and
# MUTATION_RUNS random instances; `make test` runs a sample of it.
PYTHON         ?= python3
MUTATION_RUNS  ?= 20000
MUTATION_JOBS  ?= 2
MUTATION_FLAGS ?=
mutation: $(MUT_BIN)
	BL_MUT_CC="$(CC)" $(PYTHON) tests/mutation/mutate.py run --harness $(abspath $(MUT_BIN)) \
	  --work $(abspath $(BUILD))/mutation --runs $(MUTATION_RUNS) --jobs $(MUTATION_JOBS) \
	  $(MUTATION_FLAGS)

# The mistakes' smallest witnesses (tests/unit/t-witness.c): `witnesses`
# runs every search and writes lib/witness_table.c, `witnesses-check` runs
# them again and checks they give the stored ones (make test runs a bounded
# part of it); both take many minutes, tower's searches most of them.
witnesses: $(BUILD)/tests/t-witness
	$(BUILD)/tests/t-witness --write > lib/witness_table.c.tmp && mv lib/witness_table.c.tmp lib/witness_table.c

witnesses-check: $(BUILD)/tests/t-witness
	$(PROVE) --exec '' $(BUILD)/tests/t-witness :: --full

# The search that found lib/tower_gen.c's table of late games
# (tests/unit/t-late-games.c): each game's entry on stdout, to paste into
# late_games[]; about 8 s a game, 11 by default (make test runs a search of
# 256 draws known to give one).
LATE_GAMES_FLAGS ?=
late-games: $(BUILD)/tests/t-late-games
	$(BUILD)/tests/t-late-games --write $(LATE_GAMES_FLAGS)

# The diagnosis's accuracy on every wrong solution of tests/diagnose/, the
# Python ones too (make test judges two of them): tests/cli/t-diagnose.sh.
diagnose: $(BIN)
	BOARDLAB=$(abspath $(BIN)) BL_DIAGNOSE_ALL=1 BL_MUT_CC="$(CC)" $(PROVE) -v tests/cli/t-diagnose.sh

diagnose-pairs: $(BIN)
	CC="$(CC)" tests/diagnose/pairs.sh $(abspath $(BIN))

asan:
	$(MAKE) BUILD=build/asan OPT="-O1 -g -fno-omit-frame-pointer" \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all" test

clang:
	$(MAKE) CC=clang BUILD=build/clang test

# The figures of bench/README.md: each game's fixed workloads against the
# plain reference engine of bench/ref/, measured in the same run.
BENCH_GAMES ?= tower yut grundy puyo
BENCH_FLAGS ?=
bench: $(BIN) $(E2E_BIN)
	@for g in $(BENCH_GAMES); do $(BIN) $$g bench $(BENCH_FLAGS) || exit 1; done
	@$(E2E)/e2e $(E2E_FLAGS) $(abspath $(BIN)) $(abspath $(E2E))

# boardlab's chain engine against the public Puyo engines, built from
# checkouts given by path (bench/peers/run.sh; never committed here):
#   make bench-peers PUYOAI=DIR [AMA=DIR] [PEERS_FLAGS='--rounds 40']
PUYOAI      ?=
AMA         ?=
PEERS_FLAGS ?=
bench-peers:
	sh bench/peers/run.sh $(if $(PUYOAI),--puyoai '$(PUYOAI)') $(if $(AMA),--ama '$(AMA)') \
	  --work '$(abspath $(BUILD))/peers' -- $(PEERS_FLAGS)

# The README's pictures (docs/pictures.sh says how each is drawn).
pictures: $(BIN)
	@for g in tower yut grundy puyo; do sh docs/pictures.sh $(abspath $(BIN)) $$g > docs/$$g.svg || exit 1; done

VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all

# .ci/run samples the CLI runs (VALGRIND_EVERY); the whole is this target's.
VALGRIND_EVERY ?= 1
valgrind: tests $(BUILD)/boardlab-dynamic
	BL_TEST_QUICK=1 BL_TESTS=$(abspath $(BUILD)/tests) $(PROVE) $(PROVE_FLAGS) --exec '$(VALGRIND)' $(UNIT_BIN)
	BOARDLAB=$(abspath $(BUILD)/boardlab-dynamic) BL_TESTS=$(abspath $(BUILD)/tests) BL_WRAP="$(VALGRIND)" \
	  BL_WRAP_EVERY=$(VALGRIND_EVERY) $(PROVE) $(PROVE_FLAGS) tests/cli/t-*.sh

# ---- the lab: build/lab.html ----
# libboardlab and lab/*.c compiled by clang for wasm32-wasi against
# Debian's wasi-libc (packages clang, lld, wasi-libc, libclang-rt-dev-wasm32;
# docs/lab.md says why), as a WASI reactor: no main, the page calls the
# exports of lab/lab.h.  The module is base64-encoded into lab/page.html
# with the page's CSS and script: one file that needs no network.

lab:
	@$(if $(WASM_PROBE),,echo "make lab: $(WASM_CC) cannot build for wasm32-wasi: install clang, lld, wasi-libc and libclang-rt-dev-wasm32" >&2; exit 1)
	@$(MAKE) --no-print-directory $(BUILD)/lab.html

WASM_FLAGS_ID := $(WASM_CC) $(WASM_CFLAGS) $(WASM_LDFLAGS)
$(BUILD)/.wasmflags: FORCE
	@mkdir -p $(@D)
	@echo '$(WASM_FLAGS_ID)' | cmp -s - $@ || echo '$(WASM_FLAGS_ID)' > $@

$(BUILD)/wasm/%.o: %.c $(BUILD)/.wasmflags
	@mkdir -p $(@D)
	$(WASM_CC) $(WASM_CFLAGS) -MMD -MP -Iinclude -Ilib -c $< -o $@

$(BUILD)/lab.wasm: $(WASM_OBJ)
	$(WASM_CC) $(WASM_LDFLAGS) -o $@ $(WASM_OBJ)

# The page: lab/page.html with its lines @LAB_CSS@, @LAB_WASM@ and @LAB_JS@
# replaced by lab/lab.css, the module in base64 (coreutils) and lab/lab.js.
$(BUILD)/lab.html: $(LAB_PAGE) $(BUILD)/lab.wasm
	{ sed '/^@LAB_CSS@$$/,$$d' lab/page.html; cat lab/lab.css; \
	  sed '1,/^@LAB_CSS@$$/d;/^@LAB_WASM@$$/,$$d' lab/page.html; \
	  base64 -w 0 $(BUILD)/lab.wasm; echo; \
	  sed '1,/^@LAB_WASM@$$/d;/^@LAB_JS@$$/,$$d' lab/page.html; cat lab/lab.js; \
	  sed '1,/^@LAB_JS@$$/d' lab/page.html; } > $@.tmp && mv $@.tmp $@

# The lab's figures of docs/lab.md: its size, the time to the first answer
# and to an edit's, each problem at the judge's largest, in headless Chromium.
lab-bench: $(BUILD)/lab.html $(BIN)
	BOARDLAB=$(abspath $(BIN)) BL_BUILD=$(BUILD) sh tests/browser/lab-bench.sh $(abspath $(BUILD)/lab.html)

# The README's picture of the lab, docs/lab.png, taken by headless Chromium.
lab-picture: $(BUILD)/lab.html
	sh docs/lab-picture.sh $(BUILD)/lab.html docs/lab.png

# The lab's page goes to $(DATADIR)/boardlab/lab.html when the WebAssembly
# toolchain is here; without it install says so and installs the rest.
install: all $(LAB_IF_TOOLCHAIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	  $(DESTDIR)$(INCDIR)/boardlab $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/boardlab
	install -m 644 $(ALIB) $(DESTDIR)$(LIBDIR)/libboardlab.a
	install -m 755 $(SOLIB) $(DESTDIR)$(LIBDIR)/libboardlab.so.$(SOVERSION)
	ln -sf libboardlab.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libboardlab.so
	install -m 644 $(HEADERS) $(DESTDIR)$(INCDIR)/boardlab/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCDIR)' '' \
	  'Name: boardlab' 'Description: engines for the board-game problems of Baekjoon Online Judge' \
	  'Version: $(VERSION)' 'Libs: -L$${libdir} -lboardlab' 'Libs.private: -lm -pthread' \
	  'Cflags: -I$${includedir}' > $(DESTDIR)$(LIBDIR)/pkgconfig/boardlab.pc
	install -m 644 docs/boardlab.1 $(DESTDIR)$(MANDIR)/man1/boardlab.1
	$(if $(LAB_IF_TOOLCHAIN),install -d $(DESTDIR)$(DATADIR)/boardlab && \
	  install -m 644 $(BUILD)/lab.html $(DESTDIR)$(DATADIR)/boardlab/lab.html,\
	  echo "make install: no lab.html: $(WASM_CC) cannot build for wasm32-wasi (make lab)" >&2)

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/boardlab $(DESTDIR)$(LIBDIR)/libboardlab.a \
	  $(DESTDIR)$(LIBDIR)/libboardlab.so $(DESTDIR)$(LIBDIR)/libboardlab.so.$(SOVERSION) \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/boardlab.pc $(DESTDIR)$(MANDIR)/man1/boardlab.1
	rm -rf $(DESTDIR)$(INCDIR)/boardlab $(DESTDIR)$(DATADIR)/boardlab

clean:
	rm -rf build $(BUILD)

# libFuzzer harnesses, one per parser (fuzz/NAME.c), built by clang with
# -fsanitize=fuzzer,address,undefined into build/fuzz/fuzz/NAME; fuzz/run.sh
# runs each on its corpus (seeded from the tests by fuzz/corpus.sh) in turn.
# The cli harness runs main in process, renamed boardlab_main.
FUZZ_SRC     := $(sort $(filter-out fuzz/fuzz.h,$(wildcard fuzz/*.c)))
FUZZ_NAMES   := $(FUZZ_SRC:fuzz/%.c=%)
FUZZ_BUILD   ?= build/fuzz
FUZZ_SECONDS ?= 60
FUZZ_CI_SECONDS ?= 15
FUZZ_FLAGS   ?=
FUZZ_SAN     := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
FUZZ_BIN     := $(FUZZ_NAMES:%=$(BUILD)/fuzz/%)

fuzz: fuzz-build
	@for h in $(FUZZ_NAMES); do \
	  sh fuzz/run.sh $(FUZZ_BUILD) $$h $(FUZZ_SECONDS) $(FUZZ_FLAGS) || exit 1; done

fuzz-ci:
	$(MAKE) fuzz FUZZ_SECONDS=$(FUZZ_CI_SECONDS)

fuzz-build:
	$(MAKE) CC=clang BUILD=$(FUZZ_BUILD) OPT="-O1 -g -fno-omit-frame-pointer" \
	  SAN="$(FUZZ_SAN)" fuzz-bins

fuzz-bins: $(FUZZ_BIN)

$(BUILD)/obj/fuzz/main.o: cli/main.c $(BUILD)/.flags
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Dmain=boardlab_main -Wno-missing-prototypes -Iinclude -Ilib -Icli -c $< -o $@

$(BUILD)/fuzz/cli: fuzz/cli.c $(BUILD)/obj/fuzz/main.o $(filter-out %/cli/main.o,$(CLI_OBJ)) $(ALIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Ilib -Icli -o $@ $< $(BUILD)/obj/fuzz/main.o \
	  $(filter-out %/cli/main.o,$(CLI_OBJ)) $(ALIB) -fsanitize=fuzzer $(ALL_LDFLAGS) -lm

$(BUILD)/fuzz/%: fuzz/%.c $(REF_OBJ) $(ALIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Ilib -Ibench -o $@ $< $(REF_OBJ) $(ALIB) -fsanitize=fuzzer $(ALL_LDFLAGS) -lm

.PHONY: all tests run test bench bench-peers pictures mutation witnesses witnesses-check late-games diagnose diagnose-pairs \
	asan clang valgrind install uninstall clean FORCE fuzz fuzz-ci fuzz-build fuzz-bins lab lab-bench \
	lab-picture

# Keep the test objects between runs: they are intermediate files to make.
.SECONDARY:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
