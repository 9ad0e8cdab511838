// SPDX-License-Identifier: MIT
/*
 * tests/drivers/test_show.c - bus_print and bus_print_dot
 * (drivers/base/show.c): the text names every list in order, the DOT has
 * one edge per next pointer of every ring, each ending at the list_head
 * it points to, and one per bound device.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/base/show.h"
#include "tests/drivers/fixture.h"
#include "tests/ktest.h"
#include "tools/draw.h"

#define DEVICES_EDGE	"[color=\"" DRAW_NEXT "\"]"
#define DRIVERS_EDGE	"[color=\"" DRAW_PREV "\"]"
#define BOUND_EDGE	"[color=\"#2a8a3a\"]"

static struct bus_type bus;
static struct fx_device dev[3];
static struct fx_driver drv[3];

/*
 * dev0 (kind 0) and dev2 (kind 0) bind to drv1, dev1 (kind 3) to nobody;
 * drv0 and drv2 drive nothing registered.
 */
static int show_setup(void)
{
	static const unsigned int kinds[3] = { 1u << 1, 1u << 0, 1u << 2 };
	static const unsigned int dev_kind[3] = { 0, 3, 0 };
	int i;

	fx_log_enabled = true;
	fx_bus_init(&bus, "show");
	if (bus_register(&bus))
		return 1;
	for (i = 0; i < 3; i++) {
		fx_driver_init(&drv[i], &bus, i, kinds[i]);
		fx_device_init(&dev[i], &bus, i, dev_kind[i]);
		if (driver_register(&drv[i].drv))
			return 1;
	}
	for (i = 0; i < 3; i++)
		if (device_register(&dev[i].dev))
			return 1;
	return 0;
}

static int show_teardown(void)
{
	int i, error = 0;

	for (i = 0; i < 3; i++) {
		error |= device_unregister(&dev[i].dev);
		error |= driver_unregister(&drv[i].drv);
	}
	return error | bus_unregister(&bus);
}

static char *capture(int (*fn)(struct bus_type *, FILE *), int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	*ret = fn(&bus, f);
	fclose(f);
	return buf;
}

static int count(const char *s, const char *what)
{
	int n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s += strlen(what);
	}
	return n;
}

static void test_print(void)
{
	int ret = 1;
	char *text = capture(bus_print, &ret);

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_EQUAL(dev[0].dev.driver, &drv[1].drv);
	CU_ASSERT_PTR_NULL(dev[1].dev.driver);
	CU_ASSERT_STRING_EQUAL(text,
		"  bus show, refcount 7\n"
		"    devices: 00:00.0[drv1] 00:01.0[-] 00:02.0[drv1]\n"
		"    drivers: drv2{} drv1{00:00.0,00:02.0} drv0{}\n");
	free(text);
}

static void test_dot(void)
{
	int ret = 1;
	char *dot = capture(bus_print_dot, &ret);

	CU_ASSERT_PTR_NOT_NULL_FATAL(dot);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT(!strncmp(dot, "digraph \"bus show\" {\n", 21));
	CU_ASSERT_EQUAL(count(dot, "<B>struct device</B><BR/>00:"), 3);
	CU_ASSERT_EQUAL(count(dot, "<B>struct device_driver</B><BR/>drv"), 3);
	/* rings: devices 3 + 1, drivers 3 + 1, drv1's 2 + 1, two empty */
	CU_ASSERT_EQUAL(count(dot, DEVICES_EDGE), 4);
	CU_ASSERT_EQUAL(count(dot, DRIVERS_EDGE), 4);
	CU_ASSERT_EQUAL(count(dot, BOUND_EDGE), 5);
	/* every ring's arrows end at list_heads: ports of the nodes */
	CU_ASSERT(strstr(dot, "\tbus:devices -> dev0:bus_list ") != NULL);
	CU_ASSERT(strstr(dot, "\tdev2:bus_list -> bus:devices ") != NULL);
	CU_ASSERT(strstr(dot, "\tbus:drivers -> drv0:bus_list ") != NULL);
	CU_ASSERT(strstr(dot, "\tdrv2:bus_list -> bus:drivers ") != NULL);
	CU_ASSERT(strstr(dot, "\tdrv1:devices -> dev0:driver_list") != NULL);
	CU_ASSERT(strstr(dot, "\tdev0:driver_list -> dev2:driver_list") != NULL);
	CU_ASSERT(strstr(dot, "\tdev2:driver_list -> drv1:devices") != NULL);
	CU_ASSERT(strstr(dot, "\tdrv0:devices:s -> drv0:devices:s") != NULL);
	CU_ASSERT_EQUAL(count(dot, "style=dashed"), 2);
	CU_ASSERT(strstr(dot, "\tdev0:driver -> drv1 [") != NULL);
	CU_ASSERT(strstr(dot, "\tdev2:driver -> drv1 [") != NULL);
	/* a legend says what the colours mean */
	CU_ASSERT(strstr(dot, "labelloc=b, labeljust=l, label=<<TABLE") != NULL);
	CU_ASSERT_EQUAL(count(dot, "->"), 4 + 4 + 5 + 2);
	CU_ASSERT_EQUAL(dot[strlen(dot) - 2], '}');
	free(dot);
}

/*
 * Names are the caller's strings: in the DOT they must not end the
 * graph's quoted name (") nor open or close a tag of an HTML-like label
 * (< > &, and " inside an attribute).
 */
static void test_dot_escapes_names(void)
{
	static const char raw_bus[] = "odd \"bus\" \\";
	struct bus_type odd;
	struct fx_device d;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	fx_bus_init(&odd, raw_bus);
	CU_ASSERT_EQUAL_FATAL(bus_register(&odd), 0);
	fx_device_init(&d, &odd, 9, 0);
	snprintf(d.dev.bus_id, sizeof(d.dev.bus_id), "a\"{b}|<c>");
	CU_ASSERT_EQUAL_FATAL(device_register(&d.dev), 0);
	f = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	ret = bus_print_dot(&odd, f);
	fclose(f);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
		"digraph \"bus odd \\\"bus\\\" \\\\\" {\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
		"<B>struct bus_type odd &quot;bus&quot; \\</B>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(buf,
		"<B>struct device</B><BR/>a&quot;{b}|&lt;c&gt;</TD>"));
	/* nowhere raw */
	CU_ASSERT_PTR_NULL(strstr(buf, "a\"{b}"));
	CU_ASSERT_PTR_NULL(strstr(buf, "odd \"bus"));
	free(buf);
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(bus_unregister(&odd), 0);
}

/* 256 devices draw; the 257th makes the picture -EFBIG, with no output */
static void test_dot_too_big(void)
{
	enum { MAX = 256 };
	static struct fx_device many[MAX + 1];
	struct bus_type big;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int i, registered = 0, ret;

	fx_bus_init(&big, "big");
	CU_ASSERT_EQUAL_FATAL(bus_register(&big), 0);
	for (i = 0; i < MAX; i++) {
		fx_device_init(&many[i], &big, i, 0);
		registered += !device_register(&many[i].dev);
	}
	CU_ASSERT_EQUAL(registered, MAX);
	f = open_memstream(&buf, &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	ret = bus_print_dot(&big, f);
	fflush(f);
	CU_ASSERT_EQUAL(ret, 0);
	CU_ASSERT_EQUAL(count(buf, DEVICES_EDGE), MAX + 1);
	fx_device_init(&many[MAX], &big, MAX, 0);
	CU_ASSERT_EQUAL(device_register(&many[MAX].dev), 0);
	ret = bus_print_dot(&big, f);
	fclose(f);
	CU_ASSERT_EQUAL(ret, -EFBIG);
	CU_ASSERT_EQUAL(count(buf, "digraph"), 1);	/* nothing more */
	free(buf);
	CU_ASSERT(bus_check(&big));
	for (i = 0; i <= MAX; i++)
		device_unregister(&many[i].dev);
	CU_ASSERT_EQUAL(bus_unregister(&big), 0);
}

static void test_bad_input(void)
{
	struct bus_type never;

	fx_bus_init(&never, "never");
	CU_ASSERT_EQUAL(bus_print(NULL, stdout), -EINVAL);
	CU_ASSERT_EQUAL(bus_print(&bus, NULL), -EINVAL);
	CU_ASSERT_EQUAL(bus_print(&never, stdout), -ENODEV);
	CU_ASSERT_EQUAL(bus_print_dot(NULL, stdout), -EINVAL);
	CU_ASSERT_EQUAL(bus_print_dot(&bus, NULL), -EINVAL);
	CU_ASSERT_EQUAL(bus_print_dot(&never, stdout), -ENODEV);
	CU_ASSERT(bus_check(&bus));
}

static CU_TestInfo show_tests[] = {
	{ "bus_print lists every ring in order", test_print },
	{ "bus_print_dot: one edge per next pointer", test_dot },
	{ "bus_print_dot escapes names", test_dot_escapes_names },
	{ "bus_print_dot: 256 devices draw, 257 are -EFBIG", test_dot_too_big },
	{ "bad input", test_bad_input },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("drivers/show", show_tests, show_setup, show_teardown)
