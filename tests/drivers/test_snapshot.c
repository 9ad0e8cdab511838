// SPDX-License-Identifier: MIT
/*
 * tests/drivers/test_snapshot.c - bus_snapshot() and dev_label()
 * (drivers/base/snapshot.c): every list copied in its order, each
 * binding as indices both ways, names copied (the snapshot outlives the
 * bus's objects), bad input refused, and a failed allocation leaving
 * nothing behind.  The pictures drawn from a snapshot are tested with
 * the tools (tests/tools/test_draw_bus.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/drivers/fixture.h"
#include "tests/faults.h"
#include "tests/ktest.h"

static struct bus_type bus;
static struct fx_device dev[3];
static struct fx_driver drv[3];

/*
 * dev0 (kind 0) and dev2 (kind 0) bind to drv1, dev1 (kind 3) to nobody;
 * drv0 and drv2 drive nothing registered.
 */
static int snapshot_setup(void)
{
	static const unsigned int kinds[3] = { 1u << 1, 1u << 0, 1u << 2 };
	static const unsigned int dev_kind[3] = { 0, 3, 0 };
	int i;

	fx_log_enabled = true;
	fx_bus_init(&bus, "snap");
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

static int snapshot_teardown(void)
{
	int i, error = 0;

	for (i = 0; i < 3; i++) {
		error |= device_unregister(&dev[i].dev);
		error |= driver_unregister(&drv[i].drv);
	}
	return error | bus_unregister(&bus);
}

static void test_lists_in_order(void)
{
	struct bus_snapshot *snap = NULL;
	const struct bus_snapshot_driver *d;

	CU_ASSERT_EQUAL_FATAL(bus_snapshot(&bus, &snap), 0);
	CU_ASSERT_PTR_EQUAL(dev[0].dev.driver, &drv[1].drv);
	CU_ASSERT_PTR_NULL(dev[1].dev.driver);
	CU_ASSERT_STRING_EQUAL(snap->name, "snap");
	/* the registration, three devices, three drivers */
	CU_ASSERT_EQUAL(snap->refcount, 7);
	/* devices oldest first, by bus_id; the driver as an index */
	CU_ASSERT_EQUAL_FATAL(snap->nr_devices, 3);
	CU_ASSERT_STRING_EQUAL(snap->devices[0].label, "00:00.0");
	CU_ASSERT_STRING_EQUAL(snap->devices[1].label, "00:01.0");
	CU_ASSERT_STRING_EQUAL(snap->devices[2].label, "00:02.0");
	/* drivers newest first: drv2, drv1, drv0; drv1 is index 1 */
	CU_ASSERT_EQUAL(snap->devices[0].driver, 1);
	CU_ASSERT_EQUAL(snap->devices[1].driver, -1);
	CU_ASSERT_EQUAL(snap->devices[2].driver, 1);
	CU_ASSERT_EQUAL_FATAL(snap->nr_drivers, 3);
	CU_ASSERT_STRING_EQUAL(snap->drivers[0].name, drv[2].drv.name);
	CU_ASSERT_STRING_EQUAL(snap->drivers[1].name, drv[1].drv.name);
	CU_ASSERT_STRING_EQUAL(snap->drivers[2].name, drv[0].drv.name);
	CU_ASSERT_EQUAL(snap->drivers[0].nr_bound, 0);
	CU_ASSERT_EQUAL(snap->drivers[2].nr_bound, 0);
	/* drv1's devices list, first bound first: dev0, dev2 */
	d = &snap->drivers[1];
	CU_ASSERT_EQUAL_FATAL(d->nr_bound, 2);
	CU_ASSERT_EQUAL(d->bound[0], 0);
	CU_ASSERT_EQUAL(d->bound[1], 2);
	/* copies: not the objects' own strings */
	CU_ASSERT_PTR_NOT_EQUAL(snap->name, bus.name);
	CU_ASSERT_PTR_NOT_EQUAL(d->name, drv[1].drv.name);
	bus_snapshot_free(snap);
	CU_ASSERT(bus_check(&bus));
}

/* a snapshot taken is unchanged by what happens to the bus after it */
static void test_outlives_the_bus(void)
{
	struct bus_snapshot *snap = NULL;
	struct fx_device late;
	struct fx_driver *heap = fx_driver_new(&bus, 7, 1u << 0);

	CU_ASSERT_PTR_NOT_NULL_FATAL(heap);
	CU_ASSERT_EQUAL_FATAL(driver_register(&heap->drv), 0);
	CU_ASSERT_EQUAL_FATAL(bus_snapshot(&bus, &snap), 0);
	CU_ASSERT_EQUAL(snap->nr_drivers, 4);
	/* the new driver is the newest: first */
	CU_ASSERT_STRING_EQUAL(snap->drivers[0].name, heap->name);
	/* freed with its last reference; a device comes and goes */
	CU_ASSERT_EQUAL(driver_unregister(&heap->drv), 0);
	fx_device_init(&late, &bus, 9, 0);
	CU_ASSERT_EQUAL(device_register(&late.dev), 0);
	CU_ASSERT_EQUAL(device_unregister(&late.dev), 0);
	CU_ASSERT_STRING_EQUAL(snap->drivers[0].name, "drv7");
	CU_ASSERT_EQUAL(snap->nr_devices, 3);
	CU_ASSERT_EQUAL(snap->refcount, 8);
	bus_snapshot_free(snap);
}

/* a device is shown by its bus_id, or by its name when that is empty */
static void test_dev_label(void)
{
	struct device d;

	memset(&d, 0, sizeof(d));
	snprintf(d.name, sizeof(d.name), "e1000 port 0");
	CU_ASSERT_STRING_EQUAL(dev_label(&d), "e1000 port 0");
	snprintf(d.bus_id, sizeof(d.bus_id), "00:19.0");
	CU_ASSERT_STRING_EQUAL(dev_label(&d), "00:19.0");
}

static void test_bad_input(void)
{
	struct bus_snapshot *snap = (struct bus_snapshot *)&bus;
	struct bus_type never;

	fx_bus_init(&never, "never");
	CU_ASSERT_EQUAL(bus_snapshot(NULL, &snap), -EINVAL);
	CU_ASSERT_EQUAL(bus_snapshot(&bus, NULL), -EINVAL);
	CU_ASSERT_EQUAL(bus_snapshot(&never, &snap), -ENODEV);
	CU_ASSERT_PTR_EQUAL(snap, (struct bus_snapshot *)&bus);
	bus_snapshot_free(NULL);
	CU_ASSERT(bus_check(&bus));
}

static void test_fails_every_allocation(void)
{
	struct bus_snapshot *snap = NULL;
	long live = kmalloc_live();
	int n, ret;

	for_each_alloc_failure(n, ret = bus_snapshot(&bus, &snap)) {
		CU_ASSERT_EQUAL(ret, -ENOMEM);
		CU_ASSERT_PTR_NULL(snap);
		CU_ASSERT_EQUAL(kmalloc_live(), live);
		CU_ASSERT(bus_check(&bus));
	}
	CU_ASSERT_EQUAL(ret, 0);
	/* one allocation: the first failure is the only one */
	CU_ASSERT_EQUAL(n, 2);
	bus_snapshot_free(snap);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo snapshot_tests[] = {
	{ "every list in order, bindings both ways", test_lists_in_order },
	{ "the snapshot outlives what it shows", test_outlives_the_bus },
	{ "dev_label: bus_id, else name", test_dev_label },
	{ "bad input", test_bad_input },
	{ "fails every allocation cleanly", test_fails_every_allocation },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("drivers/snapshot/bus_snapshot", snapshot_tests, snapshot_setup,
	    snapshot_teardown)
