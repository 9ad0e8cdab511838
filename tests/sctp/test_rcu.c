// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_rcu.c - RCU readers of the transport and bind address
 * lists against writers that add and remove entries under a lock and
 * free them with call_rcu().
 *
 * Readers (registered liburcu threads) run sctp_assoc_lookup_paddr() and
 * sctp_bind_addr_has_addr() until the writers are done, and inside their
 * read-side critical sections read the transports they found: a
 * transport freed too early is a use-after-free ASan reports, or a wrong
 * address the reader counts.  The addresses that are never removed must
 * always be found.  The writers run a fixed number of seeded steps (no
 * timing); after they finish, kstruct_rcu_barrier() must bring the
 * allocation count back.  Results are collected per thread and asserted
 * after join (CUnit is not thread-safe).
 *
 * ThreadSanitizer: the lists are annotated (list/rculist.h) and the leak
 * checks wait with kstruct_rcu_barrier(), whose edges TSan can see.  A
 * transport freed without a grace period is reported (checked by hand:
 * replacing the call_rcu() in sctp_transport_put() by a direct free makes
 * this suite fail under TSan and ASan).
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

#include "list/rculist.h"
#include "tests/sctp/sctp_test.h"

#define NREADERS 2
#define NSTABLE 4
#define NVOLATILE 8
#define WRITER_STEPS 3000

struct rcu_stress {
	struct sctp_association *asoc;
	struct sock *sk;
	atomic_int done;
	atomic_int started; /* readers running: the writer waits */
	/* per reader results */
	unsigned long lookups[NREADERS];
	unsigned long missing[NREADERS];
	unsigned long wrong[NREADERS];
	int reader_id;
	pthread_mutex_t id_lock;
	/* writer results */
	unsigned long writer_errors;
};

static union sctp_addr stable_addr(unsigned int i)
{
	char ip[32];

	snprintf(ip, sizeof(ip), "10.1.0.%u", i + 1);
	return sctp_test_v4(ip, 5000);
}

static union sctp_addr volatile_addr(unsigned int i)
{
	char ip[32];

	snprintf(ip, sizeof(ip), "2001:db8::%u", i + 1);
	return sctp_test_v6(ip, 5000);
}

static int next_reader_id(struct rcu_stress *st)
{
	int id;

	pthread_mutex_lock(&st->id_lock);
	id = st->reader_id++;
	pthread_mutex_unlock(&st->id_lock);
	return id;
}

static void *reader(void *arg)
{
	struct rcu_stress *st = arg;
	struct sctp_transport *t;
	union sctp_addr stable[NSTABLE], vol[NVOLATILE];
	int id = next_reader_id(st);
	unsigned int i, round = 0;

	for (i = 0; i < NSTABLE; i++)
		stable[i] = stable_addr(i);
	for (i = 0; i < NVOLATILE; i++)
		vol[i] = volatile_addr(i);
	rcu_register_thread();
	atomic_fetch_add(&st->started, 1);
	while (!atomic_load(&st->done) || round < 50) {
		round++;
		for (i = 0; i < NSTABLE + NVOLATILE; i++) {
			const union sctp_addr *want =
				i < NSTABLE ? &stable[i] : &vol[i - NSTABLE];

			kstruct_rcu_read_lock();
			t = sctp_assoc_lookup_paddr(st->asoc, want);
			/* still inside the read side: t cannot be freed */
			if (t && !sctp_cmp_addr_exact(&t->ipaddr, want))
				st->wrong[id]++;
			if (i < NSTABLE && !t)
				st->missing[id]++;
			if (!sctp_bind_addr_has_addr(&st->asoc->base.bind_addr,
						     want) &&
			    i < NSTABLE)
				st->missing[id]++;
			kstruct_rcu_read_unlock();
			st->lookups[id]++;
		}
	}
	rcu_unregister_thread();
	return NULL;
}

/* add and remove volatile peers and bind addresses at random */
static void *writer(void *arg)
{
	struct rcu_stress *st = arg;
	struct sctp_association *asoc = st->asoc;
	struct sctp_transport *t;
	unsigned int seed = 5033, step, i;
	union sctp_addr a;

	rcu_register_thread();
	while (atomic_load(&st->started) < NREADERS)
		sched_yield();
	for (step = 0; step < WRITER_STEPS; step++) {
		i = rand_r(&seed) % NVOLATILE;
		a = volatile_addr(i);
		spin_lock(&asoc->base.lock);
		switch (rand_r(&seed) % 4) {
		case 0:
			if (!sctp_assoc_add_peer(asoc, &a, GFP_KERNEL))
				st->writer_errors++;
			break;
		case 1:
			t = sctp_assoc_lookup_paddr(asoc, &a);
			if (t && sctp_assoc_rm_peer(asoc, t))
				st->writer_errors++;
			break;
		case 2:
			if (sctp_add_bind_addr(&asoc->base.bind_addr, &a,
					       GFP_KERNEL))
				st->writer_errors++;
			break;
		default:
			sctp_del_bind_addr(&asoc->base.bind_addr, &a);
			break;
		}
		if (!sctp_assoc_check(asoc))
			st->writer_errors++;
		spin_unlock(&asoc->base.lock);
	}
	rcu_unregister_thread();
	return NULL;
}

static void test_readers_against_peer_and_bind_writer(void)
{
	long live = sctp_test_live();
	struct rcu_stress st;
	pthread_t readers[NREADERS], w;
	unsigned int i;
	union sctp_addr a;

	memset(&st, 0, sizeof(st));
	pthread_mutex_init(&st.id_lock, NULL);
	st.asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(st.asoc);
	for (i = 0; i < NSTABLE; i++) {
		a = stable_addr(i);
		CU_ASSERT_PTR_NOT_NULL(
			sctp_assoc_add_peer(st.asoc, &a, GFP_KERNEL));
		CU_ASSERT_EQUAL(sctp_add_bind_addr(&st.asoc->base.bind_addr, &a,
						   GFP_KERNEL),
				0);
	}
	for (i = 0; i < NREADERS; i++)
		CU_ASSERT_EQUAL_FATAL(
			pthread_create(&readers[i], NULL, reader, &st), 0);
	CU_ASSERT_EQUAL_FATAL(pthread_create(&w, NULL, writer, &st), 0);
	pthread_join(w, NULL);
	atomic_store(&st.done, 1);
	for (i = 0; i < NREADERS; i++)
		pthread_join(readers[i], NULL);

	CU_ASSERT_EQUAL(st.writer_errors, 0);
	for (i = 0; i < NREADERS; i++) {
		CU_ASSERT(st.lookups[i] >= 50 * (NSTABLE + NVOLATILE));
		CU_ASSERT_EQUAL(st.missing[i], 0);
		CU_ASSERT_EQUAL(st.wrong[i], 0);
	}
	CU_ASSERT(sctp_assoc_check(st.asoc));
	CU_ASSERT_EQUAL(sctp_association_free(st.asoc), 0);
	pthread_mutex_destroy(&st.id_lock);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

struct bindx_writer {
	struct sock *sk;
	atomic_int *started; /* the reader is running */
	unsigned int first; /* its own block of addresses */
	unsigned int seed;
	unsigned long errors;
};

static union sctp_addr bindx_addr(unsigned int i)
{
	char ip[32];

	snprintf(ip, sizeof(ip), "192.0.2.%u", i + 1);
	return sctp_test_v4(ip, 0);
}

/* bindx add and remove of this writer's own addresses */
static void *bindx_writer(void *arg)
{
	struct bindx_writer *bw = arg;
	bool bound[4] = { false };
	unsigned int step, i;
	union sctp_addr a;
	int err;

	rcu_register_thread();
	while (!atomic_load(bw->started))
		sched_yield();
	for (step = 0; step < WRITER_STEPS / 2; step++) {
		i = rand_r(&bw->seed) % 4;
		a = bindx_addr(bw->first + i);
		if (bound[i]) {
			err = sctp_bindx_rem(bw->sk, &a, 1);
			bound[i] = err != 0;
		} else {
			err = sctp_bindx_add(bw->sk, &a, 1);
			bound[i] = err == 0;
		}
		if (err)
			bw->errors++;
	}
	rcu_unregister_thread();
	return NULL;
}

struct bindx_reader {
	struct sock *sk;
	atomic_int *done;
	atomic_int *started;
	unsigned long rounds, missing;
};

static void *bindx_reader(void *arg)
{
	struct bindx_reader *br = arg;
	struct sctp_association *asoc;
	union sctp_addr stable = sctp_test_v4("10.1.0.1", 0);

	sctp_addr_set_port(&stable, 6000);
	rcu_register_thread();
	asoc = list_first_entry(&br->sk->ep->asocs, struct sctp_association,
				asocs);
	atomic_store(br->started, 1);
	while (!atomic_load(br->done) || br->rounds < 50) {
		br->rounds++;
		if (!sctp_bind_addr_has_addr(&br->sk->ep->base.bind_addr,
					     &stable))
			br->missing++;
		if (!sctp_bind_addr_has_addr(&asoc->base.bind_addr, &stable))
			br->missing++;
	}
	rcu_unregister_thread();
	return NULL;
}

static void test_bindx_writers_and_reader(void)
{
	long live = sctp_test_live();
	struct sock sk;
	struct sctp_association *asoc;
	struct bindx_writer bw[2];
	struct bindx_reader br;
	pthread_t wt[2], rt;
	atomic_int done = 0, started = 0;
	union sctp_addr stable = sctp_test_v4("10.1.0.1", 0);
	int i;

	CU_ASSERT_EQUAL_FATAL(sctp_sock_init(&sk, AF_INET, 6000, GFP_KERNEL),
			      0);
	asoc = sctp_association_new(sk.ep, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	sctp_endpoint_add_asoc(sk.ep, asoc);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &stable, 1), 0);

	br.sk = &sk;
	br.done = &done;
	br.started = &started;
	br.rounds = br.missing = 0;
	for (i = 0; i < 2; i++) {
		bw[i].sk = &sk;
		bw[i].started = &started;
		bw[i].first = 4 * i;
		bw[i].seed = 77 + i;
		bw[i].errors = 0;
	}
	CU_ASSERT_EQUAL_FATAL(pthread_create(&rt, NULL, bindx_reader, &br), 0);
	for (i = 0; i < 2; i++)
		CU_ASSERT_EQUAL_FATAL(
			pthread_create(&wt[i], NULL, bindx_writer, &bw[i]), 0);
	for (i = 0; i < 2; i++)
		pthread_join(wt[i], NULL);
	atomic_store(&done, 1);
	pthread_join(rt, NULL);

	CU_ASSERT_EQUAL(bw[0].errors, 0);
	CU_ASSERT_EQUAL(bw[1].errors, 0);
	CU_ASSERT_EQUAL(br.missing, 0);
	CU_ASSERT(br.rounds >= 50);
	CU_ASSERT(sctp_endpoint_check(sk.ep));
	/* the endpoint and the association hold the same addresses */
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr),
			sctp_test_count_addrs(&asoc->base.bind_addr));
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo lookup_paddr_thread_tests[] = {
	{ "readers vs add/rm peer and bind writer",
	  test_readers_against_peer_and_bind_writer },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bindx_thread_tests[] = {
	{ "bindx writers vs bind list reader", test_bindx_writers_and_reader },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/threads/sctp_assoc_lookup_paddr", lookup_paddr_thread_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/threads/sctp_bindx_add", bindx_thread_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
