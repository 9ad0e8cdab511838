// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_sm_sideeffect.c - sctp/sm_sideeffect.c: the heartbeat
 * timers every transport arms (and the reference each holds), and the
 * bind addresses an association takes from a cookie, in order.
 */
#include "compat/jiffies.h"

#include "tests/sctp/sctp_test.h"

static struct sctp_association *new_asoc(void)
{
	struct sctp_association *asoc;

	asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	return asoc;
}

static struct sctp_transport *add(struct sctp_association *asoc, const char *ip,
				  uint16_t port)
{
	union sctp_addr a = sctp_test_v4(ip, port);
	struct sctp_transport *t = sctp_assoc_add_peer(asoc, &a, GFP_KERNEL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	return t;
}

static void free_asoc(struct sctp_association *asoc)
{
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
}

static void test_hb_timers(void)
{
	struct sctp_association *asoc = new_asoc();
	struct sctp_transport *a, *b;
	unsigned long saved = jiffies;

	a = add(asoc, "10.0.0.1", 1);
	b = add(asoc, "10.0.0.2", 1);
	b->rto = 7;
	jiffies = 1000;
	sctp_cmd_hb_timers_start(asoc);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT(a->hb_pending && b->hb_pending);
	CU_ASSERT_EQUAL(a->hb_deadline, 1000 + a->rto + 30ul * HZ);
	CU_ASSERT_EQUAL(b->hb_deadline, 1000 + 7 + 30ul * HZ);
	CU_ASSERT_EQUAL(atomic_read(&a->refcnt), 2);
	/* re-arming moves the deadline and takes no second reference */
	jiffies = 2000;
	sctp_cmd_hb_timers_start(asoc);
	CU_ASSERT_EQUAL(b->hb_deadline, 2000 + 7 + 30ul * HZ);
	CU_ASSERT_EQUAL(atomic_read(&a->refcnt), 2);
	CU_ASSERT_EQUAL(atomic_read(&b->refcnt), 2);
	sctp_cmd_hb_timers_stop(asoc);
	CU_ASSERT_FALSE(a->hb_pending || b->hb_pending);
	CU_ASSERT_EQUAL(atomic_read(&a->refcnt), 1);
	sctp_cmd_hb_timers_stop(asoc);
	CU_ASSERT_EQUAL(atomic_read(&b->refcnt), 1);
	CU_ASSERT(sctp_assoc_check(asoc));
	jiffies = saved;
	free_asoc(asoc);
}

static void test_set_bind_addrs_order(void)
{
	static const uint8_t raw[16] = { 0, 5, 0, 8, 10, 0, 0, 2,
					 0, 5, 0, 8, 10, 0, 0, 3 };
	struct sctp_association *asoc = new_asoc();
	struct sctp_bind_addr *bp = sctp_bind_addr_new(GFP_KERNEL);
	struct sctp_bind_addr local;
	struct sctp_sockaddr_entry *b, *c, *d;
	union sctp_addr a = sctp_test_v4("10.0.0.1", 9);
	long live;

	CU_ASSERT_PTR_NOT_NULL_FATAL(bp);
	asoc->base.bind_addr.port = 9;
	CU_ASSERT_EQUAL(
		sctp_add_bind_addr(&asoc->base.bind_addr, &a, GFP_KERNEL), 0);
	CU_ASSERT_EQUAL(
		sctp_raw_to_bind_addrs(bp, raw, sizeof(raw), 9, GFP_KERNEL), 0);
	b = sctp_test_nth_addr(bp, 0);
	c = sctp_test_nth_addr(bp, 1);
	live = sctp_test_live();
	sctp_cmd_set_bind_addrs(asoc, bp); /* frees bp itself */
	CU_ASSERT_EQUAL(sctp_test_live(), live - 1);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&asoc->base.bind_addr), 3);
	CU_ASSERT_PTR_EQUAL(sctp_test_nth_addr(&asoc->base.bind_addr, 1), b);
	CU_ASSERT_PTR_EQUAL(sctp_test_nth_addr(&asoc->base.bind_addr, 2), c);
	CU_ASSERT_PTR_EQUAL(c->list.next, &asoc->base.bind_addr.address_list);

	/* a list that was not allocated is left empty */
	sctp_bind_addr_init(&local, 9);
	a = sctp_test_v4("10.0.0.4", 9);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&local, &a, GFP_KERNEL), 0);
	d = sctp_test_nth_addr(&local, 0);
	sctp_cmd_set_bind_addrs(asoc, &local);
	CU_ASSERT(list_empty(&local.address_list));
	CU_ASSERT_PTR_EQUAL(sctp_test_nth_addr(&asoc->base.bind_addr, 3), d);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

static CU_TestInfo hb_timers_tests[] = {
	{ "hb_timers_start/stop", test_hb_timers },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo set_bind_addrs_tests[] = {
	{ "set_bind_addrs order", test_set_bind_addrs_order },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/sm_sideeffect/sctp_cmd_hb_timers_start", hb_timers_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/sm_sideeffect/sctp_cmd_set_bind_addrs", set_bind_addrs_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
