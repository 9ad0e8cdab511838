# kstruct - one non-recursive Makefile; everything builds into $(BUILD).
#
#   make            build/libkstruct.a, build/libkstruct.so, build/kstruct
#   make run        the guided tour (installs missing packages first)
#   make check      every CUnit suite, list debug checks on (ditto)
#   make check-jitter  the threaded suites with every thread started late
#   make bench      the benchmarks: build/bench/*.json, *.csv, *.png
#   make fuzz       each libFuzzer harness for FUZZ_SECONDS (clang)
#   make docs       the pictures of docs/ (docs/img/*.svg, Graphviz)
#   make check-docs fails if the committed pictures are not what the code draws
#   make install    PREFIX=/usr/local DESTDIR= : library, headers, tool, .pc
#   make deps       install every Debian package the project uses
#
# Variables: BUILD (output folder), CC, OPT, SANITIZE (e.g.
# address,undefined or thread), TESTS (test binaries to run, e.g. "list
# sched"), SUITES (suite-name prefixes to run), CI (warnings become errors).

BUILD    ?= build
CC       ?= cc
CXX      ?= c++
OPT      ?= -O2
PREFIX   ?= /usr/local
DESTDIR  ?=
SANITIZE ?=
FUZZ_SECONDS ?= 60
VERSION  := 0.1.0
SOMAJOR  := 0

LIB_DIRS := compat list sched sim sctp mm drivers/base
# What libkstruct needs: liburcu, whose headers its own include
# (list/rculist.h), so kstruct.pc's Requires; jansson, for Requires.private.
# liburcu-cds (the benchmarks' baselines) and libpcap (tools/sctp_pcap.c)
# are the tool's alone, CUnit the tests'.
LIB_PKGS        := liburcu jansson
PC_REQUIRES     := liburcu
PC_REQUIRES_PRIVATE := jansson

WERROR   ?= $(if $(CI),-Werror,)
WARN     := -Wall -Wextra $(WERROR)
SANFLAGS := $(if $(SANITIZE),-fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all,)
PKG_CFLAGS  = $(shell pkg-config --cflags $(LIB_PKGS) liburcu-cds cunit 2>/dev/null)
LIB_LIBS    = $(shell pkg-config --libs $(LIB_PKGS) 2>/dev/null)
CDS_LIBS    = $(shell pkg-config --libs liburcu-cds 2>/dev/null)
CUNIT_LIBS  = $(shell pkg-config --libs cunit 2>/dev/null)
# libpcap's -I flags (its dbus-1 dependency's) go on the pcap code's
# compile lines only, through per-object flags (CFLAGS_<stem> below)
PCAP_CFLAGS = $(shell pkg-config --cflags libpcap 2>/dev/null)
PCAP_LIBS   = $(shell pkg-config --libs libpcap 2>/dev/null)
BASE_CPPFLAGS := -I. -D_GNU_SOURCE
CFLAGS_ALL = -std=gnu11 $(OPT) -g -fPIC $(WARN) $(SANFLAGS) $(BASE_CPPFLAGS) $(PKG_CFLAGS) $(CFLAGS)
LDLIBS_ALL = $(SANFLAGS) $(LIB_LIBS) -lpthread -lm $(LDLIBS)

# ---------------------------------------------------------------- sources
LIB_SRCS  := $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.c))
TOOL_SRCS := $(wildcard tools/*.c) $(wildcard bench/*.c)
HEADERS   := $(foreach d,$(LIB_DIRS),$(wildcard $(d)/*.h))

# release objects (library, tool) and debug objects (tests: LIST_DEBUG on)
OBJ := $(BUILD)/obj
DBG := $(BUILD)/dbg
LIB_OBJS  := $(LIB_SRCS:%.c=$(OBJ)/%.o)
TOOL_OBJS := $(TOOL_SRCS:%.c=$(OBJ)/%.o)

LIB_A  := $(BUILD)/libkstruct.a
LIB_SO := $(BUILD)/libkstruct.so.$(VERSION)
TOOL   := $(BUILD)/kstruct

all: $(LIB_A) $(LIB_SO) $(TOOL)

# per-object flags: CFLAGS_<source without .c>
CFLAGS_tools/sctp_pcap             = $(PCAP_CFLAGS)
CFLAGS_tests/tools/test_sctp_pcap  = $(PCAP_CFLAGS)

$(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(CFLAGS_$*) -MMD -MP -c $< -o $@

$(DBG)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_ALL) $(CFLAGS_$*) -DLIST_DEBUG -DKSTRUCT_TESTING -MMD -MP -c $< -o $@

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(LIB_SO): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,libkstruct.so.$(SOMAJOR) -o $@ $^ $(LDLIBS_ALL)
	ln -sf libkstruct.so.$(VERSION) $(BUILD)/libkstruct.so.$(SOMAJOR)
	ln -sf libkstruct.so.$(SOMAJOR) $(BUILD)/libkstruct.so

# The tool links objects, not the archive: subsystems register their
# tours, benchmarks and commands from constructors the linker must keep.
$(TOOL): $(LIB_OBJS) $(TOOL_OBJS)
	$(CC) -o $@ $^ $(LDLIBS_ALL) $(CDS_LIBS) $(PCAP_LIBS)

# ---------------------------------------------------------------- tests
# One test binary per folder of tests/, linked with the subsystems it
# tests (so one subsystem's broken build does not stop another's tests).
TEST_DIRS := $(filter-out fuzz compile install jitter,$(patsubst tests/%/,%,$(wildcard tests/*/)))
TEST_DEPS_compat  := compat
TEST_DEPS_list    := compat list
TEST_DEPS_sched   := compat list sched
TEST_DEPS_sim     := compat list sched sim
TEST_DEPS_sctp    := compat list sctp
TEST_DEPS_mm      := compat list mm
TEST_DEPS_drivers := compat list drivers/base
TEST_DEPS_bench   := compat list sched
# tests/tools: every subsystem, and the tool's own files but its main()
TEST_SRCS_tools   := $(filter-out tools/kstruct.c,$(wildcard tools/*.c))
# tests/sim and tests/bench include a command's file, which calls these
TOOL_HELPERS      := tools/cli.c tools/outfile.c
TEST_SRCS_sim     := $(TOOL_HELPERS)
TEST_LIBS_tools   := $(PCAP_LIBS)
TESTS ?= $(TEST_DIRS)

define test_template
$(BUILD)/tests/test-$(1): $(DBG)/tests/runner.o $(DBG)/tests/child.o \
		$(DBG)/tests/peers.o \
		$(patsubst %.c,$(DBG)/%.o,$(wildcard tests/$(1)/*.c) $(TEST_SRCS_$(1))) \
		$(patsubst %.c,$(DBG)/%.o,$(foreach d,$(or $(TEST_DEPS_$(1)),$(LIB_DIRS)),$(wildcard $(d)/*.c)))
	@mkdir -p $$(@D)
	$$(CC) -o $$@ $$^ $$(LDLIBS_ALL) $$(CDS_LIBS) $$(CUNIT_LIBS) $$(TEST_LIBS_$(1))
endef
$(foreach t,$(TEST_DIRS),$(eval $(call test_template,$(t))))
TEST_BINS := $(TESTS:%=$(BUILD)/tests/test-%)

tests: $(TEST_BINS)

# Every public header compiles on its own (included twice: guards work).
HEADER_STAMPS := $(HEADERS:%.h=$(BUILD)/hdr/%.ok)
$(BUILD)/hdr/%.ok: %.h
	@mkdir -p $(@D)
	@printf '#include "%s"\n#include "%s"\n' $< $< | \
		$(CC) -std=gnu11 $(WARN) -Werror $(BASE_CPPFLAGS) $(PKG_CFLAGS) -x c -c - -o /dev/null
	@touch $@
check-headers: $(HEADER_STAMPS)
	@echo "headers: $(words $(HEADERS)) public headers compile alone"

# list/'s compile_ok and compile_fail tests (C11 -pedantic, C++17, ...),
# with gcc and, when installed, clang.
check-compile:
	@for cc in gcc clang; do command -v $$cc >/dev/null || continue; \
	  tests/compile/run.sh $$cc || exit 1; done

check-run: $(TEST_BINS) check-headers check-compile
	@scripts/run-tests.sh $(BUILD)/tests $(TESTS) -- $(SUITES)

check: deps-ensure
	@$(MAKE) --no-print-directory check-run

# The threaded suites again, each new thread held back 0..JITTER_MS ms
# (tests/jitter/jitter.c): a test that assumes its threads start promptly
# fails here instead of now and then on a loaded machine.
JITTER_MS   ?= 500
JITTER_SEED ?= 1
$(BUILD)/tests/jitter.so: tests/jitter/jitter.c
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O1 -g -fPIC -shared $(WARN) -o $@ $< -ldl
check-jitter: $(TEST_BINS) $(BUILD)/tests/jitter.so
	@echo "jitter: threads start up to $(JITTER_MS) ms late, seed $(JITTER_SEED)"
	@LD_PRELOAD=$(abspath $(BUILD)/tests/jitter.so) \
	  KSTRUCT_JITTER_MS=$(JITTER_MS) KSTRUCT_JITTER_SEED=$(JITTER_SEED) \
	  scripts/run-tests.sh $(BUILD)/tests $(TESTS) -- --threaded

# ---------------------------------------------------------------- install
includedir = $(PREFIX)/include
libdir     = $(PREFIX)/lib
bindir     = $(PREFIX)/bin
pkgdir     = $(libdir)/pkgconfig

$(BUILD)/kstruct.pc: Makefile
	@mkdir -p $(@D)
	@printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' \
		'libdir=$${prefix}/lib' '' 'Name: kstruct' \
		'Description: the Linux 2.5.33 list_head structures in userspace' \
		'Version: $(VERSION)' 'Requires: $(PC_REQUIRES)' \
		'Requires.private: $(PC_REQUIRES_PRIVATE)' \
		'Cflags: -I$${includedir}/kstruct -D_GNU_SOURCE' \
		'Libs: -L$${libdir} -lkstruct' 'Libs.private: -lpthread -lm' > $@

install: all $(BUILD)/kstruct.pc
	install -d $(DESTDIR)$(libdir) $(DESTDIR)$(bindir) $(DESTDIR)$(pkgdir)
	install -m 644 $(LIB_A) $(DESTDIR)$(libdir)/
	install -m 755 $(LIB_SO) $(DESTDIR)$(libdir)/
	ln -sf libkstruct.so.$(VERSION) $(DESTDIR)$(libdir)/libkstruct.so.$(SOMAJOR)
	ln -sf libkstruct.so.$(SOMAJOR) $(DESTDIR)$(libdir)/libkstruct.so
	install -m 755 $(TOOL) $(DESTDIR)$(bindir)/
	install -m 644 $(BUILD)/kstruct.pc $(DESTDIR)$(pkgdir)/
	for h in $(HEADERS); do \
		install -d $(DESTDIR)$(includedir)/kstruct/$$(dirname $$h) && \
		install -m 644 $$h $(DESTDIR)$(includedir)/kstruct/$$h || exit 1; \
	done

# Install into a staging folder and build a small program against it
# through pkg-config, statically and dynamically.
check-install:
	@rm -rf $(BUILD)/stage
	@$(MAKE) --no-print-directory install DESTDIR=$(abspath $(BUILD)/stage) PREFIX=/usr >/dev/null
	@scripts/check-install.sh $(abspath $(BUILD)/stage) $(CC)

# ---------------------------------------------------------------- run, bench
run: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@$(TOOL) tour

bench: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@mkdir -p $(BUILD)/bench
	$(TOOL) bench --out $(BUILD)/bench $(BENCH_ARGS)

# ---------------------------------------------------------------- fuzz
FUZZ_SRCS := $(wildcard tests/fuzz/*.c)
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_CFLAGS = -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all $(BASE_CPPFLAGS) $(PKG_CFLAGS) -DLIST_DEBUG -DKSTRUCT_TESTING

$(FUZZ_BUILD)/%: tests/fuzz/%.c $(LIB_SRCS)
	@mkdir -p $(@D)
	clang $(FUZZ_CFLAGS) -o $@ $< $(LIB_SRCS) $(LIB_LIBS) -lpthread -lm

fuzz: deps-ensure
	@$(MAKE) --no-print-directory fuzz-run

fuzz-run: $(FUZZ_BINS)
	@scripts/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# ---------------------------------------------------------------- docs
# The pictures are committed (docs/img/), so that the pages show them;
# check-docs renders them again into $(BUILD) and compares.
docs: $(TOOL)
	@scripts/install-deps.sh --docs
	@scripts/render-docs.sh $(TOOL) docs/img
	@scripts/plot-generations.sh $(TOOL) docs/img

check-docs: $(TOOL)
	@scripts/install-deps.sh --docs
	@scripts/render-docs.sh --check $(TOOL) docs/img $(BUILD)/docs/img
	@scripts/plot-generations.sh --check $(TOOL) docs/img $(BUILD)/docs/img

# ---------------------------------------------------------------- deps
deps:
	@scripts/install-deps.sh --all

deps-ensure:
	@scripts/install-deps.sh --if-missing

clean:
	rm -rf $(BUILD)

.PHONY: all tests check check-run check-jitter check-headers check-compile check-install install run \
	bench fuzz fuzz-run docs check-docs deps deps-ensure clean
.DELETE_ON_ERROR:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
