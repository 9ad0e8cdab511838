// SPDX-License-Identifier: MIT
/*
 * drivers/base/show.c - a bus as text and as Graphviz DOT.
 *
 * No 2.5.33 counterpart: the kernel exported these lists as driverfs
 * directories (bus/<name>/devices, bus/<name>/drivers).  Used by
 * "kstruct tour bus" and "kstruct draw bus".
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/base/device.h"
#include "drivers/base/show.h"
#include "tools/draw.h"

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
		     const char *attrs)
{
	int i;

	if (!n) {	/* an empty ring: the head points at itself */
		fprintf(out, "\t%s:s -> %s:s [%s];\n", head, head, attrs);
		return;
	}
	fprintf(out, "\t%s -> %s%d:%s [%s];\n", head, prefix, idx[0],
		member, attrs);
	for (i = 1; i < n; i++)
		fprintf(out, "\t%s%d:%s -> %s%d:%s [%s];\n", prefix,
			idx[i - 1], member, prefix, idx[i], member, attrs);
	fprintf(out, "\t%s%d:%s -> %s [%s];\n", prefix, idx[n - 1],
		member, head, attrs);
}

/*
 * Print @s inside a DOT double-quoted string: a " or \ must not end or
 * bend the string.  Control characters become '?'.
 */
static void dot_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			c = '?';
		else if (c == '"' || c == '\\')
			fputc('\\', out);
		fputc(c, out);
	}
}

#define DOT_MAX	256

/* one colour per ring, so that the three can be told apart */
#define DOT_DEVICES	"color=\"" DRAW_NEXT "\""
#define DOT_DRIVERS	"color=\"" DRAW_PREV "\""
#define DOT_BOUND	"color=\"#2a8a3a\""

static const struct draw_key bus_keys[] = {
	{ DRAW_HEAD_FILL, "devices", "a list head inside its owner" },
	{ DRAW_LINK_FILL, "bus_list", "a list_head embedded in a device or "
	  "a driver" },
	{ NULL, "<FONT COLOR=\"" DRAW_NEXT "\">━━━━▶</FONT>", "the bus's "
	  "devices ring, through each device's bus_list (oldest first)" },
	{ NULL, "<FONT COLOR=\"" DRAW_PREV "\">━━━━▶</FONT>", "the bus's "
	  "drivers ring, through each driver's bus_list (newest first)" },
	{ NULL, "<FONT COLOR=\"#2a8a3a\">━━━━▶</FONT>", "a driver's devices "
	  "ring, through each bound device's driver_list" },
	{ NULL, DRAW_KEY_OTHER, "a device's driver pointer" },
	{ NULL, "", "next pointers only: each prev pointer mirrors one" },
};

/**
 * bus_print_dot() - print a bus as a Graphviz digraph
 * @bus: a registered bus
 * @out: where to print
 *
 * One node for the bus_type, one per device and per driver, each a table
 * of its fields with a port per list_head; edges follow the next
 * pointers of each ring and end at the list_head they point to: the
 * bus's devices list, its drivers list and each driver's devices list,
 * in three colours, and each device's driver pointer (dashed).  Prev
 * pointers mirror the next ones and are left out.  A legend below says
 * so.  Names are escaped, so any bus, device or driver name gives valid
 * DOT.
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
	dot_text(out, bus->name);
	fprintf(out, "\" {\n");
	draw_begin(out, "TB", "The lists of a bus_type", bus_keys,
		   ARRAY_SIZE(bus_keys));
	fprintf(out, "\tbus [label=<" DRAW_TABLE "<TR><TD COLSPAN=\"2\" "
		"BGCOLOR=\"%s\"><B>struct bus_type ", DRAW_TITLE_FILL);
	draw_html(out, bus->name);
	fprintf(out, "</B></TD></TR><TR><TD PORT=\"devices\" BGCOLOR=\"%s\">"
		"devices</TD><TD PORT=\"drivers\" BGCOLOR=\"%s\">drivers</TD>"
		"</TR></TABLE>>];\n", DRAW_HEAD_FILL, DRAW_HEAD_FILL);
	i = 0;
	fprintf(out, "\tsubgraph devices {\n\t\trank=same;\n");
	list_for_each_entry(dev, &bus->devices, bus_list) {
		fprintf(out, "\t\tdev%d [label=<" DRAW_TABLE "<TR><TD "
			"BGCOLOR=\"%s\"><B>struct device</B><BR/>", i++,
			DRAW_TITLE_FILL);
		draw_html(out, dev_label(dev));
		fprintf(out, "</TD></TR><TR><TD PORT=\"bus_list\" "
			"BGCOLOR=\"%s\">bus_list</TD></TR><TR><TD "
			"PORT=\"driver_list\" BGCOLOR=\"%s\">driver_list</TD>"
			"</TR><TR><TD PORT=\"driver\">driver</TD></TR>"
			"</TABLE>>];\n", DRAW_LINK_FILL, DRAW_LINK_FILL);
	}
	fprintf(out, "\t}\n");
	i = 0;
	fprintf(out, "\tsubgraph drivers {\n\t\trank=same;\n");
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		fprintf(out, "\t\tdrv%d [label=<" DRAW_TABLE "<TR><TD "
			"BGCOLOR=\"%s\"><B>struct device_driver</B><BR/>", i++,
			DRAW_TITLE_FILL);
		draw_html(out, drv->name);
		fprintf(out, "</TD></TR><TR><TD PORT=\"bus_list\" "
			"BGCOLOR=\"%s\">bus_list</TD></TR><TR><TD "
			"PORT=\"devices\" BGCOLOR=\"%s\">devices</TD></TR>"
			"</TABLE>>];\n", DRAW_LINK_FILL, DRAW_HEAD_FILL);
	}
	fprintf(out, "\t}\n");

	for (n = 0; n < DOT_MAX; n++)
		idx[n] = n;
	dot_ring(out, "bus:devices", "bus_list", "dev", idx, ndev, DOT_DEVICES);
	dot_ring(out, "bus:drivers", "bus_list", "drv", idx, ndrv, DOT_DRIVERS);
	i = 0;
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		char head[32];

		n = 0;
		list_for_each_entry(dev, &drv->devices, driver_list)
			idx[n++] = ring_index(&bus->devices,
					      &dev->bus_list);
		snprintf(head, sizeof(head), "drv%d:devices", i++);
		dot_ring(out, head, "driver_list", "dev", idx, n, DOT_BOUND);
	}
	i = 0;
	list_for_each_entry(dev, &bus->devices, bus_list) {
		if (dev->driver)
			fprintf(out, "\tdev%d:driver -> drv%d [" DRAW_EDGE_OTHER
				", constraint=false];\n", i,
				ring_index(&bus->drivers,
					   &dev->driver->bus_list));
		i++;
	}
	fprintf(out, "}\n");
out_unlock:
	show_unlock(bus);
	return error;
}
