// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_protocol.c - sctp/protocol.c: the address family list
 * and its codecs, the local address list and its copy.
 */
#include <errno.h>

#include "tests/faults.h"
#include "tests/sctp/sctp_test.h"

static void test_address_families(void)
{
	struct sctp_af *v4 = sctp_get_af_specific(AF_INET);
	struct sctp_af *v6 = sctp_get_af_specific(AF_INET6);
	struct list_head *head = &sctp_proto.address_families;

	CU_ASSERT_PTR_NOT_NULL_FATAL(v4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v6);
	/* IPv4 registered first, then IPv6, nothing else */
	CU_ASSERT(list_check(head));
	CU_ASSERT_PTR_EQUAL(head->next, &v4->list);
	CU_ASSERT_PTR_EQUAL(v4->list.next, &v6->list);
	CU_ASSERT_PTR_EQUAL(v6->list.next, head);
	CU_ASSERT_PTR_NULL(sctp_get_af_specific(AF_UNIX));
	CU_ASSERT_PTR_NULL(sctp_get_af_specific(AF_UNSPEC));
	/* registering again changes nothing */
	sctp_protocol_init();
	CU_ASSERT_EQUAL(list_count_nodes(head), 2);

	CU_ASSERT_EQUAL(v4->param_type, SCTP_PARAM_IPV4_ADDRESS);
	CU_ASSERT_EQUAL(v4->param_len, 8);
	CU_ASSERT_EQUAL(v4->sockaddr_len, sizeof(struct sockaddr_in));
	CU_ASSERT_EQUAL(v6->param_type, SCTP_PARAM_IPV6_ADDRESS);
	CU_ASSERT_EQUAL(v6->param_len, 20);
	CU_ASSERT_PTR_EQUAL(sctp_param_type2af(5), v4);
	CU_ASSERT_PTR_EQUAL(sctp_param_type2af(6), v6);
	CU_ASSERT_PTR_NULL(sctp_param_type2af(11));
	CU_ASSERT_PTR_NULL(sctp_param_type2af(0x0500)); /* byte order */
}

static void test_af_codecs(void)
{
	static const uint8_t p4[8] = { 0, 5, 0, 8, 192, 0, 2, 33 };
	static const uint8_t p6[20] = { 0, 6, 0, 20, 0xfe, 0x80, 0,
					0, 0, 0, 0,  0,	   0,	 0,
					0, 0, 0, 0,  0xab, 0xcd };
	struct sctp_af *v4 = sctp_get_af_specific(AF_INET);
	struct sctp_af *v6 = sctp_get_af_specific(AF_INET6);
	union sctp_addr a = sctp_test_v4("192.0.2.33", 77), b;
	uint8_t buf[24];

	memset(buf, 0xee, sizeof(buf));
	CU_ASSERT_EQUAL(v4->to_addr_param(&a, buf), 8);
	CU_ASSERT_EQUAL(memcmp(buf, p4, 8), 0);
	CU_ASSERT_EQUAL(buf[8], 0xee);
	memset(&b, 0, sizeof(b));
	v4->from_addr_param(&b, p4, 77);
	CU_ASSERT_EQUAL(memcmp(&a, &b, sizeof(a)), 0);

	a = sctp_test_v6("fe80::abcd", 1);
	CU_ASSERT_EQUAL(v6->to_addr_param(&a, buf), 20);
	CU_ASSERT_EQUAL(memcmp(buf, p6, 20), 0);
	memset(&b, 0, sizeof(b));
	v6->from_addr_param(&b, p6, 1);
	CU_ASSERT_EQUAL(memcmp(&a, &b, sizeof(a)), 0);
	CU_ASSERT(v6->cmp_addr(&a, &b));
	b.v6.sin6_port = htons(2);
	CU_ASSERT_FALSE(v6->cmp_addr(&a, &b));
	CU_ASSERT(v6->is_any(
		&(union sctp_addr){ .v6 = sctp_test_v6("::", 0).v6 }));
	CU_ASSERT_FALSE(v4->is_any(
		&(union sctp_addr){ .v4 = sctp_test_v4("0.0.0.1", 0).v4 }));
	/* the port is network order inside the union */
	a = sctp_test_v4("1.2.3.4", 0x1234);
	CU_ASSERT_EQUAL(((uint8_t *)&a.v4.sin_port)[0], 0x12);
	CU_ASSERT_EQUAL(sctp_addr_port(&a), 0x1234);
}

static void test_local_addr_list(void)
{
	static const char *const want[] = {
		"127.0.0.1", "10.0.0.1", "192.0.2.1",	"169.254.1.1",
		"::1",	     "fe80::1",	 "2001:db8::1",
	};
	struct sctp_sockaddr_entry *e;
	union sctp_addr a;
	long live = sctp_test_live();
	unsigned long n;
	size_t i = 0;
	int err;

	CU_ASSERT(list_empty(&sctp_proto.local_addr_list));
	for_each_alloc_failure(n, err = sctp_get_local_addr_list()) {
		CU_ASSERT(sctp_local_addr_check());
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT(list_empty(&sctp_proto.local_addr_list));
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	}
	CU_ASSERT(sctp_local_addr_check());
	CU_ASSERT_EQUAL(err, 0);
	CU_ASSERT_EQUAL(n, 8); /* seven allocations, then success */
	list_for_each_entry(e, &sctp_proto.local_addr_list, list) {
		CU_ASSERT_FATAL(i < ARRAY_SIZE(want));
		a = strchr(want[i], ':') ? sctp_test_v6(want[i], 0) :
					   sctp_test_v4(want[i], 0);
		CU_ASSERT(sctp_cmp_addr_exact(&e->a, &a));
		i++;
	}
	CU_ASSERT_EQUAL(i, ARRAY_SIZE(want));

	/* an added address is stored with port 0, at the tail */
	a = sctp_test_v4("203.0.113.5", 999);
	CU_ASSERT_EQUAL(sctp_add_local_addr(&a), 0);
	e = list_last_entry(&sctp_proto.local_addr_list,
			    struct sctp_sockaddr_entry, list);
	a = sctp_test_v4("203.0.113.5", 0);
	CU_ASSERT(sctp_cmp_addr_exact(&e->a, &a));
	CU_ASSERT_EQUAL(list_count_nodes(&sctp_proto.local_addr_list),
			ARRAY_SIZE(want) + 1);
	CU_ASSERT(sctp_local_addr_check());
	memset(&a, 0, sizeof(a));
	a.sa.sa_family = AF_UNIX;
	CU_ASSERT_EQUAL(sctp_add_local_addr(&a), -EINVAL);
	__sctp_free_local_addr_list();
	CU_ASSERT(list_empty(&sctp_proto.local_addr_list));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_copy_local_addr_list(void)
{
	struct sctp_bind_addr bp;
	long live = sctp_test_live();
	union sctp_addr a;
	unsigned long n;
	int err;

	CU_ASSERT_EQUAL_FATAL(sctp_get_local_addr_list(), 0);
	sctp_bind_addr_init(&bp, 6000);
	/* towards a private peer: 10.0.0.1, 192.0.2.1, 2001:db8::1 */
	for_each_alloc_failure(n, err = sctp_copy_local_addr_list(
					  &bp, SCTP_SCOPE_PRIVATE, GFP_KERNEL,
					  SCTP_ADDR4_PEERSUPP |
						  SCTP_ADDR6_ALLOWED |
						  SCTP_ADDR6_PEERSUPP)) {
		CU_ASSERT(sctp_bind_addr_check(&bp));
		CU_ASSERT_EQUAL(err, -ENOMEM);
		/* what was copied before the failure stays */
		CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), n - 1);
		sctp_bind_addr_clean(&bp);
	}
	CU_ASSERT(sctp_bind_addr_check(&bp));
	CU_ASSERT_EQUAL(err, 0);
	CU_ASSERT(n < 10);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), 3);
	a = sctp_test_v4("10.0.0.1", 6000);
	CU_ASSERT(sctp_cmp_addr_exact(&sctp_test_nth_addr(&bp, 0)->a, &a));
	a = sctp_test_v4("192.0.2.1", 6000);
	CU_ASSERT(sctp_cmp_addr_exact(&sctp_test_nth_addr(&bp, 1)->a, &a));
	a = sctp_test_v6("2001:db8::1", 6000);
	CU_ASSERT(sctp_cmp_addr_exact(&sctp_test_nth_addr(&bp, 2)->a, &a));
	sctp_bind_addr_clean(&bp);
	__sctp_free_local_addr_list();
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* sctp_local_addr_check() reports a port on a local address */
static void test_local_addr_check_reports(void)
{
	union sctp_addr a = sctp_test_v4("203.0.113.9", 0);
	long live = sctp_test_live();
	struct sctp_sockaddr_entry *e;

	CU_ASSERT_EQUAL_FATAL(sctp_add_local_addr(&a), 0);
	CU_ASSERT(sctp_local_addr_check());
	e = list_last_entry(&sctp_proto.local_addr_list,
			    struct sctp_sockaddr_entry, list);
	sctp_addr_set_port(&e->a, 7);
	EXPECT_CHECK_FAILS(sctp_local_addr_check(), "sctp_local_addr_check");
	expect_detail(": a local address of family 2, port 7");
	sctp_addr_set_port(&e->a, 0);
	CU_ASSERT(sctp_local_addr_check());
	__sctp_free_local_addr_list();
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo local_addr_check_tests[] = {
	{ "sctp_local_addr_check reports a port on a local address",
	  test_local_addr_check_reports },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo af_specific_tests[] = {
	{ "address families", test_address_families },
	{ "address parameter codecs", test_af_codecs },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo local_addr_list_tests[] = {
	{ "local address list", test_local_addr_list },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo copy_local_addr_list_tests[] = {
	{ "copy_local_addr_list", test_copy_local_addr_list },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/protocol/sctp_get_af_specific", af_specific_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/protocol/sctp_get_local_addr_list", local_addr_list_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/protocol/sctp_copy_local_addr_list",
	    copy_local_addr_list_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/protocol/sctp_local_addr_check", local_addr_check_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
