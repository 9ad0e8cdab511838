// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_dupcook.c - sctp_sf_do_dupcook_a(), the restart check:
 * a restarted peer may keep or drop addresses but not add one; an added
 * address comes back as the ABORT's "restart with new addresses" cause,
 * byte for byte; bad input and failed allocations change neither
 * association.
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
#include "tests/ktest.h"
#include "tests/sctp/sctp_test.h"

#define PORT	7777

/* an INIT with tag @tag listing the IPv4 addresses @texts */
static int init_listing(uint8_t *buf, size_t size, uint32_t tag,
			const char *const *texts, unsigned int n)
{
	struct sctp_init_view v = {
		.type = SCTP_CID_INIT, .init_tag = tag, .a_rwnd = 2000 + tag,
		.num_outbound_streams = 3, .num_inbound_streams = 3,
		.initial_tsn = tag * 7, .ecn_capable = true,
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
	return sctp_make_init_raw(buf, size, &v, addrs, 8 * (size_t)n, NULL,
				  0);
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
	if (len < 0 || sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src,
					 buf, (size_t)len)) {
		sctp_association_free(asoc);
		return NULL;
	}
	asoc->state = SCTP_STATE_ESTABLISHED;
	return asoc;
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
	new_asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(new_asoc);
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
	for (i = 0; i < na; i++)
		CU_ASSERT_EQUAL(after[i]->ssthresh, 2002);
	CU_ASSERT(sctp_assoc_check(old));
	CU_ASSERT(sctp_assoc_check(new_asoc));
	free_both(old, new_asoc);
}

static void test_restart_same_addresses(void)
{
	restart_ok(old_addrs, 2, 3);
}

/* 2.5.33 refused this one: its check wanted the lists equal */
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
		0x06, 0x00, 0x00, 0x10,		/* ABORT, length 16 */
		0x00, 0x0b, 0x00, 0x0c,		/* restart, new addresses */
		0x00, 0x05, 0x00, 0x08, 192, 168, 7, 7,
	};
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 0;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(new_asoc);
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
	new_asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	CU_ASSERT_PTR_NOT_NULL_FATAL(new_asoc);
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, 15,
					     &abort_len), -EFBIG);
	CU_ASSERT_EQUAL(abort_len, 0);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 1);
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
	new_asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(new_asoc);
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

static void test_bad_init_changes_nothing(void)
{
	struct sctp_association *old = established(), *new_asoc;
	union sctp_addr src = sctp_test_v4("10.0.0.1", PORT);
	uint8_t buf[128], abort[64];
	size_t abort_len = 5;
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(new_asoc);
	len = init_listing(buf, sizeof(buf), 2, old_addrs, 2);
	sctp_put16(buf + 20 + 2, 3);	/* first parameter's length */
	CU_ASSERT_EQUAL(sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					     (size_t)len, abort, sizeof(abort),
					     &abort_len), -EINVAL);
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
	unsigned long nth, fired;
	int len, ret = -ENOMEM, bad = 0;
	long live;

	CU_ASSERT_PTR_NOT_NULL_FATAL(old);
	new_asoc = sctp_association_new(NULL, SCTP_SCOPE_PRIVATE, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(new_asoc);
	len = init_listing(buf, sizeof(buf), 2, old_addrs, 2);
	for (nth = 1; nth < 50; nth++) {
		live = sctp_test_live();
		fired = kmalloc_fault_fired();
		kmalloc_fail_nth(nth);
		ret = sctp_sf_do_dupcook_a(old, new_asoc, &src, buf,
					   (size_t)len, abort, sizeof(abort),
					   &abort_len);
		kmalloc_fault_reset();
		if (kmalloc_fault_fired() == fired)
			break;
		bad += ret != -ENOMEM;
		bad += new_asoc->peer.transport_count != 0;
		bad += new_asoc->peer.primary_path != NULL;
		bad += old->c.peer_vtag != 1 || old->peer.transport_count != 3;
		bad += !sctp_assoc_check(old) || !sctp_assoc_check(new_asoc);
		bad += sctp_test_live() != live;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(nth > 1);
	CU_ASSERT_EQUAL(ret, SCTP_DISPOSITION_CONSUME);
	CU_ASSERT_EQUAL(old->c.peer_vtag, 2);
	free_both(old, new_asoc);
}

static CU_TestInfo dupcook_tests[] = {
	{ "restart, same addresses", test_restart_same_addresses },
	{ "restart, fewer addresses (2.5.33 refused)",
	  test_restart_fewer_addresses },
	{ "restart, out-of-scope extras ignored",
	  test_restart_out_of_scope_ignored },
	{ "restart, new address: ABORT bytes",
	  test_restart_new_address_aborts },
	{ "restart from a new source: ABORT",
	  test_restart_from_new_source_aborts },
	{ "bad INIT changes nothing", test_bad_init_changes_nothing },
	{ "every allocation fails", test_fault_injection },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/dupcook", dupcook_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
