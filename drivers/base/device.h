/* SPDX-License-Identifier: MIT */
/*
 * drivers/base/device.h - the driver model's buses, devices and drivers.
 *
 * Mirrors include/linux/device.h of Linux 2.5.33 (late August 2002):
 * struct bus_type with its devices and drivers lists, struct
 * device_driver with the devices bound to it, struct device, and the
 * functions of drivers/base/bus.c, core.c and driver.c that build and walk
 * those lists (bus_register, device_register, driver_register,
 * bus_for_each_dev/bus_for_each_drv, get_/put_ for each object).
 *
 * Deliberate differences from 2.5.33 (docs/fidelity.md has each one's
 * reason and test):
 * - No sysfs/driverfs (the dir entries), no power management, no device
 *   tree (parent, children, g_list), no classes or interfaces.
 * - Every register/unregister returns 0 or a negative errno and refuses
 *   bad input (a device twice, something never registered, a device with
 *   no bus or whose name or bus_id lacks its NUL, a driver on an
 *   unregistered bus) without changing anything.
 * - 2.5.33 had no device_unregister, driver_unregister or bus_unregister:
 *   a device went away when put_device() dropped its last reference, a
 *   driver with remove_driver() or its last put_driver(), and a bus never.
 *   Here device_unregister() and driver_unregister() (later kernels'
 *   names) drop the registration's reference and return an errno;
 *   bus_unregister() is kstruct's and refuses a bus that still has
 *   devices or drivers.
 * - bus_for_each_dev/bus_for_each_drv take a @start entry, as later
 *   kernels' do, and survive the removal of ANY entry during the walk,
 *   the current one included: every walk registers a cursor on the bus,
 *   and unlinking an entry moves each cursor standing on it back to its
 *   predecessor (see bus.c).
 * - A per-bus bind_lock (a struct spinlock held across the callbacks: a
 *   waiter spins, then yields its CPU) serialises registration,
 *   unregistration, probe and remove, as the bus's rw_semaphore did from
 *   2.5.4x and device_lock() does today.  The bus's rwlock (lock, a field
 *   of 2.5.33's bus_type that its bus.c never took: one global spinlock,
 *   device_lock, guarded every list there) guards the lists against
 *   walkers, who hold it only between steps.
 * - No driverfs: bus_snapshot() (snapshot.c) copies a bus's lists at one
 *   moment for whoever shows them, where 2.5.33 listed them as driverfs
 *   directories.
 * - "present" is kept on buses too, and an object may be registered again
 *   only once its reference count has dropped back to zero; get_device()
 *   and its kin never refuse (2.5.33's get_device() returned NULL for a
 *   device whose count was 0): the caller must hold a reference.
 *
 * As in 2.5.33: a bus without match binds nothing; a driver's probe that
 * fails falls through to the next driver; remove runs with dev->driver
 * already cleared; an empty bus_id is refused.
 */
#ifndef KSTRUCT_DRIVERS_BASE_DEVICE_H
#define KSTRUCT_DRIVERS_BASE_DEVICE_H

#include <stdbool.h>

#include <kstruct/compat/atomic.h>
#include <kstruct/compat/check.h>
#include <kstruct/compat/export.h>
#include <kstruct/compat/spinlock.h>
#include <kstruct/list/list.h>

KSTRUCT_EXPORT_BEGIN

#define DEVICE_NAME_SIZE 80
#define BUS_ID_SIZE 16

struct device;
struct device_driver;

/**
 * struct bus_type - a bus: the devices on it and the drivers for them
 * @name: the bus's name ("pci", "usb"); unique among registered buses
 * @lock: guards @devices, @drivers, every registered driver's devices
 *	list, each device's driver pointer and @walkers; walkers read-lock
 *	it between steps, changes write-lock it
 * @bind_lock: serialises every register/unregister on the bus and the
 *	probe/remove/match calls they make (kstruct addition, see above)
 * @walk_lock: guards @walkers against concurrent walkers, who all hold
 *	@lock only for reading
 * @refcount: references: one for the registration, one per registered
 *	device and driver, one per walk or register call in progress
 * @present: 1 while registered
 * @node: link on the list of registered buses
 * @devices: registered devices, oldest first (device_register appends)
 * @drivers: registered drivers, NEWEST first (driver_register pushes)
 * @walkers: cursors of the bus_for_each_dev/bus_for_each_drv calls in
 *	progress (kstruct addition)
 * @match: nonzero when @drv can drive @dev; NULL: no driver matches
 *
 * Zero the structure, fill in @name and @match, then bus_register().
 */
struct bus_type {
	const char *name;
	struct rwlock lock;
	struct spinlock bind_lock;
	struct spinlock walk_lock;
	struct atomic refcount;
	int present;
	struct list_head node;
	struct list_head devices;
	struct list_head drivers;
	struct list_head walkers;
	int (*match)(struct device *dev, struct device_driver *drv);
};

/**
 * struct device_driver - a driver and the devices bound to it
 * @name: the driver's name; unique among the drivers of its bus
 * @bus: the bus it drives devices of (set before driver_register)
 * @refcount: references: one for the registration, one per bound
 *	device, one per walk standing on it, plus get_driver()s
 * @present: 1 while registered
 * @bus_list: link on @bus's drivers list
 * @devices: the devices bound to it, in binding order
 * @probe: binds a device: 0 on success, a negative errno to decline
 *	(the next driver is then tried); NULL always succeeds
 * @remove: unbinds a device (on device or driver unregistration), called
 *	once dev->driver is NULL and the device is off @devices; may be NULL
 * @release: called when the last reference is dropped; may be NULL
 */
struct device_driver {
	const char *name;
	struct bus_type *bus;
	struct atomic refcount;
	int present;
	struct list_head bus_list;
	struct list_head devices;
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
	void (*release)(struct device_driver *drv);
};

/**
 * struct device - a device on a bus
 * @bus_list: link on @bus's devices list
 * @driver_list: link on @driver's devices list while bound; an empty ring
 *	of its own otherwise
 * @bus: the bus it sits on (set before device_register)
 * @driver: the driver bound to it, or NULL
 * @refcount: references: one for the registration, one per walk
 *	standing on it, plus get_device()s
 * @present: 1 while registered
 * @name: a descriptive name
 * @bus_id: the position on the bus ("00:1f.2"); must not be empty
 * @driver_data: for the bound driver
 * @release: called when the last reference is dropped; may be NULL.  It
 *	may free the device.
 *
 * Zero the structure, fill in @bus, names and @release, then
 * device_register().
 */
struct device {
	struct list_head bus_list;
	struct list_head driver_list;
	struct bus_type *bus;
	struct device_driver *driver;
	struct atomic refcount;
	int present;
	char name[DEVICE_NAME_SIZE];
	char bus_id[BUS_ID_SIZE];
	void *driver_data;
	void (*release)(struct device *dev);
};

#define to_dev(node) container_of(node, struct device, bus_list)
#define to_drv(node) container_of(node, struct device_driver, bus_list)

/* bus.c */
int bus_register(struct bus_type *bus);
int bus_unregister(struct bus_type *bus);
struct bus_type *get_bus(struct bus_type *bus);
void put_bus(struct bus_type *bus);
int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *dev, void *data));
int bus_for_each_drv(struct bus_type *bus, struct device_driver *start,
		     void *data,
		     int (*fn)(struct device_driver *drv, void *data));
bool bus_check(struct bus_type *bus);
#define bus_check(bus) CHECK_CALLER(bus_check, (bus))
bool buses_check(void);
#define buses_check() CHECK_CALLER(buses_check, ())

/* core.c */
int device_register(struct device *dev);
int device_unregister(struct device *dev);
struct device *get_device(struct device *dev);
void put_device(struct device *dev);

/* driver.c */
int driver_register(struct device_driver *drv);
int driver_unregister(struct device_driver *drv);
struct device_driver *get_driver(struct device_driver *drv);
void put_driver(struct device_driver *drv);

/**
 * struct bus_snapshot_driver - a driver in a bus_snapshot
 * @name: its name
 * @bound: the indices in bus_snapshot.devices of the devices bound to it,
 *	in the order of its devices list (first bound first)
 * @nr_bound: how many
 */
struct bus_snapshot_driver {
	const char *name;
	const unsigned int *bound;
	unsigned int nr_bound;
};

/**
 * struct bus_snapshot_device - a device in a bus_snapshot
 * @label: dev_label() of the device
 * @driver: the index in bus_snapshot.drivers of its driver, or -1 when
 *	it is unbound
 */
struct bus_snapshot_device {
	char label[DEVICE_NAME_SIZE];
	int driver;
};

/**
 * struct bus_snapshot - a bus's lists as they stood at one moment
 * @name: the bus's name
 * @refcount: its reference count, less the snapshot's own reference
 * @drivers: the drivers list, newest first
 * @nr_drivers: its length
 * @devices: the devices list, oldest first
 * @nr_devices: its length
 *
 * One allocation, names copied: it stays valid whatever happens to the
 * bus, until bus_snapshot_free().
 */
struct bus_snapshot {
	const char *name;
	int refcount;
	struct bus_snapshot_driver *drivers;
	unsigned int nr_drivers;
	struct bus_snapshot_device *devices;
	unsigned int nr_devices;
};

/* snapshot.c */
const char *dev_label(const struct device *dev);
int bus_snapshot(struct bus_type *bus, struct bus_snapshot **snapp);
void bus_snapshot_free(struct bus_snapshot *snap);

KSTRUCT_EXPORT_END

#endif /* KSTRUCT_DRIVERS_BASE_DEVICE_H */
