// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_registry.c - what the tools library registers
 * (tools/registry.c, tools/kstruct.h): this binary links all of it, as
 * the tool does, so the registry holds exactly the tool's commands, tour
 * sections, drawings and benchmark subjects, each once, sorted by kind,
 * order and name; and a name registered twice stops the program.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "compat/compiler.h"
#include "tests/child.h"
#include "tests/ktest.h"
#include "tools/kstruct.h"

/* the names of @kind, in registry order, space-separated, into @buf */
static const char *names(enum kstruct_kind kind, char *buf, size_t size)
{
	struct kstruct_entry *e;
	size_t len = 0;

	buf[0] = '\0';
	for (e = kstruct_entries(kind); e && e->kind == kind; e = e->next)
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				len ? " " : "", e->name);
	return buf;
}

static void test_what_the_tool_registers(void)
{
	char buf[512];

	/* commands: "draw" is kstruct.c's own, not registered */
	CU_ASSERT_STRING_EQUAL(names(KSTRUCT_KIND_COMMAND, buf, sizeof(buf)),
			       "bench draw exercise sctp sim tour tracestat");
	/* tour sections by their order: list 10, rbtree 15, sched 20, ... */
	CU_ASSERT_STRING_EQUAL(names(KSTRUCT_KIND_TOUR, buf, sizeof(buf)),
			       "list rbtree sched fair mm bus sctp");
	CU_ASSERT_STRING_EQUAL(names(KSTRUCT_KIND_DRAW, buf, sizeof(buf)),
			       "association bus endpoint i_mmap list rbtree "
			       "runqueue sim zone");
	CU_ASSERT_STRING_EQUAL(
		names(KSTRUCT_KIND_BENCH, buf, sizeof(buf)),
		"list rbtree pelt sched switch sched-long sched-instr mm sctp report");
	CU_ASSERT_PTR_NOT_NULL(kstruct_entries(KSTRUCT_KIND_EXERCISE));
}

/* every entry once, and the list sorted by kind, then order, then name */
static void test_sorted_and_unique(void)
{
	struct kstruct_entry *e, *next;
	unsigned int n = 0, wrong = 0;

	for (e = kstruct_entries(KSTRUCT_KIND_COMMAND); e; e = next) {
		next = e->next;
		n++;
		if (!next)
			break;
		if (next->kind < e->kind ||
		    (next->kind == e->kind && next->order < e->order) ||
		    (next->kind == e->kind && next->order == e->order &&
		     strcmp(next->name, e->name) <= 0)) {
			fprintf(stderr, "%s then %s\n", e->name, next->name);
			wrong++;
		}
		if (kstruct_find(e->kind, e->name) != e)
			wrong++;
	}
	CU_ASSERT_EQUAL(wrong, 0);
	/* 5 commands, 5 tours, 6 subjects, 9 drawings, and the exercises */
	CU_ASSERT(n > 5 + 5 + 6 + 9);
	CU_ASSERT_PTR_NULL(kstruct_find(KSTRUCT_KIND_TOUR, "runqueue"));
	CU_ASSERT_PTR_NOT_NULL(kstruct_find(KSTRUCT_KIND_DRAW, "runqueue"));
}

static int twice(FILE *out)
{
	(void)out;
	return 0;
}

static void register_twice(int unused)
{
	static struct kstruct_entry again = {
		.kind = KSTRUCT_KIND_TOUR,
		.name = "sched",
		.order = 20,
		.tour = twice,
	};

	(void)unused;
	kstruct_register(&again);
}

static void test_twice_is_a_bug(void)
{
	char out[1024];
	int status = run_in_child(register_twice, 0, out, sizeof(out));

	CU_ASSERT(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		out, "kstruct: \"sched\" is registered twice\nkernel BUG at "));
	/* the parent's registry is as it was */
	CU_ASSERT(kstruct_find(KSTRUCT_KIND_TOUR, "sched")->tour != twice);
}

static CU_TestInfo registry_tests[] = {
	{ "the tool's commands, tours, drawings, subjects",
	  test_what_the_tool_registers },
	{ "sorted by kind, order, name; each once", test_sorted_and_unique },
	{ "a name registered twice stops the program", test_twice_is_a_bug },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/registry", registry_tests, NULL, NULL)
