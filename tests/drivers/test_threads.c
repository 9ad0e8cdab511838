// SPDX-License-Identifier: MIT
/*
 * tests/drivers/test_threads.c - the bus under concurrent registrations,
 * unregistrations (some from inside walks) and walks.
 *
 * Threads: two device owners and one driver owner (each registers new
 * heap objects, unregisters its own directly or from inside a walk of
 * the bus), two read-only walkers (full walks and walks stopped early),
 * and a checker running bus_check.  Objects free themselves in release,
 * so ASan sees any use after the last reference; TSan (CI reruns
 * the threaded suites under it) sees any unlocked access.  Nothing is
 * asserted in a thread: results are collected, the threads joined, then
 * everything is checked.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "compat/slab.h"
#include "tests/drivers/fixture.h"
#include "tests/ktest.h"
#include "tests/peers.h"
#include "tests/report.h"

#define OWNED_MAX 8
#define OWNER_STEPS 20000
#define WALKER_STEPS 20000
#define CHECKER_STEPS 2000

static struct bus_type bus;
static atomic_int next_serial;
static atomic_long devices_made, drivers_made;

struct owner {
	pthread_t thread;
	bool drivers; /* owns drivers, not devices */
	unsigned long long rng;
	struct fx_device *dev[OWNED_MAX];
	struct fx_driver *drv[OWNED_MAX];
	int n;
	long errors, registered, unregistered, unregistered_in_walk;
	long out_of_memory;
};

struct walker {
	pthread_t thread;
	unsigned long long rng;
	long errors, walks, visits;
	int seen[64];
	int nseen;
	int stop_at;
};

static unsigned int rnd(unsigned long long *state, unsigned int n)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return (unsigned int)(*state % n);
}

static void owner_forget(struct owner *o, int k)
{
	o->n--;
	o->dev[k] = o->dev[o->n];
	o->drv[k] = o->drv[o->n];
}

static int owner_find(struct owner *o, const void *obj)
{
	int k;

	for (k = 0; k < o->n; k++)
		if (o->drivers ? (const void *)o->drv[k] == obj :
				 (const void *)o->dev[k] == obj)
			return k;
	return -1;
}

/* inside a walk: unregister the entry if it is ours and the dice agree */
static int owner_dev_fn(struct device *dev, void *data)
{
	struct owner *o = data;
	int k = owner_find(o, to_fx_device(dev));

	if (k >= 0 && rnd(&o->rng, 2)) {
		if (device_unregister(dev))
			o->errors++;
		owner_forget(o, k);
		o->unregistered_in_walk++;
	}
	return 0;
}

static int owner_drv_fn(struct device_driver *drv, void *data)
{
	struct owner *o = data;
	int k = owner_find(o, to_fx_driver(drv));

	if (k >= 0 && rnd(&o->rng, 2)) {
		if (driver_unregister(drv))
			o->errors++;
		owner_forget(o, k);
		o->unregistered_in_walk++;
	}
	return 0;
}

static void owner_register(struct owner *o)
{
	int serial = atomic_fetch_add(&next_serial, 1);
	int ret;

	if (o->drivers) {
		struct fx_driver *drv =
			fx_driver_new(&bus, serial, 1u + rnd(&o->rng, 15));

		if (!drv) {
			o->out_of_memory++;
			return;
		}
		drv->fail_every = (int)rnd(&o->rng, 4);
		atomic_fetch_add(&drivers_made, 1);
		ret = driver_register(&drv->drv);
		o->drv[o->n] = drv;
	} else {
		struct fx_device *dev =
			fx_device_new(&bus, serial, rnd(&o->rng, 4));

		if (!dev) {
			o->out_of_memory++;
			return;
		}
		atomic_fetch_add(&devices_made, 1);
		ret = device_register(&dev->dev);
		o->dev[o->n] = dev;
	}
	if (ret) {
		o->errors++;
		return; /* leaks on purpose: the suite then fails */
	}
	o->n++;
	o->registered++;
}

static void owner_unregister(struct owner *o, int k)
{
	int ret = o->drivers ? driver_unregister(&o->drv[k]->drv) :
			       device_unregister(&o->dev[k]->dev);

	if (ret)
		o->errors++;
	owner_forget(o, k);
	o->unregistered++;
}

static void *owner_thread(void *arg)
{
	struct owner *o = arg;
	int step, ret;

	for (step = 0; step < OWNER_STEPS; step++) {
		switch (rnd(&o->rng, 4)) {
		case 0:
		case 1:
			if (o->n < OWNED_MAX)
				owner_register(o);
			break;
		case 2:
			if (o->n)
				owner_unregister(o,
						 (int)rnd(&o->rng,
							  (unsigned int)o->n));
			break;
		default:
			ret = o->drivers ? bus_for_each_drv(&bus, NULL, o,
							    owner_drv_fn) :
					   bus_for_each_dev(&bus, NULL, o,
							    owner_dev_fn);
			if (ret)
				o->errors++;
			break;
		}
	}
	return NULL;
}

/* a read-only walk: no entry twice, stops exactly where told */
static bool walker_saw(struct walker *w, int id)
{
	int k;

	for (k = 0; k < w->nseen; k++)
		if (w->seen[k] == id)
			return true;
	if (w->nseen < 64)
		w->seen[w->nseen++] = id;
	return false;
}

/* the value the walk ends with once the stop_at-th entry is visited */
static int walker_stops(const struct walker *w)
{
	if (w->stop_at < 0 || w->nseen - 1 != w->stop_at)
		return 0;
	return 1000 + w->stop_at;
}

static int walker_dev_fn(struct device *dev, void *data)
{
	struct walker *w = data;

	w->visits++;
	if (walker_saw(w, to_fx_device(dev)->id))
		w->errors++;
	if (atomic_read(&dev->refcount) < 1)
		w->errors++;
	return walker_stops(w);
}

static int walker_drv_fn(struct device_driver *drv, void *data)
{
	struct walker *w = data;

	w->visits++;
	if (walker_saw(w, to_fx_driver(drv)->id))
		w->errors++;
	return walker_stops(w);
}

static void *walker_thread(void *arg)
{
	struct walker *w = arg;
	struct peers_wait wait = { 0 };
	int step, ret;

	/* on past WALKER_STEPS until the owners' entries have been walked */
	for (step = 0;
	     step < WALKER_STEPS || (!w->visits && peers_wait_more(&wait));
	     step++) {
		bool drivers = rnd(&w->rng, 2);

		w->nseen = 0;
		w->stop_at = rnd(&w->rng, 3) ? -1 : (int)rnd(&w->rng, 4);
		ret = drivers ? bus_for_each_drv(&bus, NULL, w, walker_drv_fn) :
				bus_for_each_dev(&bus, NULL, w, walker_dev_fn);
		/* stopped where told, or ran to the end of a shorter list */
		if (ret != walker_stops(w))
			w->errors++;
		w->walks++;
	}
	return NULL;
}

static void *checker_thread(void *arg)
{
	long *failures = arg;
	int step;

	for (step = 0; step < CHECKER_STEPS; step++)
		if (!bus_check(&bus))
			(*failures)++;
	return NULL;
}

static int threads_setup(void)
{
	report_start(); /* bus_check() reports from its thread */
	fx_log_enabled = false;
	fx_bus_init(&bus, "threads");
	return bus_register(&bus);
}

static int threads_teardown(void)
{
	report_stop();
	fx_log_enabled = true;
	return bus_unregister(&bus);
}

static void test_concurrent_bus(void)
{
	struct owner owners[3];
	struct walker walkers[2];
	pthread_t checker;
	long check_failures = 0, errors = 0, made_dev, made_drv;
	long dev_releases = atomic_load(&fx_dev_releases);
	long drv_releases = atomic_load(&fx_drv_releases);
	long probes, removes, bound = 0;
	struct device *dev;
	int i, k, started = 0, reports = report_count;

	atomic_store(&devices_made, 0);
	atomic_store(&drivers_made, 0);
	probes = atomic_load(&fx_probes_ok);
	removes = atomic_load(&fx_removes);
	memset(owners, 0, sizeof(owners));
	memset(walkers, 0, sizeof(walkers));
	for (i = 0; i < 3; i++) {
		owners[i].drivers = i == 2;
		owners[i].rng = 0x9e3779b97f4a7c15ull * (unsigned)(i + 1);
		if (!pthread_create(&owners[i].thread, NULL, owner_thread,
				    &owners[i]))
			started++;
	}
	for (i = 0; i < 2; i++) {
		walkers[i].rng = 0xd1b54a32d192ed03ull * (unsigned)(i + 7);
		if (!pthread_create(&walkers[i].thread, NULL, walker_thread,
				    &walkers[i]))
			started++;
	}
	if (!pthread_create(&checker, NULL, checker_thread, &check_failures))
		started++;
	CU_ASSERT_EQUAL_FATAL(started, 6);
	for (i = 0; i < 3; i++)
		pthread_join(owners[i].thread, NULL);
	for (i = 0; i < 2; i++)
		pthread_join(walkers[i].thread, NULL);
	pthread_join(checker, NULL);

	for (i = 0; i < 3; i++) {
		errors += owners[i].errors;
		CU_ASSERT_EQUAL(owners[i].out_of_memory, 0);
		/* each kind of step actually happened */
		CU_ASSERT(owners[i].registered > 50);
		CU_ASSERT(owners[i].unregistered > 10);
		CU_ASSERT(owners[i].unregistered_in_walk > 10);
	}
	for (i = 0; i < 2; i++) {
		errors += walkers[i].errors;
		CU_ASSERT(walkers[i].walks >= WALKER_STEPS);
		CU_ASSERT(walkers[i].visits > 0);
	}
	CU_ASSERT_EQUAL(errors, 0);
	CU_ASSERT_EQUAL(check_failures, 0);
	CU_ASSERT_EQUAL(report_count, reports);
	CU_ASSERT(list_empty(&bus.walkers));
	CU_ASSERT(bus_check(&bus));

	/* what is still registered is exactly what the owners hold */
	CU_ASSERT_EQUAL(list_count_nodes(&bus.devices),
			(unsigned long)(owners[0].n + owners[1].n));
	CU_ASSERT_EQUAL(list_count_nodes(&bus.drivers),
			(unsigned long)owners[2].n);
	list_for_each_entry(dev, &bus.devices, bus_list)
		bound += dev->driver != NULL;
	/* every successful probe was either removed or is still bound */
	CU_ASSERT_EQUAL(atomic_load(&fx_probes_ok) - probes,
			atomic_load(&fx_removes) - removes + bound);

	for (i = 0; i < 3; i++)
		for (k = owners[i].n - 1; k >= 0; k--)
			owner_unregister(&owners[i], k);
	CU_ASSERT(list_empty(&bus.devices));
	CU_ASSERT(list_empty(&bus.drivers));
	CU_ASSERT_EQUAL(atomic_read(&bus.refcount), 1);
	CU_ASSERT(bus_check(&bus));
	/* every object was released (and freed) exactly once */
	made_dev = atomic_load(&devices_made);
	made_drv = atomic_load(&drivers_made);
	CU_ASSERT_EQUAL(atomic_load(&fx_dev_releases) - dev_releases, made_dev);
	CU_ASSERT_EQUAL(atomic_load(&fx_drv_releases) - drv_releases, made_drv);
	CU_ASSERT_EQUAL(atomic_load(&fx_probes_ok) - probes,
			atomic_load(&fx_removes) - removes);
}

/*
 * A bus that comes and goes: one thread registers it, puts a device on
 * it, takes both away again, over and over, while two others walk it.
 * Walks see either -ENODEV (not registered) or a complete walk; a walk in
 * progress holds the bus, so registering it again meanwhile is -EBUSY,
 * and its locks are never set up again under a walk's feet.
 */
#define CHURN_STEPS 3000

static struct bus_type aux;

struct churn {
	pthread_t thread;
	long errors, cycles, busy;
};

struct aux_walker {
	pthread_t thread;
	long errors, walked, absent;
};

static int aux_count(struct device *dev, void *data)
{
	long *visits = data;

	(*visits)++;
	return dev->bus == &aux ? 0 : -EINVAL;
}

static void *churn_thread(void *arg)
{
	struct churn *c = arg;
	struct fx_device *dev;
	int step, ret;

	for (step = 0; step < CHURN_STEPS; step++) {
		ret = bus_register(&aux);
		if (ret == -EBUSY) {
			c->busy++; /* a walk still holds the old one */
			continue;
		}
		if (ret) {
			c->errors++;
			continue;
		}
		dev = fx_device_new(&aux, 100000 + step, 0);
		if (!dev || device_register(&dev->dev))
			c->errors++;
		else if (device_unregister(&dev->dev))
			c->errors++; /* frees it, now or after a walk */
		if (bus_unregister(&aux))
			c->errors++;
		c->cycles++;
	}
	return NULL;
}

static void *aux_walker_thread(void *arg)
{
	struct aux_walker *w = arg;
	int step, ret;

	for (step = 0; step < CHURN_STEPS; step++) {
		long visits = 0;

		ret = bus_for_each_dev(&aux, NULL, &visits, aux_count);
		if (ret == -ENODEV)
			w->absent++;
		else if (ret || visits > 1)
			w->errors++;
		else
			w->walked++;
	}
	return NULL;
}

static void test_bus_churn(void)
{
	struct churn c = { .errors = 0 };
	struct aux_walker w[2];
	long dev_releases = atomic_load(&fx_dev_releases);
	int i, started = 0;

	memset(w, 0, sizeof(w));
	fx_bus_init(&aux, "threads-aux");
	if (!pthread_create(&c.thread, NULL, churn_thread, &c))
		started++;
	for (i = 0; i < 2; i++)
		if (!pthread_create(&w[i].thread, NULL, aux_walker_thread,
				    &w[i]))
			started++;
	CU_ASSERT_EQUAL_FATAL(started, 3);
	pthread_join(c.thread, NULL);
	for (i = 0; i < 2; i++)
		pthread_join(w[i].thread, NULL);

	CU_ASSERT_EQUAL(c.errors, 0);
	CU_ASSERT(c.cycles > 0);
	CU_ASSERT_EQUAL(c.cycles + c.busy, CHURN_STEPS);
	for (i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL(w[i].errors, 0);
		CU_ASSERT_EQUAL(w[i].walked + w[i].absent, CHURN_STEPS);
	}
	/* every device made was released, the bus is gone for good */
	CU_ASSERT_EQUAL(atomic_load(&fx_dev_releases) - dev_releases, c.cycles);
	CU_ASSERT_EQUAL(aux.present, 0);
	CU_ASSERT_EQUAL(atomic_read(&aux.refcount), 0);
	CU_ASSERT(buses_check());
}

static CU_TestInfo threads_tests[] = {
	{ "owners, walkers and a checker at once", test_concurrent_bus },
	{ "a bus registered and unregistered under walkers", test_bus_churn },
	CU_TEST_INFO_NULL,
};

/* "drivers/threads/...": the runner's --threaded selects it */
KTEST_SUITE("drivers/threads/bus_for_each_dev", threads_tests, threads_setup,
	    threads_teardown)
