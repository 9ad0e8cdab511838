// SPDX-License-Identifier: MIT
/*
 * drivers/base/snapshot.c - a bus's lists copied at one moment, for
 * whoever shows them (the tour's text and "kstruct draw bus" in tools/),
 * and dev_label(), the name a device is shown by.
 *
 * No 2.5.33 counterpart: the kernel exported these lists as driverfs
 * directories (bus/<name>/devices, bus/<name>/drivers), read one entry at
 * a time.  A snapshot is taken with the locks that hold the whole bus
 * still, so what it shows was true all at once.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "drivers/base/base.h"
#include "drivers/base/device.h"

/**
 * dev_label() - how a device is named in printouts
 * @dev: the device
 *
 * Return: its bus_id, or its name when the bus_id is empty.
 */
const char *dev_label(const struct device *dev)
{
	return dev->bus_id[0] ? dev->bus_id : dev->name;
}

/* @entry's position on the ring headed by @head (first is 0), or -1 */
static int ring_index(const struct list_head *head,
		      const struct list_head *entry)
{
	const struct list_head *pos;
	int i = 0;

	for (pos = head->next; pos != head; pos = pos->next, i++)
		if (pos == entry)
			return i;
	return -1;
}

/*
 * The snapshot of @bus, whose lists hold @nr_dev devices and @nr_drv
 * drivers, into @snap: one block laid out as the struct, the drivers,
 * the devices, the bound indices (a device is bound to one driver at
 * most) and the names, in decreasing order of alignment.  The caller
 * holds the locks that keep the bus still, and sized the block.
 */
static void snapshot_fill(struct bus_type *bus, struct bus_snapshot *snap,
			  unsigned int nr_dev, unsigned int nr_drv)
{
	struct device_driver *drv;
	struct device *dev;
	unsigned int *bound;
	char *names;
	unsigned int i = 0;

	snap->refcount = atomic_read(&bus->refcount) - 1;
	snap->nr_devices = nr_dev;
	snap->nr_drivers = nr_drv;
	snap->drivers = (struct bus_snapshot_driver *)(snap + 1);
	snap->devices = (struct bus_snapshot_device *)(snap->drivers + nr_drv);
	bound = (unsigned int *)(snap->devices + nr_dev);
	names = (char *)(bound + nr_dev);

	snap->name = strcpy(names, bus->name);
	names += strlen(names) + 1;
	list_for_each_entry(dev, &bus->devices, bus_list) {
		struct bus_snapshot_device *d = &snap->devices[i++];

		snprintf(d->label, sizeof(d->label), "%s", dev_label(dev));
		d->driver = dev->driver ? ring_index(&bus->drivers,
						     &dev->driver->bus_list) :
					  -1;
	}
	i = 0;
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		struct bus_snapshot_driver *d = &snap->drivers[i++];

		d->name = strcpy(names, drv->name);
		names += strlen(names) + 1;
		d->bound = bound;
		d->nr_bound = 0;
		list_for_each_entry(dev, &drv->devices, driver_list)
			bound[d->nr_bound++] =
				ring_index(&bus->devices, &dev->bus_list);
		bound += d->nr_bound;
	}
}

/**
 * bus_snapshot() - copy a bus's lists as they stand
 * @bus: a registered bus
 * @snapp: receives the snapshot (bus_snapshot_free() it)
 *
 * Copies the devices list (oldest first) with each device's label and
 * driver, the drivers list (newest first) with each driver's name and
 * its devices list, and the bus's reference count, all under the locks
 * that keep the bus still, so every part was true at the same moment.
 *
 * Context: takes the bus's bind_lock and lock (reading); not from probe,
 * remove or match.
 * Return: 0; -EINVAL if an argument is NULL; -ENODEV if @bus is not
 * registered; -ENOMEM (nothing allocated, *@snapp untouched).
 */
int bus_snapshot(struct bus_type *bus, struct bus_snapshot **snapp)
{
	struct bus_snapshot *snap;
	struct device_driver *drv;
	unsigned int nr_dev, nr_drv;
	size_t size;
	int error;

	if (!bus || !snapp)
		return -EINVAL;
	if (bus_get_registered(bus))
		return -ENODEV;
	spin_lock(&bus->bind_lock);
	read_lock(&bus->lock);
	nr_dev = list_count_nodes(&bus->devices);
	nr_drv = list_count_nodes(&bus->drivers);
	size = sizeof(*snap) + nr_drv * sizeof(snap->drivers[0]) +
	       nr_dev * (sizeof(snap->devices[0]) + sizeof(unsigned int)) +
	       strlen(bus->name) + 1;
	list_for_each_entry(drv, &bus->drivers, bus_list)
		size += strlen(drv->name) + 1;
	snap = kmalloc(size, GFP_ATOMIC);
	error = -ENOMEM;
	if (snap) {
		snapshot_fill(bus, snap, nr_dev, nr_drv);
		*snapp = snap;
		error = 0;
	}
	read_unlock(&bus->lock);
	spin_unlock(&bus->bind_lock);
	put_bus(bus);
	return error;
}

/**
 * bus_snapshot_free() - free a snapshot
 * @snap: what bus_snapshot() gave, or NULL
 */
void bus_snapshot_free(struct bus_snapshot *snap)
{
	kfree(snap);
}
