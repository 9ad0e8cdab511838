// SPDX-License-Identifier: MIT
/*
 * tests/compile/fail_bus_walk.c - compile_fail: bus_for_each_dev() and
 * bus_for_each_drv() share one walk in drivers/base/bus.c, but each keeps
 * its kernel signature, so a callback for the other kind of entry is
 * refused.  Built once with -DWALK_DRV (a device callback given to
 * bus_for_each_drv) and once without (a driver callback given to
 * bus_for_each_dev).
 */
#include "drivers/base/device.h"

static int visit_driver(struct device_driver *drv, void *data)
{
	(void)drv;
	(void)data;
	return 0;
}

static int visit_device(struct device *dev, void *data)
{
	(void)dev;
	(void)data;
	return 0;
}

int walk(struct bus_type *bus);

int walk(struct bus_type *bus)
{
#if defined(WALK_DRV) && defined(FAIL)
	(void)visit_driver;
	return bus_for_each_drv(bus, NULL, NULL, visit_device);
#elif defined(WALK_DRV)
	(void)visit_device;
	return bus_for_each_drv(bus, NULL, NULL, visit_driver);
#elif defined(FAIL)
	(void)visit_device;
	return bus_for_each_dev(bus, NULL, NULL, visit_driver);
#else
	(void)visit_driver;
	return bus_for_each_dev(bus, NULL, NULL, visit_device);
#endif
}
