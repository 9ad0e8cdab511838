// SPDX-License-Identifier: MIT
/*
 * tools/draw_bus.c - "kstruct draw bus": Graphviz DOT of a bus with its
 * devices and drivers lists and each driver's list of bound devices.
 *
 * Builds a small example (a bus with four devices and three drivers; one
 * driver has two devices, one has none, one device is unbound), prints it
 * with bus_print_dot() (drivers/base/show.c), and takes it down again.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/device.h"
#include "drivers/base/show.h"
#include "tools/kstruct.h"

/* a driver drives the devices whose name starts with its own name */
static int draw_match(struct device *dev, struct device_driver *drv)
{
	return !strncmp(dev->name, drv->name, strlen(drv->name));
}

static int draw_bus(FILE *out)
{
	struct bus_type bus = { .name = "pci", .match = draw_match };
	struct device_driver drv[3] = {
		{ .name = "e1000", .bus = &bus },
		{ .name = "ahci", .bus = &bus },
		{ .name = "i915", .bus = &bus },
	};
	struct device dev[4] = {
		{ .bus = &bus, .name = "e1000 port 0", .bus_id = "00:19.0" },
		{ .bus = &bus, .name = "ahci", .bus_id = "00:1f.2" },
		{ .bus = &bus, .name = "e1000 port 1", .bus_id = "00:19.1" },
		{ .bus = &bus, .name = "audio", .bus_id = "00:1b.0" },
	};
	int i, ret;

	ret = bus_register(&bus);
	if (ret)
		return ret;
	for (i = 0; i < 3 && !ret; i++)
		ret = driver_register(&drv[i]);
	for (i = 0; i < 4 && !ret; i++)
		ret = device_register(&dev[i]);
	if (!ret)
		ret = bus_print_dot(&bus, out);
	for (i = 0; i < 4; i++)
		if (dev[i].present)
			device_unregister(&dev[i]);
	for (i = 0; i < 3; i++)
		if (drv[i].present)
			driver_unregister(&drv[i]);
	bus_unregister(&bus);
	return ret;
}

KSTRUCT_DRAW("bus", "a bus_type: its devices and drivers rings, bindings",
	     draw_bus)
