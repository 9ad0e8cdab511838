/* SPDX-License-Identifier: MIT */
/*
 * drivers/base/show.h - printing a bus for people (text) and for Graphviz
 * (DOT).  A kstruct addition: 2.5.33 showed the same lists through
 * driverfs directories.
 */
#ifndef KSTRUCT_DRIVERS_BASE_SHOW_H
#define KSTRUCT_DRIVERS_BASE_SHOW_H

#include <stdio.h>

struct bus_type;
struct device;

const char *dev_label(const struct device *dev);
int bus_print(struct bus_type *bus, FILE *out);
int bus_print_dot(struct bus_type *bus, FILE *out);

#endif /* KSTRUCT_DRIVERS_BASE_SHOW_H */
