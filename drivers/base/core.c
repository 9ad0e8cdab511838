// SPDX-License-Identifier: MIT
/*
 * drivers/base/core.c - device registration and driver binding.
 *
 * Mirrors drivers/base/core.c of Linux 2.5.33: device_register,
 * get_device, put_device, and the binding helpers (found_match, here
 * bus_match; device_attach, driver_attach, device_detach, driver_detach).
 * Written from a plain-words description of the driver model, not from
 * the kernel's code.
 *
 * Binding: a device is offered to the drivers of its bus in list order,
 * newest driver first; it binds to the first whose match (the bus's) and
 * probe (the driver's) both succeed.  A probe that fails falls through to
 * the next driver, as in 2.5.33 (found_match() returned 0 after a failed
 * probe, so the walk went on).  A bus without match binds nothing.  A new
 * driver is offered every unbound device, oldest first.
 *
 * Deliberate differences (see also device.h; docs/fidelity.md has each
 * one's reason and test):
 * - device_register/device_unregister return an errno and refuse bad
 *   input without changing anything (a name or bus_id that fills its
 *   array with no NUL included).  2.5.33 had no device_unregister: the
 *   last put_device() took the device off its bus and driver.
 * - device_detach() unlinks the device from its driver's list before
 *   remove runs and drops the device's reference on the driver after it
 *   (2.5.33's device_detach() only cleared dev->driver: the device left
 *   the driver's list in driver_detach(), after remove, or in its last
 *   put_device(), before; the reference taken at binding was never
 *   dropped).
 * - No device tree (parent, children, the global device list), no
 *   driverfs, no power management, no classes.
 * - Binding and unbinding run under the bus's bind_lock, so match, probe
 *   and remove must not register or unregister on the same bus (they may
 *   walk it).
 * - put_device() calls release on the last reference whether or not the
 *   device was ever registered; a count going negative is a BUG.
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/base/device.h"

/**
 * get_device() - take a reference on a device
 * @dev: the device, or NULL
 *
 * The caller must already hold a reference (the device is registered, or
 * it is the one a walk handed it).
 *
 * Context: any; takes no lock.
 * Return: @dev.
 */
struct device *get_device(struct device *dev)
{
	if (dev)
		atomic_inc(&dev->refcount);
	return dev;
}

/**
 * put_device() - drop a reference on a device
 * @dev: the device, or NULL
 *
 * Dropping the last reference calls @dev->release, which may free it.
 *
 * Context: any; takes no lock.  Release runs in the caller's context.
 */
void put_device(struct device *dev)
{
	int left;

	if (!dev)
		return;
	left = atomic_dec_return(&dev->refcount);
	BUG_ON(left < 0);
	if (!left && dev->release)
		dev->release(dev);
}

/*
 * bus_match() - try to bind @dev to @drv
 *
 * The bus's match decides whether @drv can drive @dev (a bus without one
 * binds nothing, as in 2.5.33's do_device_attach); the driver's probe
 * then decides whether it will.  dev->driver is set while probe runs, as
 * 2.5.33's found_match() did, and cleared again if probe declines.  On
 * success @dev joins the tail of @drv's devices list and holds a
 * reference on @drv.
 *
 * Caller holds the bus's bind_lock.  Returns 1 when bound.
 */
static int bus_match(struct device *dev, struct device_driver *drv)
{
	struct bus_type *bus = dev->bus;

	if (!bus->match || !bus->match(dev, drv))
		return 0;
	write_lock(&bus->lock);
	dev->driver = drv;
	write_unlock(&bus->lock);
	if (drv->probe && drv->probe(dev)) {
		write_lock(&bus->lock);
		dev->driver = NULL;
		write_unlock(&bus->lock);
		return 0;
	}
	get_driver(drv);
	write_lock(&bus->lock);
	list_add_tail(&dev->driver_list, &drv->devices);
	write_unlock(&bus->lock);
	return 1;
}

/**
 * device_attach() - bind a device to the first driver that takes it
 * @dev: a registered, unbound device
 *
 * Offers @dev to each driver of its bus in list order (newest first)
 * until one's match and probe both succeed.
 *
 * Context: caller holds the bus's bind_lock.
 */
void device_attach(struct device *dev)
{
	struct device_driver *drv;

	/* stable: every change to the lists needs the bind_lock we hold */
	list_for_each_entry(drv, &dev->bus->drivers, bus_list) {
		if (bus_match(dev, drv))
			return;
	}
}

/**
 * driver_attach() - bind a driver to every unbound device it takes
 * @drv: a registered driver
 *
 * Offers @drv every unbound device of its bus, oldest first.
 *
 * Context: caller holds the bus's bind_lock.
 */
void driver_attach(struct device_driver *drv)
{
	struct device *dev;

	list_for_each_entry(dev, &drv->bus->devices, bus_list) {
		if (!dev->driver)
			bus_match(dev, drv);
	}
}

/**
 * device_detach() - unbind a device from its driver, if any
 * @dev: a registered device
 *
 * The device leaves the driver's list and dev->driver is cleared first,
 * as 2.5.33 cleared it before calling remove; then the driver's remove
 * runs, and the device drops its reference on the driver (2.5.33 never
 * dropped it).
 *
 * Context: caller holds the bus's bind_lock.
 */
void device_detach(struct device *dev)
{
	struct device_driver *drv = dev->driver;
	struct bus_type *bus = dev->bus;

	if (!drv)
		return;
	write_lock(&bus->lock);
	list_del_init(&dev->driver_list);
	dev->driver = NULL;
	write_unlock(&bus->lock);
	if (drv->remove)
		drv->remove(dev);
	put_driver(drv);
}

/**
 * driver_detach() - unbind every device of a driver, first bound first
 * @drv: the driver
 *
 * Context: caller holds the bus's bind_lock.
 */
void driver_detach(struct device_driver *drv)
{
	while (!list_empty(&drv->devices))
		device_detach(list_first_entry(&drv->devices, struct device,
					       driver_list));
}

/**
 * device_register() - add a device to its bus and bind it to a driver
 * @dev: a zeroed device with @dev->bus (and names, release) filled in
 *
 * Gives @dev its registration reference, appends it to the bus's devices
 * list, takes a reference on the bus, and offers it to the bus's drivers
 * (newest first) until one binds it.  A device no driver takes stays
 * registered, unbound.
 *
 * Context: takes the bus's bind_lock; calls match and probe under it.
 * Return: 0 (bound or not); -EINVAL if @dev or @dev->bus is NULL, if
 * @dev->bus_id is empty (as 2.5.33), or if @dev->name or @dev->bus_id has
 * no terminating NUL within its array;
 * -ENODEV if the bus is not registered; -EBUSY if @dev is registered
 * already, or still referenced since it was unregistered.
 */
int device_register(struct device *dev)
{
	struct bus_type *bus;
	int error = 0;

	if (!dev || !dev->bus || !dev->bus_id[0])
		return -EINVAL;
	/* printouts and the tour print both as strings */
	if (!memchr(dev->name, '\0', sizeof(dev->name)) ||
	    !memchr(dev->bus_id, '\0', sizeof(dev->bus_id)))
		return -EINVAL;
	bus = dev->bus;
	error = bus_get_registered(bus);
	if (error)
		return error;
	spin_lock(&bus->bind_lock);
	if (!bus->present) {
		error = -ENODEV;
		goto out_unlock;
	}
	if (dev->present || atomic_read(&dev->refcount)) {
		error = -EBUSY;
		goto out_unlock;
	}
	atomic_set(&dev->refcount, 1);
	dev->driver = NULL;
	INIT_LIST_HEAD(&dev->driver_list);
	get_bus(bus); /* the device's, until unregistration */
	bus_add_device(dev);
	device_attach(dev);
out_unlock:
	spin_unlock(&bus->bind_lock);
	put_bus(bus);
	return error;
}

/**
 * device_unregister() - unbind a device and take it off its bus
 * @dev: a registered device
 *
 * Calls the bound driver's remove, if any, unlinks @dev from the driver's
 * and the bus's lists, and drops the registration's reference: release
 * runs now, or when the last walk or get_device() user lets go.
 *
 * Context: takes the bus's bind_lock; calls remove under it.  May be
 * called from a bus_for_each_dev() callback, even on the device the
 * callback was given.
 * Return: 0; -EINVAL if @dev or @dev->bus is NULL; -ENOENT if @dev is not
 * registered.
 */
int device_unregister(struct device *dev)
{
	struct bus_type *bus;
	int error = 0;

	if (!dev || !dev->bus)
		return -EINVAL;
	bus = dev->bus;
	if (bus_get_registered(bus))
		return -ENOENT;
	spin_lock(&bus->bind_lock);
	if (!dev->present) {
		error = -ENOENT;
		goto out_unlock;
	}
	device_detach(dev);
	bus_remove_device(dev);
out_unlock:
	spin_unlock(&bus->bind_lock);
	if (!error)
		put_bus(bus); /* the device's */
	put_bus(bus);
	if (!error)
		put_device(dev); /* the registration's */
	return error;
}
