/* SPDX-License-Identifier: MIT */
/*
 * tests/drivers/fixture.h - a test bus whose devices have a kind and whose
 * drivers accept a set of kinds, with every match, probe, remove and
 * release recorded in order.
 */
#ifndef KSTRUCT_TESTS_DRIVERS_FIXTURE_H
#define KSTRUCT_TESTS_DRIVERS_FIXTURE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "drivers/base/device.h"

/**
 * struct fx_device - a test device
 * @dev: the device
 * @kind: matched against a driver's @kinds
 * @id: small number, for the probe rule and messages
 * @heap: allocated by fx_device_new() (release frees it)
 * @bound_to: the driver whose probe last took it (its remove is the one
 *	that runs, whatever dev->driver says by then)
 */
struct fx_device {
	struct device dev;
	unsigned int kind;
	int id;
	bool heap;
	struct device_driver *bound_to;
};

/**
 * struct fx_driver - a test driver
 * @drv: the driver
 * @kinds: bit k set: the driver can drive devices of kind k
 * @probe_error: what probe returns (0 binds)
 * @fail_every: if non-zero, probe also fails when (dev id + driver id) is
 *	a multiple of it
 * @id: small number
 * @heap: allocated by fx_driver_new()
 * @name: storage for drv.name
 */
struct fx_driver {
	struct device_driver drv;
	unsigned int kinds;
	int probe_error;
	int fail_every;
	int id;
	bool heap;
	char name[24];
};

enum fx_event_type {
	FX_MATCH,
	FX_PROBE,
	FX_REMOVE,
	FX_RELEASE_DEV,
	FX_RELEASE_DRV,
};

/**
 * struct fx_event - one recorded call
 * @type: which
 * @dev: the device (NULL for FX_RELEASE_DRV)
 * @drv: the driver (for FX_PROBE, the value of dev->driver during probe;
 *	for FX_REMOVE, the driver whose remove runs)
 * @seen: for FX_PROBE and FX_REMOVE, dev->driver while the call ran
 * @on_driver_list: for FX_REMOVE, whether the device was still on a
 *	driver's devices list
 */
struct fx_event {
	enum fx_event_type type;
	struct device *dev;
	struct device_driver *drv;
	struct device_driver *seen;
	bool on_driver_list;
};

#define FX_LOG_MAX 512

/* the log (single-threaded suites only; fx_log_enabled = false otherwise) */
extern struct fx_event fx_log[FX_LOG_MAX];
extern int fx_nlog;
extern bool fx_log_enabled;

/* counted in every suite, threaded ones included */
extern atomic_long fx_probes_ok, fx_probes_failed, fx_removes;
extern atomic_long fx_dev_releases, fx_drv_releases;

void fx_log_reset(void);
/* 1 when event @i is (@type, @dev, @drv) */
bool fx_log_is(int i, enum fx_event_type type, struct device *dev,
	       struct device_driver *drv);

/* a zeroed bus named @name whose match is fx_match; returns it */
struct bus_type *fx_bus_init(struct bus_type *bus, const char *name);
int fx_match(struct device *dev, struct device_driver *drv);

void fx_device_init(struct fx_device *fd, struct bus_type *bus, int id,
		    unsigned int kind);
void fx_driver_init(struct fx_driver *fd, struct bus_type *bus, int id,
		    unsigned int kinds);
/* kzalloc'ed, released (kfree) by their release functions; NULL on -ENOMEM */
struct fx_device *fx_device_new(struct bus_type *bus, int id,
				unsigned int kind);
struct fx_driver *fx_driver_new(struct bus_type *bus, int id,
				unsigned int kinds);

static inline struct fx_device *to_fx_device(struct device *dev)
{
	return container_of(dev, struct fx_device, dev);
}

static inline struct fx_driver *to_fx_driver(struct device_driver *drv)
{
	return container_of(drv, struct fx_driver, drv);
}

/* would probe(@dev) by @drv succeed? (the rule fx's probe applies) */
bool fx_probe_ok(const struct fx_device *dev, const struct fx_driver *drv);

#endif /* KSTRUCT_TESTS_DRIVERS_FIXTURE_H */
