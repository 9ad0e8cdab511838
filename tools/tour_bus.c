// SPDX-License-Identifier: MIT
/*
 * tools/tour_bus.c - "kstruct tour bus": the driver model's bus, device
 * and driver lists, built step by step on a small PCI-like bus.
 *
 * Exercises drivers/base/ (bus.c, core.c, driver.c): bus_register, then
 * drivers and devices registered in an order that shows each rule of
 * binding (newest driver first, first match whose probe succeeds, a
 * failing probe falling through, a new driver taking only unbound
 * devices), the two walks, a device unplugged from inside a walk, and
 * driver unregistration unbinding its devices.  Every match, probe and
 * remove call is printed as it happens, and the lists after each step.
 * Nothing printed depends on addresses, so every run is the same.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "drivers/base/device.h"
#include "tools/kstruct.h"

/**
 * struct tour_dev - an example PCI function
 * @dev: the device
 * @class: what it is ("display", "network", "storage")
 * @chip: its vendor:device id, as lspci -n shows it
 */
struct tour_dev {
	struct device dev;
	const char *class;
	const char *chip;
};

/**
 * struct tour_drv - an example driver
 * @drv: the driver
 * @class: the class of device it drives
 * @declines: a chip id its probe turns down (too old, say), or NULL
 */
struct tour_drv {
	struct device_driver drv;
	const char *class;
	const char *declines;
};

static FILE *tour_out;

static struct tour_dev *to_tour_dev(struct device *dev)
{
	return container_of(dev, struct tour_dev, dev);
}

static struct tour_drv *to_tour_drv(struct device_driver *drv)
{
	return container_of(drv, struct tour_drv, drv);
}

static int tour_match(struct device *dev, struct device_driver *drv)
{
	int yes = !strcmp(to_tour_dev(dev)->class, to_tour_drv(drv)->class);

	fprintf(tour_out, "      match(%s, %s): %s\n", dev_label(dev),
		drv->name, yes ? "yes" : "no");
	return yes;
}

static int tour_probe(struct device *dev)
{
	struct tour_drv *drv = to_tour_drv(dev->driver);
	const char *chip = to_tour_dev(dev)->chip;

	if (drv->declines && !strcmp(drv->declines, chip)) {
		fprintf(tour_out,
			"      probe(%s) by %s: -ENODEV (chip %s is not mine)\n",
			dev_label(dev), drv->drv.name, chip);
		return -ENODEV;
	}
	fprintf(tour_out, "      probe(%s) by %s: 0, bound\n", dev_label(dev),
		drv->drv.name);
	dev->driver_data = drv;
	return 0;
}

/* dev->driver is already NULL here, as in 2.5.33: probe left a note */
static int tour_remove(struct device *dev)
{
	struct tour_drv *drv = dev->driver_data;

	fprintf(tour_out, "      remove(%s) by %s\n", dev_label(dev),
		drv->drv.name);
	dev->driver_data = NULL;
	return 0;
}

static struct bus_type pci = {
	.name = "pci",
	.match = tour_match,
};

#define TOUR_DRV(n, c, d)                         \
	{                                         \
		.drv = { .name = (n),             \
			 .bus = &pci,             \
			 .probe = tour_probe,     \
			 .remove = tour_remove }, \
		.class = (c), .declines = (d)     \
	}
#define TOUR_DEV(id, c, chip_id)                                      \
	{                                                             \
		.dev = { .bus = &pci, .bus_id = (id) }, .class = (c), \
		.chip = (chip_id)                                     \
	}

enum { VESAFB, E1000, E1000E, I915, AHCI, NR_DRV };
enum { VGA, NIC, SATA, NIC2, NR_DEV };

static const struct tour_drv drv_template[NR_DRV] = {
	[VESAFB] = TOUR_DRV("vesafb", "display", NULL),
	[E1000] = TOUR_DRV("e1000", "network", NULL),
	[E1000E] = TOUR_DRV("e1000e", "network", "8086:100e"),
	[I915] = TOUR_DRV("i915", "display", NULL),
	[AHCI] = TOUR_DRV("ahci", "storage", NULL),
};

static const struct tour_dev dev_template[NR_DEV] = {
	[VGA] = TOUR_DEV("00:02.0", "display", "8086:0046"),
	[NIC] = TOUR_DEV("00:03.0", "network", "8086:100e"),
	[SATA] = TOUR_DEV("00:1f.2", "storage", "8086:3b29"),
	[NIC2] = TOUR_DEV("00:19.0", "network", "8086:10ea"),
};

static struct tour_drv drv[NR_DRV];
static struct tour_dev dev[NR_DEV];

/* an unexpected error is printed and ends the tour */
static int step(FILE *out, int ret)
{
	if (ret)
		fprintf(out, "    -> %d (%s)\n", ret, strerror(-ret));
	return ret;
}

/*
 * The bus's lists, from one snapshot: the devices (oldest first) with
 * each one's driver, the drivers (newest first) with each one's devices,
 * and the reference count.
 */
static int show(FILE *out)
{
	struct bus_snapshot *snap;
	unsigned int i, j;
	int ret = bus_snapshot(&pci, &snap);

	if (ret)
		return ret;
	fprintf(out, "  bus %s, refcount %d\n    devices:", snap->name,
		snap->refcount);
	if (!snap->nr_devices)
		fprintf(out, " (empty)");
	for (i = 0; i < snap->nr_devices; i++) {
		const struct bus_snapshot_device *d = &snap->devices[i];

		fprintf(out, " %s[%s]", d->label,
			d->driver < 0 ? "-" : snap->drivers[d->driver].name);
	}
	fprintf(out, "\n    drivers:");
	if (!snap->nr_drivers)
		fprintf(out, " (empty)");
	for (i = 0; i < snap->nr_drivers; i++) {
		const struct bus_snapshot_driver *d = &snap->drivers[i];

		fprintf(out, " %s{", d->name);
		for (j = 0; j < d->nr_bound; j++)
			fprintf(out, "%s%s", j ? "," : "",
				snap->devices[d->bound[j]].label);
		fprintf(out, "}");
	}
	fprintf(out, "\n\n");
	bus_snapshot_free(snap);
	return 0;
}

static int register_drv(FILE *out, int i)
{
	fprintf(out,
		"  driver_register(%s): pushed at the HEAD of pci.drivers, then offered\n"
		"  every unbound device, oldest first\n",
		drv[i].drv.name);
	return step(out, driver_register(&drv[i].drv));
}

static int register_dev(FILE *out, int i)
{
	fprintf(out,
		"  device_register(%s, %s): appended to the TAIL of pci.devices, then\n"
		"  offered to each driver in list order (newest first) until one binds\n",
		dev_label(&dev[i].dev), dev[i].class);
	return step(out, device_register(&dev[i].dev));
}

static int print_dev(struct device *d, void *data)
{
	fprintf(data, "      fn(%s)  refcount %d while fn runs (bus + walk)\n",
		dev_label(d), atomic_read(&d->refcount));
	return 0;
}

static int print_drv(struct device_driver *d, void *data)
{
	fprintf(data, "      fn(%s)\n", d->name);
	return 0;
}

static int find_storage(struct device *d, void *data)
{
	fprintf(data, "      fn(%s): %s\n", dev_label(d),
		strcmp(to_tour_dev(d)->class, "storage") ?
			"no, go on" :
			"found it, return 1");
	return !strcmp(to_tour_dev(d)->class, "storage");
}

static int unplug_nic(struct device *d, void *data)
{
	int ret = 0;

	fprintf(data, "      fn(%s)\n", dev_label(d));
	if (d == &dev[NIC].dev) {
		fprintf(data,
			"        device_unregister(%s) from inside fn: the walk's cursor\n"
			"        steps back to the entry before it; the walk's reference\n"
			"        keeps the device alive until fn returns\n",
			dev_label(d));
		ret = device_unregister(d);
		fprintf(data, "        -> %d, refcount now %d\n", ret,
			atomic_read(&d->refcount));
	}
	return ret;
}

static int tour_bus_body(FILE *out)
{
	int ret;

	fprintf(out,
		"A bus (struct bus_type) keeps two rings of list_heads: 'devices', each\n"
		"linked through its device's bus_list, oldest first, and 'drivers', each\n"
		"linked through its driver's bus_list, NEWEST first.  Each driver keeps a\n"
		"third ring, 'devices', of the devices bound to it (through driver_list).\n"
		"Below, dev[drv] is a device and the driver bound to it ('-': none), and\n"
		"drv{...} a driver and its bound devices.\n\n");

	fprintf(out, TOUR_STEP
		"1. bus_register(pci): on the list of buses, both rings empty\n");
	ret = bus_register(&pci);
	if (ret || (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"2. A generic framebuffer driver, then the graphics card\n");
	if ((ret = register_drv(out, VESAFB)) ||
	    (ret = register_dev(out, VGA)) || (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"3. Two network drivers; the newer (e1000e) turns down old chips.\n"
		"   An old NIC arrives: e1000e is asked first and declines, so the\n"
		"   device falls through to e1000\n");
	if ((ret = register_drv(out, E1000)) ||
	    (ret = register_drv(out, E1000E)) ||
	    (ret = register_dev(out, NIC)) || (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"4. A newer display driver (i915) registers.  It is offered only\n"
		"   UNBOUND devices: the card stays with vesafb (registering a driver\n"
		"   never takes a bound device away from its driver)\n");
	if ((ret = register_drv(out, I915)) || (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"5. A SATA controller with no driver yet stays unbound, until ahci\n"
		"   registers and takes it; a newer NIC goes to e1000e\n");
	if ((ret = register_dev(out, SATA)) ||
	    (ret = register_drv(out, AHCI)) ||
	    (ret = register_dev(out, NIC2)) || (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"6. bus_for_each_dev(pci, NULL, ...): list order, oldest first; the\n"
		"   walk takes a reference on each device while fn runs\n");
	if ((ret = bus_for_each_dev(&pci, NULL, out, print_dev)))
		return ret;
	fprintf(out, "   bus_for_each_drv(pci, NULL, ...): newest first\n");
	if ((ret = bus_for_each_drv(&pci, NULL, out, print_drv)))
		return ret;
	fprintf(out,
		"   bus_for_each_dev(pci, NULL, ...) stopping at the first non-zero\n"
		"   return, which it returns\n");
	ret = bus_for_each_dev(&pci, NULL, out, find_storage);
	fprintf(out, "    -> %d\n", ret);
	if (ret != 1)
		return -EINVAL;
	fprintf(out,
		"   ... and from a start device: bus_for_each_dev(pci, 00:03.0, ...)\n");
	if ((ret = bus_for_each_dev(&pci, &dev[NIC].dev, out, print_dev)))
		return ret;
	fprintf(out, "\n");

	fprintf(out, TOUR_STEP
		"7. Hot-unplug during a walk: fn unregisters the device it was given.\n"
		"   e1000's remove runs, and the walk carries on with the next device\n");
	if ((ret = bus_for_each_dev(&pci, NULL, out, unplug_nic)) ||
	    (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"8. driver_unregister(vesafb): remove for each of its devices; they\n"
		"   are left unbound, not offered to i915\n");
	if ((ret = step(out, driver_unregister(&drv[VESAFB].drv))) ||
	    (ret = show(out)))
		return ret;

	fprintf(out, TOUR_STEP
		"9. Bad input is an error value and changes nothing:\n");
	fprintf(out, "   device_register(00:02.0) again: %d (-EBUSY)\n",
		device_register(&dev[VGA].dev));
	fprintf(out,
		"   device_unregister(00:03.0), unplugged already: %d (-ENOENT)\n",
		device_unregister(&dev[NIC].dev));
	fprintf(out, "   bus_unregister(pci) with devices on it: %d (-EBUSY)\n",
		bus_unregister(&pci));
	fprintf(out, "   bus_check(pci): %s\n\n",
		bus_check(&pci) ? "sound" : "BROKEN");
	if (!bus_check(&pci))
		return -EINVAL;
	return 0;
}

static int tour_bus(FILE *out)
{
	int i, ret;

	tour_out = out;
	memcpy(drv, drv_template, sizeof(drv));
	memcpy(dev, dev_template, sizeof(dev));
	ret = tour_bus_body(out);
	fprintf(out, TOUR_STEP
		"10. Tearing down: devices, then drivers, then the bus\n");
	for (i = 0; i < NR_DEV; i++)
		if (dev[i].dev.present)
			device_unregister(&dev[i].dev);
	for (i = 0; i < NR_DRV; i++)
		if (drv[i].drv.present)
			driver_unregister(&drv[i].drv);
	if (pci.present && bus_unregister(&pci) && !ret)
		ret = -EBUSY;
	fprintf(out, "   done: pci %s\n",
		pci.present ? "still registered" : "unregistered");
	fprintf(out,
		"\n"
		"What later kernels changed: late in 2002 the bus, its devices and its\n"
		"drivers gained kobjects and sysfs; 2.6.13 turned the three lists into\n"
		"klists, whose nodes have reference counts of their own, so that a walk\n"
		"survives a removal without holding a lock across its callback; the\n"
		"lists later moved into a private structure (subsys_private); and\n"
		"today drivers are appended at the tail, so the oldest driver is\n"
		"offered a device first, where 2.5.33 pushed them at the head as step 3\n"
		"showed (docs/drivers.md).\n");
	return ret;
}

KSTRUCT_TOUR("bus", 40,
	     "the driver model: bus_type, device and driver lists, binding",
	     tour_bus)
