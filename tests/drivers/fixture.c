// SPDX-License-Identifier: MIT
/*
 * tests/drivers/fixture.c - the test bus, devices and drivers shared by
 * the drivers/ suites (see fixture.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/drivers/fixture.h"

struct fx_event fx_log[FX_LOG_MAX];
int fx_nlog;
bool fx_log_enabled = true;
atomic_long fx_probes_ok, fx_probes_failed, fx_removes;
atomic_long fx_dev_releases, fx_drv_releases;

static void fx_record(enum fx_event_type type, struct device *dev,
		      struct device_driver *drv)
{
	if (!fx_log_enabled || fx_nlog >= FX_LOG_MAX)
		return;
	fx_log[fx_nlog].type = type;
	fx_log[fx_nlog].dev = dev;
	fx_log[fx_nlog].drv = drv;
	if (dev && (type == FX_PROBE || type == FX_REMOVE)) {
		fx_log[fx_nlog].seen = dev->driver;
		fx_log[fx_nlog].on_driver_list = !list_empty(&dev->driver_list);
	}
	fx_nlog++;
}

void fx_log_reset(void)
{
	fx_nlog = 0;
	memset(fx_log, 0, sizeof(fx_log));
}

bool fx_log_is(int i, enum fx_event_type type, struct device *dev,
	       struct device_driver *drv)
{
	return i < fx_nlog && fx_log[i].type == type && fx_log[i].dev == dev &&
	       fx_log[i].drv == drv;
}

int fx_match(struct device *dev, struct device_driver *drv)
{
	fx_record(FX_MATCH, dev, drv);
	return !!(to_fx_driver(drv)->kinds & (1u << to_fx_device(dev)->kind));
}

bool fx_probe_ok(const struct fx_device *dev, const struct fx_driver *drv)
{
	if (drv->probe_error)
		return false;
	return !drv->fail_every || (dev->id + drv->id) % drv->fail_every;
}

static int fx_probe(struct device *dev)
{
	struct fx_driver *drv = to_fx_driver(dev->driver);

	/* dev->driver is the driver being tried while probe runs */
	fx_record(FX_PROBE, dev, dev->driver);
	if (!fx_probe_ok(to_fx_device(dev), drv)) {
		atomic_fetch_add(&fx_probes_failed, 1);
		return drv->probe_error ? drv->probe_error : -ENODEV;
	}
	atomic_fetch_add(&fx_probes_ok, 1);
	to_fx_device(dev)->bound_to = dev->driver;
	return 0;
}

static int fx_remove(struct device *dev)
{
	fx_record(FX_REMOVE, dev, to_fx_device(dev)->bound_to);
	atomic_fetch_add(&fx_removes, 1);
	return 0;
}

static void fx_device_release(struct device *dev)
{
	struct fx_device *fd = to_fx_device(dev);

	fx_record(FX_RELEASE_DEV, dev, NULL);
	atomic_fetch_add(&fx_dev_releases, 1);
	if (fd->heap)
		kfree(fd);
}

static void fx_driver_release(struct device_driver *drv)
{
	struct fx_driver *fd = to_fx_driver(drv);

	fx_record(FX_RELEASE_DRV, NULL, drv);
	atomic_fetch_add(&fx_drv_releases, 1);
	if (fd->heap)
		kfree(fd);
}

struct bus_type *fx_bus_init(struct bus_type *bus, const char *name)
{
	memset(bus, 0, sizeof(*bus));
	bus->name = name;
	bus->match = fx_match;
	return bus;
}

void fx_device_init(struct fx_device *fd, struct bus_type *bus, int id,
		    unsigned int kind)
{
	memset(fd, 0, sizeof(*fd));
	fd->dev.bus = bus;
	fd->dev.release = fx_device_release;
	snprintf(fd->dev.name, sizeof(fd->dev.name), "dev%d", id);
	snprintf(fd->dev.bus_id, sizeof(fd->dev.bus_id), "00:%02x.0",
		 id & 0xff);
	fd->kind = kind;
	fd->id = id;
}

void fx_driver_init(struct fx_driver *fd, struct bus_type *bus, int id,
		    unsigned int kinds)
{
	memset(fd, 0, sizeof(*fd));
	snprintf(fd->name, sizeof(fd->name), "drv%d", id);
	fd->drv.name = fd->name;
	fd->drv.bus = bus;
	fd->drv.probe = fx_probe;
	fd->drv.remove = fx_remove;
	fd->drv.release = fx_driver_release;
	fd->kinds = kinds;
	fd->id = id;
}

struct fx_device *fx_device_new(struct bus_type *bus, int id, unsigned int kind)
{
	struct fx_device *fd = kzalloc(sizeof(*fd), GFP_KERNEL);

	if (!fd)
		return NULL;
	fx_device_init(fd, bus, id, kind);
	fd->heap = true;
	return fd;
}

struct fx_driver *fx_driver_new(struct bus_type *bus, int id,
				unsigned int kinds)
{
	struct fx_driver *fd = kzalloc(sizeof(*fd), GFP_KERNEL);

	if (!fd)
		return NULL;
	fx_driver_init(fd, bus, id, kinds);
	fd->heap = true;
	return fd;
}
