// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_draw_bus.c - draw_bus() (tools/draw_bus.c), a bus as
 * DOT: one edge per next pointer of every ring, each ending at the
 * list_head it points to, and one per bound device; names escaped; as
 * many devices as the bus has; bad input and a failed snapshot print
 * nothing.  "kstruct draw bus" itself is one of test_draw.c's drawings.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "drivers/base/device.h"
#include "tests/ktest.h"
#include "tests/tools/capture.h"
#include "tools/draw.h"

#define DEVICES_EDGE "[color=\"" DRAW_NEXT "\"]"
#define DRIVERS_EDGE "[color=\"" DRAW_PREV "\"]"
#define BOUND_EDGE "[color=\"#2a8a3a\"]"

/* drv1 drives dev0 and dev2; dev1 and every other device stay unbound */
static int match(struct device *dev, struct device_driver *drv)
{
	return !strcmp(drv->name, "drv1") &&
	       (!strcmp(dev->name, "dev0") || !strcmp(dev->name, "dev2"));
}

static struct bus_type bus;
static struct device_driver drv[3];
static struct device dev[3];

static void device_init(struct device *d, struct bus_type *b, int i)
{
	memset(d, 0, sizeof(*d));
	d->bus = b;
	snprintf(d->name, sizeof(d->name), "dev%d", i);
	snprintf(d->bus_id, sizeof(d->bus_id), "00:%02x.%d", i / 8, i % 8);
}

/* drivers drv0, drv1, drv2, then devices dev0 (00:00.0) .. dev2 */
static int bus_setup(void)
{
	static const char *const names[3] = { "drv0", "drv1", "drv2" };
	int i;

	memset(&bus, 0, sizeof(bus));
	bus.name = "draw";
	bus.match = match;
	if (bus_register(&bus))
		return 1;
	for (i = 0; i < 3; i++) {
		memset(&drv[i], 0, sizeof(drv[i]));
		drv[i].name = names[i];
		drv[i].bus = &bus;
		if (driver_register(&drv[i]))
			return 1;
	}
	for (i = 0; i < 3; i++) {
		device_init(&dev[i], &bus, i);
		if (device_register(&dev[i]))
			return 1;
	}
	return 0;
}

static int bus_teardown(void)
{
	int i, error = 0;

	for (i = 0; i < 3; i++) {
		error |= device_unregister(&dev[i]);
		error |= driver_unregister(&drv[i]);
	}
	return error | bus_unregister(&bus);
}

/* draw_bus(@b) into memory */
static char *draw(struct bus_type *b, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	*ret = draw_bus(f, b);
	fclose(f);
	return buf;
}

static void test_rings(void)
{
	int ret = 1;
	char *dot = draw(&bus, &ret);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_EQUAL(dev[0].driver, &drv[1]);
	CU_ASSERT_PTR_NULL(dev[1].driver);
	CU_ASSERT(!strncmp(dot, "digraph \"bus draw\" {\n", 21));
	CU_ASSERT_EQUAL(count(dot, "<B>struct device</B><BR/>00:"), 3);
	CU_ASSERT_EQUAL(count(dot, "<B>struct device_driver</B><BR/>drv"), 3);
	/* rings: devices 3 + 1, drivers 3 + 1, drv1's 2 + 1, two empty */
	CU_ASSERT_EQUAL(count(dot, DEVICES_EDGE), 4);
	CU_ASSERT_EQUAL(count(dot, DRIVERS_EDGE), 4);
	CU_ASSERT_EQUAL(count(dot, BOUND_EDGE), 5);
	/* every ring's arrows end at list_heads: ports of the nodes */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tbus:devices -> dev0:bus_list "));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tdev0:bus_list -> dev1:bus_list "));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tdev2:bus_list -> bus:devices "));
	/* drivers newest first: drv0 in the picture is drv2 */
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tdrv0 [label=<" DRAW_TABLE
					   "<TR><TD BGCOLOR=\"" DRAW_TITLE_FILL
					   "\"><B>struct device_driver</B><BR/>"
					   "drv2</TD>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tbus:drivers -> drv0:bus_list "));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tdrv2:bus_list -> bus:drivers "));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tdrv1:devices:w -> dev0:driver_list:w"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tdev0:driver_list:e -> dev2:driver_list:w"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tdev2:driver_list:e -> drv1:devices:e"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tdrv0:devices:s -> drv0:devices:s"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "\tdrv2:devices:s -> drv2:devices:s"));
	CU_ASSERT_EQUAL(count(dot, "style=dashed"), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tdev0:driver -> drv1 ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, "\tdev2:driver -> drv1 ["));
	/* a legend says what the colours mean */
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "labelloc=b, labeljust=l, label=<<TABLE"));
	CU_ASSERT_EQUAL(count(dot, "->"), 4 + 4 + 5 + 2);
	CU_ASSERT_EQUAL(dot[strlen(dot) - 2], '}');
	free(dot);
}

/*
 * Names are the caller's strings: in the DOT they must not end the
 * graph's quoted name (") nor open or close a tag of an HTML-like label
 * (< > &, and " inside an attribute).
 */
static void test_escapes_names(void)
{
	struct bus_type odd = { .name = "odd \"bus\" \\" };
	struct device d;
	char *dot;
	int ret = 1;

	CU_ASSERT_EQUAL_FATAL(bus_register(&odd), 0);
	device_init(&d, &odd, 9);
	snprintf(d.bus_id, sizeof(d.bus_id), "a\"{b}|<c>");
	CU_ASSERT_EQUAL_FATAL(device_register(&d), 0);
	dot = draw(&odd, &ret);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "digraph \"bus odd \\\"bus\\\" \\\\\" {\n"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(dot, "<B>struct bus_type odd &quot;bus&quot; \\</B>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		dot, "<B>struct device</B><BR/>a&quot;{b}|&lt;c&gt;</TD>"));
	/* nowhere raw */
	CU_ASSERT_PTR_NULL(strstr(dot, "a\"{b}"));
	CU_ASSERT_PTR_NULL(strstr(dot, "odd \"bus"));
	free(dot);
	CU_ASSERT_EQUAL(device_unregister(&d), 0);
	CU_ASSERT_EQUAL(bus_unregister(&odd), 0);
}

/* no size limit: every device of a big bus is drawn, in order */
static void test_big_bus(void)
{
	enum { MANY = 300 };
	static struct device many[MANY];
	struct bus_type big = { .name = "big" };
	char *dot, edge[64];
	int i, registered = 0, ret = 1;

	CU_ASSERT_EQUAL_FATAL(bus_register(&big), 0);
	for (i = 0; i < MANY; i++) {
		device_init(&many[i], &big, i);
		registered += !device_register(&many[i]);
	}
	CU_ASSERT_EQUAL(registered, MANY);
	dot = draw(&big, &ret);
	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_EQUAL(count(dot, DEVICES_EDGE), MANY + 1);
	snprintf(edge, sizeof(edge), "\tdev%d:bus_list -> bus:devices ",
		 MANY - 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(dot, edge));
	free(dot);
	for (i = 0; i < MANY; i++)
		device_unregister(&many[i]);
	CU_ASSERT_EQUAL(bus_unregister(&big), 0);
}

static void test_bad_input_prints_nothing(void)
{
	struct bus_type never = { .name = "never" };
	char *dot;
	int ret = 0;

	CU_ASSERT_EQUAL(draw_bus(NULL, &bus), -EINVAL);
	dot = draw(NULL, &ret);
	CU_ASSERT_EQUAL(ret, -EINVAL);
	CU_ASSERT_STRING_EQUAL(dot, "");
	free(dot);
	dot = draw(&never, &ret);
	CU_ASSERT_EQUAL(ret, -ENODEV);
	CU_ASSERT_STRING_EQUAL(dot, "");
	free(dot);
	/* the snapshot's allocation fails: nothing drawn, nothing leaked */
	kmalloc_fail_nth(1);
	dot = draw(&bus, &ret);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(ret, -ENOMEM);
	CU_ASSERT_STRING_EQUAL(dot, "");
	free(dot);
	CU_ASSERT(bus_check(&bus));
}

static CU_TestInfo draw_bus_tests[] = {
	{ "one edge per next pointer, ending at list_heads", test_rings },
	{ "names escaped", test_escapes_names },
	{ "300 devices, every one drawn", test_big_bus },
	{ "bad input and no memory print nothing",
	  test_bad_input_prints_nothing },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/draw_bus", draw_bus_tests, bus_setup, bus_teardown)
