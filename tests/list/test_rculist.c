// SPDX-License-Identifier: MIT
/*
 * tests/list/test_rculist.c - list/rculist.h: the pointer wiring of every
 * _rcu primitive, then reader threads walking a list and a hash chain
 * while a writer adds, deletes and replaces entries and frees them with
 * call_rcu.  The stress suite is named ".../threads..." so that CI also
 * runs it under ThreadSanitizer (see the TSan notes in list/rculist.h).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "tests/ktest.h"
#include "tests/peers.h"
#include "tests/report.h"

/* ------------------------------------------------------------------ */
/* wiring, single-threaded                                             */

static int rculist_suite_init(void)
{
	rcu_register_thread();
	return 0;
}

static int rculist_suite_cleanup(void)
{
	rcu_unregister_thread();
	return 0;
}

static void test_list_add_rcu_wiring(void)
{
	LIST_HEAD(head);
	struct list_head a, b, c;

	list_add_rcu(&a, &head);
	list_add_rcu(&b, &head);
	list_add_tail_rcu(&c, &head);
	/* head, b, a, c */
	CU_ASSERT_PTR_EQUAL(head.next, &b);
	CU_ASSERT_PTR_EQUAL(b.prev, &head);
	CU_ASSERT_PTR_EQUAL(b.next, &a);
	CU_ASSERT_PTR_EQUAL(a.prev, &b);
	CU_ASSERT_PTR_EQUAL(a.next, &c);
	CU_ASSERT_PTR_EQUAL(c.prev, &a);
	CU_ASSERT_PTR_EQUAL(c.next, &head);
	CU_ASSERT_PTR_EQUAL(head.prev, &c);
	CU_ASSERT(list_check(&head));
}

static void test_list_del_rcu_keeps_next(void)
{
	LIST_HEAD(head);
	struct list_head a, b, c;

	list_add_tail_rcu(&a, &head);
	list_add_tail_rcu(&b, &head);
	list_add_tail_rcu(&c, &head);
	list_del_rcu(&b);
	CU_ASSERT_PTR_EQUAL(a.next, &c);
	CU_ASSERT_PTR_EQUAL(c.prev, &a);
	/* a reader standing on b still finds its way on */
	CU_ASSERT_PTR_EQUAL(b.next, &c);
	CU_ASSERT_PTR_EQUAL(b.prev, LIST_POISON2);
	CU_ASSERT(list_check(&head));
	CU_ASSERT_EQUAL(list_count_nodes(&head), 2);
}

static void test_list_replace_rcu_wiring(void)
{
	LIST_HEAD(head);
	struct list_head a, b, c, r;

	list_add_tail_rcu(&a, &head);
	list_add_tail_rcu(&b, &head);
	list_add_tail_rcu(&c, &head);
	list_replace_rcu(&b, &r);
	CU_ASSERT_PTR_EQUAL(a.next, &r);
	CU_ASSERT_PTR_EQUAL(r.prev, &a);
	CU_ASSERT_PTR_EQUAL(r.next, &c);
	CU_ASSERT_PTR_EQUAL(c.prev, &r);
	CU_ASSERT_PTR_EQUAL(b.next, &c);
	CU_ASSERT_PTR_EQUAL(b.prev, LIST_POISON2);
	CU_ASSERT(list_check(&head));
	/* replacing the only entry */
	list_del_rcu(&a);
	list_del_rcu(&c);
	list_replace_rcu(&r, &b);
	CU_ASSERT_PTR_EQUAL(head.next, &b);
	CU_ASSERT_PTR_EQUAL(head.prev, &b);
	CU_ASSERT_PTR_EQUAL(b.next, &head);
	CU_ASSERT_PTR_EQUAL(b.prev, &head);
	CU_ASSERT(list_check(&head));
}

static int sync_calls;
/* what count_sync() saw: the source emptied, the target not yet changed */
static struct list_head *sync_from, *sync_head, *sync_head_next;
static int sync_order_ok;

static void count_sync(void)
{
	sync_calls++;
	sync_order_ok = list_empty(sync_from) &&
			sync_head->next == sync_head_next;
	kstruct_synchronize_rcu();
}

static void test_list_splice_init_rcu(void)
{
	LIST_HEAD(head);
	LIST_HEAD(from);
	struct list_head a, b, x, y;

	list_add_tail_rcu(&x, &head);
	list_add_tail_rcu(&y, &head);
	sync_calls = 0;
	list_splice_init_rcu(&from, &head, count_sync); /* empty: no-op */
	CU_ASSERT_EQUAL(sync_calls, 0);
	CU_ASSERT_PTR_EQUAL(head.next, &x);
	list_add_tail_rcu(&a, &from);
	list_add_tail_rcu(&b, &from);
	sync_from = &from;
	sync_head = &head;
	sync_head_next = &x;
	sync_order_ok = 0;
	list_splice_init_rcu(&from, &head, count_sync);
	CU_ASSERT_EQUAL(sync_calls, 1);
	CU_ASSERT(sync_order_ok); /* the grace period came in between */
	CU_ASSERT(list_empty(&from));
	CU_ASSERT_PTR_EQUAL(from.prev, &from);
	/* head, a, b, x, y */
	CU_ASSERT_PTR_EQUAL(head.next, &a);
	CU_ASSERT_PTR_EQUAL(a.prev, &head);
	CU_ASSERT_PTR_EQUAL(a.next, &b);
	CU_ASSERT_PTR_EQUAL(b.prev, &a);
	CU_ASSERT_PTR_EQUAL(b.next, &x);
	CU_ASSERT_PTR_EQUAL(x.prev, &b);
	CU_ASSERT_PTR_EQUAL(head.prev, &y);
	CU_ASSERT(list_check(&head));
}

struct ritem {
	int key;
	struct list_head node;
	struct hlist_node hnode;
};

static void test_rcu_iterators(void)
{
	struct ritem it[4];
	struct ritem *pos;
	LIST_HEAD(head);
	HLIST_HEAD(chain);
	int i, seen = 0, calls = 0;
	struct list_head *heads[1] = { &head };

	for (i = 0; i < 4; i++) {
		it[i].key = i;
		list_add_tail_rcu(&it[i].node, &head);
		hlist_add_head_rcu(&it[i].hnode, &chain);
	}
	kstruct_rcu_read_lock();
	i = 0;
	list_for_each_entry_rcu(pos, heads[calls++], node) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i]);
		i++;
	}
	CU_ASSERT_EQUAL(i, 4);
	CU_ASSERT_EQUAL(calls, 1); /* head evaluated once */
	i = 3;
	hlist_for_each_entry_rcu(pos, &chain, hnode) {
		CU_ASSERT_PTR_EQUAL(pos, &it[i]);
		i--;
		seen++;
	}
	CU_ASSERT_EQUAL(seen, 4);
	pos = list_first_or_null_rcu(&head, struct ritem, node);
	CU_ASSERT_PTR_EQUAL(pos, &it[0]);
	pos = list_entry_rcu(head.prev, struct ritem, node);
	CU_ASSERT_PTR_EQUAL(pos, &it[3]);
	kstruct_rcu_read_unlock();

	INIT_LIST_HEAD_RCU(&head);
	CU_ASSERT(list_empty(&head));
	CU_ASSERT_PTR_EQUAL(head.prev, &head);
	CU_ASSERT_PTR_NULL(list_first_or_null_rcu(&head, struct ritem, node));
	i = 0;
	list_for_each_entry_rcu(pos, &head, node)
		i++;
	CU_ASSERT_EQUAL(i, 0);
}

static void test_hlist_rcu_wiring(void)
{
	HLIST_HEAD(h);
	struct hlist_node a, b, c, d;

	hlist_add_head_rcu(&a, &h);
	CU_ASSERT_PTR_EQUAL(h.first, &a);
	CU_ASSERT_PTR_EQUAL(a.pprev, &h.first);
	CU_ASSERT_PTR_NULL(a.next);
	hlist_add_head_rcu(&b, &h); /* b a */
	CU_ASSERT_PTR_EQUAL(h.first, &b);
	CU_ASSERT_PTR_EQUAL(b.pprev, &h.first);
	CU_ASSERT_PTR_EQUAL(b.next, &a);
	CU_ASSERT_PTR_EQUAL(a.pprev, &b.next);
	hlist_add_behind_rcu(&c, &a); /* b a c */
	CU_ASSERT_PTR_EQUAL(a.next, &c);
	CU_ASSERT_PTR_EQUAL(c.pprev, &a.next);
	CU_ASSERT_PTR_NULL(c.next);
	hlist_add_before_rcu(&d, &b); /* d b a c */
	CU_ASSERT_PTR_EQUAL(h.first, &d);
	CU_ASSERT_PTR_EQUAL(d.pprev, &h.first);
	CU_ASSERT_PTR_EQUAL(d.next, &b);
	CU_ASSERT_PTR_EQUAL(b.pprev, &d.next);
	CU_ASSERT(hlist_check(&h));
	hlist_del_rcu(&b); /* d a c */
	CU_ASSERT_PTR_EQUAL(d.next, &a);
	CU_ASSERT_PTR_EQUAL(a.pprev, &d.next);
	CU_ASSERT_PTR_EQUAL(b.next, &a); /* kept for readers */
	CU_ASSERT_PTR_EQUAL(b.pprev, HLIST_POISON2);
	hlist_del_init_rcu(&c); /* d a */
	CU_ASSERT_PTR_NULL(a.next);
	CU_ASSERT_PTR_NULL(c.pprev);
	CU_ASSERT(hlist_unhashed(&c));
	hlist_del_init_rcu(&c); /* unhashed: no-op */
	CU_ASSERT_PTR_NULL(c.pprev);
	hlist_del_init_rcu(&d); /* a */
	CU_ASSERT_PTR_EQUAL(h.first, &a);
	CU_ASSERT_PTR_EQUAL(a.pprev, &h.first);
	CU_ASSERT_PTR_EQUAL(d.next, &a);
	CU_ASSERT(hlist_check(&h));
	CU_ASSERT_EQUAL(hlist_count_nodes(&h), 1);
}

static int once_count;

static struct list_head *once(struct list_head *p)
{
	once_count++;
	return p;
}

/* the _rcu writers run the LIST_DEBUG checks and name this file */
static void test_rcu_debug_checks(void)
{
	LIST_HEAD(head);
	struct list_head a, b, snap_a, snap_head;
	int before = report_count, line;

	report_start();
	list_add_rcu(&a, &head);
	snap_a = a;
	snap_head = head;
	line = __LINE__ + 1;
	list_add_tail_rcu(&a, &head); /* double add */
	expect_corruption(before++, "list_add", line, "double add");
	CU_ASSERT_EQUAL(memcmp(&a, &snap_a, sizeof(a)), 0);
	CU_ASSERT_EQUAL(memcmp(&head, &snap_head, sizeof(head)), 0);

	list_del_rcu(&a);
	CU_ASSERT_EQUAL(report_count, before);
	line = __LINE__ + 1;
	list_del_rcu(&a); /* already deleted */
	expect_corruption(before++, "list_del", line, "LIST_POISON2");
	line = __LINE__ + 1;
	list_replace_rcu(&a, &b); /* replacing a deleted entry */
	expect_corruption(before++, "list_del", line, "LIST_POISON2");
	CU_ASSERT(list_empty(&head));
	CU_ASSERT(list_check(&head));

	/* each argument once */
	once_count = 0;
	list_add_rcu(once(&a), once(&head));
	list_add_tail_rcu(once(&b), once(&head));
	list_del_rcu(once(&a));
	list_replace_rcu(once(&b), once(&a));
	CU_ASSERT_EQUAL(once_count, 7);
	CU_ASSERT_EQUAL(report_count, before);
	CU_ASSERT_PTR_EQUAL(head.next, &a);
	CU_ASSERT(list_check(&head));
	report_stop();
}

static CU_TestInfo rculist_cases[] = {
	{ "LIST_DEBUG checks in _rcu writers; arguments evaluated once",
	  test_rcu_debug_checks },
	{ "list_add_rcu, list_add_tail_rcu wiring", test_list_add_rcu_wiring },
	{ "list_del_rcu keeps next, poisons prev",
	  test_list_del_rcu_keeps_next },
	{ "list_replace_rcu wiring", test_list_replace_rcu_wiring },
	{ "list_splice_init_rcu", test_list_splice_init_rcu },
	{ "RCU iterators, INIT_LIST_HEAD_RCU, list_first_or_null_rcu",
	  test_rcu_iterators },
	{ "hlist _rcu wiring", test_hlist_rcu_wiring },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/rculist", rculist_cases, rculist_suite_init,
	    rculist_suite_cleanup)

/* ------------------------------------------------------------------ */
/* stress: readers against a writer                                    */

#define ITEM_LIVE 0x4c495645u /* "LIVE" */
#define ITEM_DEAD 0x44454144u /* "DEAD" */
#define NR_READERS 3
#define WRITER_STEPS 3000
#define MAX_ITEMS 64
#define NR_BUCKETS 8

struct item {
	unsigned int magic;
	unsigned int key;
	unsigned int check; /* key * 2654435761: set with key */
	struct list_head node;
	struct hlist_node hnode;
	struct rcu_head rcu;
};

struct stress {
	struct list_head list;
	struct hlist_head bucket[NR_BUCKETS];
	atomic_int stop;
	atomic_int seen; /* readers that walked over an entry */
};

struct reader_result {
	struct stress *s;
	long walks;
	long bad; /* entries not LIVE or inconsistent */
	long too_long; /* walks longer than the list can be */
};

static atomic_long stress_frees;

static void item_free_rcu(struct rcu_head *rcu)
{
	struct item *it;

	kstruct_rcu_callback_begin();
	it = container_of(rcu, struct item, rcu);
	it->magic = ITEM_DEAD;
	kfree(it);
	atomic_fetch_add(&stress_frees, 1);
}

static int item_ok(const struct item *it)
{
	return it->magic == ITEM_LIVE && it->check == it->key * 2654435761u;
}

static void *reader(void *arg)
{
	struct reader_result *r = arg;
	struct stress *s = r->s;
	struct item *it;
	unsigned int b = 0;
	bool counted = false;

	rcu_register_thread();
	while (!atomic_load(&s->stop)) {
		long n = 0;

		kstruct_rcu_read_lock();
		list_for_each_entry_rcu(it, &s->list, node) {
			if (!item_ok(it))
				r->bad++;
			if (++n > 4 * MAX_ITEMS) {
				r->too_long++;
				break;
			}
		}
		hlist_for_each_entry_rcu(it, &s->bucket[b], hnode) {
			if (!item_ok(it) || it->key % NR_BUCKETS != b)
				r->bad++;
			if (++n > 8 * MAX_ITEMS) {
				r->too_long++;
				break;
			}
		}
		kstruct_rcu_read_unlock();
		b = (b + 1) % NR_BUCKETS;
		if (n && !counted) {
			counted = true;
			atomic_fetch_add(&s->seen, 1);
		}
		r->walks++;
	}
	rcu_unregister_thread();
	return NULL;
}

static unsigned int rnd(unsigned int *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

static struct item *item_new(unsigned int key)
{
	struct item *it = kmalloc(sizeof(*it), GFP_KERNEL);

	if (!it)
		return NULL;
	it->magic = ITEM_LIVE;
	it->key = key;
	it->check = key * 2654435761u;
	INIT_HLIST_NODE(&it->hnode);
	return it;
}

static void item_retire(struct item *it)
{
	list_del_rcu(&it->node);
	hlist_del_rcu(&it->hnode);
	kstruct_call_rcu(&it->rcu, item_free_rcu);
}

struct writer_result {
	struct stress *s;
	long adds, dels, replaces;
	long check_failures;
	long alloc_failures;
};

/* the writer's view, in the writer's thread: its reports are recorded */
static bool stress_ok(struct stress *s, struct item **live, int nr)
{
	bool ok = list_check(&s->list) &&
		  list_count_nodes(&s->list) == (size_t)nr;
	int b;

	for (b = 0; b < NR_BUCKETS; b++)
		ok = ok && hlist_check(&s->bucket[b]);
	for (b = 0; b < nr; b++)
		ok = ok && item_ok(live[b]);
	return ok;
}

static void *writer(void *arg)
{
	struct writer_result *w = arg;
	struct stress *s = w->s;
	struct item *live[MAX_ITEMS];
	unsigned int seed = 12345;
	struct peers_wait wait = { 0 };
	int nr = 0, step;

	rcu_register_thread();
	/*
	 * At least WRITER_STEPS, and on until every reader has walked over
	 * an entry: a writer done before the readers ran would test nothing.
	 */
	for (step = 0;
	     step < WRITER_STEPS ||
	     (atomic_load(&s->seen) < NR_READERS && peers_wait_more(&wait));
	     step++) {
		unsigned int op = rnd(&seed) % 3, key = rnd(&seed) % 1000;
		struct item *it;
		int i;

		if (nr == 0 || (op == 0 && nr < MAX_ITEMS)) {
			it = item_new(key);
			if (!it) {
				w->alloc_failures++;
				continue;
			}
			if (key & 1)
				list_add_rcu(&it->node, &s->list);
			else
				list_add_tail_rcu(&it->node, &s->list);
			hlist_add_head_rcu(&it->hnode,
					   &s->bucket[key % NR_BUCKETS]);
			live[nr++] = it;
			w->adds++;
		} else if (op == 1) {
			i = (int)(rnd(&seed) % (unsigned int)nr);
			item_retire(live[i]);
			live[i] = live[--nr];
			w->dels++;
		} else {
			struct item *old;

			i = (int)(rnd(&seed) % (unsigned int)nr);
			old = live[i];
			it = item_new(old->key);
			if (!it) {
				w->alloc_failures++;
				continue;
			}
			list_replace_rcu(&old->node, &it->node);
			hlist_add_before_rcu(&it->hnode, &old->hnode);
			hlist_del_rcu(&old->hnode);
			kstruct_call_rcu(&old->rcu, item_free_rcu);
			live[i] = it;
			w->replaces++;
		}
		if (!stress_ok(s, live, nr))
			w->check_failures++;
		if (step % 500 == 0)
			kstruct_synchronize_rcu();
	}
	atomic_store(&s->stop, 1);
	while (nr)
		item_retire(live[--nr]);
	rcu_unregister_thread();
	return NULL;
}

static void test_rcu_stress(void)
{
	struct reader_result rr[NR_READERS];
	struct writer_result wr;
	pthread_t rt[NR_READERS], wt;
	struct stress s;
	long before = kmalloc_live(), bad = 0, too_long = 0, walks = 0;
	int i, b, reports = report_count;

	INIT_LIST_HEAD(&s.list);
	for (b = 0; b < NR_BUCKETS; b++)
		INIT_HLIST_HEAD(&s.bucket[b]);
	atomic_init(&s.stop, 0);
	atomic_init(&s.seen, 0);
	atomic_store(&stress_frees, 0);
	memset(&wr, 0, sizeof(wr));
	wr.s = &s;
	for (i = 0; i < NR_READERS; i++) {
		memset(&rr[i], 0, sizeof(rr[i]));
		rr[i].s = &s;
		CU_ASSERT_FATAL(pthread_create(&rt[i], NULL, reader, &rr[i]) ==
				0);
	}
	CU_ASSERT_FATAL(pthread_create(&wt, NULL, writer, &wr) == 0);
	pthread_join(wt, NULL);
	for (i = 0; i < NR_READERS; i++)
		pthread_join(rt[i], NULL);
	kstruct_rcu_barrier();

	for (i = 0; i < NR_READERS; i++) {
		bad += rr[i].bad;
		too_long += rr[i].too_long;
		walks += rr[i].walks;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(too_long, 0);
	CU_ASSERT(walks > 0);
	/* else every check above ran on empty lists and proved nothing */
	CU_ASSERT_EQUAL(atomic_load(&s.seen), NR_READERS);
	CU_ASSERT_EQUAL(wr.check_failures, 0);
	CU_ASSERT_EQUAL(report_count, reports);
	CU_ASSERT_EQUAL(wr.alloc_failures, 0);
	CU_ASSERT(wr.adds > 0 && wr.dels > 0 && wr.replaces > 0);
	/* every entry ever made was freed by its callback */
	CU_ASSERT_EQUAL(atomic_load(&stress_frees), wr.adds + wr.replaces);
	CU_ASSERT_EQUAL(kmalloc_live(), before);
	CU_ASSERT(list_empty(&s.list));
	for (b = 0; b < NR_BUCKETS; b++)
		CU_ASSERT(hlist_empty(&s.bucket[b]));
}

static CU_TestInfo rcu_stress_cases[] = {
	{ "readers vs add/del/replace writer, call_rcu frees",
	  test_rcu_stress },
	CU_TEST_INFO_NULL,
};
KTEST_SUITE("list/threads/rculist", rcu_stress_cases, report_suite_init,
	    report_suite_cleanup)
