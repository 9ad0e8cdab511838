// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_associola.c - sctp/associola.c: the peer transport
 * list, its paths and every walk over it.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "compat/jiffies.h"

#include "tests/faults.h"
#include "tests/sctp/sctp_test.h"

static struct sctp_association *new_asoc(void)
{
	struct sctp_association *asoc;

	asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	CU_ASSERT(sctp_assoc_check(asoc));
	return asoc;
}

static struct sctp_transport *add(struct sctp_association *asoc, const char *ip,
				  uint16_t port)
{
	union sctp_addr a = strchr(ip, ':') ? sctp_test_v6(ip, port) :
					      sctp_test_v4(ip, port);
	struct sctp_transport *t = sctp_assoc_add_peer(asoc, &a, GFP_KERNEL);

	CU_ASSERT(sctp_assoc_check(asoc));
	return t;
}

static void free_asoc(struct sctp_association *asoc)
{
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
}

static void test_new_free_leaves_nothing(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc();

	CU_ASSERT(list_empty(&asoc->peer.transport_addr_list));
	CU_ASSERT_PTR_NULL(asoc->peer.primary_path);
	/* fixed where 2.5.33 drew random ones: tag 1, first TSN 1 */
	CU_ASSERT_EQUAL(asoc->c.my_vtag, 1);
	CU_ASSERT_EQUAL(asoc->next_tsn, 1);
	CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 0);
	CU_ASSERT_EQUAL(asoc->state, SCTP_STATE_CLOSED);
	CU_ASSERT_PTR_NOT_NULL(add(asoc, "10.0.0.1", 5000));
	CU_ASSERT_PTR_NOT_NULL(add(asoc, "2001:db8::1", 5000));
	free_asoc(asoc);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/*
 * 2.5.33's defaults (include/net/sctp/constants.h, sctp_assoc_add_peer()):
 * the peer's window is SCTP_DEFAULT_MAXWINDOW, 32768, until its INIT
 * says otherwise; a new transport starts with cwnd = 2 * path MTU (the
 * MTU being SCTP_DEFAULT_MAXSEGMENT, 1500, when no route answers, as
 * here) and ssthresh 32768, even when the peer's a_rwnd is known:
 * sctp_process_init() sets ssthresh to it, add_peer does not.
 */
static void test_add_peer_defaults(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *t;

	CU_ASSERT_EQUAL(asoc->peer.rwnd, 32768);
	t = add(asoc, "10.0.0.1", 5000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->cwnd, 3000);
	CU_ASSERT_EQUAL(t->ssthresh, 32768);
	asoc->peer.i.a_rwnd = 5000;
	t = add(asoc, "10.0.0.2", 5000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->ssthresh, 32768);
	free_asoc(asoc);
}

static void test_add_peer_paths_and_wiring(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, *c;
	struct list_head *head = &asoc->peer.transport_addr_list;

	a = add(asoc, "10.0.0.1", 5000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(asoc->peer.port, 5000);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, a);
	CU_ASSERT_PTR_EQUAL(a->asoc, asoc);
	CU_ASSERT_EQUAL(a->state, SCTP_ACTIVE);
	CU_ASSERT_EQUAL(atomic_read(&a->refcnt), 1);

	b = add(asoc, "10.0.0.2", 5000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);

	c = add(asoc, "2001:db8::3", 5000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 3);

	/* exact wiring: head <-> a <-> b <-> c <-> head */
	CU_ASSERT_PTR_EQUAL(head->next, &a->transports);
	CU_ASSERT_PTR_EQUAL(a->transports.next, &b->transports);
	CU_ASSERT_PTR_EQUAL(b->transports.next, &c->transports);
	CU_ASSERT_PTR_EQUAL(c->transports.next, head);
	CU_ASSERT_PTR_EQUAL(head->prev, &c->transports);
	CU_ASSERT_PTR_EQUAL(c->transports.prev, &b->transports);
	CU_ASSERT_PTR_EQUAL(b->transports.prev, &a->transports);
	CU_ASSERT_PTR_EQUAL(a->transports.prev, head);
	free_asoc(asoc);
}

static void test_add_peer_duplicate_and_bad_input(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a;
	union sctp_addr bad;
	long live;

	a = add(asoc, "192.0.2.7", 80);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	live = sctp_test_live();
	/* a duplicate returns the existing transport */
	CU_ASSERT_PTR_EQUAL(add(asoc, "192.0.2.7", 80), a);
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 1);
	/* another port is refused */
	CU_ASSERT_PTR_NULL(add(asoc, "192.0.2.8", 81));
	CU_ASSERT_PTR_NULL(add(asoc, "192.0.2.7", 81));
	/* another family is refused */
	memset(&bad, 0, sizeof(bad));
	bad.sa.sa_family = AF_UNIX;
	CU_ASSERT_PTR_NULL(sctp_assoc_add_peer(asoc, &bad, GFP_KERNEL));
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 1);
	CU_ASSERT_EQUAL(asoc->peer.port, 80);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
	free_asoc(asoc);
}

static void test_add_peer_fault_injection(void)
{
	struct sctp_association *asoc;
	struct sctp_transport *t = NULL;
	union sctp_addr a = sctp_test_v4("10.1.1.1", 7);
	unsigned long n;
	long live;

	asoc = new_asoc();
	CU_ASSERT_PTR_NOT_NULL(add(asoc, "10.1.1.2", 7));
	live = sctp_test_live();
	for_each_alloc_failure(n,
			       t = sctp_assoc_add_peer(asoc, &a, GFP_KERNEL)) {
		CU_ASSERT(sctp_assoc_check(asoc));
		CU_ASSERT_EQUAL(asoc->peer.transport_count, 1);
		CU_ASSERT_PTR_NULL(sctp_assoc_lookup_paddr(asoc, &a));
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	}
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_PTR_NOT_NULL(t);
	CU_ASSERT_EQUAL(n, 2); /* one allocation: the transport */
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 2);
	free_asoc(asoc);

	/* the association itself */
	live = sctp_test_live();
	for_each_alloc_failure(n, asoc = sctp_association_new(
					  NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL))
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	CU_ASSERT(n < 10);
	free_asoc(asoc);
}

static void test_lookup_paddr(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, *c;
	union sctp_addr x;

	a = add(asoc, "10.0.0.1", 9);
	b = add(asoc, "fe80::1", 9);
	c = add(asoc, "10.0.0.3", 9);
	x = sctp_test_v4("10.0.0.1", 9);
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_paddr(asoc, &x), a);
	x = sctp_test_v6("fe80::1", 9);
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_paddr(asoc, &x), b);
	x = sctp_test_v4("10.0.0.3", 9);
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_paddr(asoc, &x), c);
	/* exact: the port counts, the family counts */
	x = sctp_test_v4("10.0.0.1", 10);
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_paddr(asoc, &x));
	x = sctp_test_v6("::ffff:10.0.0.1", 9);
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_paddr(asoc, &x));
	x = sctp_test_v4("10.0.0.2", 9);
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_paddr(asoc, &x));
	/* a wildcard is not a wildcard for lookups */
	x = sctp_test_v4("0.0.0.0", 9);
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_paddr(asoc, &x));
	free_asoc(asoc);
}

static void test_control_transport(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, *c;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	c = add(asoc, "10.0.0.3", 1);
	a->last_time_heard = 10;
	b->last_time_heard = 30;
	c->last_time_heard = 20;

	/* primary active: it is the active path, the newest is retran */
	sctp_assoc_control_transport(asoc, b, SCTP_TRANSPORT_UP);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);

	/* primary down: the newest takes both (the missing "else") */
	sctp_assoc_control_transport(asoc, a, SCTP_TRANSPORT_DOWN);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(a->state, SCTP_INACTIVE);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);

	/* the newest down: the next newest takes both */
	sctp_assoc_control_transport(asoc, b, SCTP_TRANSPORT_DOWN);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, c);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, c);

	/* none active: both camp on the primary */
	sctp_assoc_control_transport(asoc, c, SCTP_TRANSPORT_DOWN);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, a);

	/* newer heard later in list order: still both on the newest */
	b->last_time_heard = 50;
	sctp_assoc_control_transport(asoc, c, SCTP_TRANSPORT_UP);
	sctp_assoc_control_transport(asoc, b, SCTP_TRANSPORT_UP);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);

	/* primary back up: it wins first place, the newest is second */
	sctp_assoc_control_transport(asoc, a, SCTP_TRANSPORT_UP);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

/*
 * "Most recently heard" across a jiffies wrap: time_after() has c, heard
 * just after the wrap, newer than b, heard just before it.  2.5.33
 * compared with ">" ("This code produces the wrong ordering whenever
 * jiffies rolls over") and would have picked b.
 */
static void test_control_transport_jiffies_wrap(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, *c;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	c = add(asoc, "10.0.0.3", 1);
	b->last_time_heard = ULONG_MAX - 5;
	c->last_time_heard = 10;
	sctp_assoc_control_transport(asoc, a, SCTP_TRANSPORT_DOWN);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, c);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, c);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

static void test_set_primary(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_association *other = new_asoc();
	struct sctp_transport *a, *b, *x;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	x = add(other, "10.0.0.2", 1);
	CU_ASSERT_EQUAL(sctp_assoc_set_primary(asoc, x), -EINVAL);
	CU_ASSERT_EQUAL(sctp_assoc_set_primary(asoc, NULL), -EINVAL);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, a);
	CU_ASSERT_EQUAL(sctp_assoc_set_primary(asoc, b), 0);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);
	CU_ASSERT(sctp_assoc_check(asoc));
	/* active == retran now: the next peer becomes retran (2.5.33) */
	x = add(asoc, "10.0.0.3", 1);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, x);
	/* an inactive primary is not made the active path (2.5.66's
	 * sctp_assoc_set_primary(): "if (transport->active)") */
	sctp_assoc_control_transport(asoc, a, SCTP_TRANSPORT_DOWN);
	CU_ASSERT_EQUAL(sctp_assoc_set_primary(asoc, a), 0);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, a);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, b);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
	free_asoc(other);
}

/* queue one DATA chunk and send it on @t */
static uint32_t send_on(struct sctp_association *asoc, struct sctp_transport *t)
{
	struct sctp_transport *saved = asoc->peer.active_path;
	struct sctp_chunk *chunk =
		sctp_chunk_new(SCTP_CID_DATA, 100, GFP_KERNEL);
	uint32_t tsn = asoc->next_tsn;

	CU_ASSERT_PTR_NOT_NULL_FATAL(chunk);
	sctp_outq_tail(&asoc->outqueue, chunk);
	asoc->peer.active_path = t;
	CU_ASSERT_EQUAL(sctp_outq_flush(&asoc->outqueue), 1);
	asoc->peer.active_path = saved;
	CU_ASSERT(sctp_assoc_check(asoc));
	return tsn;
}

/*
 * sctp_assoc_update() on its own, field by field, from 2.5.33's: the
 * tags, peer.i and peer.rwnd always; next_tsn and the ack point from the
 * new association in ESTABLISHED, else the ack point to next_tsn - 1;
 * nothing else (the transports, paths, families, ECN stay).
 */
static void test_assoc_update(void)
{
	struct sctp_association *asoc = new_asoc(), *new = new_asoc();
	struct sctp_transport *a = add(asoc, "10.0.0.1", 1);
	static const enum sctp_state states[] = {
		SCTP_STATE_ESTABLISHED,
		SCTP_STATE_COOKIE_ECHOED,
		SCTP_STATE_SHUTDOWN_SENT,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(states); i++) {
		asoc->state = states[i];
		asoc->next_tsn = 40;
		asoc->ctsn_ack_point = 30;
		asoc->c.my_vtag = 1;
		asoc->c.peer_vtag = 2;
		asoc->peer.ipv6_address = true;
		asoc->peer.ecn_capable = true;
		a->ssthresh = 1234;
		new->c.my_vtag = 11;
		new->c.peer_vtag = 12;
		new->peer.i.init_tag = 12;
		new->peer.i.a_rwnd = 9999;
		new->peer.i.initial_tsn = 777;
		new->peer.rwnd = 8888;
		new->peer.ipv6_address = false;
		new->peer.ecn_capable = false;
		new->next_tsn = 500;
		new->ctsn_ack_point = 499;
		new->state = SCTP_STATE_CLOSED;

		sctp_assoc_update(asoc, new);
		CU_ASSERT_EQUAL(asoc->c.my_vtag, 11);
		CU_ASSERT_EQUAL(asoc->c.peer_vtag, 12);
		CU_ASSERT_EQUAL(asoc->peer.i.init_tag, 12);
		CU_ASSERT_EQUAL(asoc->peer.i.a_rwnd, 9999);
		CU_ASSERT_EQUAL(asoc->peer.i.initial_tsn, 777);
		CU_ASSERT_EQUAL(asoc->peer.rwnd, 8888);
		if (states[i] == SCTP_STATE_ESTABLISHED) {
			CU_ASSERT_EQUAL(asoc->next_tsn, 500);
			CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 499);
		} else {
			CU_ASSERT_EQUAL(asoc->next_tsn, 40);
			CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 39);
		}
		CU_ASSERT_EQUAL(asoc->state, states[i]);
		CU_ASSERT(asoc->peer.ipv6_address);
		CU_ASSERT(asoc->peer.ecn_capable);
		CU_ASSERT_EQUAL(a->ssthresh, 1234);
		CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, a);
		CU_ASSERT_EQUAL(asoc->peer.transport_count, 1);
	}
	free_asoc(asoc);
	free_asoc(new);
}

static void test_lookup_tsn_quirk(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, *c;
	uint32_t ta, tb, tc;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	c = add(asoc, "10.0.0.3", 1);
	ta = send_on(asoc, a);
	tb = send_on(asoc, b);
	tc = send_on(asoc, c);

	asoc->peer.active_path = b;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_tsn(asoc, tb), b);
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_tsn(asoc, ta), a);
	/* 2.5.33: the second loop stops at the active path, c is unseen */
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_tsn(asoc, tc));
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_tsn(asoc, tc + 1));

	asoc->peer.active_path = c;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_tsn(asoc, tc), c);
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_tsn(asoc, tb), b);
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_tsn(asoc, ta), a);

	asoc->peer.active_path = a;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_tsn(asoc, ta), a);
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_tsn(asoc, tb));
	CU_ASSERT_PTR_NULL(sctp_assoc_lookup_tsn(asoc, tc));
	free_asoc(asoc);
}

static void test_choose_shutdown_transport(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, *c;

	CU_ASSERT_PTR_NULL(sctp_assoc_choose_shutdown_transport(asoc));
	a = add(asoc, "10.0.0.1", 1);
	/* a single transport: itself, whatever its state */
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), a);
	asoc->shutdown_last_sent_to = a;
	a->state = SCTP_INACTIVE;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), a);
	a->state = SCTP_ACTIVE;
	asoc->shutdown_last_sent_to = NULL;

	b = add(asoc, "10.0.0.2", 1);
	c = add(asoc, "10.0.0.3", 1);
	/* nothing sent yet: the active path */
	asoc->peer.active_path = b;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), b);

	/* round robin, skipping the head */
	asoc->shutdown_last_sent_to = a;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), b);
	asoc->shutdown_last_sent_to = b;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), c);
	asoc->shutdown_last_sent_to = c;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), a);

	/* inactive ones are skipped */
	b->state = SCTP_INACTIVE;
	asoc->shutdown_last_sent_to = a;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), c);

	/* back round: the last one if active */
	a->state = SCTP_INACTIVE;
	asoc->shutdown_last_sent_to = c;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), c);

	/* back round, last inactive: the first inactive after it */
	c->state = SCTP_INACTIVE;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), a);
	asoc->shutdown_last_sent_to = a;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), b);
	asoc->shutdown_last_sent_to = b;
	CU_ASSERT_PTR_EQUAL(sctp_assoc_choose_shutdown_transport(asoc), c);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

static void test_free_busy_and_timers(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b;
	long live;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	send_on(asoc, a);
	send_on(asoc, b);
	sctp_cmd_hb_timers_start(asoc);
	CU_ASSERT_EQUAL(atomic_read(&a->refcnt), 2);
	CU_ASSERT(sctp_assoc_check(asoc));

	/* someone else still holds b: refused, nothing changed */
	sctp_transport_hold(b);
	live = sctp_test_live();
	CU_ASSERT_EQUAL(sctp_association_free(asoc), -EBUSY);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 2);
	CU_ASSERT(b->hb_pending);
	CU_ASSERT_EQUAL(atomic_read(&b->refcnt), 3);
	sctp_transport_put(b); /* the holder lets go */

	/* with heartbeat timers armed and chunks in flight: all freed */
	free_asoc(asoc);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

static void test_free_with_endpoint_and_refs(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = sctp_endpoint_new(NULL, 7, GFP_KERNEL);
	struct sctp_association *asoc;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ep);
	asoc = sctp_association_new(ep, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	CU_ASSERT_EQUAL(asoc->base.bind_addr.port, 7);
	sctp_endpoint_add_asoc(ep, asoc);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 2);
	CU_ASSERT(sctp_endpoint_check(ep));
	CU_ASSERT_PTR_NOT_NULL(add(asoc, "10.0.0.1", 1));
	sctp_association_hold(asoc);
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	/* unlinked and emptied, the structure lives until the last put */
	CU_ASSERT(list_empty(&ep->asocs));
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 1);
	CU_ASSERT(sctp_endpoint_check(ep));
	CU_ASSERT(asoc->base.dead);
	sctp_association_put(asoc);
	sctp_endpoint_free(ep);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_rm_peer(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_association *other = new_asoc();
	struct sctp_transport *a, *b, *c, *x;
	long live;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	c = add(asoc, "10.0.0.3", 1);
	x = add(other, "10.0.0.1", 1);
	send_on(asoc, a);
	send_on(asoc, a);
	asoc->shutdown_last_sent_to = a;
	sctp_cmd_hb_timers_start(asoc);

	/* not ours: refused */
	live = sctp_test_live();
	CU_ASSERT_EQUAL(sctp_assoc_rm_peer(asoc, x), -EINVAL);
	CU_ASSERT_EQUAL(sctp_test_live(), live);

	CU_ASSERT_EQUAL(sctp_assoc_rm_peer(asoc, a), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 2);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, b);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, b);
	CU_ASSERT_PTR_NULL(asoc->shutdown_last_sent_to);
	CU_ASSERT_EQUAL(list_count_nodes(&asoc->outqueue.retransmit), 2);
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 0);
	/* freed after a grace period: the transport and nothing else */
	CU_ASSERT_EQUAL(sctp_test_live(), live - 1);

	CU_ASSERT_EQUAL(sctp_assoc_rm_peer(asoc, c), 0);
	CU_ASSERT_EQUAL(sctp_assoc_rm_peer(asoc, b), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_PTR_NULL(asoc->peer.primary_path);
	/* an empty association takes a new port */
	CU_ASSERT_PTR_NOT_NULL(add(asoc, "10.0.0.9", 2));
	CU_ASSERT_EQUAL(asoc->peer.port, 2);
	free_asoc(asoc);
	free_asoc(other);
}

/*
 * A transport someone holds keeps its association from being freed; once
 * removed from the association it no longer does, and it outlives the
 * association until its holder lets go (then freed after a grace period,
 * nothing leaked, nothing touched after free: ASan/valgrind).
 */
static void test_held_transport_outlives_asoc(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	send_on(asoc, a);
	sctp_cmd_hb_timers_start(asoc);
	sctp_transport_hold(a);
	CU_ASSERT_EQUAL(sctp_association_free(asoc), -EBUSY);
	CU_ASSERT(sctp_assoc_check(asoc));

	CU_ASSERT_EQUAL(sctp_assoc_rm_peer(asoc, a), 0);
	CU_ASSERT(a->dead);
	CU_ASSERT_FALSE(a->hb_pending);
	CU_ASSERT_EQUAL(atomic_read(&a->refcnt), 1); /* the holder's */
	CU_ASSERT(list_empty(&a->transmitted));
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, b);
	CU_ASSERT(sctp_assoc_check(asoc));
	/* asoc, b, a, and the chunk now on the retransmit queue */
	CU_ASSERT_EQUAL(sctp_test_live(), live + 4);

	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live + 1);
	sctp_transport_put(a);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* @asoc's transports in list order into @arr; returns how many */
static unsigned int list_order(struct sctp_association *asoc,
			       struct sctp_transport **arr, unsigned int max)
{
	struct sctp_transport *t;
	unsigned int n = 0;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		if (n < max)
			arr[n++] = t;
	return n;
}

/*
 * The paths control_transport must leave, from the spec's rule: the
 * newest active transport (the first of equals in list order) takes both
 * places (2.5.33's missing "else"), except that an active primary takes
 * first place and pushes the newest to second; none active: the primary.
 */
static void expected_paths(struct sctp_association *asoc,
			   struct sctp_transport **active,
			   struct sctp_transport **retran)
{
	struct sctp_transport *arr[16], *newest = NULL;
	struct sctp_transport *primary = asoc->peer.primary_path;
	unsigned int n = list_order(asoc, arr, 16), i;

	for (i = 0; i < n; i++) {
		if (arr[i]->state != SCTP_ACTIVE)
			continue;
		if (!newest || (long)(arr[i]->last_time_heard -
				      newest->last_time_heard) > 0)
			newest = arr[i];
	}
	if (!newest) {
		*active = *retran = primary;
	} else if (primary->state == SCTP_ACTIVE) {
		*active = primary;
		*retran = newest;
	} else {
		*active = *retran = newest;
	}
}

/*
 * The SHUTDOWN target from the spec's rule, on an array in list order
 * (indices modulo n rather than a walk that skips the list head).
 */
static struct sctp_transport *expected_shutdown(struct sctp_association *asoc)
{
	struct sctp_transport *arr[16], *t, *first_inactive = NULL;
	struct sctp_transport *last = asoc->shutdown_last_sent_to;
	unsigned int n = list_order(asoc, arr, 16), i, k;

	if (!n)
		return NULL;
	if (n == 1)
		return arr[0];
	if (!last)
		return asoc->peer.active_path;
	for (i = 0; arr[i] != last; i++)
		;
	for (k = 1; k < n; k++) {
		t = arr[(i + k) % n];
		if (t->state == SCTP_ACTIVE)
			return t;
		if (!first_inactive)
			first_inactive = t;
	}
	return last->state == SCTP_ACTIVE ? last : first_inactive;
}

/*
 * The paths after add_peer returned @t (@dup: it was there already), from
 * the paths before it (@pri, @act, @ret): the first transport takes every
 * path; a new one becomes retran only when active and retran were the same
 * (2.5.33); primary and active never move; a duplicate moves nothing.
 */
static void check_add_paths(struct sctp_association *asoc,
			    struct sctp_transport *t, bool dup,
			    struct sctp_transport *pri,
			    struct sctp_transport *act,
			    struct sctp_transport *ret)
{
	if (!pri) {
		CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, t);
		CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, t);
		CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, t);
		return;
	}
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, pri);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, act);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path,
			    dup || act != ret ? ret : t);
}

/* random add/remove/up/down/lookups against an array oracle */
static void test_random_soak(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *oracle[16] = { NULL };
	unsigned int seed = 33, step, i, n;
	char ip[32];
	union sctp_addr a;

	for (step = 0; step < 3000; step++) {
		i = rand_r(&seed) % 16;
		snprintf(ip, sizeof(ip), "10.9.0.%u", i + 1);
		a = sctp_test_v4(ip, 4242);
		switch (rand_r(&seed) % 5) {
		case 0:
		case 1: {
			struct sctp_transport *t;
			struct sctp_transport *pri = asoc->peer.primary_path;
			struct sctp_transport *act = asoc->peer.active_path;
			struct sctp_transport *ret = asoc->peer.retran_path;

			t = sctp_assoc_add_peer(asoc, &a, GFP_KERNEL);
			CU_ASSERT_PTR_NOT_NULL(t);
			if (oracle[i])
				CU_ASSERT_PTR_EQUAL(t, oracle[i]);
			check_add_paths(asoc, t, oracle[i] != NULL, pri, act,
					ret);
			oracle[i] = t;
			break;
		}
		case 2:
			if (oracle[i]) {
				CU_ASSERT_EQUAL(
					sctp_assoc_rm_peer(asoc, oracle[i]), 0);
				oracle[i] = NULL;
			}
			break;
		case 3:
			if (oracle[i]) {
				struct sctp_transport *t, *act, *ret;
				int up = rand_r(&seed) % 2;

				t = oracle[i];
				t->last_time_heard = rand_r(&seed) % 100;
				sctp_assoc_control_transport(
					asoc, t,
					up ? SCTP_TRANSPORT_UP :
					     SCTP_TRANSPORT_DOWN);
				CU_ASSERT_EQUAL(t->state, up ? SCTP_ACTIVE :
							       SCTP_INACTIVE);
				expected_paths(asoc, &act, &ret);
				CU_ASSERT_PTR_EQUAL(asoc->peer.active_path,
						    act);
				CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path,
						    ret);
			}
			break;
		default: {
			struct sctp_transport *want = expected_shutdown(asoc);

			asoc->shutdown_last_sent_to =
				sctp_assoc_choose_shutdown_transport(asoc);
			CU_ASSERT_PTR_EQUAL(asoc->shutdown_last_sent_to, want);
			break;
		}
		}
		CU_ASSERT_FATAL(sctp_assoc_check(asoc));
		n = 0;
		for (i = 0; i < 16; i++) {
			snprintf(ip, sizeof(ip), "10.9.0.%u", i + 1);
			a = sctp_test_v4(ip, 4242);
			CU_ASSERT_PTR_EQUAL(sctp_assoc_lookup_paddr(asoc, &a),
					    oracle[i]);
			n += oracle[i] != NULL;
		}
		CU_ASSERT_EQUAL(asoc->peer.transport_count, n);
	}
	free_asoc(asoc);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/*
 * sctp_assoc_check() reports each corruption it looks for, naming this
 * file's line; each is put back and the association passes again
 */
static void test_assoc_check_reports(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b, stray;
	union sctp_addr saved;

	/* no transport, yet a path */
	asoc->peer.primary_path = &stray;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(
		": no transport, but a primary, active or retransmit path");
	asoc->peer.primary_path = NULL;
	a = add(asoc, "10.0.0.1", 5000);
	b = add(asoc, "10.0.0.2", 5000);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);

	atomic_set(&asoc->base.refcnt, 0);
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": association");
	CU_ASSERT_PTR_NOT_NULL(strstr(report_last, ": refcnt 0, alive"));
	atomic_set(&asoc->base.refcnt, 1);
	b->asoc = NULL;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": transport 2: asoc (nil), alive, refcnt 1");
	b->asoc = asoc;
	b->ipaddr.sa.sa_family = AF_UNIX;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": transport 2: address family 1");
	b->ipaddr.sa.sa_family = AF_INET;
	sctp_addr_set_port(&b->ipaddr, 5001);
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": transport 2: port 5001, the peer's 5000");
	sctp_addr_set_port(&b->ipaddr, 5000);
	b->state = -1;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": transport 2: state -1");
	b->state = SCTP_ACTIVE;
	saved = b->ipaddr;
	b->ipaddr = a->ipaddr;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": transport 1: its address is on the list twice");
	b->ipaddr = saved;
	asoc->peer.transport_count++;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": transport_count 3, 2 on the list");
	asoc->peer.transport_count--;
	asoc->peer.retran_path = &stray;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(
		": the primary, active or retransmit path is not on the transport list");
	asoc->peer.retran_path = b;
	asoc->shutdown_last_sent_to = &stray;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": shutdown_last_sent_to is not on the transport list");
	asoc->shutdown_last_sent_to = NULL;
	/* what it runs reports in its name: the outqueue's accounting */
	asoc->outqueue.outstanding_bytes++;
	EXPECT_CHECK_FAILS(sctp_assoc_check(asoc), "sctp_assoc_check");
	expect_detail(": sctp_outq_check at sctp/associola.c:");
	CU_ASSERT_PTR_NOT_NULL(
		strstr(report_last, ": outstanding_bytes 1, 0 in flight"));
	asoc->outqueue.outstanding_bytes--;
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

/* a NULL association is a violation, reported as such */
static void test_assoc_check_null(void)
{
	EXPECT_CHECK_FAILS(sctp_assoc_check(NULL), "sctp_assoc_check");
	expect_detail(": no association (NULL)");
}

static CU_TestInfo assoc_check_tests[] = {
	{ "sctp_assoc_check reports each corruption",
	  test_assoc_check_reports },
	{ "sctp_assoc_check(NULL): false, one report", test_assoc_check_null },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo association_free_tests[] = {
	{ "new/free leaves nothing", test_new_free_leaves_nothing },
	{ "free refused while held, timers", test_free_busy_and_timers },
	{ "free with endpoint and refs", test_free_with_endpoint_and_refs },
	{ "a held transport outlives its association",
	  test_held_transport_outlives_asoc },
	CU_TEST_INFO_NULL,
};

/*
 * sctp_transport_new(): one allocation holding a copy of the address,
 * active, one reference, cwnd twice the 1500-byte MTU, the initial RTO of
 * 3 s; a holder keeps it, and the last put of a dead transport frees it
 * after a grace period.
 */
static void test_transport_new(void)
{
	long live = sctp_test_live();
	union sctp_addr a = sctp_test_v4("192.0.2.7", 9);
	struct sctp_transport *t;

	kmalloc_fail_nth(1);
	CU_ASSERT_PTR_NULL(sctp_transport_new(&a, GFP_KERNEL));
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(sctp_test_live(), live);
	t = sctp_transport_new(&a, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	a.v4.sin_port = htons(10); /* the transport has its own copy */
	CU_ASSERT_EQUAL(t->ipaddr.v4.sin_port, htons(9));
	CU_ASSERT_EQUAL(t->ipaddr.v4.sin_addr.s_addr, a.v4.sin_addr.s_addr);
	CU_ASSERT_EQUAL(t->state, SCTP_ACTIVE);
	CU_ASSERT_EQUAL(atomic_read(&t->refcnt), 1);
	CU_ASSERT_EQUAL(t->cwnd, 3000);
	CU_ASSERT_EQUAL(t->rto, 3 * HZ);
	CU_ASSERT(list_empty(&t->transports));
	CU_ASSERT(list_empty(&t->transmitted));
	sctp_transport_hold(t);
	sctp_transport_put(t);
	CU_ASSERT_EQUAL(atomic_read(&t->refcnt), 1);
	t->dead = 1; /* as sctp_assoc_rm_peer() leaves it */
	sctp_transport_put(t);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo transport_new_tests[] = {
	{ "its fields, its references", test_transport_new },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo add_peer_tests[] = {
	{ "add_peer: 2.5.33's window defaults", test_add_peer_defaults },
	{ "add_peer paths and wiring", test_add_peer_paths_and_wiring },
	{ "add_peer duplicate and bad input",
	  test_add_peer_duplicate_and_bad_input },
	{ "add_peer fault injection", test_add_peer_fault_injection },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo lookup_paddr_tests[] = {
	{ "lookup_paddr exact", test_lookup_paddr },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo control_transport_tests[] = {
	{ "control_transport", test_control_transport },
	{ "control_transport across a jiffies wrap",
	  test_control_transport_jiffies_wrap },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo set_primary_tests[] = {
	{ "set_primary", test_set_primary },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo lookup_tsn_tests[] = {
	{ "lookup_tsn quirk", test_lookup_tsn_quirk },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo assoc_update_tests[] = {
	{ "assoc_update: what a restart takes", test_assoc_update },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo shutdown_transport_tests[] = {
	{ "choose_shutdown_transport", test_choose_shutdown_transport },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo rm_peer_tests[] = {
	{ "rm_peer", test_rm_peer },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo associola_soak_tests[] = {
	{ "random soak", test_random_soak },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/associola/sctp_association_free", association_free_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_transport_new", transport_new_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_add_peer", add_peer_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_lookup_paddr", lookup_paddr_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_control_transport",
	    control_transport_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_set_primary", set_primary_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_lookup_tsn", lookup_tsn_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_update", assoc_update_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_choose_shutdown_transport",
	    shutdown_transport_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_rm_peer", rm_peer_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/soak", associola_soak_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/associola/sctp_assoc_check", assoc_check_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
