// SPDX-License-Identifier: MIT
/*
 * drivers/base/show.c - a bus as text and as Graphviz DOT.
 *
 * No 2.5.33 counterpart: the kernel exported these lists as driverfs
 * directories (bus/<name>/devices, bus/<name>/drivers).  Used by
 * "kstruct tour bus" and "kstruct draw bus".
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/base/device.h"
#include "drivers/base/show.h"

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

/* Take the locks that make the bus hold still: 0 or -EINVAL/-ENODEV. */
static int show_lock(struct bus_type *bus, FILE *out)
{
	if (!bus || !out)
		return -EINVAL;
	if (bus_get_registered(bus))
		return -ENODEV;
	spin_lock(&bus->bind_lock);
	read_lock(&bus->lock);
	return 0;
}

static void show_unlock(struct bus_type *bus)
{
	read_unlock(&bus->lock);
	spin_unlock(&bus->bind_lock);
	put_bus(bus);
}

/**
 * bus_print() - print a bus's lists, one per line
 * @bus: a registered bus
 * @out: where to print
 *
 * Prints the devices list (oldest first) with each device's driver, the
 * drivers list (newest first) with each driver's devices, and the
 * reference counts.
 *
 * Context: takes the bus's bind_lock and lock (reading); not from probe,
 * remove or match.
 * Return: 0; -EINVAL if an argument is NULL; -ENODEV if @bus is not
 * registered.
 */
int bus_print(struct bus_type *bus, FILE *out)
{
	struct device_driver *drv;
	struct device *dev;
	int error = show_lock(bus, out);

	if (error)
		return error;
	/* our own reference is not the bus's business */
	fprintf(out, "  bus %s, refcount %d\n", bus->name,
		atomic_read(&bus->refcount) - 1);
	fprintf(out, "    devices:");
	if (list_empty(&bus->devices))
		fprintf(out, " (empty)");
	list_for_each_entry(dev, &bus->devices, bus_list)
		fprintf(out, " %s[%s]", dev_label(dev),
			dev->driver ? dev->driver->name : "-");
	fprintf(out, "\n    drivers:");
	if (list_empty(&bus->drivers))
		fprintf(out, " (empty)");
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		const char *sep = "";

		fprintf(out, " %s{", drv->name);
		list_for_each_entry(dev, &drv->devices, driver_list) {
			fprintf(out, "%s%s", sep, dev_label(dev));
			sep = ",";
		}
		fprintf(out, "}");
	}
	fprintf(out, "\n");
	show_unlock(bus);
	return 0;
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

/* "bus:devices", "dev3:bus_list", ...: where a ring's node lives */
static void dot_ring(FILE *out, const char *head, const char *member,
		     const char *prefix, const int *idx, int n,
		     const char *color)
{
	int i;

	if (!n) {
		fprintf(out, "\t%s -> %s [color=%s];\n", head, head, color);
		return;
	}
	fprintf(out, "\t%s -> %s%d:%s [color=%s];\n", head, prefix, idx[0],
		member, color);
	for (i = 1; i < n; i++)
		fprintf(out, "\t%s%d:%s -> %s%d:%s [color=%s];\n", prefix,
			idx[i - 1], member, prefix, idx[i], member, color);
	fprintf(out, "\t%s%d:%s -> %s [color=%s];\n", prefix, idx[n - 1],
		member, head, color);
}

/*
 * Print @s inside a DOT double-quoted string.  Every name is the caller's
 * text: a " or \ must not end or bend the string, and in a record label
 * (@record) the characters { } | < > would open fields and ports.
 * Control characters become '?'.
 */
static void dot_text(FILE *out, const char *s, bool record)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			c = '?';
		else if (c == '"' || c == '\\' ||
			 (record && strchr("{}|<>", c)))
			fputc('\\', out);
		fputc(c, out);
	}
}

#define DOT_MAX	256

/**
 * bus_print_dot() - print a bus as a Graphviz digraph
 * @bus: a registered bus
 * @out: where to print
 *
 * One record node for the bus_type, one per device and per driver, with a
 * port per list_head; edges follow the next pointers of each ring: the
 * bus's devices list (blue), its drivers list (red), each driver's
 * devices list (dark green), and each device's driver pointer (dashed).
 * Prev pointers mirror the next ones and are left out.  Names are
 * escaped, so any bus, device or driver name gives valid DOT.
 *
 * Context: takes the bus's bind_lock and lock (reading).
 * Return: 0; -EINVAL if an argument is NULL; -ENODEV if @bus is not
 * registered; -EFBIG if a list has more than 256 entries.
 */
int bus_print_dot(struct bus_type *bus, FILE *out)
{
	struct device_driver *drv;
	struct device *dev;
	int idx[DOT_MAX];
	int ndev, ndrv, n, i, error = show_lock(bus, out);

	if (error)
		return error;
	ndev = (int)list_count_nodes(&bus->devices);
	ndrv = (int)list_count_nodes(&bus->drivers);
	if (ndev > DOT_MAX || ndrv > DOT_MAX) {
		error = -EFBIG;
		goto out_unlock;
	}
	fprintf(out, "digraph \"bus ");
	dot_text(out, bus->name, false);
	fprintf(out, "\" {\n");
	fprintf(out, "\trankdir=LR;\n"
		"\tnode [shape=record, fontname=\"Helvetica\"];\n");
	fprintf(out, "\tlabel=\"bus ");
	dot_text(out, bus->name, false);
	fprintf(out, ": next pointers (prev pointers mirror them)\";\n");
	fprintf(out, "\tbus [label=\"struct bus_type ");
	dot_text(out, bus->name, true);
	fprintf(out, "|<devices>devices|<drivers>drivers\"];\n");
	i = 0;
	list_for_each_entry(dev, &bus->devices, bus_list) {
		fprintf(out, "\tdev%d [label=\"struct device ", i++);
		dot_text(out, dev_label(dev), true);
		fprintf(out, "|<bus_list>bus_list|<driver_list>driver_list"
			"\"];\n");
	}
	i = 0;
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		fprintf(out, "\tdrv%d [label=\"struct device_driver ", i++);
		dot_text(out, drv->name, true);
		fprintf(out, "|<bus_list>bus_list|<devices>devices\"];\n");
	}

	for (n = 0; n < DOT_MAX; n++)
		idx[n] = n;
	dot_ring(out, "bus:devices", "bus_list", "dev", idx, ndev, "blue");
	dot_ring(out, "bus:drivers", "bus_list", "drv", idx, ndrv, "red");
	i = 0;
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		char head[32];

		n = 0;
		list_for_each_entry(dev, &drv->devices, driver_list)
			idx[n++] = ring_index(&bus->devices,
					      &dev->bus_list);
		snprintf(head, sizeof(head), "drv%d:devices", i++);
		dot_ring(out, head, "driver_list", "dev", idx, n, "darkgreen");
	}
	i = 0;
	list_for_each_entry(dev, &bus->devices, bus_list) {
		if (dev->driver)
			fprintf(out, "\tdev%d -> drv%d [style=dashed, "
				"color=gray40, label=\"driver\"];\n",
				i, ring_index(&bus->drivers,
					   &dev->driver->bus_list));
		i++;
	}
	fprintf(out, "}\n");
out_unlock:
	show_unlock(bus);
	return error;
}
