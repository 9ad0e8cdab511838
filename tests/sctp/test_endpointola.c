// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_endpointola.c - sctp/endpointola.c: the endpoint's
 * association list, reference counts and __sctp_endpoint_lookup_assoc().
 */
#include <errno.h>
#include <stdlib.h>

#include "tests/faults.h"
#include "tests/sctp/sctp_test.h"

static struct sctp_association *new_asoc(struct sctp_endpoint *ep)
{
	struct sctp_association *asoc;

	asoc = sctp_association_new(ep, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	sctp_endpoint_add_asoc(ep, asoc);
	CU_ASSERT(sctp_endpoint_check(ep));
	return asoc;
}

static struct sctp_transport *add(struct sctp_association *asoc, const char *ip,
				  uint16_t port)
{
	union sctp_addr a = sctp_test_v4(ip, port);

	return sctp_assoc_add_peer(asoc, &a, GFP_KERNEL);
}

static void test_new_free_refcounts(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = NULL;
	struct sctp_association *a, *b;
	unsigned long n;

	for_each_alloc_failure(n, ep = sctp_endpoint_new(NULL, 80, GFP_KERNEL))
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	if (!ep) {
		CU_FAIL("sctp_endpoint_new() never succeeded");
		return;
	}
	CU_ASSERT_EQUAL(n, 2); /* one allocation, then success */
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 1);
	a = new_asoc(ep);
	b = new_asoc(ep);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 3);
	/* wiring: head <-> a <-> b */
	CU_ASSERT_PTR_EQUAL(ep->asocs.next, &a->asocs);
	CU_ASSERT_PTR_EQUAL(a->asocs.next, &b->asocs);
	CU_ASSERT_PTR_EQUAL(b->asocs.next, &ep->asocs);
	CU_ASSERT_PTR_EQUAL(ep->asocs.prev, &b->asocs);
	CU_ASSERT_PTR_EQUAL(b->asocs.prev, &a->asocs);
	CU_ASSERT_PTR_EQUAL(a->asocs.prev, &ep->asocs);

	/* the socket lets go; the endpoint lives for its associations */
	sctp_endpoint_free(ep);
	CU_ASSERT(ep->base.dead);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 2);
	CU_ASSERT(sctp_endpoint_check(ep));
	CU_ASSERT_EQUAL(sctp_association_free(a), 0);
	CU_ASSERT_PTR_EQUAL(ep->asocs.next, &b->asocs);
	CU_ASSERT(sctp_endpoint_check(ep));
	CU_ASSERT_EQUAL(sctp_association_free(b), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_add_asoc_made_without_endpoint(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = sctp_endpoint_new(NULL, 4242, GFP_KERNEL);
	struct sctp_association *asoc;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ep);
	asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	CU_ASSERT_EQUAL(asoc->base.bind_addr.port, 0);
	sctp_endpoint_add_asoc(ep, asoc);
	CU_ASSERT_PTR_EQUAL(asoc->ep, ep);
	CU_ASSERT_EQUAL(asoc->base.bind_addr.port, 4242);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 2);
	CU_ASSERT(sctp_endpoint_check(ep));
	sctp_endpoint_free(ep);
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_lookup_assoc(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = sctp_endpoint_new(NULL, 1, GFP_KERNEL);
	struct sctp_association *a, *b, *c;
	struct sctp_transport *ta, *tb, *tc, *t = (void *)1;
	union sctp_addr x;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ep);
	a = new_asoc(ep);
	b = new_asoc(ep);
	c = new_asoc(ep);
	ta = add(a, "10.0.0.1", 100);
	CU_ASSERT_PTR_NOT_NULL(add(a, "10.0.0.2", 100));
	tb = add(b, "10.0.0.2", 200); /* same address, another port */
	CU_ASSERT_PTR_NOT_NULL(add(c, "10.0.0.3", 100));
	tc = add(c, "10.0.0.2", 100); /* same as a's: a comes first */
	CU_ASSERT(sctp_endpoint_check(ep));

	x = sctp_test_v4("10.0.0.1", 100);
	CU_ASSERT_PTR_EQUAL(__sctp_endpoint_lookup_assoc(ep, &x, &t), a);
	CU_ASSERT_PTR_EQUAL(t, ta);
	x = sctp_test_v4("10.0.0.2", 200);
	CU_ASSERT_PTR_EQUAL(__sctp_endpoint_lookup_assoc(ep, &x, &t), b);
	CU_ASSERT_PTR_EQUAL(t, tb);
	x = sctp_test_v4("10.0.0.2", 100);
	CU_ASSERT_PTR_EQUAL(__sctp_endpoint_lookup_assoc(ep, &x, &t), a);
	CU_ASSERT_PTR_NOT_EQUAL(t, tc);
	CU_ASSERT_PTR_EQUAL(t->asoc, a);
	x = sctp_test_v4("10.0.0.3", 100);
	CU_ASSERT_PTR_EQUAL(__sctp_endpoint_lookup_assoc(ep, &x, &t), c);
	x = sctp_test_v4("10.0.0.3", 200);
	CU_ASSERT_PTR_NULL(__sctp_endpoint_lookup_assoc(ep, &x, &t));
	CU_ASSERT_PTR_NULL(t);
	x = sctp_test_v6("::ffff:10.0.0.1", 100);
	CU_ASSERT_PTR_NULL(__sctp_endpoint_lookup_assoc(ep, &x, &t));

	/* a freed, the shadowed transport of c is found */
	CU_ASSERT_EQUAL(sctp_association_free(a), 0);
	x = sctp_test_v4("10.0.0.2", 100);
	CU_ASSERT_PTR_EQUAL(__sctp_endpoint_lookup_assoc(ep, &x, &t), c);
	CU_ASSERT_PTR_EQUAL(t, tc);
	sctp_endpoint_free(ep);
	CU_ASSERT_EQUAL(sctp_association_free(b), 0);
	CU_ASSERT_EQUAL(sctp_association_free(c), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* random asoc create/free and peer adds, lookups against an oracle */
static void test_random_soak(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = sctp_endpoint_new(NULL, 1, GFP_KERNEL);
	struct sctp_association *asocs[6] = { NULL };
	/* oracle: which asoc slot holds address i (port 1000 + slot) */
	bool has[6][8] = { { false } };
	struct sctp_association *found, *want;
	struct sctp_transport *t;
	unsigned int seed = 1234, step, s, i, j;
	union sctp_addr x;
	char ip[32];

	CU_ASSERT_PTR_NOT_NULL_FATAL(ep);
	for (step = 0; step < 2000; step++) {
		s = rand_r(&seed) % 6;
		i = rand_r(&seed) % 8;
		snprintf(ip, sizeof(ip), "10.7.0.%u", i + 1);
		switch (rand_r(&seed) % 4) {
		case 0:
			if (!asocs[s])
				asocs[s] = new_asoc(ep);
			break;
		case 1:
			if (asocs[s]) {
				CU_ASSERT_EQUAL(sctp_association_free(asocs[s]),
						0);
				asocs[s] = NULL;
				memset(has[s], 0, sizeof(has[s]));
			}
			break;
		default:
			if (asocs[s]) {
				/* slots 0-2 use port 1000, 3-5 port 1001 */
				CU_ASSERT_PTR_NOT_NULL(
					add(asocs[s], ip, 1000 + s / 3));
				has[s][i] = true;
			}
			break;
		}
		CU_ASSERT_FATAL(sctp_endpoint_check(ep));
		for (i = 0; i < 8; i++) {
			snprintf(ip, sizeof(ip), "10.7.0.%u", i + 1);
			for (j = 0; j < 2; j++) {
				x = sctp_test_v4(ip, 1000 + j);
				found = __sctp_endpoint_lookup_assoc(ep, &x,
								     &t);
				/* the first on ep->asocs holding it */
				want = NULL;
				list_for_each_entry(want, &ep->asocs, asocs) {
					for (s = 3 * j; s < 3 * j + 3; s++)
						if (asocs[s] == want &&
						    has[s][i])
							goto done;
				}
				want = NULL;
done:
				CU_ASSERT_PTR_EQUAL(found, want);
				CU_ASSERT(found ? t && t->asoc == found : !t);
			}
		}
	}
	for (s = 0; s < 6; s++)
		if (asocs[s])
			CU_ASSERT_EQUAL(sctp_association_free(asocs[s]), 0);
	sctp_endpoint_free(ep);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* sctp_endpoint_check() reports a foreign association and refcounts */
static void test_endpoint_check_reports(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = sctp_endpoint_new(NULL, 80, GFP_KERNEL);
	struct sctp_association *a, *b;

	CU_ASSERT_PTR_NOT_NULL_FATAL(ep);
	a = new_asoc(ep);
	b = new_asoc(ep);
	b->ep = NULL;
	EXPECT_CHECK_FAILS(sctp_endpoint_check(ep), "sctp_endpoint_check");
	expect_detail(": association 2 belongs to endpoint (nil)");
	b->ep = ep;
	atomic_set(&ep->base.refcnt, 2);
	EXPECT_CHECK_FAILS(sctp_endpoint_check(ep), "sctp_endpoint_check");
	expect_detail(": refcnt 2 for 2 associations (with its socket)");
	atomic_set(&ep->base.refcnt, 3);
	/* an association it runs sctp_assoc_check() on */
	a->peer.transport_count++;
	EXPECT_CHECK_FAILS(sctp_endpoint_check(ep), "sctp_endpoint_check");
	expect_detail(": sctp_assoc_check at sctp/endpointola.c:");
	CU_ASSERT_PTR_NOT_NULL(
		strstr(report_last, ": transport_count 1, 0 on the list"));
	a->peer.transport_count--;
	CU_ASSERT(sctp_endpoint_check(ep));
	sctp_endpoint_free(ep);
	CU_ASSERT_EQUAL(sctp_association_free(a), 0);
	CU_ASSERT_EQUAL(sctp_association_free(b), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* a NULL endpoint is a violation, reported as such */
static void test_endpoint_check_null(void)
{
	EXPECT_CHECK_FAILS(sctp_endpoint_check(NULL), "sctp_endpoint_check");
	expect_detail(": no endpoint (NULL)");
}

static CU_TestInfo endpoint_check_tests[] = {
	{ "sctp_endpoint_check reports a foreign association and refcounts",
	  test_endpoint_check_reports },
	{ "sctp_endpoint_check(NULL): false, one report",
	  test_endpoint_check_null },
	CU_TEST_INFO_NULL,
};

/*
 * sctp_endpoint_hold() and sctp_endpoint_put(): a holder keeps a freed
 * endpoint alive; the last put destroys it, not an earlier one.
 */
static void test_hold_put(void)
{
	long live = sctp_test_live();
	struct sctp_endpoint *ep = sctp_endpoint_new(NULL, 80, GFP_KERNEL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(ep);
	sctp_endpoint_hold(ep);
	sctp_endpoint_hold(ep);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 3);
	sctp_endpoint_put(ep);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 2);
	sctp_endpoint_free(ep); /* the socket's reference */
	CU_ASSERT(ep->base.dead);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 1);
	CU_ASSERT(sctp_endpoint_check(ep));
	CU_ASSERT_EQUAL(sctp_test_live(), live + 1);
	sctp_endpoint_put(ep);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo hold_put_tests[] = {
	{ "the last put destroys", test_hold_put },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo endpoint_new_tests[] = {
	{ "new/free and reference counts", test_new_free_refcounts },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo add_asoc_tests[] = {
	{ "add_asoc of an association made alone",
	  test_add_asoc_made_without_endpoint },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo lookup_assoc_tests[] = {
	{ "__sctp_endpoint_lookup_assoc", test_lookup_assoc },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo endpointola_soak_tests[] = {
	{ "random soak against an oracle", test_random_soak },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/endpointola/sctp_endpoint_new", endpoint_new_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/endpointola/sctp_endpoint_put", hold_put_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/endpointola/sctp_endpoint_add_asoc", add_asoc_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/endpointola/__sctp_endpoint_lookup_assoc", lookup_assoc_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/endpointola/soak", endpointola_soak_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/endpointola/sctp_endpoint_check", endpoint_check_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
