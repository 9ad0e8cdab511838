// SPDX-License-Identifier: MIT
/*
 * tools/exercise_bus.c - the exercises of docs/drivers.md.
 *
 * Mirrors no kernel function: each registers a few drivers and devices
 * on a bus with drivers/base/, as its instance says, and prints what the
 * driver model did, every match and probe call as it happens; the answer
 * is read off the bus afterwards.  The code between "exercise NAME
 * setup {" and "}" is what the page shows (tests/tools/test_exercise.c
 * holds them equal).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/device.h"
#include "tools/exercise.h"
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

static FILE *ex_out;
static struct exercise *ex_visits; /* whose answer the walk writes */

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

/* "MATCHES, PROBES" and so on, for the question */
static void describe(FILE *out, const struct ex_driver *ex)
{
	fprintf(out, "\t%-7s %s, %s\n", ex->drv.name,
		ex->matches ? "MATCHES" : "NO_MATCH",
		ex->declines ? "DECLINES" : "PROBES");
}

static int exercise_bus_bind(struct exercise *ex)
{
	bool m[4], d[4];
	const char *first;
	int i;

	for (i = 0; i < 4; i++) { /* the page's: old, picky, other, newest */
		m[i] = exercise_pick(ex, i != 2, 0, 1);
		d[i] = exercise_pick(ex, i == 1, 0, 1);
	}
	ex_out = ex->why;
	{
		/* exercise bus-bind setup { */
		struct bus_type bus = { .name = "pci", .match = ex_match };
		struct ex_driver old = EX_DRIVER("old", m[0], d[0]);
		struct ex_driver picky = EX_DRIVER("picky", m[1], d[1]);
		struct ex_driver other = EX_DRIVER("other", m[2], d[2]);
		struct ex_driver newest = EX_DRIVER("newest", m[3], d[3]);
		struct device nic = { .bus = &bus, .bus_id = "nic" };

		bus_register(&bus);
		driver_register(&old.drv); /* in this order */
		driver_register(&picky.drv);
		driver_register(&other.drv);
		device_register(&nic); /* which calls, and who binds it? */
		first = nic.driver ? nic.driver->name : "none";
		driver_register(&newest.drv); /* and now? */
		/* } */

		fprintf(ex->question,
			"On the bus pci, whose match() asks the driver, four "
			"drivers: each\nMATCHES every device or NO_MATCH, and "
			"its probe() PROBES (binds) or\nDECLINES (-ENODEV):\n\n");
		describe(ex->question, &old);
		describe(ex->question, &picky);
		describe(ex->question, &other);
		describe(ex->question, &newest);
		fprintf(ex->question,
			"\nold, picky and other register in that order; then the "
			"device nic; then\nnewest.  Which driver is nic bound to "
			"after device_register(&nic), and\nwhich after newest "
			"registers?\n");
		fprintf(ex->why, "nic is bound to %s\n",
			nic.driver ? nic.driver->name : "no driver");
		exercise_answer(ex, "first: %s; then: %s", first,
				nic.driver ? nic.driver->name : "none");
		/* the likely slip: the first registered that matches */
		exercise_wrong(ex, "first: %s; then: %s",
			       strcmp(first, "old") ? "old" : "picky",
			       nic.driver ? nic.driver->name : "none");
		unplug(&nic);
		unload(&old);
		unload(&picky);
		unload(&other);
		unload(&newest);
		ex->form = "first: DRIVER (or none); then: DRIVER (or none)";
		ex->pattern = "^first:(old|picky|other|newest|none);"
			      "then:(old|picky|other|newest|none)$";
		ex->hint = "in which order does the bus's drivers list hand "
			   "drivers to a new\n  device, and does a driver "
			   "registered later look at a bound device?";
		return bus_down(&bus);
	}
}

/* the walk's fn: note the device; at @others[0], unplug [1], plug [2] */
static int visit(struct device *dev, void *data)
{
	struct device **others = data;

	fprintf(ex_out, "visit %s\n", dev_label(dev));
	exercise_answer(ex_visits, "%s%s", ex_visits->answer[0] ? " " : "",
			dev_label(dev));
	if (dev == others[0]) {
		device_unregister(others[1]);
		device_register(others[2]);
	}
	return 0;
}

static int exercise_bus_walk(struct exercise *ex)
{
	int at = (int)exercise_pick(ex, 1, 0, 3); /* B */
	int gone = (int)exercise_pick(ex, 2, 0, 2); /* C */
	static const char *const ids[4] = { "A", "B", "C", "D" };

	if (!ex->page) /* never the device visited */
		gone += gone >= at;
	ex_out = ex->why;
	ex_visits = ex;
	{
		/* exercise bus-walk setup { */
		struct bus_type bus = { .name = "usb", .match = ex_match };
		struct device devs[4] = {
			{ .bus = &bus, .bus_id = "A" },
			{ .bus = &bus, .bus_id = "B" },
			{ .bus = &bus, .bus_id = "C" },
			{ .bus = &bus, .bus_id = "D" },
		};
		struct device e = { .bus = &bus, .bus_id = "E" };
		/* at devs[at]: unplug devs[gone], plug in E */
		struct device *others[3] = { &devs[at], &devs[gone], &e };
		int i;

		bus_register(&bus);
		for (i = 0; i < 4; i++)
			device_register(&devs[i]);
		bus_for_each_dev(&bus, NULL, others, visit); /* which? */
		/* } */

		fprintf(ex->question,
			"A, B, C and D are registered on an empty bus, in that "
			"order; then\nbus_for_each_dev() walks it with a fn "
			"that, at %s, unplugs %s\n(device_unregister()) and "
			"plugs in a new device E (device_register()).\nWhich "
			"devices does the walk visit, in which order?\n",
			ids[at], ids[gone]);
		/* the likely slip: the four, as they were */
		exercise_wrong(ex, "%s",
			       strcmp(ex->answer, "A B C D") ? "A B C D" :
							       "A B C D E");
		for (i = 0; i < 4; i++)
			unplug(&devs[i]);
		unplug(&e);
		ex->form = "NAME NAME ... (as A B C)";
		ex->pattern = "^[a-e]( [a-e])*$";
		ex->hint = "the walk holds its place by a reference on the "
			   "device it is at; what\n  is after it, when it "
			   "moves on?";
		return bus_down(&bus);
	}
}

KSTRUCT_EXERCISE("bus-bind", 40,
		 "docs/drivers.md: which driver binds a new "
		 "device",
		 exercise_bus_bind)
KSTRUCT_EXERCISE("bus-walk", 41,
		 "docs/drivers.md: what a walk visits when "
		 "its fn unplugs and plugs devices",
		 exercise_bus_walk)
