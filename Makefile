# boardlab: one GNU make file, builds out of tree into $(BUILD).
#   make            build/boardlab, build/libboardlab.a, build/libboardlab.so
#   make run        the demo tour on the built-in examples
#   make test       the whole TAP suite through prove (-Werror build)
#   make asan       the suite again under address + undefined sanitizers
#   make clang      the suite again built with clang
#   make valgrind   the unit tests (quick counts) and every CLI run under valgrind
#   make bench      every game's benchmarks, each against its plain reference
#   make mutation   the judge's suites against every mutant of each reference solution
#   make witnesses  the mistakes' smallest witnesses, searched, into lib/witness_table.c
#   make witnesses-check   every witness search run again against the stored witnesses
#   make diagnose   the judge's diagnosis on every planted-bug solution of tests/diagnose
#   make pictures   the README's pictures, docs/GAME.svg, drawn by the tool
#   make fuzz       every libFuzzer harness of fuzz/, FUZZ_SECONDS (60) each
#   make fuzz-ci    the same, FUZZ_CI_SECONDS (15) each: the step of .ci/run
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
PROVE     ?= prove
# The TAP scripts run side by side, one per core (every verdict they check is
# decided on CPU time, not wall time); PROVE_FLAGS= runs them in turn.
PROVE_FLAGS ?= -j$(shell nproc 2>/dev/null || echo 2)

WARN    := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
           -Wconversion -Wno-sign-conversion
# Every build here is a test build; packagers may set WERROR= .
WERROR  ?= -Werror
OPT     ?= -O2 -g
CFLAGS  ?=
LDFLAGS ?=
SAN     ?=
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(WERROR) $(OPT) $(SAN) $(CFLAGS) -MMD -MP
ALL_LDFLAGS = $(SAN) $(LDFLAGS)

LIB_SRC   := $(sort $(wildcard lib/*.c))
CLI_SRC   := $(sort $(wildcard cli/*.c))
REF_SRC   := $(sort $(wildcard bench/ref/*.c))
# The benchmarks' table and each game's workloads, run by its bench verb.
BENCH_SRC := $(sort $(wildcard bench/*.c))
UNIT_SRC  := $(sort $(wildcard tests/unit/t-*.c))
# Solutions, right and deliberately wrong, for the tests of `stress`.
STRESS_SRC := $(sort $(wildcard tests/stress/*.c))
# Solutions for the tests of `judge`: right, wrong and pathological (tests/judge/).
JUDGE_SRC := $(sort $(wildcard tests/judge/*.c))
# The mutation test's harness (tests/mutation/), linked with the library.
MUT_SRC   := $(sort $(wildcard tests/mutation/*.c))
EXAMPLES  := $(sort $(wildcard examples/*.txt))
# The public headers, installed as <boardlab/NAME.h>; lib/*_impl.h are a
# module's internals and stay in the tree.
HEADERS   := $(sort $(wildcard include/boardlab/*.h))

LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
PIC_OBJ   := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
REF_OBJ   := $(REF_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ   := $(CLI_SRC:%.c=$(BUILD)/obj/%.o) $(BENCH_SRC:%.c=$(BUILD)/obj/%.o) \
             $(BUILD)/obj/gen/examples.o $(REF_OBJ)
TAP_OBJ   := $(BUILD)/obj/tests/tap.o
UNIT_BIN  := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
STRESS_BIN := $(STRESS_SRC:tests/stress/%.c=$(BUILD)/tests/stress/%)
JUDGE_BIN := $(JUDGE_SRC:tests/judge/%.c=$(BUILD)/tests/judge/%)
MUT_BIN   := $(BUILD)/tests/mutrun

BIN    := $(BUILD)/boardlab
ALIB   := $(BUILD)/libboardlab.a
SOLIB  := $(BUILD)/libboardlab.so

all: $(BIN) $(ALIB) $(SOLIB)

# Everything is rebuilt when the compiler or its flags change (git's
# GIT-CFLAGS): `make` then `make CC=clang` must not mix objects.
FLAGS_ID := $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS)
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
	$(CC) $(ALL_LDFLAGS) -o $@ $(CLI_OBJ) $(ALIB) -lm

# A unit test of the tool's own code links that object too: t-run the runner.
UNIT_OBJ_t-run := $(BUILD)/obj/cli/run.o
$(BUILD)/tests/t-run: $(UNIT_OBJ_t-run)

$(BUILD)/tests/%: tests/unit/%.c $(TAP_OBJ) $(REF_OBJ) $(ALIB)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Iinclude -Ilib -Icli -Itests -Ibench -o $@ $< $(TAP_OBJ) $(REF_OBJ) \
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

tests: $(BIN) $(UNIT_BIN) $(STRESS_BIN) $(JUDGE_BIN) $(MUT_BIN)

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

# The diagnosis's accuracy on every wrong solution of tests/diagnose/, the
# Python ones too (make test judges two of them): tests/cli/t-diagnose.sh.
diagnose: $(BIN)
	BOARDLAB=$(abspath $(BIN)) BL_DIAGNOSE_ALL=1 BL_MUT_CC="$(CC)" $(PROVE) -v tests/cli/t-diagnose.sh

asan:
	$(MAKE) BUILD=build/asan OPT="-O1 -g -fno-omit-frame-pointer" \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all" test

clang:
	$(MAKE) CC=clang BUILD=build/clang test

# The figures of bench/README.md: each game's fixed workloads against the
# plain reference engine of bench/ref/, measured in the same run.
BENCH_GAMES ?= tower yut grundy puyo
BENCH_FLAGS ?=
bench: $(BIN)
	@for g in $(BENCH_GAMES); do $(BIN) $$g bench $(BENCH_FLAGS) || exit 1; done

# The README's pictures (docs/pictures.sh says how each is drawn).
pictures: $(BIN)
	@for g in tower yut grundy puyo; do sh docs/pictures.sh $(abspath $(BIN)) $$g > docs/$$g.svg || exit 1; done

VALGRIND := valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=all

valgrind: tests
	BL_TEST_QUICK=1 BL_TESTS=$(abspath $(BUILD)/tests) $(PROVE) $(PROVE_FLAGS) --exec '$(VALGRIND)' $(UNIT_BIN)
	BOARDLAB=$(abspath $(BIN)) BL_WRAP="$(VALGRIND)" $(PROVE) $(PROVE_FLAGS) tests/cli/t-*.sh

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	  $(DESTDIR)$(INCDIR)/boardlab $(DESTDIR)$(MANDIR)/man1
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/boardlab
	install -m 644 $(ALIB) $(DESTDIR)$(LIBDIR)/libboardlab.a
	install -m 755 $(SOLIB) $(DESTDIR)$(LIBDIR)/libboardlab.so.$(SOVERSION)
	ln -sf libboardlab.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libboardlab.so
	install -m 644 $(HEADERS) $(DESTDIR)$(INCDIR)/boardlab/
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCDIR)' '' \
	  'Name: boardlab' 'Description: engines for the board-game problems of Baekjoon Online Judge' \
	  'Version: $(VERSION)' 'Libs: -L$${libdir} -lboardlab' 'Libs.private: -lm' \
	  'Cflags: -I$${includedir}' > $(DESTDIR)$(LIBDIR)/pkgconfig/boardlab.pc
	install -m 644 docs/boardlab.1 $(DESTDIR)$(MANDIR)/man1/boardlab.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/boardlab $(DESTDIR)$(LIBDIR)/libboardlab.a \
	  $(DESTDIR)$(LIBDIR)/libboardlab.so $(DESTDIR)$(LIBDIR)/libboardlab.so.$(SOVERSION) \
	  $(DESTDIR)$(LIBDIR)/pkgconfig/boardlab.pc $(DESTDIR)$(MANDIR)/man1/boardlab.1
	rm -rf $(DESTDIR)$(INCDIR)/boardlab

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

.PHONY: all tests run test bench pictures mutation witnesses witnesses-check diagnose asan clang valgrind install uninstall clean FORCE \
	fuzz fuzz-ci fuzz-build fuzz-bins

# Keep the test objects between runs: they are intermediate files to make.
.SECONDARY:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
