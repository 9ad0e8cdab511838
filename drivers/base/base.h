/* SPDX-License-Identifier: MIT */
/*
 * drivers/base/base.h - what bus.c, core.c and driver.c share and nobody
 * else should call.
 *
 * Mirrors drivers/base/base.h of 2.5.33, which declared bus_add_device,
 * bus_remove_device, driver_attach and driver_detach (with the driverfs
 * and class helpers) between the files of the driver core.
 * bus_add_driver, bus_remove_driver, device_attach, device_detach and
 * bus_get_registered are kstruct's here: 2.5.33's driver_register() and
 * remove_driver() linked and unlinked a driver themselves, and its
 * device_attach()/device_detach() were static in core.c.  Every function
 * here except bus_get_registered() expects the caller to hold the bus's
 * bind_lock.
 */
#ifndef KSTRUCT_DRIVERS_BASE_BASE_H
#define KSTRUCT_DRIVERS_BASE_BASE_H

struct bus_type;
struct device;
struct device_driver;

/* a reference on @bus if it is registered: 0, or -ENODEV (no reference) */
int bus_get_registered(struct bus_type *bus);

/* link/unlink on the bus's lists, moving walkers' cursors off the entry */
void bus_add_device(struct device *dev);
void bus_remove_device(struct device *dev);
void bus_add_driver(struct device_driver *drv);
void bus_remove_driver(struct device_driver *drv);

/* binding (core.c) */
void device_attach(struct device *dev);
void driver_attach(struct device_driver *drv);
void device_detach(struct device *dev);
void driver_detach(struct device_driver *drv);

#endif /* KSTRUCT_DRIVERS_BASE_BASE_H */
