// SPDX-License-Identifier: MIT
/*
 * tests/drivers/test_core.c - device_register/device_unregister, binding
 * order, probe fall-through, remove on unregistration, device refcounts,
 * and every bad input of drivers/base/core.c.
 */
#include <errno.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/drivers/fixture.h"
#include "tests/ktest.h"

static struct bus_type bus;

static int core_setup(void)
{
	fx_log_enabled = true;
	fx_log_reset();
	fx_bus_init(&bus, "core-test");
	return bus_register(&bus);
}

static int core_teardown(void)
{
	return bus_unregister(&bus);
}

/* snapshot of everything device_register could touch */
struct core_snapshot {
	struct list_head devices, drivers, bus_list, driver_list;
	int bus_ref, dev_ref, present;
	struct device_driver *driver;
	unsigned long ndev, ndrv;
};

static void snapshot(struct core_snapshot *s, struct device *dev)
{
	s->devices = bus.devices;
	s->drivers = bus.drivers;
	s->bus_list = dev->bus_list;
	s->driver_list = dev->driver_list;
	s->bus_ref = atomic_read(&bus.refcount);
	s->dev_ref = atomic_read(&dev->refcount);
	s->present = dev->present;
	s->driver = dev->driver;
	s->ndev = list_count_nodes(&bus.devices);
	s->ndrv = list_count_nodes(&bus.drivers);
}

static bool unchanged(const struct core_snapshot *s, struct device *dev)
{
	struct core_snapshot now;

	snapshot(&now, dev);
	return !memcmp(&now.devices, &s->devices, sizeof(s->devices)) &&
	       !memcmp(&now.drivers, &s->drivers, sizeof(s->drivers)) &&
	       !memcmp(&now.bus_list, &s->bus_list, sizeof(s->bus_list)) &&
	       !memcmp(&now.driver_list, &s->driver_list,
		       sizeof(s->driver_list)) &&
	       now.bus_ref == s->bus_ref && now.dev_ref == s->dev_ref &&
	       now.present == s->present && now.driver == s->driver &&
	       now.ndev == s->ndev && now.ndrv == s->ndrv;
}

/* device_register(@d) is refused with -EINVAL and changes nothing */
static void assert_register_refused(struct fx_device *d)
{
	struct core_snapshot s;
	int ret;

	snapshot(&s, &d->dev);
	fx_log_reset();
	ret = device_register(&d->dev);
	CU_ASSERT_EQUAL(ret, -EINVAL);
	CU_ASSERT(!ret || unchanged(&s, &d->dev));
	CU_ASSERT_EQUAL(fx_nlog, 0);
	if (!ret)
		device_unregister(&d->dev);
}

static void test_register_wiring(void)
{
	struct fx_device a, b;

	fx_log_reset();
	fx_device_init(&a, &bus, 1, 0);
	fx_device_init(&b, &bus, 2, 0);
	CU_ASSERT_EQUAL(device_register(&a.dev), 0);
	CU_ASSERT_PTR_EQUAL(bus.devices.next, &a.dev.bus_list);
	CU_ASSERT_PTR_EQUAL(bus.devices.prev, &a.dev.bus_list);
	CU_ASSERT_PTR_EQUAL(a.dev.bus_list.next, &bus.devices);
	CU_ASSERT_PTR_EQUAL(a.dev.bus_list.prev, &bus.devices);
	CU_ASSERT_EQUAL(atomic_read(&a.dev.refcount), 1);
	CU_ASSERT_EQUAL(a.dev.present, 1);
	CU_ASSERT_PTR_NULL(a.dev.driver);
	CU_ASSERT_PTR_EQUAL(a.dev.driver_list.next, &a.dev.driver_list);
	CU_ASSERT_PTR_EQUAL(a.dev.driver_list.prev, &a.dev.driver_list);
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 2);
	CU_ASSERT(bus_check(&bus));

	/* appended at the tail */
	CU_ASSERT_EQUAL(device_register(&b.dev), 0);
	CU_ASSERT_PTR_EQUAL(bus.devices.next, &a.dev.bus_list);
	CU_ASSERT_PTR_EQUAL(a.dev.bus_list.next, &b.dev.bus_list);
	CU_ASSERT_PTR_EQUAL(b.dev.bus_list.prev, &a.dev.bus_list);
	CU_ASSERT_PTR_EQUAL(b.dev.bus_list.next, &bus.devices);
	CU_ASSERT_PTR_EQUAL(bus.devices.prev, &b.dev.bus_list);
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 3);
	CU_ASSERT(bus_check(&bus));

	/* taking out the first relinks the second to the head */
	CU_ASSERT_EQUAL(device_unregister(&a.dev), 0);
	CU_ASSERT_PTR_EQUAL(bus.devices.next, &b.dev.bus_list);
	CU_ASSERT_PTR_EQUAL(b.dev.bus_list.prev, &bus.devices);
	CU_ASSERT_PTR_EQUAL(a.dev.bus_list.next, &a.dev.bus_list);
	CU_ASSERT_EQUAL(a.dev.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&a.dev.refcount), 0);
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 2);
	/* unbound and unreferenced: release, and nothing else */
	CU_ASSERT_EQUAL(fx_nlog, 1);
	CU_ASSERT(fx_log_is(0, FX_RELEASE_DEV, &a.dev, NULL));
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(device_unregister(&b.dev), 0);
	CU_ASSERT(list_empty(&bus.devices));
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 1);
	CU_ASSERT(bus_check(&bus));
}

static void test_newest_driver_first(void)
{
	struct fx_driver old, young;
	struct fx_device d;

	fx_driver_init(&old, &bus, 1, 1u << 0);
	fx_driver_init(&young, &bus, 2, 1u << 0);
	CU_ASSERT_EQUAL(driver_register(&old.drv), 0);
	CU_ASSERT_EQUAL(driver_register(&young.drv), 0);
	fx_device_init(&d, &bus, 10, 0);
	fx_log_reset();
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	/* only the newest driver was asked, and it took the device */
	CU_ASSERT_EQUAL(fx_nlog, 2);
	CU_ASSERT(fx_log_is(0, FX_MATCH, &d.dev, &young.drv));
	CU_ASSERT(fx_log_is(1, FX_PROBE, &d.dev, &young.drv));
	CU_ASSERT_PTR_EQUAL(d.dev.driver, &young.drv);
	CU_ASSERT_PTR_EQUAL(young.drv.devices.next, &d.dev.driver_list);
	CU_ASSERT_PTR_EQUAL(d.dev.driver_list.next, &young.drv.devices);
	CU_ASSERT_PTR_EQUAL(d.dev.driver_list.prev, &young.drv.devices);
	CU_ASSERT(list_empty(&old.drv.devices));
	CU_ASSERT_EQUAL(atomic_read(&young.drv.refcount), 2);
	CU_ASSERT_EQUAL(atomic_read(&old.drv.refcount), 1);
	CU_ASSERT(bus_check(&bus));

	fx_log_reset();
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(fx_nlog, 2);
	CU_ASSERT(fx_log_is(0, FX_REMOVE, &d.dev, &young.drv));
	CU_ASSERT(fx_log_is(1, FX_RELEASE_DEV, &d.dev, NULL));
	CU_ASSERT(list_empty(&young.drv.devices));
	CU_ASSERT_PTR_NULL(d.dev.driver);
	CU_ASSERT_EQUAL(atomic_read(&young.drv.refcount), 1);
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(driver_unregister(&young.drv), 0);
	CU_ASSERT_EQUAL(driver_unregister(&old.drv), 0);
}

static void test_failing_probe_falls_through(void)
{
	struct fx_driver a, b, c;
	struct fx_device d;

	fx_driver_init(&a, &bus, 1, 1u << 3);
	fx_driver_init(&b, &bus, 2, 1u << 3);
	fx_driver_init(&c, &bus, 3, 1u << 5); /* does not match */
	b.probe_error = -EIO;
	CU_ASSERT_EQUAL(driver_register(&a.drv), 0);
	CU_ASSERT_EQUAL(driver_register(&b.drv), 0);
	CU_ASSERT_EQUAL(driver_register(&c.drv), 0);
	fx_device_init(&d, &bus, 7, 3);
	fx_log_reset();
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	/* c does not match, b matches but declines, a binds */
	CU_ASSERT_EQUAL(fx_nlog, 5);
	CU_ASSERT(fx_log_is(0, FX_MATCH, &d.dev, &c.drv));
	CU_ASSERT(fx_log_is(1, FX_MATCH, &d.dev, &b.drv));
	CU_ASSERT(fx_log_is(2, FX_PROBE, &d.dev, &b.drv));
	CU_ASSERT(fx_log_is(3, FX_MATCH, &d.dev, &a.drv));
	CU_ASSERT(fx_log_is(4, FX_PROBE, &d.dev, &a.drv));
	CU_ASSERT_PTR_EQUAL(d.dev.driver, &a.drv);
	CU_ASSERT_EQUAL(list_count_nodes(&a.drv.devices), 1);
	CU_ASSERT(list_empty(&b.drv.devices));
	CU_ASSERT(list_empty(&c.drv.devices));
	CU_ASSERT_EQUAL(atomic_read(&b.drv.refcount), 1);
	CU_ASSERT(bus_check(&bus));

	/* every probe declining leaves the device registered and unbound */
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	a.probe_error = -ENXIO;
	fx_device_init(&d, &bus, 7, 3);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_PTR_NULL(d.dev.driver);
	CU_ASSERT(list_empty(&d.dev.driver_list));
	CU_ASSERT(bus_check(&bus));
	fx_log_reset();
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	/* never bound: no remove */
	CU_ASSERT_EQUAL(fx_nlog, 1);
	CU_ASSERT(fx_log_is(0, FX_RELEASE_DEV, &d.dev, NULL));
	CU_ASSERT_EQUAL(driver_unregister(&c.drv), 0);
	CU_ASSERT_EQUAL(driver_unregister(&b.drv), 0);
	CU_ASSERT_EQUAL(driver_unregister(&a.drv), 0);
}

static int always_match_calls;

static int count_only_match(struct device *dev, struct device_driver *drv)
{
	(void)dev;
	(void)drv;
	always_match_calls++;
	return 1;
}

/*
 * 2.5.33's do_device_attach() and do_driver_attach() bind only when the
 * bus has a match function and it says yes: a bus without one binds
 * nothing, whichever side registers first.
 */
static void test_null_match_binds_nothing(void)
{
	struct bus_type plain = { .name = "plain" };
	struct device_driver drv = { .name = "any", .bus = &plain };
	struct device dev = { .bus = &plain, .bus_id = "0" };
	struct device late = { .bus = &plain, .bus_id = "1" };

	CU_ASSERT_EQUAL(bus_register(&plain), 0);
	CU_ASSERT_EQUAL(device_register(&dev), 0);
	CU_ASSERT_EQUAL(driver_register(&drv), 0);
	CU_ASSERT_PTR_NULL(dev.driver);
	CU_ASSERT_EQUAL(device_register(&late), 0);
	CU_ASSERT_PTR_NULL(late.driver);
	CU_ASSERT(list_empty(&drv.devices));
	CU_ASSERT_EQUAL(atomic_read(&drv.refcount), 1);
	CU_ASSERT(bus_check(&plain));
	CU_ASSERT_EQUAL(device_unregister(&late), 0);
	CU_ASSERT_EQUAL(device_unregister(&dev), 0);
	CU_ASSERT_EQUAL(driver_unregister(&drv), 0);
	CU_ASSERT_EQUAL(bus_unregister(&plain), 0);
	CU_ASSERT_EQUAL(atomic_read(&plain.refcount), 0);
}

static void test_match_without_probe_binds(void)
{
	struct bus_type plain = { .name = "plain", .match = count_only_match };
	struct device_driver drv = { .name = "any", .bus = &plain };
	struct device dev = { .bus = &plain, .bus_id = "0" };

	/* a match function that says yes and no probe: it binds */
	always_match_calls = 0;
	CU_ASSERT_EQUAL(bus_register(&plain), 0);
	CU_ASSERT_EQUAL(driver_register(&drv), 0);
	CU_ASSERT_EQUAL(device_register(&dev), 0);
	CU_ASSERT_EQUAL(always_match_calls, 1);
	CU_ASSERT_PTR_EQUAL(dev.driver, &drv);
	CU_ASSERT(bus_check(&plain));
	/* no remove, no release: unregistration still works */
	CU_ASSERT_EQUAL(device_unregister(&dev), 0);
	CU_ASSERT_PTR_NULL(dev.driver);
	CU_ASSERT_EQUAL(driver_unregister(&drv), 0);
	CU_ASSERT_EQUAL(atomic_read(&drv.refcount), 0);
	CU_ASSERT_EQUAL(bus_unregister(&plain), 0);
	CU_ASSERT_EQUAL(atomic_read(&plain.refcount), 0);
}

/*
 * 2.5.33's device_detach() cleared dev->driver before calling the
 * driver's remove; the device is also off the driver's list by then.
 */
static void test_remove_sees_no_driver(void)
{
	struct fx_driver drv;
	struct fx_device d;

	fx_driver_init(&drv, &bus, 1, 1u << 0);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), 0);
	fx_device_init(&d, &bus, 10, 0);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_PTR_EQUAL(d.dev.driver, &drv.drv);
	fx_log_reset();
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL_FATAL(fx_nlog, 2);
	CU_ASSERT(fx_log_is(0, FX_REMOVE, &d.dev, &drv.drv));
	CU_ASSERT_PTR_NULL(fx_log[0].seen);
	CU_ASSERT_FALSE(fx_log[0].on_driver_list);
	/* the driver's reference from the binding is gone once remove ran */
	CU_ASSERT_EQUAL(atomic_read(&drv.drv.refcount), 1);
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), 0);
}

/* 2.5.33's device_register(): an empty bus_id is -EINVAL */
static void test_empty_bus_id(void)
{
	struct fx_device d;

	fx_device_init(&d, &bus, 4, 0);
	d.dev.bus_id[0] = '\0';
	assert_register_refused(&d);
	CU_ASSERT(bus_check(&bus));
	/* an empty name is fine */
	fx_device_init(&d, &bus, 4, 0);
	d.dev.name[0] = '\0';
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
}

static void test_bad_input(void)
{
	struct bus_type other;
	struct fx_device d, nobus, stranger;
	struct fx_driver drv;
	struct core_snapshot s;

	CU_ASSERT_EQUAL(device_register(NULL), -EINVAL);
	CU_ASSERT_EQUAL(device_unregister(NULL), -EINVAL);

	/* a device with no bus */
	fx_device_init(&nobus, NULL, 1, 0);
	CU_ASSERT_EQUAL(device_register(&nobus.dev), -EINVAL);
	CU_ASSERT_EQUAL(device_unregister(&nobus.dev), -EINVAL);
	CU_ASSERT_EQUAL(nobus.dev.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&nobus.dev.refcount), 0);

	/* a device on a bus that was never registered */
	fx_bus_init(&other, "never");
	fx_device_init(&stranger, &other, 2, 0);
	CU_ASSERT_EQUAL(device_register(&stranger.dev), -ENODEV);
	CU_ASSERT_EQUAL(device_unregister(&stranger.dev), -ENOENT);
	CU_ASSERT_EQUAL(stranger.dev.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&other.refcount), 0);

	/* unregistering a device never registered */
	fx_device_init(&d, &bus, 3, 0);
	snapshot(&s, &d.dev);
	fx_log_reset();
	CU_ASSERT_EQUAL(device_unregister(&d.dev), -ENOENT);
	CU_ASSERT(unchanged(&s, &d.dev));
	CU_ASSERT_EQUAL(fx_nlog, 0);

	/* registering a device twice, bound and unbound */
	fx_driver_init(&drv, &bus, 1, 1u << 0);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), 0);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_PTR_EQUAL(d.dev.driver, &drv.drv);
	snapshot(&s, &d.dev);
	fx_log_reset();
	CU_ASSERT_EQUAL(device_register(&d.dev), -EBUSY);
	CU_ASSERT(unchanged(&s, &d.dev));
	CU_ASSERT_EQUAL(fx_nlog, 0);
	CU_ASSERT(bus_check(&bus));

	/* unregistering twice */
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	snapshot(&s, &d.dev);
	fx_log_reset();
	CU_ASSERT_EQUAL(device_unregister(&d.dev), -ENOENT);
	CU_ASSERT(unchanged(&s, &d.dev));
	CU_ASSERT_EQUAL(fx_nlog, 0);

	/* registering again while someone still holds a reference */
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	get_device(&d.dev);
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(atomic_read(&d.dev.refcount), 1);
	snapshot(&s, &d.dev);
	CU_ASSERT_EQUAL(device_register(&d.dev), -EBUSY);
	CU_ASSERT(unchanged(&s, &d.dev));
	put_device(&d.dev);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_PTR_EQUAL(d.dev.driver, &drv.drv);
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), 0);
	CU_ASSERT(bus_check(&bus));
}

/*
 * name and bus_id are fixed arrays that every printout (bus_snapshot, the
 * tour) prints as strings: a device whose array has no NUL is refused at
 * registration, before anything changes.
 */
static void test_unterminated_names(void)
{
	struct fx_device d;

	fx_device_init(&d, &bus, 4, 0);
	memset(d.dev.bus_id, 'x', sizeof(d.dev.bus_id));
	assert_register_refused(&d);

	fx_device_init(&d, &bus, 4, 0);
	memset(d.dev.name, 'y', sizeof(d.dev.name));
	assert_register_refused(&d);
	CU_ASSERT(bus_check(&bus));

	/* the longest names that fit, NUL included, are fine */
	memset(d.dev.name, 'y', sizeof(d.dev.name) - 1);
	d.dev.name[sizeof(d.dev.name) - 1] = '\0';
	memset(d.dev.bus_id, 'x', sizeof(d.dev.bus_id) - 1);
	d.dev.bus_id[sizeof(d.dev.bus_id) - 1] = '\0';
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
}

static void test_release_on_last_reference(void)
{
	struct fx_device *d = fx_device_new(&bus, 4, 0);
	long releases = atomic_load(&fx_dev_releases);

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_EQUAL(device_register(&d->dev), 0);
	CU_ASSERT_PTR_EQUAL(get_device(&d->dev), &d->dev);
	CU_ASSERT_EQUAL(atomic_read(&d->dev.refcount), 2);
	put_device(&d->dev);
	CU_ASSERT_EQUAL(atomic_load(&fx_dev_releases), releases);
	get_device(&d->dev);
	CU_ASSERT_EQUAL(device_unregister(&d->dev), 0);
	/* still referenced: not released, off the bus */
	CU_ASSERT_EQUAL(atomic_load(&fx_dev_releases), releases);
	CU_ASSERT(list_empty(&bus.devices));
	CU_ASSERT(bus_check(&bus));
	put_device(&d->dev); /* frees it */
	CU_ASSERT_EQUAL(atomic_load(&fx_dev_releases), releases + 1);
	CU_ASSERT_PTR_NULL(get_device(NULL));
	put_device(NULL);
}

/*
 * The driver core allocates nothing: registration and unregistration
 * succeed with every allocation failing, so there is no allocation
 * failure path to inject faults into.
 */
static void test_no_allocation(void)
{
	struct fx_device d;
	struct fx_driver drv;
	unsigned long fired = kmalloc_fault_fired();
	long live = kmalloc_live();

	fx_device_init(&d, &bus, 5, 0);
	fx_driver_init(&drv, &bus, 5, 1u << 0);
	kmalloc_fail_after(0);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), 0);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_PTR_EQUAL(d.dev.driver, &drv.drv);
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), 0);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(kmalloc_fault_fired(), fired);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
}

static CU_TestInfo device_register_tests[] = {
	{ "device_register wiring, tail append, unregister",
	  test_register_wiring },
	{ "bad input: errno and nothing changed", test_bad_input },
	{ "bad input: name or bus_id without a NUL", test_unterminated_names },
	{ "an empty bus_id is refused", test_empty_bus_id },
	{ "registration allocates nothing", test_no_allocation },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo device_attach_tests[] = {
	{ "binding tries the newest driver first", test_newest_driver_first },
	{ "a failing probe falls through to the next driver",
	  test_failing_probe_falls_through },
	{ "a bus without match binds nothing", test_null_match_binds_nothing },
	{ "a match and no probe: it binds", test_match_without_probe_binds },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo device_detach_tests[] = {
	{ "remove runs with dev->driver cleared", test_remove_sees_no_driver },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo put_device_tests[] = {
	{ "release runs on the last put_device",
	  test_release_on_last_reference },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("drivers/core/device_register", device_register_tests, core_setup,
	    core_teardown)
KTEST_SUITE("drivers/core/device_attach", device_attach_tests, core_setup,
	    core_teardown)
KTEST_SUITE("drivers/core/device_detach", device_detach_tests, core_setup,
	    core_teardown)
KTEST_SUITE("drivers/core/put_device", put_device_tests, core_setup,
	    core_teardown)
