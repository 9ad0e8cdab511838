// SPDX-License-Identifier: MIT
/*
 * tools/draw_bus.c - a bus as Graphviz DOT (draw_bus()), and "kstruct
 * draw bus": a bus with its devices and drivers lists and each driver's
 * list of bound devices.
 *
 * The picture is drawn from one bus_snapshot() (drivers/base/), so every
 * ring in it was there at the same moment.  The example is a bus with
 * four devices and three drivers; one driver has two devices, one has
 * none, one device is unbound.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "compat/compiler.h"
#include "drivers/base/device.h"
#include "tools/draw.h"
#include "tools/kstruct.h"

/*
 * A ring headed by port @head ("bus:devices", "drv1:devices"), one edge
 * per next pointer: through the @member port of nodes @prefix<idx[0]>,
 * @prefix<idx[1]>, ... (@idx NULL: 0, 1, ...), @n of them.  With @sides,
 * each edge leaves its cell's east side and enters the next one's west
 * side (the head's too), so that a ring from a node below climbs up on
 * the left of its first entry and comes back down on the right of its
 * last, instead of winding through the cells between.
 */
static void dot_ring(FILE *out, const char *head, const char *member,
		     const char *prefix, const unsigned int *idx,
		     unsigned int n, bool sides, const char *attrs)
{
	const char *west = sides ? ":w" : "", *east = sides ? ":e" : "";
	unsigned int i;

	if (!n) { /* an empty ring: the head points at itself */
		fprintf(out, "\t%s:s -> %s:s [%s];\n", head, head, attrs);
		return;
	}
	fprintf(out, "\t%s%s -> %s%u:%s%s [%s];\n", head, west, prefix,
		idx ? idx[0] : 0, member, west, attrs);
	for (i = 1; i < n; i++)
		fprintf(out, "\t%s%u:%s%s -> %s%u:%s%s [%s];\n", prefix,
			idx ? idx[i - 1] : i - 1, member, east, prefix,
			idx ? idx[i] : i, member, west, attrs);
	fprintf(out, "\t%s%u:%s%s -> %s%s [%s];\n", prefix,
		idx ? idx[n - 1] : n - 1, member, east, head, east, attrs);
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

/* one colour per ring, so that the three can be told apart */
#define DOT_DEVICES "color=\"" DRAW_NEXT "\""
#define DOT_DRIVERS "color=\"" DRAW_PREV "\""
#define DOT_BOUND "color=\"#2a8a3a\""

static const struct draw_key bus_keys[] = {
	{ DRAW_HEAD_FILL, "devices", "a list head inside its owner" },
	{ DRAW_LINK_FILL, "bus_list",
	  "a list_head embedded in a device or "
	  "a driver" },
	{ NULL, "<FONT COLOR=\"" DRAW_NEXT "\">━━━━▶</FONT>",
	  "the bus's "
	  "devices ring, through each device's bus_list (oldest first)" },
	{ NULL, "<FONT COLOR=\"" DRAW_PREV "\">━━━━▶</FONT>",
	  "the bus's "
	  "drivers ring, through each driver's bus_list (newest first)" },
	{ NULL, "<FONT COLOR=\"#2a8a3a\">━━━━▶</FONT>",
	  "a driver's devices "
	  "ring, through each bound device's driver_list" },
	{ NULL, DRAW_KEY_OTHER, "a device's driver pointer" },
	{ NULL, "", "next pointers only: each prev pointer mirrors one" },
};

/* the picture of @snap (see draw_bus()) */
static void draw_snapshot(FILE *out, const struct bus_snapshot *snap)
{
	unsigned int i;

	fprintf(out, "digraph \"bus ");
	dot_text(out, snap->name);
	fprintf(out, "\" {\n");
	draw_begin(out, "TB", "The lists of a bus_type", bus_keys,
		   ARRAY_SIZE(bus_keys));
	fprintf(out,
		"\tbus [label=<" DRAW_TABLE "<TR><TD COLSPAN=\"2\" "
		"BGCOLOR=\"%s\"><B>struct bus_type ",
		DRAW_TITLE_FILL);
	draw_html(out, snap->name);
	fprintf(out,
		"</B></TD></TR><TR><TD PORT=\"devices\" BGCOLOR=\"%s\">"
		"devices</TD><TD PORT=\"drivers\" BGCOLOR=\"%s\">drivers</TD>"
		"</TR></TABLE>>];\n",
		DRAW_HEAD_FILL, DRAW_HEAD_FILL);
	fprintf(out, "\tsubgraph devices {\n\t\trank=same;\n");
	for (i = 0; i < snap->nr_devices; i++) {
		fprintf(out,
			"\t\tdev%u [label=<" DRAW_TABLE "<TR><TD "
			"BGCOLOR=\"%s\"><B>struct device</B><BR/>",
			i, DRAW_TITLE_FILL);
		draw_html(out, snap->devices[i].label);
		fprintf(out,
			"</TD></TR><TR><TD PORT=\"bus_list\" "
			"BGCOLOR=\"%s\">bus_list</TD></TR><TR><TD "
			"PORT=\"driver_list\" BGCOLOR=\"%s\">driver_list</TD>"
			"</TR><TR><TD PORT=\"driver\">driver</TD></TR>"
			"</TABLE>>];\n",
			DRAW_LINK_FILL, DRAW_LINK_FILL);
	}
	fprintf(out, "\t}\n");
	fprintf(out, "\tsubgraph drivers {\n\t\trank=same;\n");
	for (i = 0; i < snap->nr_drivers; i++) {
		fprintf(out,
			"\t\tdrv%u [label=<" DRAW_TABLE "<TR><TD "
			"BGCOLOR=\"%s\"><B>struct device_driver</B><BR/>",
			i, DRAW_TITLE_FILL);
		draw_html(out, snap->drivers[i].name);
		fprintf(out,
			"</TD></TR><TR><TD PORT=\"bus_list\" "
			"BGCOLOR=\"%s\">bus_list</TD></TR><TR><TD "
			"PORT=\"devices\" BGCOLOR=\"%s\">devices</TD></TR>"
			"</TABLE>>];\n",
			DRAW_LINK_FILL, DRAW_HEAD_FILL);
	}
	fprintf(out, "\t}\n");

	dot_ring(out, "bus:devices", "bus_list", "dev", NULL, snap->nr_devices,
		 false, DOT_DEVICES);
	dot_ring(out, "bus:drivers", "bus_list", "drv", NULL, snap->nr_drivers,
		 false, DOT_DRIVERS);
	for (i = 0; i < snap->nr_drivers; i++) {
		char head[32];

		snprintf(head, sizeof(head), "drv%u:devices", i);
		dot_ring(out, head, "driver_list", "dev",
			 snap->drivers[i].bound, snap->drivers[i].nr_bound,
			 true, DOT_BOUND);
	}
	for (i = 0; i < snap->nr_devices; i++)
		if (snap->devices[i].driver >= 0)
			fprintf(out,
				"\tdev%u:driver -> drv%d [" DRAW_EDGE_OTHER
				", constraint=false];\n",
				i, snap->devices[i].driver);
	fprintf(out, "}\n");
}

/**
 * draw_bus() - a bus as a Graphviz digraph
 * @out: where to print
 * @bus: a registered bus
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
 * Context: takes a bus_snapshot(): not from probe, remove or match.
 * Return: 0; -EINVAL if an argument is NULL; -ENODEV if @bus is not
 * registered; -ENOMEM (nothing printed).
 */
int draw_bus(FILE *out, struct bus_type *bus)
{
	struct bus_snapshot *snap;
	int ret;

	if (!out)
		return -EINVAL;
	ret = bus_snapshot(bus, &snap);
	if (ret)
		return ret;
	draw_snapshot(out, snap);
	bus_snapshot_free(snap);
	return 0;
}

/* a driver drives the devices whose name starts with its own name */
static int draw_match(struct device *dev, struct device_driver *drv)
{
	return !strncmp(dev->name, drv->name, strlen(drv->name));
}

static int draw_bus_example(FILE *out)
{
	struct bus_type bus = { .name = "pci", .match = draw_match };
	/*
	 * registered in this order: the drivers ring is newest first, so
	 * e1000 comes first on it, under the two devices it binds, and no
	 * driver's devices ring crosses another's
	 */
	struct device_driver drv[3] = {
		{ .name = "i915", .bus = &bus },
		{ .name = "ahci", .bus = &bus },
		{ .name = "e1000", .bus = &bus },
	};
	struct device dev[4] = {
		{ .bus = &bus, .name = "e1000 port 0", .bus_id = "00:19.0" },
		{ .bus = &bus, .name = "e1000 port 1", .bus_id = "00:19.1" },
		{ .bus = &bus, .name = "ahci", .bus_id = "00:1f.2" },
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
		ret = draw_bus(out, &bus);
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
	     draw_bus_example)
