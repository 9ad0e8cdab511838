// SPDX-License-Identifier: MIT
/*
 * drivers/base/bus.c - buses, their devices and drivers lists, and the
 * walks over them.
 *
 * Mirrors drivers/base/bus.c of Linux 2.5.33: the list of registered buses
 * (bus_driver_list), bus_register, get_bus/put_bus, bus_for_each_dev,
 * bus_for_each_drv and bus_add_device/bus_remove_device.  Written from a
 * plain-words description of the driver model, not from the kernel's
 * code.
 *
 * Deliberate differences (see also device.h; docs/fidelity.md has each
 * one's reason and test):
 * - bus_unregister(), bus_check() and buses_check() are kstruct's, and so
 *   are bus_add_driver()/bus_remove_driver() (2.5.33's driver_register()
 *   and remove_driver() linked and unlinked the driver themselves).
 * - The walks take a @start entry (the walk begins after it), as later
 *   kernels' do.
 * - 2.5.33's walk took a reference on the current entry and dropped its
 *   lock (the global device_lock) around the callback, so the entry's
 *   memory stayed valid; but
 *   where the walk went next depended on that entry's links, which a
 *   removal during the callback rewrites.  Here each walk puts a cursor
 *   on bus->walkers; unlinking an entry (always under the write lock)
 *   moves every cursor standing on it back to the entry's predecessor,
 *   which is still linked.  A walk therefore visits, in list order, every
 *   entry that is on the list when the walk reaches its position: entries
 *   removed before that are skipped, entries appended at the tail are
 *   visited, and no entry is visited twice.  Later kernels solved the same
 *   problem with klists (2.6.13), which leave a removed node on the list
 *   until the last iterator has stepped off it.
 * - When the last reference on a bus is dropped its locks are destroyed,
 *   so it can be registered again from scratch.
 */
#include <errno.h>
#include <string.h>

#include "drivers/base/base.h"
#include "drivers/base/device.h"

/* every registered bus, in registration order */
static LIST_HEAD(bus_driver_list);
/* guards bus_driver_list and each bus's node and present */
static DEFINE_SPINLOCK(bus_driver_lock);

/**
 * struct bus_cursor - where a bus_for_each_dev/drv call stands
 * @node: link on bus->walkers
 * @pos: the entry last handed to the callback, or the list head before
 *	the first; always a node that is linked on the list being walked
 *	(unlinking it moves @pos to its predecessor)
 *
 * Lives on the walker's stack.  @pos is written by the walker under
 * walk_lock with the bus lock held for reading, and by removers with the
 * bus lock held for writing, so the two never overlap.
 */
struct bus_cursor {
	struct list_head node;
	struct list_head *pos;
};

/**
 * get_bus() - take a reference on a bus
 * @bus: the bus, or NULL
 *
 * The caller must already hold a reference (or the bus must be
 * registered), as in the kernel.
 *
 * Context: any; takes no lock.
 * Return: @bus.
 */
struct bus_type *get_bus(struct bus_type *bus)
{
	if (bus)
		atomic_inc(&bus->refcount);
	return bus;
}

/*
 * The last reference is gone: the bus is unregistered (present is only
 * set while the registration's reference is held) and nobody can reach
 * its locks any more.
 */
static void bus_release(struct bus_type *bus)
{
	rwlock_destroy(&bus->lock);
	spin_lock_destroy(&bus->bind_lock);
	spin_lock_destroy(&bus->walk_lock);
}

/**
 * put_bus() - drop a reference on a bus
 * @bus: the bus, or NULL
 *
 * Dropping the last reference (only possible after bus_unregister())
 * destroys the bus's locks.  The count is dropped under bus_driver_lock,
 * which bus_register() holds while it checks the count is zero, so a bus
 * is never set up again while its old locks are being torn down.
 *
 * Context: takes bus_driver_lock.
 */
void put_bus(struct bus_type *bus)
{
	int left;

	if (!bus)
		return;
	spin_lock(&bus_driver_lock);
	left = atomic_dec_return(&bus->refcount);
	BUG_ON(left < 0);
	if (!left)
		bus_release(bus);
	spin_unlock(&bus_driver_lock);
}

/**
 * bus_get_registered() - take a reference on a bus if it is registered
 * @bus: the bus
 *
 * Context: takes bus_driver_lock.
 * Return: 0 with a reference taken, or -ENODEV (no reference) when @bus
 * is not registered.
 */
int bus_get_registered(struct bus_type *bus)
{
	int error = -ENODEV;

	spin_lock(&bus_driver_lock);
	if (bus->present) {
		get_bus(bus);
		error = 0;
	}
	spin_unlock(&bus_driver_lock);
	return error;
}

/**
 * bus_register() - register a bus
 * @bus: a zeroed bus_type with its name (and match) filled in
 *
 * Puts @bus at the tail of the list of buses with empty devices and
 * drivers lists and one reference (the registration's).
 *
 * Context: takes bus_driver_lock.
 * Return: 0; -EINVAL if @bus or its name is NULL; -EBUSY if it is
 * registered, or still referenced since its unregistration; -EEXIST if
 * another registered bus has the same name.
 */
int bus_register(struct bus_type *bus)
{
	struct bus_type *other;
	int error = 0;

	if (!bus || !bus->name)
		return -EINVAL;
	spin_lock(&bus_driver_lock);
	if (bus->present || atomic_read(&bus->refcount)) {
		error = -EBUSY;
		goto out_unlock;
	}
	list_for_each_entry(other, &bus_driver_list, node) {
		if (!strcmp(other->name, bus->name)) {
			error = -EEXIST;
			goto out_unlock;
		}
	}
	rwlock_init(&bus->lock);
	spin_lock_init(&bus->bind_lock);
	spin_lock_init(&bus->walk_lock);
	INIT_LIST_HEAD(&bus->devices);
	INIT_LIST_HEAD(&bus->drivers);
	INIT_LIST_HEAD(&bus->walkers);
	atomic_set(&bus->refcount, 1);
	bus->present = 1;
	list_add_tail(&bus->node, &bus_driver_list);
out_unlock:
	spin_unlock(&bus_driver_lock);
	return error;
}

/**
 * bus_unregister() - take a bus off the list of buses
 * @bus: a registered bus with no devices and no drivers
 *
 * Drops the registration's reference; the bus's locks go when the last
 * reference does (a walk may still hold one).
 *
 * Context: takes the bus's bind_lock, then bus_driver_lock.
 * Return: 0; -EINVAL if @bus is NULL; -ENOENT if it is not registered;
 * -EBUSY if devices or drivers are still registered on it.
 */
int bus_unregister(struct bus_type *bus)
{
	int error = 0;

	if (!bus)
		return -EINVAL;
	if (bus_get_registered(bus))
		return -ENOENT;
	spin_lock(&bus->bind_lock);
	spin_lock(&bus_driver_lock);
	if (!bus->present) {
		/* someone else unregistered it after we took our reference */
		error = -ENOENT;
		goto out_unlock;
	}
	if (!list_empty(&bus->devices) || !list_empty(&bus->drivers)) {
		error = -EBUSY;
		goto out_unlock;
	}
	bus->present = 0;
	list_del_init(&bus->node);
out_unlock:
	spin_unlock(&bus_driver_lock);
	spin_unlock(&bus->bind_lock);
	if (!error)
		put_bus(bus); /* the registration's */
	put_bus(bus);
	return error;
}

/*
 * Unlink @entry from one of @bus's lists, first moving every cursor that
 * stands on it back to its predecessor.  The caller holds bus->lock for
 * writing, so no walker is between steps.
 */
static void bus_unlink(struct bus_type *bus, struct list_head *entry)
{
	struct bus_cursor *cursor;

	list_for_each_entry(cursor, &bus->walkers, node) {
		if (cursor->pos == entry)
			cursor->pos = entry->prev;
	}
	list_del_init(entry);
}

/**
 * bus_add_device() - append a device to its bus's devices list
 * @dev: the device, not on any list
 *
 * Context: caller holds the bus's bind_lock; write-locks bus->lock.
 */
void bus_add_device(struct device *dev)
{
	struct bus_type *bus = dev->bus;

	write_lock(&bus->lock);
	list_add_tail(&dev->bus_list, &bus->devices);
	dev->present = 1;
	write_unlock(&bus->lock);
}

/**
 * bus_remove_device() - take a device off its bus's devices list
 * @dev: the device, on its bus's list
 *
 * Walks standing on @dev step back to its predecessor.
 *
 * Context: caller holds the bus's bind_lock; write-locks bus->lock.
 */
void bus_remove_device(struct device *dev)
{
	struct bus_type *bus = dev->bus;

	write_lock(&bus->lock);
	bus_unlink(bus, &dev->bus_list);
	dev->present = 0;
	write_unlock(&bus->lock);
}

/**
 * bus_add_driver() - push a driver at the HEAD of its bus's drivers list
 * @drv: the driver, not on any list
 *
 * The newest driver is the first one a new device is offered to.
 *
 * Context: caller holds the bus's bind_lock; write-locks bus->lock.
 */
void bus_add_driver(struct device_driver *drv)
{
	struct bus_type *bus = drv->bus;

	write_lock(&bus->lock);
	list_add(&drv->bus_list, &bus->drivers);
	drv->present = 1;
	write_unlock(&bus->lock);
}

/**
 * bus_remove_driver() - take a driver off its bus's drivers list
 * @drv: the driver, on its bus's list
 *
 * Walks standing on @drv step back to its predecessor.
 *
 * Context: caller holds the bus's bind_lock; write-locks bus->lock.
 */
void bus_remove_driver(struct device_driver *drv)
{
	struct bus_type *bus = drv->bus;

	write_lock(&bus->lock);
	bus_unlink(bus, &drv->bus_list);
	drv->present = 0;
	write_unlock(&bus->lock);
}

/* Caller holds bus->lock for reading. */
static void bus_cursor_start(struct bus_type *bus, struct bus_cursor *cursor,
			     struct list_head *pos)
{
	spin_lock(&bus->walk_lock);
	cursor->pos = pos;
	list_add_tail(&cursor->node, &bus->walkers);
	spin_unlock(&bus->walk_lock);
}

/*
 * Step @cursor to the entry after it on the list headed by @head.
 * Caller holds bus->lock for reading.
 * Return: that entry, or NULL at the end of the list.
 */
static struct list_head *bus_cursor_next(struct bus_type *bus,
					 struct bus_cursor *cursor,
					 struct list_head *head)
{
	struct list_head *next;

	spin_lock(&bus->walk_lock);
	next = cursor->pos->next;
	if (next == head)
		next = NULL;
	else
		cursor->pos = next;
	spin_unlock(&bus->walk_lock);
	return next;
}

/* Caller holds bus->lock for reading. */
static void bus_cursor_stop(struct bus_type *bus, struct bus_cursor *cursor)
{
	spin_lock(&bus->walk_lock);
	list_del(&cursor->node);
	spin_unlock(&bus->walk_lock);
}

static bool on_list(const struct list_head *head,
		    const struct list_head *entry);

/**
 * struct bus_walk_ops - what the walk needs to know of one kind of entry
 * @get: take a reference on the entry linked by @node (bus->lock held)
 * @visit: call the walker's callback on the entry linked by @node, then
 *	drop the reference @get took (no lock held); returns the callback's
 *	value
 */
struct bus_walk_ops {
	void (*get)(struct list_head *node);
	int (*visit)(struct list_head *node, void *walker);
};

/*
 * The one walk of bus_for_each_dev() and bus_for_each_drv(), over the
 * list headed by @head from after @start (NULL: from the first entry).
 * The callback's type is checked by those two, which hand it to their
 * @ops through @walker.  An entry registered on the bus is on its list,
 * so checking that @start is costs no more than the walk to it.
 */
static int bus_walk(struct bus_type *bus, struct list_head *head,
		    struct list_head *start, const struct bus_walk_ops *ops,
		    void *walker)
{
	struct bus_cursor cursor;
	struct list_head *node;
	int error;

	error = bus_get_registered(bus);
	if (error)
		return error;
	read_lock(&bus->lock);
	if (start && !on_list(head, start)) {
		error = -EINVAL;
		goto out_unlock;
	}
	bus_cursor_start(bus, &cursor, start ? start : head);
	while ((node = bus_cursor_next(bus, &cursor, head))) {
		ops->get(node);
		read_unlock(&bus->lock);
		error = ops->visit(node, walker);
		read_lock(&bus->lock);
		if (error)
			break;
	}
	bus_cursor_stop(bus, &cursor);
out_unlock:
	read_unlock(&bus->lock);
	put_bus(bus);
	return error;
}

struct dev_walker {
	int (*fn)(struct device *dev, void *data);
	void *data;
};

static void dev_get(struct list_head *node)
{
	get_device(to_dev(node));
}

static int dev_visit(struct list_head *node, void *walker)
{
	struct dev_walker *w = walker;
	struct device *dev = to_dev(node);
	int ret = w->fn(dev, w->data);

	put_device(dev);
	return ret;
}

static const struct bus_walk_ops dev_walk_ops = {
	.get = dev_get,
	.visit = dev_visit,
};

/**
 * bus_for_each_dev() - call @fn for each device on a bus
 * @bus: a registered bus
 * @start: a device registered on @bus to start after, or NULL to start
 *	at the first device
 * @data: passed to @fn
 * @fn: called with each device in list order (oldest first); a non-zero
 *	return stops the walk
 *
 * The walk holds a reference on the device @fn is given, and the bus
 * lock is not held while @fn runs, so @fn may unregister that device (or
 * any other, or register new ones: devices appended during the walk are
 * visited).  @fn must not be called while holding the bus's bind_lock if
 * it registers or unregisters (so not from probe or remove).
 *
 * Context: read-locks bus->lock between steps; @fn runs unlocked.
 * Return: the first non-zero value @fn returned, or 0 after the last
 * device; -EINVAL if @bus or @fn is NULL or @start is not registered on
 * @bus; -ENODEV if @bus is not registered.
 */
int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *dev, void *data))
{
	struct dev_walker w = { .fn = fn, .data = data };

	if (!bus || !fn)
		return -EINVAL;
	return bus_walk(bus, &bus->devices, start ? &start->bus_list : NULL,
			&dev_walk_ops, &w);
}

struct drv_walker {
	int (*fn)(struct device_driver *drv, void *data);
	void *data;
};

static void drv_get(struct list_head *node)
{
	get_driver(to_drv(node));
}

static int drv_visit(struct list_head *node, void *walker)
{
	struct drv_walker *w = walker;
	struct device_driver *drv = to_drv(node);
	int ret = w->fn(drv, w->data);

	put_driver(drv);
	return ret;
}

static const struct bus_walk_ops drv_walk_ops = {
	.get = drv_get,
	.visit = drv_visit,
};

/**
 * bus_for_each_drv() - call @fn for each driver on a bus
 * @bus: a registered bus
 * @start: a driver registered on @bus to start after, or NULL to start
 *	at the first driver
 * @data: passed to @fn
 * @fn: called with each driver in list order (newest first); a non-zero
 *	return stops the walk
 *
 * As bus_for_each_dev(): the walk holds a reference on the driver @fn is
 * given and @fn may unregister it.  Drivers registered during the walk go
 * to the head of the list, behind the walk, and are not visited.
 *
 * Context: read-locks bus->lock between steps; @fn runs unlocked.
 * Return: the first non-zero value @fn returned, or 0 after the last
 * driver; -EINVAL if @bus or @fn is NULL or @start is not registered on
 * @bus; -ENODEV if @bus is not registered.
 */
int bus_for_each_drv(struct bus_type *bus, struct device_driver *start,
		     void *data,
		     int (*fn)(struct device_driver *drv, void *data))
{
	struct drv_walker w = { .fn = fn, .data = data };

	if (!bus || !fn)
		return -EINVAL;
	return bus_walk(bus, &bus->drivers, start ? &start->bus_list : NULL,
			&drv_walk_ops, &w);
}

/* ------------------------------------------------------------------ */
/* invariant checks                                                    */

/* report a violation on @bus (after its name), answer false */
#define bus_bad(bus, fmt, ...)                                      \
	check_fail("bus %s: " fmt, (bus)->name ? (bus)->name : "?", \
		   ##__VA_ARGS__)

static bool on_list(const struct list_head *head, const struct list_head *entry)
{
	const struct list_head *pos;

	for (pos = head->next; pos != head; pos = pos->next)
		if (pos == entry)
			return true;
	return false;
}

static bool bus_check_driver(struct bus_type *bus, struct device_driver *drv,
			     unsigned long *bound)
{
	struct device_driver *other;
	struct device *dev;
	unsigned long n = 0;

	if (drv->bus != bus)
		return bus_bad(bus, "driver %s has bus %p", drv->name,
			       (void *)drv->bus);
	if (!drv->present)
		return bus_bad(bus, "driver %s on the list but not present",
			       drv->name);
	for (other = list_next_entry(drv, bus_list);
	     &other->bus_list != &bus->drivers;
	     other = list_next_entry(other, bus_list))
		if (!strcmp(other->name, drv->name))
			return bus_bad(bus, "two drivers named %s", drv->name);
	if (!list_check(&drv->devices))
		return false;
	list_for_each_entry(dev, &drv->devices, driver_list) {
		if (dev->driver != drv)
			return bus_bad(
				bus,
				"device %s on driver %s's list has driver %s",
				dev->name, drv->name,
				dev->driver ? dev->driver->name : "(none)");
		if (!dev->present || dev->bus != bus ||
		    !on_list(&bus->devices, &dev->bus_list))
			return bus_bad(
				bus, "device %s bound to %s is not on the bus",
				dev->name, drv->name);
		n++;
	}
	if (atomic_read(&drv->refcount) < 1 + (long)n)
		return bus_bad(bus, "driver %s: refcount %d < 1 + %lu bound",
			       drv->name, atomic_read(&drv->refcount), n);
	*bound += n;
	return true;
}

static bool bus_check_device(struct bus_type *bus, struct device *dev)
{
	struct device_driver *drv = dev->driver;

	if (dev->bus != bus)
		return bus_bad(bus, "device %s has bus %p", dev->name,
			       (void *)dev->bus);
	if (!dev->present)
		return bus_bad(bus, "device %s on the list but not present",
			       dev->name);
	if (atomic_read(&dev->refcount) < 1)
		return bus_bad(bus, "device %s: refcount %d", dev->name,
			       atomic_read(&dev->refcount));
	if (!drv) {
		if (!list_empty_careful(&dev->driver_list))
			return bus_bad(bus,
				       "unbound device %s is on a driver list",
				       dev->name);
		return true;
	}
	if (drv->bus != bus || !drv->present ||
	    !on_list(&bus->drivers, &drv->bus_list))
		return bus_bad(bus,
			       "device %s bound to driver %s not on the bus",
			       dev->name, drv->name);
	if (!on_list(&drv->devices, &dev->driver_list))
		return bus_bad(bus, "device %s not on its driver %s's list",
			       dev->name, drv->name);
	return true;
}

static bool bus_check_walkers(struct bus_type *bus)
{
	struct bus_cursor *cursor;
	bool ok = true;

	spin_lock(&bus->walk_lock);
	if (!list_check(&bus->walkers)) {
		ok = false;
		goto out_unlock;
	}
	list_for_each_entry(cursor, &bus->walkers, node) {
		struct list_head *pos = cursor->pos;

		if (pos == &bus->devices || pos == &bus->drivers ||
		    on_list(&bus->devices, pos) || on_list(&bus->drivers, pos))
			continue;
		ok = bus_bad(bus, "a walk stands on an unlinked entry");
		break;
	}
out_unlock:
	spin_unlock(&bus->walk_lock);
	return ok;
}

static bool __bus_check(struct bus_type *bus)
{
	struct device_driver *drv;
	struct device *dev;
	unsigned long ndev = 0, ndrv = 0, bound = 0, nbound = 0;

	if (!list_check(&bus->devices) || !list_check(&bus->drivers))
		return false;
	list_for_each_entry(drv, &bus->drivers, bus_list) {
		if (!bus_check_driver(bus, drv, &bound))
			return false;
		ndrv++;
	}
	list_for_each_entry(dev, &bus->devices, bus_list) {
		if (!bus_check_device(bus, dev))
			return false;
		ndev++;
		nbound += dev->driver != NULL;
	}
	if (bound != nbound)
		return bus_bad(bus, "%lu devices bound, %lu on driver lists",
			       nbound, bound);
	/* the registration, each device, each driver, and bus_check's own */
	if (atomic_read(&bus->refcount) < 2 + (long)(ndev + ndrv))
		return bus_bad(bus, "refcount %d < 2 + %lu + %lu",
			       atomic_read(&bus->refcount), ndev, ndrv);
	return bus_check_walkers(bus);
}

/**
 * bus_check() - verify a bus completely
 * @bus: the bus
 *
 * Checks that @bus is registered and on the list of buses; its devices,
 * drivers and walkers rings and every driver's devices ring are sound
 * (list_check); every device and driver on the bus's lists points back at
 * the bus and is present; driver names are unique; a bound device is on
 * its driver's devices list (and the driver is on the bus) and an unbound
 * one is on no driver list; every device on a driver's list is bound to
 * that driver and on the bus's devices list; reference counts are at
 * least what the lists account for; every walk's cursor stands on a
 * linked entry.  Reports the first violation through the check handler
 * with the caller's file:line (compat/check.h); never aborts.
 *
 * Context: takes bus_driver_lock, then the bus's bind_lock and lock (for
 * reading); so not from probe, remove or match.  The handler runs with
 * the bus's locks held.
 * Return: true when every invariant holds.  O(n^2) in the bus's size.
 */
bool (bus_check)(struct bus_type *bus)
{
	bool ok;

	if (!bus)
		return check_fail("no bus (NULL)");
	spin_lock(&bus_driver_lock);
	ok = bus->present && on_list(&bus_driver_list, &bus->node);
	spin_unlock(&bus_driver_lock);
	if (!ok || bus_get_registered(bus))
		return bus_bad(bus, "not registered");
	spin_lock(&bus->bind_lock);
	read_lock(&bus->lock);
	ok = __bus_check(bus);
	read_unlock(&bus->lock);
	spin_unlock(&bus->bind_lock);
	put_bus(bus);
	return ok;
}

/**
 * buses_check() - verify the list of registered buses
 *
 * The ring is sound, every bus on it is present with at least its
 * registration's reference, and no two share a name.  Reports as
 * bus_check() does.
 *
 * Context: takes bus_driver_lock; the handler runs with it held.
 * Return: true when all of that holds.
 */
bool (buses_check)(void)
{
	struct bus_type *bus, *other;
	bool ok = true;

	spin_lock(&bus_driver_lock);
	if (!list_check(&bus_driver_list)) {
		ok = false;
		goto out_unlock;
	}
	list_for_each_entry(bus, &bus_driver_list, node) {
		if (!bus->present || atomic_read(&bus->refcount) < 1) {
			ok = bus_bad(bus, "on the list of buses but %s",
				     bus->present ? "unreferenced" :
						    "not present");
			goto out_unlock;
		}
		for (other = list_next_entry(bus, node);
		     &other->node != &bus_driver_list;
		     other = list_next_entry(other, node)) {
			if (!strcmp(other->name, bus->name)) {
				ok = bus_bad(bus, "two buses named so");
				goto out_unlock;
			}
		}
	}
out_unlock:
	spin_unlock(&bus_driver_lock);
	return ok;
}
