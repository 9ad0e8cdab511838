// SPDX-License-Identifier: MIT
/*
 * tools/exercise_bus.c - the exercises of docs/drivers.md.
 *
 * Mirrors no kernel function: each registers a few drivers and devices
 * on a bus with drivers/base/ and prints what the driver model did, every
 * match and probe call as it happens.  The code between "exercise NAME
 * setup {" and "}" is what the page shows (tests/tools/test_exercise.c
 * holds them equal).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/device.h"
#include "tools/kstruct.h"

/**
 * struct ex_driver - a driver of the exercises
 * @drv: the driver
 * @matches: its match() answer for every device
 * @declines: its probe() fails with -ENODEV
 */
struct ex_driver {
	struct device_driver drv;
	bool matches, declines;
};

#define MATCHES true
#define NO_MATCH false
#define PROBES false
#define DECLINES true

static FILE *ex_out;

static int ex_match(struct device *dev, struct device_driver *drv)
{
	struct ex_driver *ex = container_of(drv, struct ex_driver, drv);

	fprintf(ex_out, "match(%s, %s): %s\n", dev_label(dev), drv->name,
		ex->matches ? "yes" : "no");
	return ex->matches;
}

static int ex_probe(struct device *dev)
{
	struct ex_driver *ex = container_of(dev->driver, struct ex_driver, drv);

	fprintf(ex_out, "probe(%s) by %s: %s\n", dev_label(dev), ex->drv.name,
		ex->declines ? "-ENODEV" : "0, bound");
	return ex->declines ? -ENODEV : 0;
}

#define EX_DRIVER(n, m, d)                                              \
	{                                                               \
		.drv = { .name = (n), .bus = &bus, .probe = ex_probe }, \
		.matches = (m), .declines = (d)                         \
	}

/* unregister @dev if it is registered */
static void unplug(struct device *dev)
{
	if (dev->present)
		device_unregister(dev);
}

/* unregister @ex if it is registered */
static void unload(struct ex_driver *ex)
{
	if (ex->drv.present)
		driver_unregister(&ex->drv);
}

/* check @bus, then unregister it: 0, -EIO or -EBUSY */
static int bus_down(struct bus_type *bus)
{
	int err = bus_check(bus) ? 0 : -EIO;

	if (bus->present && bus_unregister(bus) && !err)
		err = -EBUSY;
	return err;
}

static int bus_bind(FILE *out)
{
	/* exercise bus-bind setup { */
	struct bus_type bus = { .name = "pci", .match = ex_match };
	struct ex_driver old = EX_DRIVER("old", MATCHES, PROBES);
	struct ex_driver picky = EX_DRIVER("picky", MATCHES, DECLINES);
	struct ex_driver other = EX_DRIVER("other", NO_MATCH, PROBES);
	struct ex_driver newest = EX_DRIVER("newest", MATCHES, PROBES);
	struct device nic = { .bus = &bus, .bus_id = "nic" };

	bus_register(&bus);
	driver_register(&old.drv); /* in this order */
	driver_register(&picky.drv);
	driver_register(&other.drv);
	device_register(&nic); /* which calls, and who binds it? */
	driver_register(&newest.drv); /* and now? */
	/* } */

	fprintf(out, "nic is bound to %s\n",
		nic.driver ? nic.driver->name : "no driver");
	unplug(&nic);
	unload(&old);
	unload(&picky);
	unload(&other);
	unload(&newest);
	return bus_down(&bus);
}

static int exercise_bus_bind(FILE *out)
{
	ex_out = out;
	return bus_bind(out);
}

/* the walk's fn: note the device; at B, unplug C and plug in E */
static int visit(struct device *dev, void *data)
{
	struct device **others = data;

	fprintf(ex_out, "visit %s\n", dev_label(dev));
	if (dev == others[0]) {
		device_unregister(others[1]);
		device_register(others[2]);
	}
	return 0;
}

static int bus_walk(void)
{
	/* exercise bus-walk setup { */
	struct bus_type bus = { .name = "usb", .match = ex_match };
	struct device a = { .bus = &bus, .bus_id = "A" };
	struct device b = { .bus = &bus, .bus_id = "B" };
	struct device c = { .bus = &bus, .bus_id = "C" };
	struct device d = { .bus = &bus, .bus_id = "D" };
	struct device e = { .bus = &bus, .bus_id = "E" };
	struct device *at_b[3] = { &b, &c, &e }; /* at B: unplug C, plug E */

	bus_register(&bus);
	device_register(&a);
	device_register(&b);
	device_register(&c);
	device_register(&d);
	bus_for_each_dev(&bus, NULL, at_b, visit); /* which does it visit? */
	/* } */

	unplug(&a);
	unplug(&b);
	unplug(&c);
	unplug(&d);
	unplug(&e);
	return bus_down(&bus);
}

static int exercise_bus_walk(FILE *out)
{
	ex_out = out;
	return bus_walk();
}

KSTRUCT_EXERCISE("bus-bind", 40,
		 "docs/drivers.md: which driver binds a new "
		 "device",
		 exercise_bus_bind)
KSTRUCT_EXERCISE("bus-walk", 41,
		 "docs/drivers.md: what a walk visits when "
		 "its fn unplugs and plugs devices",
		 exercise_bus_walk)
