# kstruct - one non-recursive Makefile; everything builds into $(BUILD).
#
#   make            build/libkstruct.a, build/libkstruct.so, build/kstruct
#   make run        the guided tour (installs missing packages first)
#   make check      every CUnit suite, list debug checks on (ditto)
#   make check-jitter  the threaded suites with every thread started late
#   make check-html the kstruct sim --html pages in headless Chromium
#   make docs-screenshots  docs/img/sim-explorer*.png, taken the same way
#   make check-layers  no file includes a header of a higher layer (make check)
#   make check-names  no typedef of a struct, union or enum, nor a second
#                   name for a type: one name per thing (make check)
#   make check-format  every C file as .clang-format writes it (CI runs it)
#   make format     rewrite the C files that differ from it
#   make bench      the benchmarks: build/bench/*.json, *.csv, *.png
#   make bench-docs rerun what docs/ quotes and rewrite its benchmark tables
#   make fuzz       each libFuzzer harness for FUZZ_SECONDS (clang)
#   make docs       the pictures of docs/ (docs/img/*.svg, Graphviz)
#   make check-docs fails if the committed pictures are not what the code draws
#   make install    PREFIX=/usr/local DESTDIR= : library, public headers, tool, .pc
#   make uninstall  the same PREFIX and DESTDIR: removes what install put there
#   make check-install  install twice, build against both, uninstall both
#   make check-abi  libkstruct.so exports exactly abi/libkstruct.so.N.symbols
#   make abi-update rewrite that list from the library (a deliberate change)
#   make deps       install every Debian package the project uses
#   make check-kernel  the reference rig: tests/kernel/ under Linux 6.1 and
#                   6.12 in qemu beside kstruct sim (CI_SUBSET=1: the CI
#                   subset, as make check-kernel-quick); make validation-docs
#                   writes docs/validation.md from a full run
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
# the library's version; its major number is the soname's
# (libkstruct.so.4): docs/DESIGN.md ("The ABI") says when each changes
VERSION  := 4.0.0
SOMAJOR  := $(firstword $(subst ., ,$(VERSION)))

LIB_DIRS := compat list sched sim sctp mm drivers/base
# What libkstruct needs: liburcu, whose headers its installed headers
# include (list/rculist.h), so kstruct.pc's Requires; jansson, which only
# its own files use (the simulator's workloads and reports, the runqueue
# snapshots' JSON), so Requires.private.  liburcu-cds (the benchmarks'
# baselines) and libpcap (tools/sctp_pcap.c) are the tool's alone, CUnit
# the tests'.
LIB_PKGS        := liburcu jansson
PC_REQUIRES     := liburcu
PC_REQUIRES_PRIVATE := jansson

# The public surface (docs/DESIGN.md, "The public surface"): the headers
# "make install" installs under $(PREFIX)/include/kstruct/, which a user
# includes as <kstruct/list/list.h> and which include each other so.
# What they declare, libkstruct.so exports; nothing else.
PUBLIC_HEADERS := \
	compat/atomic.h compat/bitops.h compat/bug.h compat/compiler.h \
	compat/completion.h compat/export.h compat/jiffies.h compat/slab.h \
	compat/check.h compat/spinlock.h \
	list/list.h list/list_sort.h list/rbtree.h list/rbtree_augmented.h \
	list/rculist.h \
	sched/sched.h sched/class.h \
	sim/sim.h sim/workload.h sim/report.h \
	sctp/sctp.h sctp/structs.h sctp/sm.h sctp/packet.h \
	mm/mm.h mm/fs.h mm/mmzone.h \
	drivers/base/device.h
# The library's other headers: shared between its own files (and the
# tool's and tests'), never installed.  Every header of $(LIB_DIRS) is in
# exactly one of the two lists (make check-headers fails otherwise).
PRIVATE_HEADERS := \
	compat/ktime.h compat/prefetch.h compat/escape.h \
	sched/internal.h sched/rq.h sched/snapshot_json.h sched/fair.h \
	sched/goodness.h \
	sched/pelt.h sched/topology.h sched/fair_balance.h sched/deadline.h \
	sim/internal.h sim/trace.h \
	drivers/base/base.h

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
# Public headers include each other as <kstruct/dir/file.h>; in the tree
# that resolves through $(INC)/kstruct/, a symbolic link per public header
# and nothing else, made before anything compiles ($(INC_STAMP)).  The
# library's own .c files and private headers include "dir/file.h" (-I.).
INC       := $(BUILD)/include
INC_STAMP := $(INC)/.stamp
BASE_CPPFLAGS := -I. -I$(INC) -D_GNU_SOURCE
# the flags that shape the generated code (recorded in benchmark results);
# hidden visibility: only what the public headers declare is exported
CODE_FLAGS = -std=gnu11 $(OPT) -g -fPIC -fvisibility=hidden $(SANFLAGS) $(CFLAGS)
CFLAGS_ALL = -std=gnu11 $(OPT) -g -fPIC -fvisibility=hidden $(WARN) $(SANFLAGS) $(BASE_CPPFLAGS) $(PKG_CFLAGS) $(CFLAGS)
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
LIB_MAP := $(BUILD)/libkstruct.map
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

$(INC_STAMP): Makefile
	@rm -rf $(INC)/kstruct
	@for h in $(PUBLIC_HEADERS); do \
		mkdir -p $(INC)/kstruct/$$(dirname $$h) && \
		ln -s $(CURDIR)/$$h $(INC)/kstruct/$$h || exit 1; \
	done
	@touch $@

# per-object flags: CFLAGS_<source without .c>
CFLAGS_tools/sctp_pcap             = $(PCAP_CFLAGS)
CFLAGS_tests/tools/test_sctp_pcap  = $(PCAP_CFLAGS)
CFLAGS_bench/bench                 = -I$(BUILD)/gen
CFLAGS_bench/output                = -I$(BUILD)/gen
CFLAGS_tests/bench/test_bench      = -I$(BUILD)/gen
CFLAGS_tools/sim_html              = -I$(BUILD)/gen
CFLAGS_tools/kstruct               = -I$(BUILD)/gen

$(OBJ)/%.o: %.c | $(INC_STAMP)
	@mkdir -p $(@D)
	$(call quiet,CC,$*.o)$(CC) $(CFLAGS_ALL) $(CFLAGS_$*) -MMD -MP -c $< -o $@

$(DBG)/%.o: %.c | $(INC_STAMP)
	@mkdir -p $(@D)
	$(call quiet,CC [T],$*.o)$(CC) $(CFLAGS_ALL) $(CFLAGS_$*) -DLIST_DEBUG -MMD -MP -c $< -o $@

# What a benchmark result records about its build (bench/output.c): the
# commit and the flags.  Rewritten only when they change, so that only
# the files including it are rebuilt.
BUILD_INFO := $(BUILD)/gen/build_info.h
# generated files are written to a name of this make's own (its process
# id) and renamed: several makes may run at once on one build, as CI's
# three check-jitter seeds do
NEW := .new.$(shell echo $$PPID)
GIT_DESCRIBE = $(shell git describe --always --dirty 2>/dev/null || echo unknown)
c_string = $(subst ",\",$(subst \,\\,$(1)))
$(BUILD_INFO): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '/* generated by the Makefile */' \
		'#define KSTRUCT_BUILD_COMMIT "$(call c_string,$(GIT_DESCRIBE))"' \
		'#define KSTRUCT_BUILD_FLAGS "$(call c_string,$(strip $(CODE_FLAGS)))"' > $@$(NEW)
	@if cmp -s $@$(NEW) $@; then rm -f $@$(NEW); else mv $@$(NEW) $@; fi
$(OBJ)/bench/bench.o $(DBG)/bench/bench.o $(DBG)/tests/bench/test_bench.o: $(BUILD_INFO)
$(OBJ)/bench/output.o $(DBG)/bench/output.o: $(BUILD_INFO)

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
# The version kstruct --version prints, rewritten when VERSION changes.
VERSION_H := $(BUILD)/gen/kstruct_version.h
$(VERSION_H): FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '/* generated by the Makefile */' \
		'#define KSTRUCT_VERSION "$(VERSION)"' > $@$(NEW)
	@if cmp -s $@$(NEW) $@; then rm -f $@$(NEW); else mv $@$(NEW) $@; fi
$(OBJ)/tools/kstruct.o: $(VERSION_H)

$(LIB_A): $(LIB_OBJS)
	@mkdir -p $(@D)
	@rm -f $@
	$(call quiet,AR,$(@F))ar rcs $@ $^

# Every export carries the version KSTRUCT_<major>, and the library's
# calls to its own functions bind inside it (-Bsymbolic-functions): see
# docs/DESIGN.md, "Kernel names in a shared library".
$(LIB_MAP): FORCE
	@mkdir -p $(@D)
	@printf 'KSTRUCT_%s {\n\tglobal: *;\n};\n' $(SOMAJOR) > $@$(NEW)
	@if cmp -s $@$(NEW) $@; then rm -f $@$(NEW); else mv $@$(NEW) $@; fi

$(LIB_SO): $(LIB_OBJS) $(LIB_MAP)
	@mkdir -p $(@D)
	$(call quiet,LD,$(@F))$(CC) -shared -Wl,-soname,libkstruct.so.$(SOMAJOR) \
		-Wl,--version-script=$(LIB_MAP) -Wl,-Bsymbolic-functions \
		-o $@ $(LIB_OBJS) $(LDLIBS_ALL)
	@ln -sf libkstruct.so.$(VERSION) $(BUILD)/libkstruct.so.$(SOMAJOR)
	@ln -sf libkstruct.so.$(SOMAJOR) $(BUILD)/libkstruct.so

$(TOOLS_A): $(TOOLS_LIB_SRCS:%.c=$(OBJ)/%.o)
$(TOOLS_DBG_A): $(TOOLS_LIB_SRCS:%.c=$(DBG)/%.o)
$(TOOLS_A) $(TOOLS_DBG_A):
	@mkdir -p $(@D)
	@rm -f $@
	$(call quiet,AR,$(patsubst $(BUILD)/%,%,$@))ar rcs $@ $^

# the kernel's lib/rbtree.c, when its source is installed (below)
KERNEL_TAR      := $(wildcard /usr/src/linux-source-6.12.tar.xz)
KERNEL_RBTREE   := $(BUILD)/kernel-rbtree
KERNEL_RBTREE_O := $(if $(KERNEL_TAR),$(KERNEL_RBTREE)/rbtree.o)
KERNEL_PELT     := $(BUILD)/kernel-pelt
KERNEL_PELT_O   := $(if $(KERNEL_TAR),$(KERNEL_PELT)/pelt.o)
$(TOOL): $(OBJ)/tools/kstruct.o $(TOOLS_A) $(LIB_OBJS)
	$(call quiet,LD,$(@F))$(CC) -o $@ $(OBJ)/tools/kstruct.o \
		$(call whole_archive,$(TOOLS_A)) $(LIB_OBJS) \
		$(LDLIBS_ALL) $(CDS_LIBS) $(PCAP_LIBS)

# The tool the benchmarks run: the same, plus the kernel's rbtree when its
# source is installed.  Never installed: the installed kstruct holds
# kstruct's own code only (the kernel's file is GPL-2.0).
BENCH_TOOL := $(BUILD)/kstruct-bench
$(BENCH_TOOL): $(OBJ)/tools/kstruct.o $(TOOLS_A) $(LIB_OBJS) $(KERNEL_RBTREE_O) \
		$(KERNEL_PELT_O)
	$(call quiet,LD,$(@F))$(CC) -o $@ $(OBJ)/tools/kstruct.o \
		$(call whole_archive,$(TOOLS_A)) $(LIB_OBJS) $(KERNEL_RBTREE_O) \
		$(KERNEL_PELT_O) \
		$(LDLIBS_ALL) $(CDS_LIBS) $(PCAP_LIBS)

# The kernel's own lib/rbtree.c, the rbtree benchmark's baseline
# (bench/rbtree.c): tools/lib/rbtree.c and the tools/include headers it
# needs, extracted from Debian's linux-source-6.12 into the build folder,
# compiled, its symbols prefixed "kernel_", linked into $(BENCH_TOOL) only.
# Never committed nor installed; without the package the benchmark skips
# it (scripts/install-deps.sh --bench installs it).
$(KERNEL_RBTREE)/rbtree.o: $(KERNEL_TAR)
	@rm -rf $(KERNEL_RBTREE) && mkdir -p $(KERNEL_RBTREE)
	$(call quiet,TAR,$(patsubst $(BUILD)/%,%,$(KERNEL_RBTREE))/tools)tar -xJf $< \
		-C $(KERNEL_RBTREE) --strip-components=1 --wildcards \
		'*/tools/lib/rbtree.c' '*/tools/include/*'
	$(call quiet,CC,kernel 6.12 tools/lib/rbtree.c)$(CC) -std=gnu11 $(OPT) -g -fPIC \
		-I$(KERNEL_RBTREE)/tools/include -c $(KERNEL_RBTREE)/tools/lib/rbtree.c \
		-o $@.tmp
	@objcopy --prefix-symbols=kernel_ $@.tmp $@ && rm -f $@.tmp

# The kernel's PELT sums, the pelt benchmark's baseline (bench/pelt.c):
# one translation unit of bench/kernel/pelt_frame.h (the types and helpers
# they use), sched-pelt.h, kernel/sched/pelt.c's functions from
# decay_load() to ___update_load_avg() and bench/kernel/pelt_calls.h,
# compiled, prefixed "kernel_" and linked into $(BENCH_TOOL) only, as the
# rbtree's.
$(KERNEL_PELT)/pelt.o: bench/kernel/pelt_frame.h bench/kernel/pelt_calls.h $(KERNEL_TAR)
	@rm -rf $(KERNEL_PELT) && mkdir -p $(KERNEL_PELT)
	$(call quiet,TAR,$(patsubst $(BUILD)/%,%,$(KERNEL_PELT))/kernel/sched)tar -xJf $(KERNEL_TAR) \
		-C $(KERNEL_PELT) --strip-components=1 --wildcards \
		'*/kernel/sched/pelt.c' '*/kernel/sched/sched-pelt.h'
	@{ printf '#include "pelt_frame.h"\n#include "sched-pelt.h"\n'; \
	  sed -n '/^static u64 decay_load(/,/^int __update_load_avg_blocked_se(/p' \
		$(KERNEL_PELT)/kernel/sched/pelt.c | sed '$$d'; \
	  printf '#include "pelt_calls.h"\n'; } >$(KERNEL_PELT)/pelt.c
	@grep -q '^___update_load_avg(' $(KERNEL_PELT)/pelt.c
	$(call quiet,CC,kernel 6.12 kernel/sched/pelt.c)$(CC) -std=gnu11 $(OPT) -g -fPIC \
		-Ibench/kernel -I$(KERNEL_PELT)/kernel/sched -c $(KERNEL_PELT)/pelt.c -o $@.tmp
	@objcopy --prefix-symbols=kernel_ $@.tmp $@ && rm -f $@.tmp

# ---------------------------------------------------------------- tests
# One test binary per folder of tests/, linked with the subsystems it
# tests (so one subsystem's broken build does not stop another's tests).
TEST_DIRS := $(filter-out fuzz compile install jitter kernel,$(patsubst tests/%/,%,$(wildcard tests/*/)))
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

# The headers: every header of $(LIB_DIRS) is public or private, not both;
# the public ones pass the installed-header test (scripts/check-headers.sh:
# each alone as C11 -pedantic without feature macros and as C++17, with
# only what pkg-config would give, here $(INC) and liburcu's flags, and
# no jansson, and the export rule); each private one compiles alone
# as the library's own files see it (included twice: guards work).
HEADERS_UNSORTED := $(filter-out $(PUBLIC_HEADERS) $(PRIVATE_HEADERS),$(HEADERS))
HEADERS_TWICE    := $(filter $(PUBLIC_HEADERS),$(PRIVATE_HEADERS))
HEADERS_MISSING  := $(filter-out $(HEADERS),$(PUBLIC_HEADERS) $(PRIVATE_HEADERS))
PUBLIC_HDR_CFLAGS = $(shell pkg-config --cflags $(PC_REQUIRES) 2>/dev/null)
PUBLIC_HDR_STAMP := $(BUILD)/hdr/public.ok
PRIVATE_HDR_STAMPS := $(PRIVATE_HEADERS:%.h=$(BUILD)/hdr/%.ok)

$(PUBLIC_HDR_STAMP): $(PUBLIC_HEADERS) scripts/check-headers.sh $(INC_STAMP)
	@mkdir -p $(@D)
	$(call quiet,HDR,public headers)scripts/check-headers.sh $(CC) $(INC) \
		-I$(INC) $(PUBLIC_HDR_CFLAGS) >$@.log || { cat $@.log; exit 1; }
	@mv $@.log $@
$(BUILD)/hdr/%.ok: %.h | $(INC_STAMP)
	@mkdir -p $(@D)
	$(call quiet,HDR,$<)printf '#include "%s"\n#include "%s"\n' $< $< | \
		$(CC) -std=gnu11 $(WARN) -Werror $(BASE_CPPFLAGS) $(PKG_CFLAGS) -x c -c - -o /dev/null
	@touch $@
check-headers: $(PUBLIC_HDR_STAMP) $(PRIVATE_HDR_STAMPS)
	@bad=0; \
	for h in $(HEADERS_UNSORTED); do bad=1; \
		echo "headers: $$h is in neither PUBLIC_HEADERS nor PRIVATE_HEADERS"; done; \
	for h in $(HEADERS_TWICE); do bad=1; \
		echo "headers: $$h is in both PUBLIC_HEADERS and PRIVATE_HEADERS"; done; \
	for h in $(HEADERS_MISSING); do bad=1; \
		echo "headers: $$h is in the Makefile's lists but does not exist"; done; \
	exit $$bad
	@tail -n 1 $(PUBLIC_HDR_STAMP)
	@echo "headers: $(words $(PRIVATE_HEADERS)) private headers compile alone"

# list/'s compile_ok and compile_fail tests (C11 -pedantic, C++17, ...),
# with gcc and, when installed, clang.
check-compile: | $(INC_STAMP)
	@for cc in gcc clang; do command -v $$cc >/dev/null || continue; \
	  tests/compile/run.sh $$cc $(INC) || exit 1; done

# No file includes a header of a layer above its own, nor a .c file
# (docs/DESIGN.md, "The layers, and what may include what").
check-layers:
	@scripts/check-layers.sh

check-names:
	@scripts/check-names.sh

# Every C file as .clang-format writes it, and every iterator of the tree
# in its ForEachMacros.  CI runs it; not part of make check, whose
# packages do not include clang-format (make deps installs it).  Output
# differs between clang-format's versions: the tree is written by 14,
# Debian 12's, which CLANG_FORMAT prefers.
CLANG_FORMAT ?= $(shell command -v clang-format-14 || echo clang-format)
check-format:
	@scripts/check-format.sh $(CLANG_FORMAT)

format:
	@scripts/check-format.sh --fix $(CLANG_FORMAT)

check-run: $(TEST_BINS) check-headers check-compile check-layers check-names \
		$(if $(SANITIZE),,check-abi)
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
# one rect.run per switch to a task in the trace of the same run, and
# runqueue cards that hold their chips at 1280 and 760 pixels wide.
check-html: deps-ensure deps-browser
	@$(MAKE) --no-print-directory $(TOOL)
	@scripts/check-html.sh $(TOOL) $(BUILD)/html

# The explorer's pictures in docs/sim.md, taken in the same browser
# (committed; not compared byte for byte: see the script).
docs-screenshots: deps-ensure deps-browser
	@$(MAKE) --no-print-directory $(TOOL)
	@scripts/check-html.sh --screenshots docs/img $(TOOL) $(BUILD)/html-shots

# ---------------------------------------------------------------- ABI
# What libkstruct.so exports, against the list checked in for its soname
# (scripts/check-abi.sh); make check runs it on unsanitized builds (the
# sanitizers add symbols of their own).  abi-update rewrites the list:
# only for a deliberate change, with VERSION bumped (docs/DESIGN.md).
ABI_FILE := abi/libkstruct.so.$(SOMAJOR).symbols
check-abi: $(LIB_SO) $(INC_STAMP)
	@CC="$(CC)" ABI_INC=$(INC) ABI_CFLAGS="$(PUBLIC_HDR_CFLAGS)" \
		scripts/check-abi.sh $(LIB_SO) $(ABI_FILE) $(PUBLIC_HEADERS)

abi-update: $(LIB_SO) $(INC_STAMP)
	@CC="$(CC)" ABI_INC=$(INC) ABI_CFLAGS="$(PUBLIC_HDR_CFLAGS)" \
		scripts/check-abi.sh --update $(LIB_SO) $(ABI_FILE) $(PUBLIC_HEADERS)

# ---------------------------------------------------------------- install
# scripts/install.sh does the work and keeps a manifest of what it put
# under the prefix (files, and the folders it had to create), which
# "make uninstall" removes again; kstruct.pc is written at every install
# from this PREFIX.
INSTALL_ARGS = --destdir '$(DESTDIR)' --prefix '$(PREFIX)' --build '$(BUILD)' \
	--version $(VERSION) --somajor $(SOMAJOR) --requires '$(PC_REQUIRES)' \
	--requires-private '$(PC_REQUIRES_PRIVATE)'

install: all
	@scripts/install.sh install $(INSTALL_ARGS) $(PUBLIC_HEADERS)

uninstall:
	@scripts/install.sh uninstall $(INSTALL_ARGS)

# Install under two prefixes into a staging folder; check that exactly
# the public headers are there and that each compiles alone with only
# pkg-config's flags; build and run a program against each through
# pkg-config, dynamically, statically and from C++; then uninstall both:
# the folder must be empty again.
check-install: all
	+@scripts/check-install.sh $(abspath $(BUILD)/stage) $(CC) \
		'$(PUBLIC_HEADERS)' '$(PRIVATE_HEADERS)'

# ---------------------------------------------------------------- run, bench
run: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@$(TOOL) tour

bench: deps-ensure deps-pictures deps-bench
	@$(MAKE) --no-print-directory $(BENCH_TOOL)
	$(BENCH_TOOL) bench --out $(BUILD)/bench $(BENCH_ARGS)

# ---------------------------------------------------------------- fuzz
FUZZ_SRCS := $(wildcard tests/fuzz/*.c)
FUZZ_BUILD := $(BUILD)/fuzz
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_BUILD)/%)
FUZZ_CFLAGS = -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all $(BASE_CPPFLAGS) $(PKG_CFLAGS) -DLIST_DEBUG

# The library is compiled once, instrumented for coverage, into an
# archive every harness links whole (as if its sources were listed: the
# constructors come along); a harness of the tool's code names those
# sources as prerequisites, compiled the same way.
FUZZ_OBJ := $(FUZZ_BUILD)/obj
FUZZ_LIB := $(FUZZ_BUILD)/libkstruct-fuzz.a
FUZZ_INSTRUMENT = $(subst fuzzer,fuzzer-no-link,$(FUZZ_CFLAGS))
$(FUZZ_OBJ)/%.o: %.c | $(INC_STAMP)
	@mkdir -p $(@D)
	$(call quiet,FUZZCC,$*.o)clang $(FUZZ_INSTRUMENT) $(CFLAGS_$*) -MMD -MP -c $< -o $@
$(FUZZ_LIB): $(LIB_SRCS:%.c=$(FUZZ_OBJ)/%.o)
	$(call quiet,AR,$(@F))rm -f $@ && $(AR) rcs $@ $^
$(FUZZ_BUILD)/%: $(FUZZ_OBJ)/tests/fuzz/%.o $(FUZZ_LIB)
	$(call quiet,FUZZ,$(@F))clang $(FUZZ_CFLAGS) -o $@ $(filter %.o,$^) \
		$(call whole_archive,$(FUZZ_LIB)) $(LIB_LIBS) -lpthread -lm
$(FUZZ_BUILD)/fuzz_cli: $(FUZZ_OBJ)/tools/cli.o
$(FUZZ_BUILD)/fuzz_callgrind: $(FUZZ_OBJ)/bench/callgrind.o
$(FUZZ_BUILD)/fuzz_tracestat: $(FUZZ_OBJ)/tools/tracestat.o
$(FUZZ_BUILD)/fuzz_sim_run: $(FUZZ_OBJ)/tools/sim_html.o
$(FUZZ_OBJ)/tools/sim_html.o: $(HTML_ASSETS_H)
# the harnesses' objects are kept, as the library's are
.SECONDARY: $(FUZZ_SRCS:tests/fuzz/%.c=$(FUZZ_OBJ)/tests/fuzz/%.o)

fuzz: deps-ensure
	@$(MAKE) --no-print-directory fuzz-run

fuzz-run: $(FUZZ_BINS)
	@scripts/run-fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# ---------------------------------------------------------------- docs
# The pictures are committed (docs/img/), so that the pages show them;
# check-docs renders them again into $(BUILD) and compares, and fails on
# an SVG there wider than 800pt.
docs: deps-pictures $(TOOL)
	@scripts/render-docs.sh $(TOOL) docs/img
	@scripts/plot-generations.sh $(TOOL) docs/img

check-docs: deps-pictures $(TOOL)
	@scripts/render-docs.sh --check $(TOOL) docs/img $(BUILD)/docs/img
	@scripts/plot-generations.sh --check $(TOOL) docs/img $(BUILD)/docs/img
	@scripts/bench-docs.sh --check $(TOOL) docs/bench $(BENCH_DOCS_PAGES)

# The benchmark tables of docs/ (scripts/bench-docs.sh): rerun the
# subjects they quote, keep their JSON records in docs/bench/ (committed:
# the tables' sources), and rewrite each table between its page's markers.
BENCH_DOCS_SUBJECTS := rbtree pelt sched-long sched-instr list sched report switch
BENCH_DOCS_PAGES    := docs/bench.md docs/generations.md
bench-docs: deps-ensure deps-pictures deps-bench
	@$(MAKE) --no-print-directory $(BENCH_TOOL)
	$(BENCH_TOOL) bench --long --out $(BUILD)/bench-docs \
		$(filter-out sched-long,$(BENCH_DOCS_SUBJECTS))
	@# alone: its children's peak RSS would hold what the others left
	$(BENCH_TOOL) bench --long --out $(BUILD)/bench-docs sched-long
	@mkdir -p docs/bench
	@for s in $(BENCH_DOCS_SUBJECTS); do \
		cp $(BUILD)/bench-docs/$$s.json docs/bench/ || exit 1; done
	@scripts/bench-docs.sh $(TOOL) docs/bench $(BENCH_DOCS_PAGES)

# ---------------------------------------------------------------- kernel
# The reference rig (scripts/kernel-rig.sh, docs/validation.md): every
# workload of tests/kernel/ under Debian's Linux 6.1 and 6.12 in qemu,
# traced, beside kstruct sim's cfs and eevdf; the kernels, the initramfs
# and the traces are kept under $(BUILD)/kernel.  The quick subset checks
# the hogs' CPU shares only (CI runs it).
RIG = KSTRUCT=$(TOOL) RIG_DIR=$(BUILD)/kernel scripts/kernel-rig.sh
check-kernel: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@$(RIG) $(if $(CI_SUBSET),--quick,)

check-kernel-quick: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@$(RIG) --quick

validation-docs: deps-ensure
	@$(MAKE) --no-print-directory $(TOOL)
	@$(RIG) --docs docs/validation.md

# ---------------------------------------------------------------- deps
deps:
	@scripts/install-deps.sh --all

deps-ensure:
	@scripts/install-deps.sh --if-missing

# Graphviz, its font and gnuplot, for make docs and the benchmarks' plots
deps-pictures:
	@scripts/install-deps.sh --if-missing --pictures

# the kernel's source, for the rbtree benchmark's baseline
deps-bench:
	@scripts/install-deps.sh --if-missing --bench

deps-browser:
	@scripts/install-deps.sh --if-missing --browser

clean:
	rm -rf $(BUILD)

.PHONY: all tests check check-run check-jitter check-html docs-screenshots check-headers \
	check-compile check-layers check-names check-format format check-abi abi-update check-install install \
	uninstall run bench bench-docs fuzz fuzz-run docs check-docs deps deps-ensure deps-pictures deps-bench \
	deps-browser clean check-kernel check-kernel-quick validation-docs FORCE
.DELETE_ON_ERROR:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
