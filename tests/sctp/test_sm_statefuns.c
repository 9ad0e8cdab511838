// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_sm_statefuns.c - sctp_sf_do_dupcook_a(), the restart:
 * a restarted peer may keep or drop addresses but not add one; an added
 * address comes back as the ABORT's "restart with new addresses" cause,
 * byte for byte, a Host Name Address as an "Unresolvable Address" one;
 * an accepted restart purges the outqueue and takes the new tags and
 * TSNs (2.5.33's PURGE_OUTQUEUE and UPDATE_ASSOC side effects); bad
 * input and failed allocations change neither association.
 */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "sctp/structs.h"
#include "tests/faults.h"
#include "tests/ktest.h"
#include "tests/sctp/sctp_test.h"

#define PORT 7777

/* an INIT with tag @tag listing the IPv4 addresses @texts */
static int init_listing(uint8_t *buf, size_t size, uint32_t tag,
			const char *const *texts, unsigned int n)
{
	struct sctp_init_view v = {
		.type = SCTP_CID_INIT,
		.init_tag = tag,
		.a_rwnd = 2000 + tag,
		.num_outbound_streams = 3,
		.num_inbound_streams = 3,
		.initial_tsn = tag * 7,
		.ecn_capable = true,
	};
	uint8_t addrs[8 * 8];
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct in_addr in;

		inet_pton(AF_INET, texts[i], &in);
		sctp_put16(addrs + 8 * i, SCTP_PARAM_IPV4_ADDRESS);
		sctp_put16(addrs + 8 * i + 2, 8);
		memcpy(addrs + 8 * i + 4, &in, 4);
	}
	return sctp_make_init_raw(buf, size, &v, addrs, 8 * (size_t)n, NULL, 0);
}

/* the existing association: peer 10.0.0.1 (source), 10.0.0.2, 10.0.0.3 */
static const char *const old_addrs[] = { "10.0.0.2", "10.0.0.3" };

static struct sctp_association *established(void)
{
	struct sctp_association *asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128];
	int len;

	asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	if (!asoc)
		return NULL;
	len = init_listing(buf, sizeof(buf), 1, old_addrs, 2);
	if (len < 0 || sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, buf,
					 (size_t)len)) {
		sctp_association_free(asoc);
		return NULL;
	}
	asoc->state = SCTP_STATE_ESTABLISHED;
	return asoc;
}

/* the association a COOKIE ECHO's cookie makes, still without peers */
static struct sctp_association *cookie_asoc(void)
{
	struct sctp_association *asoc;

	asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	return asoc;
}

/*
 * The ABORT @init calls for does not fit in 15 bytes: -EFBIG, no ABORT,
 * @old as it was.
 */
static void check_abort_needs_room(struct sctp_association *old,
				   struct sctp_association *new_asoc,
				   const union sctp_addr *src,
				   const uint8_t *init, int len)
{
	uint8_t abort[15];
	size_t abort_len = 99;

	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, src, init,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len),
			-EFBIG);
	CU_ASSERT_EQUAL(abort_len, 0);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 1);
	CU_ASSERT(sctp_assoc_check(old));
}

static void free_both(struct sctp_association *a, struct sctp_association *b)
{
	CU_ASSERT_EQUAL(sctp_association_free(a), 0);
	CU_ASSERT_EQUAL(sctp_association_free(b), 0);
	kstruct_rcu_barrier();
}

/* the transports of @asoc, as pointers, in order */
static unsigned int transports_of(struct sctp_association *asoc,
				  struct sctp_transport **out)
{
	struct sctp_transport *t;
	unsigned int n = 0;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		if (n < 8)
			out[n++] = t;
	return n;
}

static void restart_ok(const char *const *addrs, unsigned int n,
		       unsigned int new_count)
{
	struct sctp_association *old = established(), *new_asoc;
	struct sctp_transport *before[8], *after[8];
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 99;
	unsigned int nb, na, i;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	nb = transports_of(old, before);
	CU_ASSERT_EQUAL(nb, 3);
	len = init_listing(buf, sizeof(buf), 2, addrs, n);
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len),
			SCTP_DISPOSITION_CONSUME);
	CU_ASSERT_EQUAL(abort_len, 0);
	CU_ASSERT_EQUAL(new_asoc->peer.transport_count, new_count);
	/* the old association keeps its transports and takes the new tag */
	na = transports_of(old, after);
	CU_ASSERT_EQUAL(na, nb);
	for (i = 0; i < na && i < nb; i++)
		CU_ASSERT_PTR_EQUAL(after[i], before[i]);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 2);
	CU_ASSERT_EQUAL(old->peer.i.init_tag, 2);
	CU_ASSERT_EQUAL(old->peer.i.initial_tsn, 14);
	CU_ASSERT_EQUAL(old->peer.rwnd, 2002);
	/* 2.5.33's sctp_assoc_update() left the transports' ssthresh */
	for (i = 0; i < na; i++)
		CU_ASSERT_EQUAL(after[i]->ssthresh, 2001);
	CU_ASSERT(sctp_assoc_check(old));
	CU_ASSERT(sctp_assoc_check(new_asoc));
	free_both(old, new_asoc);
}

/*
 * 2.5.33 refused this restart too: for each new address it walked the
 * old list and gave up at the first old address that differed, so with
 * three old addresses nothing could pass.  Only a single-homed peer
 * restarting from its one address got through.
 */
static void test_restart_same_addresses(void)
{
	restart_ok(old_addrs, 2, 3);
}

/* 2.5.33 refused this one as well (see above) */
static void test_restart_fewer_addresses(void)
{
	const char *const fewer[] = { "10.0.0.3" };

	restart_ok(fewer, 1, 2);
	restart_ok(NULL, 0, 1);
}

/* out of scope addresses never become transports, so they add nothing */
static void test_restart_out_of_scope_ignored(void)
{
	const char *const more[] = { "10.0.0.2", "127.0.0.5", "169.254.0.9" };

	restart_ok(more, 3, 2);
}

static void test_restart_new_address_aborts(void)
{
	const char *const added[] = { "10.0.0.2", "192.168.7.7", "10.0.0.3",
				      "10.0.0.99" };
	const uint8_t want[] = {
		0x06, 0x00, 0x00, 0x10, /* ABORT, length 16 */
		0x00, 0x0b, 0x00, 0x0c, /* restart, new addresses */
		0x00, 0x05, 0x00, 0x08, 192, 168, 7, 7,
	};
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 0;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	len = init_listing(buf, sizeof(buf), 2, added, 4);
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len),
			SCTP_DISPOSITION_ABORT);
	CU_ASSERT_EQUAL(abort_len, sizeof(want));
	CU_ASSERT_EQUAL(memcmp(abort, want, sizeof(want)), 0);
	/* the old association is as it was */
	CU_ASSERT_EQUAL(old->c.peer_vtag, 1);
	CU_ASSERT_EQUAL(old->peer.transport_count, 3);
	CU_ASSERT(sctp_assoc_check(old));
	free_both(old, new_asoc);

	/* no room for the ABORT: an error, still nothing changed */
	old = established();
	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	check_abort_needs_room(old, new_asoc, &src, buf, len);
	free_both(old, new_asoc);
}

/* the new source itself may be the added address */
static void test_restart_from_new_source_aborts(void)
{
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.50", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 0;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	len = init_listing(buf, sizeof(buf), 2, old_addrs, 2);
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len),
			SCTP_DISPOSITION_ABORT);
	CU_ASSERT_EQUAL(abort_len, 16);
	CU_ASSERT_EQUAL(abort[12], 10);
	CU_ASSERT_EQUAL(abort[15], 50);
	free_both(old, new_asoc);
}

/*
 * Data in flight, queued and gap-acked on the old association, and the
 * cookie's association with its own tag and TSNs (as sctp_unpack_cookie()
 * made it: next_tsn = the cookie's initial TSN, ack point one below).
 * The INIT of the restarted peer announces IPv4 only and no ECN.
 */
struct restart_case {
	struct sctp_association *old, *new_asoc;
	struct sctp_transport *t[3];
	uint8_t init[128];
	int init_len;
	long live_before_data;
};

static void restart_setup(struct restart_case *rc)
{
	static const uint16_t gap[1][2] = { { 2, 2 } };
	uint8_t sack[16 + 4];
	struct sctp_sackhdr *h = (struct sctp_sackhdr *)sack;
	struct sctp_init_view v = {
		.type = SCTP_CID_INIT,
		.init_tag = 2,
		.a_rwnd = 2002,
		.num_outbound_streams = 3,
		.num_inbound_streams = 3,
		.initial_tsn = 14,
		.addr_types = SCTP_ADDR4_SUPPORTED,
	};
	uint8_t addrs[16];
	struct in_addr in;
	unsigned int i;

	rc->old = established();
	CU_ASSERT_PTR_NOT_NULL_FATAL(rc->old);
	for (i = 0; i < 3; i++)
		rc->t[i] = sctp_test_nth_transport(rc->old, i);
	rc->live_before_data = sctp_test_live();
	/* TSNs 1-4 sent on the active path, 1 acked, 3 gap-acked; one
	 * DATA and one control chunk still queued */
	for (i = 0; i < 4; i++)
		sctp_outq_tail(&rc->old->outqueue,
			       sctp_chunk_new(SCTP_CID_DATA, 100, GFP_KERNEL));
	CU_ASSERT_EQUAL(sctp_outq_flush(&rc->old->outqueue), 4);
	sctp_outq_tail(&rc->old->outqueue,
		       sctp_chunk_new(SCTP_CID_DATA, 50, GFP_KERNEL));
	sctp_outq_tail(&rc->old->outqueue,
		       sctp_chunk_new(SCTP_CID_HEARTBEAT, 0, GFP_KERNEL));
	h->cum_tsn_ack = htonl(1);
	h->a_rwnd = htonl(9000);
	h->num_gap_ack_blocks = htons(1);
	h->num_dup_tsns = 0;
	sctp_put16(sack + 12, gap[0][0]);
	sctp_put16(sack + 14, gap[0][1]);
	CU_ASSERT_EQUAL_FATAL(
		sctp_sack_outqueue(&rc->old->outqueue, h, sizeof(sack)), 0);
	CU_ASSERT_EQUAL(rc->old->next_tsn, 5);
	CU_ASSERT_EQUAL(rc->old->ctsn_ack_point, 1);
	CU_ASSERT_EQUAL(rc->old->outqueue.outstanding_bytes, 200);
	CU_ASSERT_EQUAL(rc->old->peer.active_path->flight_size, 200);
	CU_ASSERT(rc->old->peer.ecn_capable);
	CU_ASSERT(sctp_assoc_check(rc->old));

	rc->new_asoc = cookie_asoc();
	rc->new_asoc->c.my_vtag = 0x7777;
	rc->new_asoc->next_tsn = 5000;
	rc->new_asoc->ctsn_ack_point = 4999;
	for (i = 0; i < 2; i++) {
		inet_pton(AF_INET, old_addrs[i], &in);
		sctp_put16(addrs + 8 * i, SCTP_PARAM_IPV4_ADDRESS);
		sctp_put16(addrs + 8 * i + 2, 8);
		memcpy(addrs + 8 * i + 4, &in, 4);
	}
	rc->init_len = sctp_make_init_raw(rc->init, sizeof(rc->init), &v, addrs,
					  sizeof(addrs), NULL, 0);
	CU_ASSERT_FATAL(rc->init_len > 0);
}

static int restart_run(struct restart_case *rc)
{
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t abort[64];
	size_t abort_len = 99;
	int ret;

	ret = sctp_sf_do_dupcook_a(rc->old, rc->new_asoc, &src, rc->init,
				   (size_t)rc->init_len, abort, sizeof(abort),
				   &abort_len);
	CU_ASSERT_EQUAL(abort_len, 0);
	return ret;
}

/* what 2.5.33's sctp_assoc_update() took, and what it left alone */
static void restart_check_update(struct restart_case *rc)
{
	struct sctp_association *old = rc->old;
	unsigned int i;

	CU_ASSERT_EQUAL(old->c.my_vtag, 0x7777);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 2);
	CU_ASSERT_EQUAL(old->peer.i.init_tag, 2);
	CU_ASSERT_EQUAL(old->peer.i.a_rwnd, 2002);
	CU_ASSERT_EQUAL(old->peer.i.num_outbound_streams, 3);
	CU_ASSERT_EQUAL(old->peer.i.initial_tsn, 14);
	CU_ASSERT_EQUAL(old->peer.rwnd, 2002);
	/* not copied: families, ECN, the transports and their ssthresh */
	CU_ASSERT(old->peer.ipv4_address);
	CU_ASSERT(old->peer.ipv6_address);
	CU_ASSERT(old->peer.ecn_capable);
	CU_ASSERT_FALSE(rc->new_asoc->peer.ipv6_address);
	CU_ASSERT_FALSE(rc->new_asoc->peer.ecn_capable);
	CU_ASSERT_EQUAL(old->peer.transport_count, 3);
	for (i = 0; i < 3; i++) {
		CU_ASSERT_PTR_EQUAL(sctp_test_nth_transport(old, i), rc->t[i]);
		CU_ASSERT_EQUAL(rc->t[i]->ssthresh, 2001);
	}
}

/* SCTP_CMD_PURGE_OUTQUEUE: every chunk freed, nothing in flight */
static void restart_check_purged(struct restart_case *rc)
{
	struct sctp_outq *q = &rc->old->outqueue;
	unsigned int i;

	CU_ASSERT(q->empty);
	CU_ASSERT(list_empty(&q->out_chunk_list));
	CU_ASSERT(list_empty(&q->control_chunk_list));
	CU_ASSERT(list_empty(&q->retransmit));
	CU_ASSERT(list_empty(&q->sacked));
	CU_ASSERT_EQUAL(q->outstanding_bytes, 0);
	for (i = 0; i < 3; i++) {
		CU_ASSERT(list_empty(&rc->t[i]->transmitted));
		CU_ASSERT_EQUAL(rc->t[i]->flight_size, 0);
	}
	/* what is left: new_asoc and its three transports */
	CU_ASSERT_EQUAL(sctp_test_live(), rc->live_before_data + 1 + 3);
	CU_ASSERT(sctp_assoc_check(rc->old));
}

/*
 * ESTABLISHED: the old association takes the cookie's next TSN and ack
 * point (2.5.33 sctp_assoc_update(): "If the case is A ... use
 * initial_tsn as next_tsn").
 */
static void test_restart_purges_and_takes_tsns(void)
{
	struct restart_case rc;

	restart_setup(&rc);
	CU_ASSERT_EQUAL(restart_run(&rc), SCTP_DISPOSITION_CONSUME);
	restart_check_update(&rc);
	restart_check_purged(&rc);
	CU_ASSERT_EQUAL(rc.old->next_tsn, 5000);
	CU_ASSERT_EQUAL(rc.old->ctsn_ack_point, 4999);
	free_both(rc.old, rc.new_asoc);
}

/*
 * In any other state 2.5.33 kept next_tsn and moved the ack point to
 * next_tsn - 1: everything sent before was purged.
 */
static void test_restart_not_established_keeps_next_tsn(void)
{
	struct restart_case rc;

	restart_setup(&rc);
	rc.old->state = SCTP_STATE_SHUTDOWN_PENDING;
	CU_ASSERT_EQUAL(restart_run(&rc), SCTP_DISPOSITION_CONSUME);
	restart_check_update(&rc);
	restart_check_purged(&rc);
	CU_ASSERT_EQUAL(rc.old->next_tsn, 5);
	CU_ASSERT_EQUAL(rc.old->ctsn_ack_point, 4);
	CU_ASSERT_EQUAL(rc.old->state, SCTP_STATE_SHUTDOWN_PENDING);
	free_both(rc.old, rc.new_asoc);
}

/* a refused restart purges nothing */
static void test_restart_refused_keeps_data(void)
{
	struct restart_case rc;
	union sctp_addr src = sctp_test_v4("10.0.0.50", PORT);
	uint8_t abort[64];
	size_t abort_len = 0;
	long live;

	restart_setup(&rc);
	live = sctp_test_live();
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(rc.old, rc.new_asoc, &src, rc.init,
					     (size_t)rc.init_len, abort,
					     sizeof(abort), &abort_len),
			SCTP_DISPOSITION_ABORT);
	CU_ASSERT_EQUAL(rc.old->next_tsn, 5);
	CU_ASSERT_EQUAL(rc.old->ctsn_ack_point, 1);
	CU_ASSERT_EQUAL(rc.old->outqueue.outstanding_bytes, 200);
	CU_ASSERT_EQUAL(rc.old->c.peer_vtag, 1);
	/* only new_asoc's three transports were allocated */
	CU_ASSERT_EQUAL(sctp_test_live(), live + 3);
	CU_ASSERT(sctp_assoc_check(rc.old));
	free_both(rc.old, rc.new_asoc);
}

/*
 * An INIT with a Host Name Address is answered with an ABORT carrying the
 * "Unresolvable Address" cause (RFC 9260 3.3.2.1); neither association
 * changes.
 */
static void test_host_name_aborts(void)
{
	const uint8_t params[] = {
		0x00, 0x05, 0x00, 0x08, 10,  0,	  0, 2,
		0x00, 0x0b, 0x00, 0x07, 'h', 'o', 0, 0, /* "ho", 7 + 1 */
	};
	const uint8_t want[] = {
		0x06, 0x00, 0x00, 0x0f, /* ABORT, length 15 */
		0x00, 0x05, 0x00, 0x0b, /* Unresolvable Address, 11 */
		0x00, 0x0b, 0x00, 0x07, 'h', 'o', 0, 0x00, /* padding */
	};
	struct sctp_init_view v = {
		.type = SCTP_CID_INIT,
		.init_tag = 2,
		.a_rwnd = 2002,
		.num_outbound_streams = 3,
		.num_inbound_streams = 3,
		.initial_tsn = 14,
	};
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 0;
	long live;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	len = sctp_make_init_raw(buf, sizeof(buf), &v, params, sizeof(params),
				 NULL, 0);
	CU_ASSERT_FATAL(len > 0);
	live = sctp_test_live();
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len),
			SCTP_DISPOSITION_ABORT);
	CU_ASSERT_EQUAL(abort_len, sizeof(want));
	CU_ASSERT_EQUAL(memcmp(abort, want, sizeof(want)), 0);
	CU_ASSERT_EQUAL(new_asoc->peer.transport_count, 0);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 1);
	CU_ASSERT_EQUAL(old->peer.transport_count, 3);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
	/* no room for it: an error, nothing changed */
	check_abort_needs_room(old, new_asoc, &src, buf, len);
	CU_ASSERT(sctp_assoc_check(new_asoc));
	free_both(old, new_asoc);
}

static void test_bad_init_changes_nothing(void)
{
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 5;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	len = init_listing(buf, sizeof(buf), 2, old_addrs, 2);
	sctp_put16(buf + 20 + 2, 3); /* first parameter's length */
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len),
			-EINVAL);
	CU_ASSERT_EQUAL(abort_len, 0);
	CU_ASSERT_EQUAL(new_asoc->peer.transport_count, 0);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 1);
	CU_ASSERT(sctp_assoc_check(old));
	CU_ASSERT(sctp_assoc_check(new_asoc));
	free_both(old, new_asoc);
}

static void test_fault_injection(void)
{
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len;
	unsigned long nth;
	int len, ret, bad = 0;
	long live;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = cookie_asoc();
	len = init_listing(buf, sizeof(buf), 2, old_addrs, 2);
	live = sctp_test_live();
	for_each_alloc_failure(
		nth, ret = sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
						(size_t)len, abort,
						sizeof(abort), &abort_len)) {
		bad += ret != -ENOMEM;
		bad += new_asoc->peer.transport_count != 0;
		bad += new_asoc->peer.primary_path != NULL;
		bad += old->c.peer_vtag != 1 || old->peer.transport_count != 3;
		bad += !sctp_assoc_check(old) || !sctp_assoc_check(new_asoc);
		bad += sctp_test_live() != live;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(nth > 1 && nth < 50);
	CU_ASSERT_EQUAL(ret, SCTP_DISPOSITION_CONSUME);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 2);
	free_both(old, new_asoc);
}

static CU_TestInfo dupcook_a_tests[] = {
	{ "restart, same addresses", test_restart_same_addresses },
	{ "restart, fewer addresses (2.5.33 refused)",
	  test_restart_fewer_addresses },
	{ "restart, out-of-scope extras ignored",
	  test_restart_out_of_scope_ignored },
	{ "restart, new address: ABORT bytes",
	  test_restart_new_address_aborts },
	{ "restart from a new source: ABORT",
	  test_restart_from_new_source_aborts },
	{ "restart purges the outqueue, takes the new TSNs",
	  test_restart_purges_and_takes_tsns },
	{ "restart outside ESTABLISHED keeps next_tsn",
	  test_restart_not_established_keeps_next_tsn },
	{ "refused restart keeps the data", test_restart_refused_keeps_data },
	{ "Host Name Address: Unresolvable Address ABORT",
	  test_host_name_aborts },
	{ "bad INIT changes nothing", test_bad_init_changes_nothing },
	{ "every allocation fails", test_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/sm_statefuns/sctp_sf_do_dupcook_a", dupcook_a_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
