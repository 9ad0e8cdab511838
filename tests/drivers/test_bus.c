// SPDX-License-Identifier: MIT
/*
 * tests/drivers/test_bus.c - drivers/base/bus.c: bus registration and its
 * bad input, bus_for_each_dev/bus_for_each_drv (list order, @start, early
 * stop and its value, entries removed or added during the walk, nested
 * walks), bus_check catching broken invariants, and a seeded random
 * register/unregister soak checked against an oracle and bus_check after
 * every step.
 */
#include <errno.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/drivers/fixture.h"
#include "tests/ktest.h"
#include "tests/report.h"

#define NWALK 5

static struct bus_type bus;

static int bus_setup(void)
{
	report_start();
	fx_log_enabled = true;
	fx_log_reset();
	fx_bus_init(&bus, "bus-test");
	return bus_register(&bus);
}

static int bus_teardown(void)
{
	report_stop();
	return bus_unregister(&bus);
}

/* ------------------------------------------------------------------ */
/* bus registration                                                    */

static void test_bus_register(void)
{
	struct bus_type b, twin, never;

	fx_bus_init(&b, "reg-test");
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	CU_ASSERT_EQUAL(b.present, 1);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 1);
	CU_ASSERT(list_empty(&b.devices));
	CU_ASSERT(list_empty(&b.drivers));
	CU_ASSERT(list_empty(&b.walkers));
	/* appended to the list of buses: after the suite's bus */
	CU_ASSERT_PTR_EQUAL(bus.node.next, &b.node);
	CU_ASSERT(bus_check(&b));
	CU_ASSERT(buses_check());

	/* bad input, nothing changed */
	CU_ASSERT_EQUAL(bus_register(NULL), -EINVAL);
	CU_ASSERT_EQUAL(bus_unregister(NULL), -EINVAL);
	fx_bus_init(&never, NULL);
	CU_ASSERT_EQUAL(bus_register(&never), -EINVAL);
	CU_ASSERT_EQUAL(bus_register(&b), -EBUSY);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 1);
	fx_bus_init(&twin, "reg-test");
	CU_ASSERT_EQUAL(bus_register(&twin), -EEXIST);
	CU_ASSERT_EQUAL(twin.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&twin.refcount), 0);
	fx_bus_init(&never, "never");
	CU_ASSERT_EQUAL(bus_unregister(&never), -ENOENT);
	CU_ASSERT_EQUAL(atomic_read(&never.refcount), 0);
	CU_ASSERT(bus_check(&b));
	CU_ASSERT(buses_check());
	/* bus_check of a bus that is not registered fails */
	EXPECT_CHECK_FAILS(bus_check(&never), "bus_check");
	expect_detail(": bus never: not registered");
	EXPECT_CHECK_FAILS(bus_check(NULL), "bus_check");
	expect_detail(": no bus (NULL)");

	CU_ASSERT_EQUAL(bus_unregister(&b), 0);
	CU_ASSERT_EQUAL(b.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 0);
	CU_ASSERT_PTR_EQUAL(bus.node.next->prev, &bus.node);
	EXPECT_CHECK_FAILS(bus_check(&b), "bus_check");
	expect_detail(": bus reg-test: not registered");
	CU_ASSERT_EQUAL(bus_unregister(&b), -ENOENT);
	CU_ASSERT(buses_check());
	/* the name is free again, and the bus can come back */
	CU_ASSERT_EQUAL(bus_register(&twin), 0);
	CU_ASSERT_EQUAL(bus_unregister(&twin), 0);
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	CU_ASSERT_EQUAL(bus_unregister(&b), 0);
}

/*
 * get_bus() and put_bus(): a reference keeps an unregistered bus from
 * being set up again (bus_register() refuses it, -EBUSY) until the last
 * put_bus(); NULL is taken and dropped as nothing.
 */
static void test_get_put_bus(void)
{
	struct bus_type b;

	CU_ASSERT_PTR_NULL(get_bus(NULL));
	put_bus(NULL);
	fx_bus_init(&b, "held");
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	CU_ASSERT_PTR_EQUAL(get_bus(&b), &b);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 2);
	CU_ASSERT(bus_check(&b));
	CU_ASSERT_EQUAL(bus_unregister(&b), 0);
	CU_ASSERT_EQUAL(b.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 1);
	CU_ASSERT_EQUAL(bus_register(&b), -EBUSY);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 1);
	put_bus(&b);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 0);
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	CU_ASSERT(buses_check());
	CU_ASSERT_EQUAL(bus_unregister(&b), 0);
}

static void test_bus_unregister_busy(void)
{
	struct fx_device d;
	struct fx_driver drv;
	struct bus_type b;

	fx_bus_init(&b, "busy");
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	fx_device_init(&d, &b, 1, 0);
	fx_driver_init(&drv, &b, 1, 0);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_EQUAL(bus_unregister(&b), -EBUSY);
	CU_ASSERT_EQUAL(b.present, 1);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 2);
	CU_ASSERT(bus_check(&b));
	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), 0);
	CU_ASSERT_EQUAL(bus_unregister(&b), -EBUSY);
	CU_ASSERT(bus_check(&b));
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), 0);
	CU_ASSERT_EQUAL(bus_unregister(&b), 0);
	/* registering on it now is refused */
	CU_ASSERT_EQUAL(device_register(&d.dev), -ENODEV);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), -ENODEV);
	CU_ASSERT(buses_check());
}

/* ------------------------------------------------------------------ */
/* walks                                                               */

struct walk {
	struct device *seen[32];
	struct device_driver *seen_drv[32];
	int n;
	int stop_at; /* visit index that returns @ret; -1: never */
	int ret;
};

static void walk_init(struct walk *w, int stop_at, int ret)
{
	memset(w, 0, sizeof(*w));
	w->stop_at = stop_at;
	w->ret = ret;
}

static int record_dev(struct device *dev, void *data)
{
	struct walk *w = data;

	if (w->n < 32)
		w->seen[w->n] = dev;
	return w->n++ == w->stop_at ? w->ret : 0;
}

static int record_drv(struct device_driver *drv, void *data)
{
	struct walk *w = data;

	if (w->n < 32)
		w->seen_drv[w->n] = drv;
	return w->n++ == w->stop_at ? w->ret : 0;
}

static void register_devices(struct fx_device *d, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		fx_device_init(&d[i], &bus, i, 0);
		CU_ASSERT_EQUAL(device_register(&d[i].dev), 0);
	}
}

static void unregister_devices(struct fx_device *d, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (d[i].dev.present)
			CU_ASSERT_EQUAL(device_unregister(&d[i].dev), 0);
}

static void test_walk_order_and_stop(void)
{
	struct fx_device d[NWALK];
	struct fx_driver drv[3];
	struct walk w;
	int i;

	register_devices(d, NWALK);
	for (i = 0; i < 3; i++) {
		fx_driver_init(&drv[i], &bus, i, 0);
		CU_ASSERT_EQUAL(driver_register(&drv[i].drv), 0);
	}

	/* devices oldest first */
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &w, record_dev), 0);
	CU_ASSERT_EQUAL(w.n, NWALK);
	for (i = 0; i < NWALK; i++)
		CU_ASSERT_PTR_EQUAL(w.seen[i], &d[i].dev);
	/* drivers newest first */
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, NULL, &w, record_drv), 0);
	CU_ASSERT_EQUAL(w.n, 3);
	for (i = 0; i < 3; i++)
		CU_ASSERT_PTR_EQUAL(w.seen_drv[i], &drv[2 - i].drv);

	/* the first non-zero return stops the walk and is returned */
	walk_init(&w, 2, 7);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &w, record_dev), 7);
	CU_ASSERT_EQUAL(w.n, 3);
	walk_init(&w, 0, -EIO);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &w, record_dev), -EIO);
	CU_ASSERT_EQUAL(w.n, 1);
	walk_init(&w, NWALK - 1, 1);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &w, record_dev), 1);
	CU_ASSERT_EQUAL(w.n, NWALK);
	walk_init(&w, 1, -ENOSPC);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, NULL, &w, record_drv), -ENOSPC);
	CU_ASSERT_EQUAL(w.n, 2);
	CU_ASSERT_PTR_EQUAL(w.seen_drv[1], &drv[1].drv);

	/* @start: the walk begins after it */
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, &d[1].dev, &w, record_dev), 0);
	CU_ASSERT_EQUAL(w.n, NWALK - 2);
	for (i = 0; i < NWALK - 2; i++)
		CU_ASSERT_PTR_EQUAL(w.seen[i], &d[i + 2].dev);
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(
		bus_for_each_dev(&bus, &d[NWALK - 1].dev, &w, record_dev), 0);
	CU_ASSERT_EQUAL(w.n, 0);
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, &drv[2].drv, &w, record_drv), 0);
	CU_ASSERT_EQUAL(w.n, 2);
	CU_ASSERT_PTR_EQUAL(w.seen_drv[0], &drv[1].drv);
	CU_ASSERT_PTR_EQUAL(w.seen_drv[1], &drv[0].drv);

	/* the walk's references are all given back */
	for (i = 0; i < NWALK; i++)
		CU_ASSERT_EQUAL(atomic_read(&d[i].dev.refcount), 1);
	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(atomic_read(&drv[i].drv.refcount), 1);
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 1 + NWALK + 3);
	CU_ASSERT(list_empty(&bus.walkers));
	CU_ASSERT(bus_check(&bus));

	for (i = 0; i < 3; i++)
		CU_ASSERT_EQUAL(driver_unregister(&drv[i].drv), 0);
	unregister_devices(d, NWALK);

	/* an empty bus: fn is never called */
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &w, record_dev), 0);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, NULL, &w, record_drv), 0);
	CU_ASSERT_EQUAL(w.n, 0);
}

static void test_walk_bad_input(void)
{
	struct bus_type other, never;
	struct fx_device d, elsewhere, loose;
	struct fx_driver drv, loose_drv;
	struct walk w;

	fx_bus_init(&other, "other");
	CU_ASSERT_EQUAL(bus_register(&other), 0);
	fx_device_init(&d, &bus, 1, 0);
	fx_device_init(&elsewhere, &other, 2, 0);
	fx_device_init(&loose, &bus, 3, 0);
	fx_driver_init(&drv, &other, 1, 0);
	fx_driver_init(&loose_drv, &bus, 2, 0);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_EQUAL(device_register(&elsewhere.dev), 0);
	CU_ASSERT_EQUAL(driver_register(&drv.drv), 0);

	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(NULL, NULL, &w, record_dev), -EINVAL);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &w, NULL), -EINVAL);
	CU_ASSERT_EQUAL(bus_for_each_drv(NULL, NULL, &w, record_drv), -EINVAL);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, NULL, &w, NULL), -EINVAL);
	/* @start on another bus, or not registered */
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, &elsewhere.dev, &w, record_dev),
			-EINVAL);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, &loose.dev, &w, record_dev),
			-EINVAL);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, &drv.drv, &w, record_drv),
			-EINVAL);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, &loose_drv.drv, &w, record_drv),
			-EINVAL);
	/* a bus that is not registered */
	fx_bus_init(&never, "never");
	CU_ASSERT_EQUAL(bus_for_each_dev(&never, NULL, &w, record_dev),
			-ENODEV);
	CU_ASSERT_EQUAL(bus_for_each_drv(&never, NULL, &w, record_drv),
			-ENODEV);
	CU_ASSERT_EQUAL(w.n, 0);
	CU_ASSERT(list_empty(&bus.walkers));
	CU_ASSERT_EQUAL(atomic_read(&d.dev.refcount), 1);
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 2);
	CU_ASSERT_EQUAL(atomic_read(&never.refcount), 0);
	CU_ASSERT(bus_check(&bus));
	CU_ASSERT(bus_check(&other));

	CU_ASSERT_EQUAL(device_unregister(&d.dev), 0);
	CU_ASSERT_EQUAL(device_unregister(&elsewhere.dev), 0);
	CU_ASSERT_EQUAL(driver_unregister(&drv.drv), 0);
	CU_ASSERT_EQUAL(bus_unregister(&other), 0);
}

/*
 * Unregistering the device the walk is standing on, from inside fn.  The
 * devices are on the heap and their release frees them: under ASan any
 * use after the free would be reported.  The walk's reference keeps each
 * device alive until fn has returned; the release happens before the
 * next device is visited.
 */
struct reaper {
	struct device *seen[NWALK];
	int refs_before[NWALK], refs_after[NWALK], unregister_ret[NWALK];
	long releases_at_visit[NWALK];
	int n;
	bool check;
	bool check_ok;
};

static int reap_current(struct device *dev, void *data)
{
	struct reaper *r = data;

	if (r->n >= NWALK)
		return -E2BIG;
	r->seen[r->n] = dev;
	r->releases_at_visit[r->n] = atomic_load(&fx_dev_releases);
	r->refs_before[r->n] = atomic_read(&dev->refcount);
	r->unregister_ret[r->n] = device_unregister(dev);
	r->refs_after[r->n] = atomic_read(&dev->refcount);
	if (r->check && !bus_check(dev->bus))
		r->check_ok = false;
	r->n++;
	return 0;
}

static void test_walk_unregister_current(void)
{
	struct fx_device *d[NWALK];
	struct reaper r = { .check = true, .check_ok = true };
	long releases = atomic_load(&fx_dev_releases);
	int i;

	for (i = 0; i < NWALK; i++) {
		d[i] = fx_device_new(&bus, i, 0);
		CU_ASSERT_PTR_NOT_NULL_FATAL(d[i]);
		CU_ASSERT_EQUAL(device_register(&d[i]->dev), 0);
	}
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &r, reap_current), 0);
	CU_ASSERT_EQUAL(r.n, NWALK);
	for (i = 0; i < NWALK; i++) {
		/* pointer comparison only: the devices are freed now */
		CU_ASSERT_PTR_EQUAL(r.seen[i], &d[i]->dev);
		CU_ASSERT_EQUAL(r.refs_before[i], 2); /* bus + walk */
		CU_ASSERT_EQUAL(r.unregister_ret[i], 0);
		CU_ASSERT_EQUAL(r.refs_after[i], 1); /* the walk's */
		/* the previous device was released before this visit */
		CU_ASSERT_EQUAL(r.releases_at_visit[i], releases + i);
	}
	CU_ASSERT(r.check_ok);
	CU_ASSERT_EQUAL(atomic_load(&fx_dev_releases), releases + NWALK);
	CU_ASSERT(list_empty(&bus.devices));
	CU_ASSERT(list_empty(&bus.walkers));
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 1);
	CU_ASSERT(bus_check(&bus));
}

struct remover {
	struct walk w;
	struct fx_device *d;
	int at; /* visit index at which to act */
	int first, last; /* unregister d[first..last] */
	int ret;
};

static int remove_range(struct device *dev, void *data)
{
	struct remover *rm = data;
	int i;

	if (rm->w.n == rm->at) {
		for (i = rm->first; i <= rm->last; i++)
			if (device_unregister(&rm->d[i].dev))
				rm->ret = -1;
		if (!bus_check(&bus))
			rm->ret = -2;
	}
	return record_dev(dev, &rm->w);
}

/* visits of a walk whose fn, at visit @at, unregisters d[first..last] */
static int walk_removing(struct fx_device *d, int at, int first, int last,
			 struct device **seen)
{
	struct remover rm = { .d = d, .at = at, .first = first, .last = last };

	walk_init(&rm.w, -1, 0);
	register_devices(d, NWALK);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &rm, remove_range), 0);
	CU_ASSERT_EQUAL(rm.ret, 0);
	CU_ASSERT(list_empty(&bus.walkers));
	CU_ASSERT(bus_check(&bus));
	memcpy(seen, rm.w.seen, sizeof(rm.w.seen[0]) * NWALK);
	unregister_devices(d, NWALK);
	return rm.w.n;
}

static void test_walk_unregister_others(void)
{
	struct fx_device d[NWALK];
	struct device *seen[NWALK];

	/* the next one: skipped */
	CU_ASSERT_EQUAL(walk_removing(d, 1, 2, 2, seen), NWALK - 1);
	CU_ASSERT_PTR_EQUAL(seen[1], &d[1].dev);
	CU_ASSERT_PTR_EQUAL(seen[2], &d[3].dev);
	CU_ASSERT_PTR_EQUAL(seen[3], &d[4].dev);
	/* the previous one: nothing skipped */
	CU_ASSERT_EQUAL(walk_removing(d, 2, 1, 1, seen), NWALK);
	CU_ASSERT_PTR_EQUAL(seen[4], &d[4].dev);
	/* the current and the two after it */
	CU_ASSERT_EQUAL(walk_removing(d, 1, 1, 3, seen), 3);
	CU_ASSERT_PTR_EQUAL(seen[0], &d[0].dev);
	CU_ASSERT_PTR_EQUAL(seen[1], &d[1].dev);
	CU_ASSERT_PTR_EQUAL(seen[2], &d[4].dev);
	/* everything, at the first visit: the walk ends */
	CU_ASSERT_EQUAL(walk_removing(d, 0, 0, NWALK - 1, seen), 1);
	/* the current one and all before it, at the last */
	CU_ASSERT_EQUAL(walk_removing(d, NWALK - 1, 0, NWALK - 1, seen), NWALK);
}

struct adder {
	struct walk w;
	struct fx_device *extra;
	struct fx_driver *extra_drv;
	int ret;
};

static int add_device_once(struct device *dev, void *data)
{
	struct adder *a = data;

	if (a->w.n == 0 && device_register(&a->extra->dev))
		a->ret = -1;
	return record_dev(dev, &a->w);
}

static int add_driver_once(struct device_driver *drv, void *data)
{
	struct adder *a = data;

	if (a->w.n == 0 && driver_register(&a->extra_drv->drv))
		a->ret = -1;
	return record_drv(drv, &a->w);
}

static void test_walk_register_during(void)
{
	struct fx_device d[2], extra;
	struct fx_driver drv[2], extra_drv;
	struct adder a = { .extra = &extra, .extra_drv = &extra_drv };
	int i;

	register_devices(d, 2);
	fx_device_init(&extra, &bus, 9, 0);
	walk_init(&a.w, -1, 0);
	/* a device registered during the walk is appended, and visited */
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &a, add_device_once), 0);
	CU_ASSERT_EQUAL(a.ret, 0);
	CU_ASSERT_EQUAL(a.w.n, 3);
	CU_ASSERT_PTR_EQUAL(a.w.seen[2], &extra.dev);

	for (i = 0; i < 2; i++) {
		fx_driver_init(&drv[i], &bus, i, 0);
		CU_ASSERT_EQUAL(driver_register(&drv[i].drv), 0);
	}
	fx_driver_init(&extra_drv, &bus, 9, 0);
	walk_init(&a.w, -1, 0);
	/* a driver registered during the walk goes to the head: not visited */
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, NULL, &a, add_driver_once), 0);
	CU_ASSERT_EQUAL(a.ret, 0);
	CU_ASSERT_EQUAL(a.w.n, 2);
	CU_ASSERT_PTR_EQUAL(a.w.seen_drv[0], &drv[1].drv);
	CU_ASSERT_PTR_EQUAL(a.w.seen_drv[1], &drv[0].drv);
	CU_ASSERT_PTR_EQUAL(bus.drivers.next, &extra_drv.drv.bus_list);
	CU_ASSERT(bus_check(&bus));

	CU_ASSERT_EQUAL(driver_unregister(&extra_drv.drv), 0);
	for (i = 0; i < 2; i++)
		CU_ASSERT_EQUAL(driver_unregister(&drv[i].drv), 0);
	unregister_devices(d, 2);
	CU_ASSERT_EQUAL(device_unregister(&extra.dev), 0);
}

/* the driver walk's fn unregisters the driver it is given */
struct drv_reaper {
	struct walk w;
	int ret;
	long removes_before;
	long removes[4];
};

static int reap_driver(struct device_driver *drv, void *data)
{
	struct drv_reaper *r = data;
	int n = r->w.n;

	if (driver_unregister(drv))
		r->ret = -1;
	if (!bus_check(drv->bus))
		r->ret = -2;
	if (n < 4)
		r->removes[n] = atomic_load(&fx_removes) - r->removes_before;
	return record_drv(drv, &r->w);
}

static void test_walk_unregister_current_driver(void)
{
	struct fx_driver *drv[3];
	struct fx_device d[3];
	struct drv_reaper r = { .removes_before = atomic_load(&fx_removes) };
	long releases = atomic_load(&fx_drv_releases);
	int i;

	/* drvN drives kind N; device N is of kind N */
	for (i = 0; i < 3; i++) {
		drv[i] = fx_driver_new(&bus, i, 1u << i);
		CU_ASSERT_PTR_NOT_NULL_FATAL(drv[i]);
		CU_ASSERT_EQUAL(driver_register(&drv[i]->drv), 0);
		fx_device_init(&d[i], &bus, i, i);
		CU_ASSERT_EQUAL(device_register(&d[i].dev), 0);
		CU_ASSERT_PTR_EQUAL(d[i].dev.driver, &drv[i]->drv);
	}
	walk_init(&r.w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_drv(&bus, NULL, &r, reap_driver), 0);
	CU_ASSERT_EQUAL(r.ret, 0);
	CU_ASSERT_EQUAL(r.w.n, 3);
	for (i = 0; i < 3; i++) {
		CU_ASSERT_PTR_EQUAL(r.w.seen_drv[i], &drv[2 - i]->drv);
		/* each unregistration removed exactly its one device */
		CU_ASSERT_EQUAL(r.removes[i], i + 1);
		CU_ASSERT_PTR_NULL(d[i].dev.driver);
	}
	CU_ASSERT_EQUAL(atomic_load(&fx_drv_releases), releases + 3);
	CU_ASSERT(list_empty(&bus.drivers));
	CU_ASSERT(bus_check(&bus));
	unregister_devices(d, 3);
}

/*
 * Two walks at once: the outer one's fn runs an inner walk that
 * unregisters, one per visit, the device the outer walk stands on and
 * the one after it.  Both cursors are moved; bus_check (which checks
 * every cursor stands on a linked entry) runs at every inner step.
 */
struct nested {
	struct walk outer;
	struct device *target[2];
	int ret;
};

static int inner_fn(struct device *dev, void *data)
{
	struct nested *n = data;
	int i;

	for (i = 0; i < 2; i++)
		if (dev == n->target[i] && device_unregister(dev))
			n->ret = -1;
	if (!bus_check(&bus))
		n->ret = -2;
	return 0;
}

static int outer_fn(struct device *dev, void *data)
{
	struct nested *n = data;

	if (n->outer.n == 1) {
		n->target[0] = dev;
		n->target[1] = to_dev(dev->bus_list.next);
		if (bus_for_each_dev(&bus, NULL, n, inner_fn))
			n->ret = -3;
	}
	return record_dev(dev, &n->outer);
}

static void test_nested_walks(void)
{
	struct fx_device d[NWALK];
	struct nested n = { .ret = 0 };

	register_devices(d, NWALK);
	walk_init(&n.outer, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(&bus, NULL, &n, outer_fn), 0);
	CU_ASSERT_EQUAL(n.ret, 0);
	CU_ASSERT_PTR_EQUAL(n.target[0], &d[1].dev);
	CU_ASSERT_PTR_EQUAL(n.target[1], &d[2].dev);
	/* d0, d1 (removed during its own visit), then d3, d4 */
	CU_ASSERT_EQUAL(n.outer.n, NWALK - 1);
	CU_ASSERT_PTR_EQUAL(n.outer.seen[0], &d[0].dev);
	CU_ASSERT_PTR_EQUAL(n.outer.seen[1], &d[1].dev);
	CU_ASSERT_PTR_EQUAL(n.outer.seen[2], &d[3].dev);
	CU_ASSERT_PTR_EQUAL(n.outer.seen[3], &d[4].dev);
	CU_ASSERT(list_empty(&bus.walkers));
	CU_ASSERT(bus_check(&bus));
	unregister_devices(d, NWALK);
}

/* a bus can be unregistered from inside a walk of its last device */
struct bus_reaper {
	struct bus_type *bus;
	int unregister_dev, unregister_bus, reregister_bus, refs;
};

static int reap_bus(struct device *dev, void *data)
{
	struct bus_reaper *r = data;

	r->unregister_dev = device_unregister(dev);
	r->unregister_bus = bus_unregister(r->bus);
	/* the walk still holds the bus: it cannot be registered again yet */
	r->reregister_bus = bus_register(r->bus);
	r->refs = atomic_read(&r->bus->refcount);
	return 0;
}

static void test_walk_unregister_bus(void)
{
	struct bus_type b;
	struct fx_device d;
	struct bus_reaper r = { .bus = &b };
	struct walk w;

	fx_bus_init(&b, "short-lived");
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	fx_device_init(&d, &b, 1, 0);
	CU_ASSERT_EQUAL(device_register(&d.dev), 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(&b, NULL, &r, reap_bus), 0);
	CU_ASSERT_EQUAL(r.unregister_dev, 0);
	CU_ASSERT_EQUAL(r.unregister_bus, 0);
	CU_ASSERT_EQUAL(r.reregister_bus, -EBUSY);
	CU_ASSERT_EQUAL(r.refs, 1);
	CU_ASSERT_EQUAL(atomic_read(&b.refcount), 0);
	CU_ASSERT_EQUAL(b.present, 0);
	walk_init(&w, -1, 0);
	CU_ASSERT_EQUAL(bus_for_each_dev(&b, NULL, &w, record_dev), -ENODEV);
	CU_ASSERT(buses_check());
	/* and it comes back */
	CU_ASSERT_EQUAL(bus_register(&b), 0);
	CU_ASSERT(bus_check(&b));
	CU_ASSERT_EQUAL(bus_unregister(&b), 0);
}

/* ------------------------------------------------------------------ */
/* bus_check can fail                                                  */

static void test_bus_check_catches(void)
{
	struct bus_type other;
	struct fx_device d[2];
	struct fx_driver drv[2];
	const char *name;
	int i, ref;

	for (i = 0; i < 2; i++) {
		fx_driver_init(&drv[i], &bus, i, 1u << 0);
		CU_ASSERT_EQUAL(driver_register(&drv[i].drv), 0);
	}
	register_devices(d, 2); /* both bound to drv1, the newest */
	CU_ASSERT_PTR_EQUAL(d[0].dev.driver, &drv[1].drv);
	CU_ASSERT_PTR_EQUAL(d[1].dev.driver, &drv[1].drv);
	CU_ASSERT(bus_check(&bus));

	/* a bound device whose driver pointer is wrong */
	d[0].dev.driver = &drv[0].drv;
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(
		": bus bus-test: device dev0 on driver drv1's list has driver drv0");
	d[0].dev.driver = &drv[1].drv;
	CU_ASSERT(bus_check(&bus));
	/* an unbound device claiming a driver */
	driver_unregister(&drv[1].drv);
	CU_ASSERT_PTR_NULL(d[0].dev.driver);
	d[0].dev.driver = &drv[0].drv;
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(
		": bus bus-test: device dev0 not on its driver drv0's list");
	d[0].dev.driver = NULL;
	CU_ASSERT(bus_check(&bus));
	/* a device refcount too low */
	atomic_set(&d[1].dev.refcount, 0);
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(": bus bus-test: device dev1: refcount 0");
	atomic_set(&d[1].dev.refcount, 1);
	/* a driver refcount not covering its devices */
	CU_ASSERT_EQUAL(driver_register(&drv[1].drv), 0);
	CU_ASSERT_EQUAL(device_unregister(&d[0].dev), 0);
	CU_ASSERT_EQUAL(device_register(&d[0].dev), 0);
	CU_ASSERT_PTR_EQUAL(d[0].dev.driver, &drv[1].drv);
	CU_ASSERT_EQUAL(atomic_read(&drv[1].drv.refcount), 3);
	atomic_set(&drv[1].drv.refcount, 2);
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(": bus bus-test: driver drv1: refcount 2 < 1 + 2 bound");
	atomic_set(&drv[1].drv.refcount, 3);
	CU_ASSERT(bus_check(&bus));
	/* a bus refcount not covering its devices and drivers */
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 5);
	atomic_set(&bus.refcount, 4);
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(": bus bus-test: refcount 5 < 2 + 2 + 2");
	atomic_set(&bus.refcount, 5);
	CU_ASSERT(bus_check(&bus));
	/* two drivers of the same name */
	name = drv[0].drv.name;
	drv[0].drv.name = drv[1].drv.name;
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(": bus bus-test: two drivers named drv1");
	drv[0].drv.name = name;
	/* a device that is on the list but not present */
	d[1].dev.present = 0;
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(
		": bus bus-test: device dev1 bound to drv1 is not on the bus");
	d[1].dev.present = 1;
	/* a device pointing at another bus */
	d[1].dev.bus = NULL;
	EXPECT_CHECK_FAILS(bus_check(&bus), "bus_check");
	expect_detail(
		": bus bus-test: device dev1 bound to drv1 is not on the bus");
	d[1].dev.bus = &bus;
	CU_ASSERT(bus_check(&bus));
	/* a registered bus with no reference left */
	ref = atomic_read(&bus.refcount);
	atomic_set(&bus.refcount, 0);
	EXPECT_CHECK_FAILS(buses_check(), "buses_check");
	expect_detail(": bus bus-test: on the list of buses but unreferenced");
	atomic_set(&bus.refcount, ref);
	/* two registered buses of the same name */
	fx_bus_init(&other, "bus-other");
	CU_ASSERT_EQUAL_FATAL(bus_register(&other), 0);
	CU_ASSERT(buses_check());
	other.name = bus.name;
	EXPECT_CHECK_FAILS(buses_check(), "buses_check");
	expect_detail(": bus bus-test: two buses named so");
	other.name = "bus-other";
	CU_ASSERT_EQUAL(bus_unregister(&other), 0);
	CU_ASSERT(buses_check());

	for (i = 0; i < 2; i++)
		CU_ASSERT_EQUAL(driver_unregister(&drv[i].drv), 0);
	unregister_devices(d, 2);
	CU_ASSERT(bus_check(&bus));
}

/* ------------------------------------------------------------------ */
/* the soak                                                            */

#define SOAK_DEVS 12
#define SOAK_DRVS 6
#define SOAK_STEPS 4000

/* the oracle: what the bus must look like */
struct soak_model {
	bool dev_reg[SOAK_DEVS], drv_reg[SOAK_DRVS];
	int bound_to[SOAK_DEVS]; /* driver index or -1 */
	int dev_order[SOAK_DEVS], ndev; /* bus->devices */
	int drv_order[SOAK_DRVS], ndrv; /* bus->drivers, head first */
	int drv_devs[SOAK_DRVS][SOAK_DEVS]; /* each driver's devices */
	int ndrv_devs[SOAK_DRVS];
	long binds, unbinds;
};

struct soak {
	struct fx_device dev[SOAK_DEVS];
	struct fx_driver drv[SOAK_DRVS];
	struct soak_model m;
	unsigned long long rng;
	int mismatches;
	long removed_in_walks;
};

static unsigned int soak_rand(struct soak *s, unsigned int n)
{
	s->rng ^= s->rng << 13;
	s->rng ^= s->rng >> 7;
	s->rng ^= s->rng << 17;
	return (unsigned int)(s->rng % n);
}

static void remove_int(int *a, int *n, int v)
{
	int i;

	for (i = 0; i < *n; i++)
		if (a[i] == v)
			break;
	BUG_ON(i == *n);
	memmove(&a[i], &a[i + 1], sizeof(*a) * (size_t)(*n - i - 1));
	(*n)--;
}

static bool model_binds(struct soak *s, int i, int j)
{
	return (s->drv[j].kinds & (1u << s->dev[i].kind)) &&
	       fx_probe_ok(&s->dev[i], &s->drv[j]);
}

static void model_bind(struct soak_model *m, int i, int j)
{
	m->bound_to[i] = j;
	m->drv_devs[j][m->ndrv_devs[j]++] = i;
	m->binds++;
}

static void model_unbind(struct soak_model *m, int i)
{
	int j = m->bound_to[i];

	remove_int(m->drv_devs[j], &m->ndrv_devs[j], i);
	m->bound_to[i] = -1;
	m->unbinds++;
}

static void model_device_register(struct soak *s, int i)
{
	struct soak_model *m = &s->m;
	int k;

	m->dev_reg[i] = true;
	m->dev_order[m->ndev++] = i;
	for (k = 0; k < m->ndrv; k++) {
		if (model_binds(s, i, m->drv_order[k])) {
			model_bind(m, i, m->drv_order[k]);
			break;
		}
	}
}

static void model_device_unregister(struct soak *s, int i)
{
	struct soak_model *m = &s->m;

	if (m->bound_to[i] >= 0)
		model_unbind(m, i);
	m->dev_reg[i] = false;
	remove_int(m->dev_order, &m->ndev, i);
}

static void model_driver_register(struct soak *s, int j)
{
	struct soak_model *m = &s->m;
	int k;

	m->drv_reg[j] = true;
	memmove(&m->drv_order[1], &m->drv_order[0],
		sizeof(int) * (size_t)m->ndrv);
	m->drv_order[0] = j;
	m->ndrv++;
	for (k = 0; k < m->ndev; k++) {
		int i = m->dev_order[k];

		if (m->bound_to[i] < 0 && model_binds(s, i, j))
			model_bind(m, i, j);
	}
}

static void model_driver_unregister(struct soak *s, int j)
{
	struct soak_model *m = &s->m;

	while (m->ndrv_devs[j])
		model_unbind(m, m->drv_devs[j][0]);
	m->drv_reg[j] = false;
	remove_int(m->drv_order, &m->ndrv, j);
}

/* the real bus against the model, pointer by pointer */
static bool soak_matches(struct soak *s)
{
	struct soak_model *m = &s->m;
	struct list_head *pos;
	int i, j, k;

	if (!bus_check(&bus))
		return false;
	k = 0;
	list_for_each(pos, &bus.devices)
		if (k >= m->ndev ||
		    pos != &s->dev[m->dev_order[k++]].dev.bus_list)
			return false;
	if (k != m->ndev)
		return false;
	k = 0;
	list_for_each(pos, &bus.drivers)
		if (k >= m->ndrv ||
		    pos != &s->drv[m->drv_order[k++]].drv.bus_list)
			return false;
	if (k != m->ndrv)
		return false;
	for (j = 0; j < SOAK_DRVS; j++) {
		if (s->drv[j].drv.present != m->drv_reg[j])
			return false;
		if (!m->drv_reg[j])
			continue;
		k = 0;
		list_for_each(pos, &s->drv[j].drv.devices)
			if (k >= m->ndrv_devs[j] ||
			    pos != &s->dev[m->drv_devs[j][k++]].dev.driver_list)
				return false;
		if (k != m->ndrv_devs[j])
			return false;
	}
	for (i = 0; i < SOAK_DEVS; i++) {
		struct device_driver *want =
			m->bound_to[i] < 0 ? NULL : &s->drv[m->bound_to[i]].drv;

		if (s->dev[i].dev.present != m->dev_reg[i])
			return false;
		if (m->dev_reg[i] && s->dev[i].dev.driver != want)
			return false;
		if (!m->dev_reg[i] && atomic_read(&s->dev[i].dev.refcount) != 0)
			return false;
	}
	return true;
}

/* walk the devices, unregistering some from inside fn */
struct soak_walk {
	struct soak *s;
	int seen[SOAK_DEVS * 2];
	int n, stop_at;
	int errors;
};

static int soak_walk_fn(struct device *dev, void *data)
{
	struct soak_walk *w = data;
	struct fx_device *fd = to_fx_device(dev);

	if (w->n < SOAK_DEVS * 2)
		w->seen[w->n] = fd->id;
	if (soak_rand(w->s, 4) == 0) {
		if (device_unregister(dev))
			w->errors++;
		model_device_unregister(w->s, fd->id);
		w->s->removed_in_walks++;
	}
	return w->n++ == w->stop_at ? 100 + w->n : 0;
}

static int soak_walk_drv_fn(struct device_driver *drv, void *data)
{
	struct soak_walk *w = data;
	struct fx_driver *fd = to_fx_driver(drv);

	if (w->n < SOAK_DEVS * 2)
		w->seen[w->n] = fd->id;
	if (soak_rand(w->s, 3) == 0) {
		if (driver_unregister(drv))
			w->errors++;
		model_driver_unregister(w->s, fd->id);
		w->s->removed_in_walks++;
	}
	w->n++;
	return 0;
}

/* a walk of the drivers, or of the devices after a random start */
static int soak_walk_other(struct soak *s, bool drivers)
{
	struct soak_model *m = &s->m;
	struct soak_walk w = { .s = s, .stop_at = -1 };
	int order[SOAK_DEVS], n, k, first = 0, ret;

	if (drivers) {
		n = m->ndrv;
		memcpy(order, m->drv_order, sizeof(int) * SOAK_DRVS);
		ret = bus_for_each_drv(&bus, NULL, &w, soak_walk_drv_fn);
	} else {
		n = m->ndev;
		memcpy(order, m->dev_order, sizeof(order));
		if (n)
			first = 1 + (int)soak_rand(s, (unsigned int)n);
		ret = bus_for_each_dev(
			&bus, first ? &s->dev[order[first - 1]].dev : NULL, &w,
			soak_walk_fn);
	}
	/* only the current entry is removed: every entry after start seen */
	if (w.errors || w.n != n - first)
		s->mismatches++;
	for (k = 0; k < w.n && first + k < n; k++)
		if (w.seen[k] != order[first + k])
			s->mismatches++;
	return ret;
}

static void soak_step(struct soak *s)
{
	struct soak_model *m = &s->m;
	unsigned int op = soak_rand(s, 11);
	int i = (int)soak_rand(s, SOAK_DEVS), j = (int)soak_rand(s, SOAK_DRVS);
	long probes = atomic_load(&fx_probes_ok),
	     removes = atomic_load(&fx_removes);
	long binds = m->binds, unbinds = m->unbinds;
	struct soak_walk w = { .s = s, .stop_at = -1 };
	int order[SOAK_DEVS], n, k, ret, expect;

	switch (op) {
	case 0:
	case 1:
		ret = device_register(&s->dev[i].dev);
		expect = m->dev_reg[i] ? -EBUSY : 0;
		if (!m->dev_reg[i])
			model_device_register(s, i);
		break;
	case 2:
	case 3:
		ret = device_unregister(&s->dev[i].dev);
		expect = m->dev_reg[i] ? 0 : -ENOENT;
		if (m->dev_reg[i])
			model_device_unregister(s, i);
		break;
	case 4:
		ret = driver_register(&s->drv[j].drv);
		expect = m->drv_reg[j] ? -EBUSY : 0;
		if (!m->drv_reg[j])
			model_driver_register(s, j);
		break;
	case 5:
		ret = driver_unregister(&s->drv[j].drv);
		expect = m->drv_reg[j] ? 0 : -ENOENT;
		if (m->drv_reg[j])
			model_driver_unregister(s, j);
		break;
	case 9:
	case 10:
		ret = soak_walk_other(s, op == 9);
		expect = 0;
		break;
	default:
		/* a walk: full, or stopped at a random visit */
		n = m->ndev;
		memcpy(order, m->dev_order, sizeof(order));
		if (op == 8 && n)
			w.stop_at = (int)soak_rand(s, (unsigned int)n);
		ret = bus_for_each_dev(&bus, NULL, &w, soak_walk_fn);
		expect = w.stop_at < 0 ? 0 : 100 + w.stop_at + 1;
		if (w.errors || w.n != (w.stop_at < 0 ? n : w.stop_at + 1))
			s->mismatches++;
		/* only the current entry is removed: every entry is visited */
		for (k = 0; k < w.n && k < n; k++)
			if (w.seen[k] != order[k])
				s->mismatches++;
		break;
	}
	if (ret != expect)
		s->mismatches++;
	if (atomic_load(&fx_probes_ok) - probes != m->binds - binds ||
	    atomic_load(&fx_removes) - removes != m->unbinds - unbinds)
		s->mismatches++;
	if (!soak_matches(s))
		s->mismatches++;
}

static void test_soak(void)
{
	static struct soak s;
	int i, j, step;

	memset(&s, 0, sizeof(s));
	s.rng = 0x2533ull * 0x9e3779b97f4a7c15ull;
	fx_log_enabled = false;
	for (i = 0; i < SOAK_DEVS; i++) {
		fx_device_init(&s.dev[i], &bus, i, soak_rand(&s, 4));
		s.m.bound_to[i] = -1;
	}
	for (j = 0; j < SOAK_DRVS; j++) {
		fx_driver_init(&s.drv[j], &bus, j, 1u + soak_rand(&s, 15));
		s.drv[j].fail_every = (int)soak_rand(&s, 4);
	}
	for (step = 0; step < SOAK_STEPS && !s.mismatches; step++)
		soak_step(&s);
	CU_ASSERT_EQUAL(s.mismatches, 0);
	CU_ASSERT_EQUAL(step, SOAK_STEPS);
	/* it did exercise binding, unbinding and falling through */
	CU_ASSERT(s.m.binds > 100);
	CU_ASSERT(s.m.unbinds > 100);
	CU_ASSERT(s.removed_in_walks > 100);
	for (j = 0; j < SOAK_DRVS; j++)
		if (s.m.drv_reg[j])
			CU_ASSERT_EQUAL(driver_unregister(&s.drv[j].drv), 0);
	for (i = 0; i < SOAK_DEVS; i++)
		if (s.m.dev_reg[i])
			CU_ASSERT_EQUAL(device_unregister(&s.dev[i].dev), 0);
	CU_ASSERT(list_empty(&bus.devices));
	CU_ASSERT(list_empty(&bus.drivers));
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 1);
	CU_ASSERT(bus_check(&bus));
	fx_log_enabled = true;
}

static CU_TestInfo bus_register_tests[] = {
	{ "bus_register/bus_unregister and their bad input",
	  test_bus_register },
	{ "a bus with devices or drivers cannot go", test_bus_unregister_busy },
	{ "get_bus/put_bus: a holder keeps it from coming back",
	  test_get_put_bus },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bus_for_each_dev_tests[] = {
	{ "walk order, @start, early stop and its value",
	  test_walk_order_and_stop },
	{ "walk bad input", test_walk_bad_input },
	{ "fn unregisters the current device (heap, ASan)",
	  test_walk_unregister_current },
	{ "fn unregisters other devices", test_walk_unregister_others },
	{ "fn registers during the walk", test_walk_register_during },
	{ "fn unregisters the current driver",
	  test_walk_unregister_current_driver },
	{ "nested walks both survive removals", test_nested_walks },
	{ "fn unregisters the bus", test_walk_unregister_bus },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bus_check_tests[] = {
	{ "bus_check catches broken invariants", test_bus_check_catches },
	{ "random soak against an oracle, bus_check every step", test_soak },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("drivers/bus/bus_register", bus_register_tests, bus_setup,
	    bus_teardown)
/* bus_for_each_drv too: both walks share one cursor scheme */
KTEST_SUITE("drivers/bus/bus_for_each_dev", bus_for_each_dev_tests, bus_setup,
	    bus_teardown)
KTEST_SUITE("drivers/bus/bus_check", bus_check_tests, bus_setup, bus_teardown)
