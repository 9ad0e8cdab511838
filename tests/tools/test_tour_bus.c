// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_tour_bus.c - "kstruct tour bus" (tools/tour_bus.c).
 *
 * The lists the tour prints after each step, worked by hand from
 * drivers/base/'s rules: devices are appended (oldest first), drivers are
 * pushed (newest first), a new device is offered to the drivers in list
 * order until a probe succeeds, a new driver only to unbound devices; a
 * device unplugged during a walk leaves the walk going on; unregistering
 * a driver unbinds its devices.  Every "refcount" is the bus's own
 * reference plus one per device and driver the same listing shows, and
 * the bad inputs give the errnos the tour names.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "list/list.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/kstruct.h"

static char *tour_text(void)
{
	static const char *const args[] = { "bus", NULL };
	int status = -1;
	char *text = run_tour(args, "", &status, NULL);

	CU_ASSERT_EQUAL(status, 0);
	return text;
}

static void test_lists_after_each_step(void)
{
	static const char *const lists[] = {
		"1. ",
		"    devices: (empty)\n    drivers: (empty)\n",
		"2. ",
		"    devices: 00:02.0[vesafb]\n"
		"    drivers: vesafb{00:02.0}\n",
		/* e1000e is newer, asked first, declines the old chip */
		"3. ",
		"      probe(00:03.0) by e1000e: -ENODEV",
		"      probe(00:03.0) by e1000: 0, bound\n",
		"    devices: 00:02.0[vesafb] 00:03.0[e1000]\n"
		"    drivers: e1000e{} e1000{00:03.0} vesafb{00:02.0}\n",
		/* a new driver takes no bound device */
		"4. ",
		"    devices: 00:02.0[vesafb] 00:03.0[e1000]\n"
		"    drivers: i915{} e1000e{} e1000{00:03.0} vesafb{00:02.0}\n",
		"5. ",
		"    devices: 00:02.0[vesafb] 00:03.0[e1000] "
		"00:1f.2[ahci] 00:19.0[e1000e]\n"
		"    drivers: ahci{00:1f.2} i915{} e1000e{00:19.0} "
		"e1000{00:03.0} vesafb{00:02.0}\n",
		/* walks: devices oldest first, drivers newest first */
		"6. ",
		"fn(00:02.0)",
		"fn(00:03.0)",
		"fn(00:1f.2)",
		"fn(00:19.0)",
		"fn(ahci)",
		"fn(i915)",
		"fn(e1000e)",
		"fn(e1000)",
		"fn(vesafb)",
		"fn(00:1f.2): found it, return 1\n"
		"    -> 1\n",
		"bus_for_each_dev(pci, 00:03.0, ...)\n"
		"      fn(00:1f.2)",
		"      fn(00:19.0)",
		/* the unplugged device goes; the walk goes on past it */
		"7. ",
		"      remove(00:03.0) by e1000\n",
		"      fn(00:1f.2)\n"
		"      fn(00:19.0)\n",
		"    devices: 00:02.0[vesafb] 00:1f.2[ahci] 00:19.0[e1000e]\n"
		"    drivers: ahci{00:1f.2} i915{} e1000e{00:19.0} e1000{} "
		"vesafb{00:02.0}\n",
		"8. ",
		"    devices: 00:02.0[-] 00:1f.2[ahci] 00:19.0[e1000e]\n"
		"    drivers: ahci{00:1f.2} i915{} e1000e{00:19.0} e1000{}\n",
		"9. ",
		"10. ",
		"   done: pci unregistered\n",
		NULL,
	};
	char *text = tour_text();

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT(in_order(text, lists));
	free(text);
}

/* the bus holds one reference, and one per registered device and driver */
static void test_refcounts_count_the_lists(void)
{
	char *text = tour_text();
	const char *p;
	int blocks = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	for (p = strstr(text, "  bus pci, refcount "); p;
	     p = strstr(p + 1, "  bus pci, refcount ")) {
		const char *devs = strstr(p, "    devices:");
		const char *drvs = strstr(p, "    drivers:");
		const char *end = strchr(drvs, '\n');
		int refcount = atoi(p + 20), n = 0;
		const char *q;

		for (q = devs; q < drvs; q++)
			n += *q == '[';
		for (q = drvs; q < end; q++)
			n += *q == '{';
		CU_ASSERT_EQUAL(refcount, 1 + n);
		blocks++;
	}
	CU_ASSERT_EQUAL(blocks, 7);
	/* while a walk's fn runs: the bus's reference and the walk's */
	CU_ASSERT_EQUAL(count(text, "refcount 2 while fn runs (bus + walk)"),
			4 + 2);
	free(text);
}

static void test_bad_input_errnos(void)
{
	char *text = tour_text();
	char want[96];

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	snprintf(want, sizeof(want),
		 "device_register(00:02.0) again: %d "
		 "(-EBUSY)\n",
		 -EBUSY);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want), "unplugged already: %d (-ENOENT)\n",
		 -ENOENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	snprintf(want, sizeof(want), "with devices on it: %d (-EBUSY)\n",
		 -EBUSY);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, want));
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "   bus_check(pci): sound\n"));
	free(text);
}

static CU_TestInfo tour_bus_cases[] = {
	{ "the lists after each step", test_lists_after_each_step },
	{ "refcounts count the lists", test_refcounts_count_the_lists },
	{ "bad input: the errnos named", test_bad_input_errnos },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/bus-tour", tour_bus_cases, NULL, NULL)
