# kstruct - one non-recursive Makefile; everything builds into $(BUILD).
#
#   make            build/libkstruct.a, build/libkstruct.so, build/kstruct
#   make run        the guided tour (installs missing packages first)
#   make check      every CUnit suite, list debug checks on (ditto)
#   make check-jitter  the threaded suites with every thread started late
#   make check-html the kstruct sim --html pages in headless Chromium
#   make docs-screenshots  docs/img/sim-explorer*.png, taken the same way
#   make check-layers  no file includes a header of a higher layer (make check)
#   make check-format  every C file as .clang-format writes it (not in CI yet)
#   make bench      the benchmarks: build/bench/*.json, *.csv, *.png
#   make fuzz       each libFuzzer harness for FUZZ_SECONDS (clang)
#   make docs       the pictures of docs/ (docs/img/*.svg, Graphviz)
#   make check-docs fails if the committed pictures are not what the code draws
#   make install    PREFIX=/usr/local DESTDIR= : library, headers, tool, .pc
#   make uninstall  the same PREFIX and DESTDIR: removes what install put there
#   make check-install  install twice, build against both, uninstall both
#   make deps       install every Debian package the project uses
#
# Variables: BUILD (output folder), CC, OPT, SANITIZE (e.g.
# address,undefined or thread), TESTS (test binaries to run, e.g. "list
# sched"), SUITES (suite-name prefixes to run), CI (warnings become errors),
# V=1 (print every command in full instead of "  CC      list/list.o").

BUILD    ?= build
CC       ?= cc
CXX      ?= c++
OPT      ?= -O2
PREFIX   ?= /usr/local
DESTDIR  ?=
SANITIZE ?=
FUZZ_SECONDS ?= 60
V        ?= 0
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

# Quiet by default, as the kernel's Kbuild: "$(call quiet,CC,list/list.o)"
# in front of a command prints that line instead of the command; V=1
# prints the command itself.
quiet = $(if $(filter-out 0,$(V)),,@printf '  %-7s %s\n' '$(1)' '$(2)';)

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
# the flags that shape the generated code (recorded in benchmark results)
CODE_FLAGS = -std=gnu11 $(OPT) -g -fPIC $(SANFLAGS) $(CFLAGS)
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

LIB_A  := $(BUILD)/libkstruct.a
LIB_SO := $(BUILD)/libkstruct.so.$(VERSION)
TOOL   := $(BUILD)/kstruct

# tools/ and bench/ but the tool's main() (tools/kstruct.c): an internal
# library that the tool and the tests link, never installed; release
# objects for the tool, debug ones for the tests.  Its files register
# commands, tour sections, drawings, exercises and benchmark subjects from
# constructors (tools/kstruct.h), and the linker leaves out an archive
# member nothing refers to: the tool, and the tests of what is registered
# (TEST_TOOLS_<dir> = whole), take every member (--whole-archive); other
# test binaries only the members their tests call.
TOOLS_LIB_SRCS := $(filter-out tools/kstruct.c,$(TOOL_SRCS))
TOOLS_A        := $(BUILD)/libkstruct-tools.a
TOOLS_DBG_A    := $(DBG)/libkstruct-tools.a
whole_archive   = -Wl,--whole-archive $(1) -Wl,--no-whole-archive

all: $(LIB_A) $(LIB_SO) $(TOOL)

# per-object flags: CFLAGS_<source without .c>
CFLAGS_tools/sctp_pcap             = $(PCAP_CFLAGS)
CFLAGS_tests/tools/test_sctp_pcap  = $(PCAP_CFLAGS)
CFLAGS_bench/bench                 = -I$(BUILD)/gen
CFLAGS_tests/bench/test_bench      = -I$(BUILD)/gen
CFLAGS_tools/sim_html              = -I$(BUILD)/gen

$(OBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(call quiet,CC,$*.o)$(CC) $(CFLAGS_ALL) $(CFLAGS_$*) -MMD -MP -c $< -o $@

$(DBG)/%.o: %.c
	@mkdir -p $(@D)
	$(call quiet,CC [T],$*.o)$(CC) $(CFLAGS_ALL) $(CFLAGS_$*) -DLIST_DEBUG -MMD -MP -c $< -o $@

# What a benchmark result records about its build (bench/bench.c): the
# commit and the flags.  Rewritten only when they change, so that only
# the files including it are rebuilt.
BUILD_INFO := $(BUILD)/gen/build_info.h
GIT_DESCRIBE = $(shell git describe --always --dirty 2>/dev/null || echo unknown)
c_string = $(subst ",\",$(subst \,\\,$(1)))
$(BUILD_INFO): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '/* generated by the Makefile */' \
		'#define KSTRUCT_BUILD_COMMIT "$(call c_string,$(GIT_DESCRIBE))"' \
		'#define KSTRUCT_BUILD_FLAGS "$(call c_string,$(strip $(CODE_FLAGS)))"' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi
$(OBJ)/bench/bench.o $(DBG)/bench/bench.o $(DBG)/tests/bench/test_bench.o: $(BUILD_INFO)

# The explorer page's style sheet and scripts, as C strings
# (tools/sim_html.c includes them; scripts/embed-text.sh says how).
HTML_ASSETS := sim_html_errors_js=tools/sim_html/errors.js \
	sim_html_css=tools/sim_html/page.css sim_html_js=tools/sim_html/page.js \
	sim_html_controls=tools/sim_html/controls.html \
	sim_html_legend=tools/sim_html/legend.html
HTML_ASSETS_H := $(BUILD)/gen/tools/sim_html_assets.h
$(HTML_ASSETS_H): $(foreach a,$(HTML_ASSETS),$(lastword $(subst =, ,$(a)))) scripts/embed-text.sh
	@mkdir -p $(@D)
	$(call quiet,GEN,$(@F))scripts/embed-text.sh $(HTML_ASSETS) > $@
$(OBJ)/tools/sim_html.o $(DBG)/tools/sim_html.o: $(HTML_ASSETS_H)

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(call quiet,AR,$(@F))ar rcs $@ $^

$(LIB_SO): $(LIB_OBJS)
	@mkdir -p $(@D)
	$(call quiet,LD,$(@F))$(CC) -shared -Wl,-soname,libkstruct.so.$(SOMAJOR) -o $@ $^ $(LDLIBS_ALL)
	@ln -sf libkstruct.so.$(VERSION) $(BUILD)/libkstruct.so.$(SOMAJOR)
	@ln -sf libkstruct.so.$(SOMAJOR) $(BUILD)/libkstruct.so

$(TOOLS_A): $(TOOLS_LIB_SRCS:%.c=$(OBJ)/%.o)
$(TOOLS_DBG_A): $(TOOLS_LIB_SRCS:%.c=$(DBG)/%.o)
$(TOOLS_A) $(TOOLS_DBG_A):
	@mkdir -p $(@D)
	@rm -f $@
	$(call quiet,AR,$(patsubst $(BUILD)/%,%,$@))ar rcs $@ $^

$(TOOL): $(OBJ)/tools/kstruct.o $(TOOLS_A) $(LIB_OBJS)
	$(call quiet,LD,$(@F))$(CC) -o $@ $(OBJ)/tools/kstruct.o \
		$(call whole_archive,$(TOOLS_A)) $(LIB_OBJS) \
		$(LDLIBS_ALL) $(CDS_LIBS) $(PCAP_LIBS)

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
# Every test binary links the tools library after its objects: the tools'
# code a test calls comes from there (TOOLS_DBG_A above).  tests/tools
# tests the registry itself (every tour, drawing and exercise), so it
# links the whole library, and every subsystem.
TEST_TOOLS_tools  := whole
TEST_LIBS_tools   := $(PCAP_LIBS)
TESTS ?= $(TEST_DIRS)

define test_template
$(BUILD)/tests/test-$(1): $(DBG)/tests/runner.o $(DBG)/tests/child.o $(DBG)/tests/tmpdir.o \
		$(DBG)/tests/peers.o $(DBG)/tests/report.o \
		$(patsubst %.c,$(DBG)/%.o,$(wildcard tests/$(1)/*.c)) \
		$(patsubst %.c,$(DBG)/%.o,$(foreach d,$(or $(TEST_DEPS_$(1)),$(LIB_DIRS)),$(wildcard $(d)/*.c))) \
		$(TOOLS_DBG_A)
	@mkdir -p $$(@D)
	$$(call quiet,LD,tests/$$(@F))$$(CC) -o $$@ $$(filter %.o,$$^) \
		$(if $(filter whole,$(TEST_TOOLS_$(1))),$$(call whole_archive,$(TOOLS_DBG_A)),$(TOOLS_DBG_A)) \
		$$(LDLIBS_ALL) $$(CDS_LIBS) $$(CUNIT_LIBS) $$(TEST_LIBS_$(1))
endef
$(foreach t,$(TEST_DIRS),$(eval $(call test_template,$(t))))
TEST_BINS := $(TESTS:%=$(BUILD)/tests/test-%)
# the tools' tests also run the real command, $(TOOL)
$(BUILD)/tests/test-tools: | $(TOOL)

tests: $(TEST_BINS)

# Every public header compiles on its own (included twice: guards work).
HEADER_STAMPS := $(HEADERS:%.h=$(BUILD)/hdr/%.ok)
$(BUILD)/hdr/%.ok: %.h
	@mkdir -p $(@D)
	$(call quiet,HDR,$<)printf '#include "%s"\n#include "%s"\n' $< $< | \
		$(CC) -std=gnu11 $(WARN) -Werror $(BASE_CPPFLAGS) $(PKG_CFLAGS) -x c -c - -o /dev/null
	@touch $@
check-headers: $(HEADER_STAMPS)
	@echo "headers: $(words $(HEADERS)) public headers compile alone"

# list/'s compile_ok and compile_fail tests (C11 -pedantic, C++17, ...),
# with gcc and, when installed, clang.
check-compile:
	@for cc in gcc clang; do command -v $$cc >/dev/null || continue; \
	  tests/compile/run.sh $$cc || exit 1; done

# No file includes a header of a layer above its own, nor a .c file
# (docs/DESIGN.md, "The layers, and what may include what").
check-layers:
	@scripts/check-layers.sh

# Every C file as .clang-format writes it, and every iterator of the tree
# in its ForEachMacros.  Not part of make check (the tree is not yet
# formatted); CLANG_FORMAT names another binary.
CLANG_FORMAT ?= clang-format
check-format:
	@scripts/check-format.sh $(CLANG_FORMAT)

check-run: $(TEST_BINS) check-headers check-compile check-layers
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
	$(call quiet,LD,tests/$(@F))$(CC) -std=gnu11 -O1 -g -fPIC -shared $(WARN) -o $@ $< -ldl
check-jitter: $(TEST_BINS) $(BUILD)/tests/jitter.so
	@echo "jitter: threads start up to $(JITTER_MS) ms late, seed $(JITTER_SEED)"
	@LD_PRELOAD=$(abspath $(BUILD)/tests/jitter.so) \
	  KSTRUCT_JITTER_MS=$(JITTER_MS) KSTRUCT_JITTER_SEED=$(JITTER_SEED) \
	  scripts/run-tests.sh $(BUILD)/tests $(TESTS) -- --threaded

# The explorer pages of kstruct sim --html, loaded in a real browser
# (headless Chromium, installed here when missing): no JavaScript error,
# and one rect.run per switch to a task in the trace of the same run.
check-html: deps-ensure deps-browser
	@$(MAKE) --no-print-directory $(TOOL)
	@scripts/check-html.sh $(TOOL) $(BUILD)/html

# The explorer's pictures in docs/sim.md, taken in the same browser
# (committed; not compared byte for byte: see the script).
docs-screenshots: deps-ensure deps-browser
	@$(MAKE) --no-print-directory $(TOOL)
	@scripts/check-html.sh --screenshots docs/img $(TOOL) $(BUILD)/html-shots

# ---------------------------------------------------------------- install
# scripts/install.sh does the work and keeps a manifest of what it put
# under the prefix (files, and the folders it had to create), which
# "make uninstall" removes again; kstruct.pc is written at every install
# from this PREFIX.
INSTALL_ARGS = --destdir '$(DESTDIR)' --prefix '$(PREFIX)' --build '$(BUILD)' \
	--version $(VERSION) --somajor $(SOMAJOR) --requires '$(PC_REQUIRES)' \
	--requires-private '$(PC_REQUIRES_PRIVATE)'

install: all
	@scripts/install.sh install $(INSTALL_ARGS) $(HEADERS)

uninstall:
	@scripts/install.sh uninstall $(INSTALL_ARGS)

# Install under two prefixes into a staging folder, build and run a
# program against each through pkg-config, dynamically and statically,
# then uninstall both: the folder must be empty again.
check-install: all
	@scripts/check-install.sh $(abspath $(BUILD)/stage) $(CC)

# ---------------------------------------------------------------- run, bench
run: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@$(TOOL) tour

bench: deps-ensure deps-pictures
	@$(MAKE) --no-print-directory $(TOOL)
	$(TOOL) bench --out $(BUILD)/bench $(BENCH_ARGS)

# ---------------------------------------------------------------- fuzz
FUZZ_SRCS := $(wildcard tests/fuzz/*.c)
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_CFLAGS = -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all $(BASE_CPPFLAGS) $(PKG_CFLAGS) -DLIST_DEBUG

# a harness of the tool's code names its sources as prerequisites
$(FUZZ_BUILD)/%: tests/fuzz/%.c $(LIB_SRCS)
	@mkdir -p $(@D)
	$(call quiet,FUZZ,$(@F))clang $(FUZZ_CFLAGS) -o $@ $< $(LIB_SRCS) \
		$(filter tools/%.c,$^) $(LIB_LIBS) -lpthread -lm
$(FUZZ_BUILD)/fuzz_cli: tools/cli.c

fuzz: deps-ensure
	@$(MAKE) --no-print-directory fuzz-run

fuzz-run: $(FUZZ_BINS)
	@scripts/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# ---------------------------------------------------------------- docs
# The pictures are committed (docs/img/), so that the pages show them;
# check-docs renders them again into $(BUILD) and compares.
docs: deps-pictures $(TOOL)
	@scripts/render-docs.sh $(TOOL) docs/img
	@scripts/plot-generations.sh $(TOOL) docs/img

check-docs: deps-pictures $(TOOL)
	@scripts/render-docs.sh --check $(TOOL) docs/img $(BUILD)/docs/img
	@scripts/plot-generations.sh --check $(TOOL) docs/img $(BUILD)/docs/img

# ---------------------------------------------------------------- deps
deps:
	@scripts/install-deps.sh --all

deps-ensure:
	@scripts/install-deps.sh --if-missing

# Graphviz, its font and gnuplot, for make docs and the benchmarks' plots
deps-pictures:
	@scripts/install-deps.sh --if-missing --pictures

deps-browser:
	@scripts/install-deps.sh --if-missing --browser

clean:
	rm -rf $(BUILD)

.PHONY: all tests check check-run check-jitter check-html docs-screenshots check-headers \
	check-compile check-layers check-format check-install install uninstall run bench \
	fuzz fuzz-run docs check-docs deps deps-ensure deps-pictures deps-browser clean FORCE
.DELETE_ON_ERROR:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
