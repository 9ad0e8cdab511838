// SPDX-License-Identifier: MIT
/*
 * bench/sctp.c - the SCTP benchmarks ("kstruct bench sctp").
 *
 * Mirrors no kernel file: it measures net/sctp/associola.c's
 * sctp_assoc_lookup_paddr() (sctp/) against what replaced it, and the
 * read side of the RCU-protected transport list against locks.  Every
 * comparison is a ratio of medians from the same run.
 *
 * - lookup_paddr over N = 1 .. 10,000 transports (quick mode: up to
 *   1,000), each lookup of a random existing peer address, against
 *   liburcu's RCU hash table (cds_lfht) keyed by the same address: the
 *   userspace analogue of the rhashtable of transports the kernel moved
 *   to in 2016.  The crossover note names the N at which the
 *   spread shows the hash lookup faster or slower, and those at which it
 *   shows no difference.  Before timing, both are checked to return the
 *   same transport for every key.
 * - readers against a writer: 1 and 2 threads doing lookup_paddr on a
 *   16-transport association while one writer adds and removes a
 *   transport every 20 microseconds (paths change rarely: the read-mostly
 *   case RCU is for), the list read under RCU (list_for_each_entry_rcu, the
 *   writer serialised by the association's lock, frees after a grace
 *   period), under a pthread rwlock, and under a mutex.  Fixed-duration
 *   runs (five of 0.5 s each, the median kept and their spread noted;
 *   quick mode one of 0.2 s, a single measurement); the figure is
 *   lookups per second summed over the readers.
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <arpa/inet.h>
#include <urcu.h> /* the flavour cds_lfht_new() uses */
#include <urcu/rculfhash.h>

#include "bench/bench.h"
#include "compat/ktime.h"
#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/structs.h"
#include "tools/kstruct.h"

#define LOOKUPS_PER_CALL 1024
#define PEER_PORT 5000

static union sctp_addr peer_addr(unsigned long i)
{
	union sctp_addr a;

	memset(&a, 0, sizeof(a));
	a.v4.sin_family = AF_INET;
	a.v4.sin_port = htons(PEER_PORT);
	a.v4.sin_addr.s_addr = htonl(0x0a000000u + (uint32_t)i + 1);
	return a;
}

/* an association with @n peers 10.0.0.1, 10.0.0.2, ... */
static struct sctp_association *asoc_with_peers(unsigned long n)
{
	struct sctp_association *asoc;
	union sctp_addr a;
	unsigned long i;

	asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	if (!asoc)
		return NULL;
	spin_lock(&asoc->base.lock);
	for (i = 0; i < n; i++) {
		a = peer_addr(i);
		if (!sctp_assoc_add_peer(asoc, &a, GFP_KERNEL)) {
			spin_unlock(&asoc->base.lock);
			sctp_association_free(asoc);
			return NULL;
		}
	}
	spin_unlock(&asoc->base.lock);
	return asoc;
}

/* ------------------------------------------------------- list vs hash */

/**
 * struct paddr_node - a transport in the hash table baseline
 * @node: liburcu's hash node
 * @addr: the key
 * @transport: the value
 */
struct paddr_node {
	struct cds_lfht_node node;
	union sctp_addr addr;
	struct sctp_transport *transport;
};

struct lookup_ctx {
	struct sctp_association *asoc;
	struct cds_lfht *ht;
	struct paddr_node *nodes;
	unsigned long added; /* nodes in @ht */
	union sctp_addr keys[LOOKUPS_PER_CALL];
	unsigned long hits;
};

/* a 32-bit mix of the address and port (murmur3's finaliser) */
static unsigned long paddr_hash(const union sctp_addr *a)
{
	uint32_t h = a->v4.sin_addr.s_addr ^ ((uint32_t)a->v4.sin_port << 16);

	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	h ^= h >> 16;
	return h;
}

static int paddr_match(struct cds_lfht_node *node, const void *key)
{
	struct paddr_node *p = caa_container_of(node, struct paddr_node, node);

	return sctp_cmp_addr_exact(&p->addr, key);
}

static struct sctp_transport *hash_lookup(struct cds_lfht *ht,
					  const union sctp_addr *a)
{
	struct cds_lfht_iter iter;
	struct cds_lfht_node *node;

	cds_lfht_lookup(ht, paddr_hash(a), paddr_match, a, &iter);
	node = cds_lfht_iter_get_node(&iter);
	return node ? caa_container_of(node, struct paddr_node, node)
			       ->transport :
		      NULL;
}

static void bench_list_lookup(void *arg)
{
	struct lookup_ctx *ctx = arg;
	unsigned long hits = 0;
	int i;

	for (i = 0; i < LOOKUPS_PER_CALL; i++)
		hits += sctp_assoc_lookup_paddr(ctx->asoc, &ctx->keys[i]) !=
			NULL;
	ctx->hits += hits;
}

static void bench_hash_lookup(void *arg)
{
	struct lookup_ctx *ctx = arg;
	unsigned long hits = 0;
	int i;

	/* one read-side section per lookup, as lookup_paddr takes */
	for (i = 0; i < LOOKUPS_PER_CALL; i++) {
		kstruct_rcu_read_lock();
		hits += hash_lookup(ctx->ht, &ctx->keys[i]) != NULL;
		kstruct_rcu_read_unlock();
	}
	ctx->hits += hits;
}

static void lookup_ctx_free(struct lookup_ctx *ctx)
{
	unsigned long i;

	/*
	 * Delete by our own array: liburcu's cds_lfht_for_each_entry()
	 * forms a container_of() of NULL at the end, which UBSan flags.
	 */
	if (ctx->ht) {
		kstruct_rcu_read_lock();
		for (i = 0; i < ctx->added; i++)
			cds_lfht_del(ctx->ht, &ctx->nodes[i].node);
		kstruct_rcu_read_unlock();
		cds_lfht_destroy(ctx->ht, NULL);
	}
	kfree(ctx->nodes);
	if (ctx->asoc)
		sctp_association_free(ctx->asoc);
	kstruct_rcu_barrier();
	kfree(ctx);
}

static struct lookup_ctx *lookup_ctx_new(unsigned long n, uint64_t *seed)
{
	struct lookup_ctx *ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	struct sctp_transport *t;
	unsigned long i = 0;

	if (!ctx)
		return NULL;
	ctx->asoc = asoc_with_peers(n);
	ctx->nodes = kcalloc(n, sizeof(*ctx->nodes), GFP_KERNEL);
	ctx->ht = cds_lfht_new(1, 1, 0, CDS_LFHT_AUTO_RESIZE, NULL);
	if (!ctx->asoc || !ctx->nodes || !ctx->ht)
		goto err_free;
	kstruct_rcu_read_lock();
	list_for_each_entry(t, &ctx->asoc->peer.transport_addr_list,
			    transports) {
		ctx->nodes[i].addr = t->ipaddr;
		ctx->nodes[i].transport = t;
		cds_lfht_node_init(&ctx->nodes[i].node);
		cds_lfht_add(ctx->ht, paddr_hash(&t->ipaddr),
			     &ctx->nodes[i].node);
		ctx->added = ++i;
	}
	kstruct_rcu_read_unlock();
	for (i = 0; i < LOOKUPS_PER_CALL; i++)
		ctx->keys[i] = peer_addr(bench_rand(seed) % n);
	/* both must find the same transport for every key */
	kstruct_rcu_read_lock();
	for (i = 0; i < LOOKUPS_PER_CALL; i++) {
		t = sctp_assoc_lookup_paddr(ctx->asoc, &ctx->keys[i]);
		if (!t || hash_lookup(ctx->ht, &ctx->keys[i]) != t) {
			kstruct_rcu_read_unlock();
			goto err_free;
		}
	}
	kstruct_rcu_read_unlock();
	return ctx;

err_free:
	lookup_ctx_free(ctx);
	return NULL;
}

static int bench_lookup_paddr(struct bench *b)
{
	static const unsigned long sizes[] = { 1,   4,	  16,	64,
					       256, 1024, 4096, 10000 };
	const char *group = "lookup_paddr: list walk vs cds_lfht";
	unsigned int nsizes = bench_quick(b) ? 6 : ARRAY_SIZE(sizes), s;
	const struct bench_stat *list[ARRAY_SIZE(sizes)];
	const struct bench_stat *hash[ARRAY_SIZE(sizes)];
	uint64_t seed = 0x5c7b;

	bench_axes(b, group, "peer transports on the association (N)",
		   "address lookup", 0);
	for (s = 0; s < nsizes; s++) {
		struct lookup_ctx *ctx = lookup_ctx_new(sizes[s], &seed);
		struct bench_spec spec = {
			.group = group,
			.x = (double)sizes[s],
			.ops = LOOKUPS_PER_CALL,
			.arg = ctx,
		};

		if (!ctx)
			return -ENOMEM;
		spec.series = "list walk (sctp_assoc_lookup_paddr)";
		spec.fn = bench_list_lookup;
		list[s] = bench_measure(b, &spec);
		spec.series = "cds_lfht (RCU hash table)";
		spec.fn = bench_hash_lookup;
		hash[s] = bench_measure(b, &spec);
		bench_ratio(b, group, "list / hash", spec.x, list[s], hash[s]);
		lookup_ctx_free(ctx);
	}
	bench_note_crossover(b, "lookup_paddr", "the hash table",
			     "the list walk", "transports", sizes, nsizes, hash,
			     list);
	return 0;
}

/* ------------------------------------------------- readers vs a writer */

enum read_mode { READ_RCU, READ_RWLOCK, READ_MUTEX };

static const char *const mode_names[] = {
	"RCU (list_for_each_entry_rcu)",
	"pthread rwlock",
	"pthread mutex",
};

struct rw_ctx {
	struct sctp_association *asoc;
	enum read_mode mode;
	pthread_rwlock_t rwlock;
	pthread_mutex_t mutex;
	int stop; /* read and written with __atomic */
	unsigned long lookups[2];
	unsigned long writes;
	int failed;
};

struct reader_arg {
	struct rw_ctx *ctx;
	int id;
};

/* the walk every mode does: the list is never changed under a reader */
static struct sctp_transport *walk(struct sctp_association *asoc,
				   const union sctp_addr *a)
{
	struct sctp_transport *t;

	list_for_each_entry_rcu(t, &asoc->peer.transport_addr_list, transports)
		if (sctp_cmp_addr_exact(&t->ipaddr, a))
			return t;
	return NULL;
}

static void *reader(void *p)
{
	struct reader_arg *ra = p;
	struct rw_ctx *ctx = ra->ctx;
	uint64_t seed = 77 + (uint64_t)ra->id;
	unsigned long n = 0, missed = 0;
	union sctp_addr a;

	rcu_register_thread();
	while (!__atomic_load_n(&ctx->stop, __ATOMIC_RELAXED)) {
		int i;

		for (i = 0; i < 64; i++) {
			a = peer_addr(bench_rand(&seed) % 16);
			switch (ctx->mode) {
			case READ_RCU:
				kstruct_rcu_read_lock();
				missed += !walk(ctx->asoc, &a);
				kstruct_rcu_read_unlock();
				break;
			case READ_RWLOCK:
				pthread_rwlock_rdlock(&ctx->rwlock);
				missed += !walk(ctx->asoc, &a);
				pthread_rwlock_unlock(&ctx->rwlock);
				break;
			case READ_MUTEX:
				pthread_mutex_lock(&ctx->mutex);
				missed += !walk(ctx->asoc, &a);
				pthread_mutex_unlock(&ctx->mutex);
				break;
			}
		}
		n += 64;
	}
	ctx->lookups[ra->id] = n;
	if (missed) /* the 16 stable peers are always there */
		__atomic_store_n(&ctx->failed, 1, __ATOMIC_RELAXED);
	rcu_unregister_thread();
	return NULL;
}

static void write_lock_mode(struct rw_ctx *ctx)
{
	if (ctx->mode == READ_RWLOCK)
		pthread_rwlock_wrlock(&ctx->rwlock);
	else if (ctx->mode == READ_MUTEX)
		pthread_mutex_lock(&ctx->mutex);
	spin_lock(&ctx->asoc->base.lock);
}

static void write_unlock_mode(struct rw_ctx *ctx)
{
	spin_unlock(&ctx->asoc->base.lock);
	if (ctx->mode == READ_RWLOCK)
		pthread_rwlock_unlock(&ctx->rwlock);
	else if (ctx->mode == READ_MUTEX)
		pthread_mutex_unlock(&ctx->mutex);
}

/* adds a 17th peer and removes it again, over and over */
static void *writer(void *p)
{
	struct rw_ctx *ctx = p;
	union sctp_addr extra = peer_addr(16);
	struct timespec gap = { .tv_sec = 0, .tv_nsec = 20000 };
	struct sctp_transport *t;

	rcu_register_thread();
	while (!__atomic_load_n(&ctx->stop, __ATOMIC_RELAXED)) {
		write_lock_mode(ctx);
		t = sctp_assoc_add_peer(ctx->asoc, &extra, GFP_KERNEL);
		write_unlock_mode(ctx);
		if (!t) {
			__atomic_store_n(&ctx->failed, 1, __ATOMIC_RELAXED);
			break;
		}
		nanosleep(&gap, NULL);
		write_lock_mode(ctx);
		sctp_assoc_rm_peer(ctx->asoc, t);
		write_unlock_mode(ctx);
		ctx->writes++;
		nanosleep(&gap, NULL);
	}
	rcu_unregister_thread();
	return NULL;
}

static int rw_run(struct rw_ctx *ctx, int nreaders, double seconds,
		  double *per_second)
{
	struct reader_arg ra[2];
	pthread_t r[2], w;
	uint64_t t0, t1;
	struct timespec pause = {
		.tv_sec = (time_t)seconds,
		.tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9),
	};
	double elapsed;
	int i, started = 0;

	__atomic_store_n(&ctx->stop, 0, __ATOMIC_RELAXED);
	ctx->writes = 0;
	ctx->lookups[0] = ctx->lookups[1] = 0;
	t0 = ktime_get_ns();
	if (pthread_create(&w, NULL, writer, ctx))
		return -EAGAIN;
	for (i = 0; i < nreaders; i++) {
		ra[i].ctx = ctx;
		ra[i].id = i;
		if (pthread_create(&r[i], NULL, reader, &ra[i]))
			break;
		started++;
	}
	nanosleep(&pause, NULL);
	__atomic_store_n(&ctx->stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < started; i++)
		pthread_join(r[i], NULL);
	pthread_join(w, NULL);
	t1 = ktime_get_ns();
	kstruct_rcu_barrier();
	if (started != nreaders || ctx->failed)
		return -EIO;
	elapsed = (double)(t1 - t0) / 1e9;
	*per_second = (double)(ctx->lookups[0] + ctx->lookups[1]) / elapsed;
	return 0;
}

#define RW_RUNS 5 /* fixed-duration runs per case, median kept */

/* the median of @n values (sorts them) */
static double median(double *v, int n)
{
	int i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double tmp = v[j];

			v[j] = v[j - 1];
			v[j - 1] = tmp;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* @n runs' lookups per second as statistics of ns per lookup (sorts them) */
static void rate_stat(double *runs, int n, struct bench_stat *st)
{
	memset(st, 0, sizeof(*st));
	st->median_ns = 1e9 / median(runs, n);
	if (runs[0] <= 0)
		return;
	st->min_ns = 1e9 / runs[n - 1];
	st->max_ns = 1e9 / runs[0];
	st->reps = n;
	st->ops = 1;
}

/*
 * The note on RCU's lookups per second against @other's: the ratio of
 * the medians with the spread of the runs and what it shows, or, from a
 * single run each, the ratio alone said to be one measurement.
 */
static void rate_phrase(char *buf, size_t size, const struct bench_stat *rcu,
			const struct bench_stat *other, const char *name)
{
	static const char *const shown[] = {
		[BENCH_NOT_SHOWN] = "no difference shown",
		[BENCH_FASTER] = "RCU slower",
		[BENCH_SLOWER] = "RCU faster",
	};
	double low, high;
	enum bench_order order = bench_compare(other, rcu, &low, &high);

	if (rcu->reps < 2)
		snprintf(buf, size, "RCU %.2fx %s",
			 other->median_ns / rcu->median_ns, name);
	else
		snprintf(buf, size, "RCU %.2fx %s (spread %.3g..%.3gx: %s)",
			 other->median_ns / rcu->median_ns, name, low, high,
			 shown[order]);
}

static int bench_readers(struct bench *b)
{
	const char *group = "lookup_paddr readers vs one writer (16 peers)";
	double seconds = bench_quick(b) ? 0.2 : 0.5;
	struct bench_stat rate[3][2];
	char rw[128], mx[128];
	int nruns = bench_quick(b) ? 1 : RW_RUNS;
	struct rw_ctx *ctx;
	int mode, nreaders, err = 0;
	char what[96];

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->asoc = asoc_with_peers(16);
	if (!ctx->asoc) {
		kfree(ctx);
		return -ENOMEM;
	}
	pthread_rwlock_init(&ctx->rwlock, NULL);
	pthread_mutex_init(&ctx->mutex, NULL);
	for (mode = READ_RCU; mode <= READ_MUTEX && !err; mode++) {
		for (nreaders = 1; nreaders <= 2 && !err; nreaders++) {
			double runs[RW_RUNS], writes[RW_RUNS];
			int r;

			ctx->mode = (enum read_mode)mode;
			for (r = 0; r < nruns && !err; r++) {
				err = rw_run(ctx, nreaders, seconds, &runs[r]);
				writes[r] = (double)ctx->writes / seconds;
			}
			if (err)
				break;
			rate_stat(runs, nruns, &rate[mode][nreaders - 1]);
			snprintf(what, sizeof(what), "lookups/s, %s",
				 mode_names[mode]);
			bench_value(b, group, what, nreaders,
				    median(runs, nruns));
			snprintf(what, sizeof(what), "writer add+remove/s, %s",
				 mode_names[mode]);
			bench_value(b, group, what, nreaders,
				    median(writes, nruns));
		}
	}
	for (nreaders = 1; nreaders <= 2 && !err; nreaders++) {
		const struct bench_stat *rcu = &rate[READ_RCU][nreaders - 1];

		rate_phrase(rw, sizeof(rw), rcu,
			    &rate[READ_RWLOCK][nreaders - 1], "the rwlock");
		rate_phrase(mx, sizeof(mx), rcu,
			    &rate[READ_MUTEX][nreaders - 1], "the mutex");
		if (nruns > 1)
			bench_note(
				b,
				"%d reader(s), lookups/s, median of %d runs each: %s, %s",
				nreaders, nruns, rw, mx);
		else
			bench_note(
				b,
				"%d reader(s), lookups/s, one run each (a single measurement, no spread): %s, %s",
				nreaders, rw, mx);
	}
	sctp_association_free(ctx->asoc);
	kstruct_rcu_barrier();
	pthread_rwlock_destroy(&ctx->rwlock);
	pthread_mutex_destroy(&ctx->mutex);
	kfree(ctx);
	return err;
}

static int bench_sctp(struct bench *b)
{
	int err;

	rcu_register_thread();
	err = bench_lookup_paddr(b);
	if (!err)
		err = bench_readers(b);
	rcu_unregister_thread();
	return err;
}

KSTRUCT_BENCH("sctp", 50,
	      "lookup_paddr: list vs RCU hash table; RCU "
	      "readers vs rwlock and mutex",
	      bench_sctp);
