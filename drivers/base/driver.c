// SPDX-License-Identifier: MIT
/*
 * drivers/base/driver.c - driver registration.
 *
 * Mirrors drivers/base/driver.c of Linux 2.5.33: driver_register,
 * remove_driver (here driver_unregister, later kernels' name), put_driver
 * (and get_driver, inline in 2.5.33's device.h).  Written from a
 * plain-words description of the driver model, not from the kernel's
 * code.
 *
 * Deliberate differences (see also device.h; docs/fidelity.md has each
 * one's reason and test):
 * - driver_register/driver_unregister return an errno and refuse bad
 *   input without changing anything; a second driver of the same name on
 *   a bus is refused (-EEXIST; 2.5.33 took it, later kernels refuse it
 *   with -EBUSY).
 * - driver_unregister() drops the registration's reference, and the
 *   driver is released when the last one goes (2.5.33's remove_driver()
 *   set the count to 0 and released it at once, whoever still held it).
 * - No driver_for_each_dev, no driverfs directory, no per-driver lock:
 *   the bus's lock guards the driver's devices list.
 * - Unregistering a driver unbinds its devices (remove is called for
 *   each) and leaves them unbound; they are not offered to the remaining
 *   drivers, as in 2.5.33 and later kernels.
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/base/device.h"

/**
 * get_driver() - take a reference on a driver
 * @drv: the driver, or NULL
 *
 * The caller must already hold a reference (or the driver is registered).
 *
 * Context: any; takes no lock.
 * Return: @drv.
 */
struct device_driver *get_driver(struct device_driver *drv)
{
	if (drv)
		atomic_inc(&drv->refcount);
	return drv;
}

/**
 * put_driver() - drop a reference on a driver
 * @drv: the driver, or NULL
 *
 * Dropping the last reference calls @drv->release, which may free it.
 *
 * Context: any; takes no lock.  Release runs in the caller's context.
 */
void put_driver(struct device_driver *drv)
{
	int left;

	if (!drv)
		return;
	left = atomic_dec_return(&drv->refcount);
	BUG_ON(left < 0);
	if (!left && drv->release)
		drv->release(drv);
}

/**
 * driver_register() - add a driver to its bus and bind it to devices
 * @drv: a zeroed driver with name, bus, probe and remove filled in
 *
 * Gives @drv its registration reference, pushes it at the HEAD of the
 * bus's drivers list (so it is the first driver later devices are offered
 * to), takes a reference on the bus, then offers it every unbound device
 * of the bus, oldest first, binding those its match and probe accept.
 *
 * Context: takes the bus's bind_lock; calls match and probe under it.
 * Return: 0; -EINVAL if @drv, its name or its bus is NULL; -ENODEV if the
 * bus is not registered; -EBUSY if @drv is registered already, or still
 * referenced since it was unregistered; -EEXIST if a driver of the same
 * name is registered on the bus.
 */
int driver_register(struct device_driver *drv)
{
	struct device_driver *other;
	struct bus_type *bus;
	int error;

	if (!drv || !drv->name || !drv->bus)
		return -EINVAL;
	bus = drv->bus;
	error = bus_get_registered(bus);
	if (error)
		return error;
	spin_lock(&bus->bind_lock);
	if (!bus->present) {
		error = -ENODEV;
		goto out_unlock;
	}
	if (drv->present || atomic_read(&drv->refcount)) {
		error = -EBUSY;
		goto out_unlock;
	}
	list_for_each_entry(other, &bus->drivers, bus_list) {
		if (!strcmp(other->name, drv->name)) {
			error = -EEXIST;
			goto out_unlock;
		}
	}
	atomic_set(&drv->refcount, 1);
	INIT_LIST_HEAD(&drv->devices);
	get_bus(bus); /* the driver's, until unregistration */
	bus_add_driver(drv);
	driver_attach(drv);
out_unlock:
	spin_unlock(&bus->bind_lock);
	put_bus(bus);
	return error;
}

/**
 * driver_unregister() - unbind a driver's devices and take it off its bus
 * @drv: a registered driver
 *
 * Takes @drv off the bus's drivers list (so no device binds to it any
 * more), calls its remove for each bound device, first bound first, and
 * leaves those devices unbound; then drops the registration's reference.
 *
 * Context: takes the bus's bind_lock; calls remove under it.  May be
 * called from a bus_for_each_drv() callback, even on the driver the
 * callback was given.
 * Return: 0; -EINVAL if @drv or its bus is NULL; -ENOENT if @drv is not
 * registered.
 */
int driver_unregister(struct device_driver *drv)
{
	struct bus_type *bus;
	int error = 0;

	if (!drv || !drv->bus)
		return -EINVAL;
	bus = drv->bus;
	if (bus_get_registered(bus))
		return -ENOENT;
	spin_lock(&bus->bind_lock);
	if (!drv->present) {
		error = -ENOENT;
		goto out_unlock;
	}
	bus_remove_driver(drv);
	driver_detach(drv);
out_unlock:
	spin_unlock(&bus->bind_lock);
	if (!error)
		put_bus(bus); /* the driver's */
	put_bus(bus);
	if (!error)
		put_driver(drv); /* the registration's */
	return error;
}
