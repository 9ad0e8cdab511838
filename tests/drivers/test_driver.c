// SPDX-License-Identifier: MIT
/*
 * tests/drivers/test_driver.c - driver_register/driver_unregister: head
 * insertion, binding unbound devices oldest first, unbinding (remove) on
 * unregistration, driver refcounts, and every bad input of
 * drivers/base/driver.c.
 */
#include <errno.h>
#include <string.h>

#include "tests/drivers/fixture.h"
#include "tests/ktest.h"

static struct bus_type bus;

static int driver_setup(void)
{
	fx_log_enabled = true;
	fx_log_reset();
	fx_bus_init(&bus, "driver-test");
	return bus_register(&bus);
}

static int driver_teardown(void)
{
	return bus_unregister(&bus);
}

static void test_register_pushes_at_head(void)
{
	struct fx_driver a, b, c;

	fx_driver_init(&a, &bus, 1, 0);
	fx_driver_init(&b, &bus, 2, 0);
	fx_driver_init(&c, &bus, 3, 0);
	CU_ASSERT_EQUAL(driver_register(&a.drv), 0);
	CU_ASSERT_PTR_EQUAL(bus.drivers.next, &a.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(a.drv.bus_list.next, &bus.drivers);
	CU_ASSERT_EQUAL(atomic_read(&a.drv.refcount), 1);
	CU_ASSERT_EQUAL(a.drv.present, 1);
	CU_ASSERT(list_empty(&a.drv.devices));
	CU_ASSERT_EQUAL(driver_register(&b.drv), 0);
	CU_ASSERT_EQUAL(driver_register(&c.drv), 0);
	/* head -> c -> b -> a -> head */
	CU_ASSERT_PTR_EQUAL(bus.drivers.next, &c.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(c.drv.bus_list.next, &b.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(b.drv.bus_list.next, &a.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(a.drv.bus_list.next, &bus.drivers);
	CU_ASSERT_PTR_EQUAL(bus.drivers.prev, &a.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(a.drv.bus_list.prev, &b.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(b.drv.bus_list.prev, &c.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(c.drv.bus_list.prev, &bus.drivers);
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 4);
	CU_ASSERT(bus_check(&bus));

	/* out of the middle */
	fx_log_reset();
	CU_ASSERT_EQUAL(driver_unregister(&b.drv), 0);
	CU_ASSERT_PTR_EQUAL(c.drv.bus_list.next, &a.drv.bus_list);
	CU_ASSERT_PTR_EQUAL(a.drv.bus_list.prev, &c.drv.bus_list);
	CU_ASSERT_EQUAL(b.drv.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&b.drv.refcount), 0);
	CU_ASSERT_EQUAL(fx_nlog, 1);
	CU_ASSERT(fx_log_is(0, FX_RELEASE_DRV, NULL, &b.drv));
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(driver_unregister(&a.drv), 0);
	CU_ASSERT_EQUAL(driver_unregister(&c.drv), 0);
	CU_ASSERT(list_empty(&bus.drivers));
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 1);
}

static void test_register_binds_unbound_oldest_first(void)
{
	struct fx_device d[4];
	struct fx_driver first, second;
	int i;

	/* kinds: d0 0, d1 1, d2 0, d3 0 */
	for (i = 0; i < 4; i++) {
		fx_device_init(&d[i], &bus, i, i == 1);
		CU_ASSERT_EQUAL(device_register(&d[i].dev), 0);
	}
	fx_driver_init(&first, &bus, 1, 1u << 0);
	first.fail_every = 3; /* declines d2 (2 + 1 = 3) */
	fx_log_reset();
	CU_ASSERT_EQUAL(driver_register(&first.drv), 0);
	CU_ASSERT_EQUAL(fx_nlog, 7);
	CU_ASSERT(fx_log_is(0, FX_MATCH, &d[0].dev, &first.drv));
	CU_ASSERT(fx_log_is(1, FX_PROBE, &d[0].dev, &first.drv));
	CU_ASSERT(fx_log_is(2, FX_MATCH, &d[1].dev, &first.drv));
	CU_ASSERT(fx_log_is(3, FX_MATCH, &d[2].dev, &first.drv));
	CU_ASSERT(fx_log_is(4, FX_PROBE, &d[2].dev, &first.drv));
	CU_ASSERT(fx_log_is(5, FX_MATCH, &d[3].dev, &first.drv));
	CU_ASSERT(fx_log_is(6, FX_PROBE, &d[3].dev, &first.drv));
	/* bound in bus order: first's devices are d0 then d3 */
	CU_ASSERT_PTR_EQUAL(first.drv.devices.next, &d[0].dev.driver_list);
	CU_ASSERT_PTR_EQUAL(d[0].dev.driver_list.next, &d[3].dev.driver_list);
	CU_ASSERT_PTR_EQUAL(d[3].dev.driver_list.next, &first.drv.devices);
	CU_ASSERT_PTR_EQUAL(first.drv.devices.prev, &d[3].dev.driver_list);
	CU_ASSERT_PTR_NULL(d[1].dev.driver);
	CU_ASSERT_PTR_NULL(d[2].dev.driver);
	CU_ASSERT_EQUAL(atomic_read(&first.drv.refcount), 3);
	CU_ASSERT(bus_check(&bus));

	/* a second driver is offered only the devices still unbound */
	fx_driver_init(&second, &bus, 2, (1u << 0) | (1u << 1));
	fx_log_reset();
	CU_ASSERT_EQUAL(driver_register(&second.drv), 0);
	CU_ASSERT_EQUAL(fx_nlog, 4);
	CU_ASSERT(fx_log_is(0, FX_MATCH, &d[1].dev, &second.drv));
	CU_ASSERT(fx_log_is(1, FX_PROBE, &d[1].dev, &second.drv));
	CU_ASSERT(fx_log_is(2, FX_MATCH, &d[2].dev, &second.drv));
	CU_ASSERT(fx_log_is(3, FX_PROBE, &d[2].dev, &second.drv));
	CU_ASSERT_PTR_EQUAL(d[1].dev.driver, &second.drv);
	CU_ASSERT_PTR_EQUAL(d[2].dev.driver, &second.drv);
	CU_ASSERT_PTR_EQUAL(d[0].dev.driver, &first.drv);
	CU_ASSERT(bus_check(&bus));

	/*
	 * Unregistering "first" calls remove for d0 then d3 and leaves them
	 * unbound: they are not offered to "second".
	 */
	fx_log_reset();
	CU_ASSERT_EQUAL(driver_unregister(&first.drv), 0);
	CU_ASSERT_EQUAL(fx_nlog, 3);
	CU_ASSERT(fx_log_is(0, FX_REMOVE, &d[0].dev, &first.drv));
	CU_ASSERT(fx_log_is(1, FX_REMOVE, &d[3].dev, &first.drv));
	CU_ASSERT(fx_log_is(2, FX_RELEASE_DRV, NULL, &first.drv));
	/* each remove ran with dev->driver cleared, off the driver's list */
	CU_ASSERT_PTR_NULL(fx_log[0].seen);
	CU_ASSERT_PTR_NULL(fx_log[1].seen);
	CU_ASSERT_FALSE(fx_log[0].on_driver_list);
	CU_ASSERT_FALSE(fx_log[1].on_driver_list);
	CU_ASSERT_PTR_NULL(d[0].dev.driver);
	CU_ASSERT_PTR_NULL(d[3].dev.driver);
	CU_ASSERT(list_empty(&d[0].dev.driver_list));
	CU_ASSERT(list_empty(&d[3].dev.driver_list));
	CU_ASSERT_EQUAL(d[0].dev.present, 1);
	CU_ASSERT_EQUAL(atomic_read(&first.drv.refcount), 0);
	CU_ASSERT_EQUAL(list_count_nodes(&bus.devices), 4);
	CU_ASSERT(bus_check(&bus));

	/* devices go first this time: second's remove runs per device */
	fx_log_reset();
	for (i = 0; i < 4; i++)
		CU_ASSERT_EQUAL(device_unregister(&d[i].dev), 0);
	CU_ASSERT_EQUAL(fx_nlog, 6);
	CU_ASSERT(fx_log_is(0, FX_RELEASE_DEV, &d[0].dev, NULL));
	CU_ASSERT(fx_log_is(1, FX_REMOVE, &d[1].dev, &second.drv));
	CU_ASSERT(fx_log_is(2, FX_RELEASE_DEV, &d[1].dev, NULL));
	CU_ASSERT(fx_log_is(3, FX_REMOVE, &d[2].dev, &second.drv));
	CU_ASSERT(fx_log_is(4, FX_RELEASE_DEV, &d[2].dev, NULL));
	CU_ASSERT(fx_log_is(5, FX_RELEASE_DEV, &d[3].dev, NULL));
	CU_ASSERT_EQUAL(atomic_read(&second.drv.refcount), 1);
	CU_ASSERT(list_empty(&second.drv.devices));
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT_EQUAL(driver_unregister(&second.drv), 0);
}

static void test_held_driver_outlives_unregistration(void)
{
	struct fx_driver *drv = fx_driver_new(&bus, 9, 1u << 0);
	long releases = atomic_load(&fx_drv_releases);

	CU_ASSERT_PTR_NOT_NULL_FATAL(drv);
	CU_ASSERT_EQUAL(driver_register(&drv->drv), 0);
	CU_ASSERT_PTR_EQUAL(get_driver(&drv->drv), &drv->drv);
	CU_ASSERT_EQUAL(driver_unregister(&drv->drv), 0);
	CU_ASSERT_EQUAL(atomic_read(&drv->drv.refcount), 1);
	CU_ASSERT_EQUAL(atomic_load(&fx_drv_releases), releases);
	/* still referenced: cannot be registered again yet */
	CU_ASSERT_EQUAL(driver_register(&drv->drv), -EBUSY);
	CU_ASSERT(list_empty(&bus.drivers));
	CU_ASSERT(bus_check(&bus));
	put_driver(&drv->drv); /* frees it */
	CU_ASSERT_EQUAL(atomic_load(&fx_drv_releases), releases + 1);
	CU_ASSERT_PTR_NULL(get_driver(NULL));
	put_driver(NULL);
}

static void test_bad_input(void)
{
	struct bus_type never;
	struct fx_driver drv, twin, orphan, stranger;
	struct list_head drivers;
	int bus_ref;

	CU_ASSERT_EQUAL(driver_register(NULL), -EINVAL);
	CU_ASSERT_EQUAL(driver_unregister(NULL), -EINVAL);

	fx_driver_init(&orphan, NULL, 1, 0);
	CU_ASSERT_EQUAL(driver_register(&orphan.drv), -EINVAL);
	CU_ASSERT_EQUAL(driver_unregister(&orphan.drv), -EINVAL);
	fx_driver_init(&orphan, &bus, 1, 0);
	orphan.drv.name = NULL;
	CU_ASSERT_EQUAL(driver_register(&orphan.drv), -EINVAL);
	CU_ASSERT_EQUAL(orphan.drv.present, 0);

	/* a driver on a bus that was never registered */
	fx_bus_init(&never, "never");
	fx_driver_init(&stranger, &never, 2, 0);
	CU_ASSERT_EQUAL(driver_register(&stranger.drv), -ENODEV);
	CU_ASSERT_EQUAL(driver_unregister(&stranger.drv), -ENOENT);
	CU_ASSERT_EQUAL(stranger.drv.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&stranger.drv.refcount), 0);
	CU_ASSERT_EQUAL(atomic_read(&never.refcount), 0);

	/* unregistering a driver never registered */
	fx_driver_init(&drv, &bus, 3, 0);
	fx_log_reset();
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), -ENOENT);
	CU_ASSERT_EQUAL(fx_nlog, 0);
	CU_ASSERT_EQUAL(atomic_read(&drv.drv.refcount), 0);

	/* twice, and a second driver of the same name */
	CU_ASSERT_EQUAL(driver_register(&drv.drv), 0);
	drivers = bus.drivers;
	bus_ref = atomic_read(&bus.refcount);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), -EBUSY);
	fx_driver_init(&twin, &bus, 3, 0); /* also "drv3" */
	CU_ASSERT_EQUAL(driver_register(&twin.drv), -EEXIST);
	CU_ASSERT_EQUAL(twin.drv.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&twin.drv.refcount), 0);
	CU_ASSERT(!memcmp(&drivers, &bus.drivers, sizeof(drivers)));
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), bus_ref);
	CU_ASSERT_EQUAL(atomic_read(&drv.drv.refcount), 1);
	CU_ASSERT_EQUAL(list_count_nodes(&bus.drivers), 1);
	CU_ASSERT(bus_check(&bus));

	/* unregistering twice */
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), 0);
	fx_log_reset();
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), -ENOENT);
	CU_ASSERT_EQUAL(fx_nlog, 0);
	CU_ASSERT(list_empty(&bus.drivers));
	CU_ASSERT(bus_check(&bus));

	/* the name is free again */
	CU_ASSERT_EQUAL(driver_register(&twin.drv), 0);
	CU_ASSERT_EQUAL(driver_unregister(&twin.drv), 0);
}

static CU_TestInfo driver_register_tests[] = {
	{ "driver_register pushes at the head", test_register_pushes_at_head },
	{ "bad input: errno and nothing changed", test_bad_input },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo driver_attach_tests[] = {
	{ "a new driver binds unbound devices, oldest first; unregister unbinds",
	  test_register_binds_unbound_oldest_first },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo remove_driver_tests[] = {
	{ "a held driver outlives its unregistration",
	  test_held_driver_outlives_unregistration },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("drivers/driver/driver_register", driver_register_tests,
	    driver_setup, driver_teardown)
/* driver_detach too: unregistration unbinds in the same test */
KTEST_SUITE("drivers/driver/driver_attach", driver_attach_tests, driver_setup,
	    driver_teardown)
/* 2.5.33's remove_driver() is driver_unregister() here */
KTEST_SUITE("drivers/driver/remove_driver", remove_driver_tests, driver_setup,
	    driver_teardown)
