// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_bind_addr.c - sctp/bind_addr.c: the bind address list,
 * scope rules, the raw address-parameter codec and the copy walk.
 */
#include <errno.h>
#include <stdlib.h>

#include "tests/faults.h"
#include "tests/sctp/sctp_test.h"

static union sctp_addr addr_of(const char *ip, uint16_t port)
{
	return strchr(ip, ':') ? sctp_test_v6(ip, port) :
				 sctp_test_v4(ip, port);
}

static void add(struct sctp_bind_addr *bp, const char *ip, uint16_t port)
{
	union sctp_addr a = addr_of(ip, port);

	CU_ASSERT_EQUAL(sctp_add_bind_addr(bp, &a, GFP_KERNEL), 0);
	CU_ASSERT(sctp_bind_addr_check(bp));
}

/* whether entry @n of @bp is exactly @ip:@port */
static int entry_is(struct sctp_bind_addr *bp, unsigned int n, const char *ip,
		    uint16_t port)
{
	struct sctp_sockaddr_entry *e = sctp_test_nth_addr(bp, n);
	union sctp_addr a = addr_of(ip, port);

	return e && sctp_cmp_addr_exact(&e->a, &a);
}

static void test_add_and_wiring(void)
{
	long live = sctp_test_live();
	struct sctp_bind_addr *bp = sctp_bind_addr_new(GFP_KERNEL);
	struct sctp_sockaddr_entry *e0, *e1, *e2;
	struct list_head *head;

	CU_ASSERT_PTR_NOT_NULL_FATAL(bp);
	CU_ASSERT(bp->malloced);
	bp->port = 5000;
	head = &bp->address_list;
	add(bp, "10.0.0.1", 0); /* port 0: takes bp's */
	add(bp, "2001:db8::1", 6000); /* an explicit port is kept */
	add(bp, "10.0.0.1", 0); /* no duplicate check */
	CU_ASSERT_EQUAL(sctp_test_count_addrs(bp), 3);
	CU_ASSERT(entry_is(bp, 0, "10.0.0.1", 5000));
	CU_ASSERT(entry_is(bp, 1, "2001:db8::1", 6000));
	CU_ASSERT(entry_is(bp, 2, "10.0.0.1", 5000));
	e0 = sctp_test_nth_addr(bp, 0);
	e1 = sctp_test_nth_addr(bp, 1);
	e2 = sctp_test_nth_addr(bp, 2);
	/* inside the union the port is network order (2.5.33: host) */
	CU_ASSERT_EQUAL(e0->a.v4.sin_port, htons(5000));
	CU_ASSERT_EQUAL(e1->a.v6.sin6_port, htons(6000));
	CU_ASSERT_EQUAL(bp->port, 5000);
	CU_ASSERT_PTR_EQUAL(head->next, &e0->list);
	CU_ASSERT_PTR_EQUAL(e0->list.next, &e1->list);
	CU_ASSERT_PTR_EQUAL(e1->list.next, &e2->list);
	CU_ASSERT_PTR_EQUAL(e2->list.next, head);
	CU_ASSERT_PTR_EQUAL(head->prev, &e2->list);
	CU_ASSERT_PTR_EQUAL(e2->list.prev, &e1->list);
	CU_ASSERT_PTR_EQUAL(e1->list.prev, &e0->list);
	CU_ASSERT_PTR_EQUAL(e0->list.prev, head);
	sctp_bind_addr_free(bp);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_add_bad_family_and_fault(void)
{
	struct sctp_bind_addr bp;
	union sctp_addr a;
	long live = sctp_test_live();

	sctp_bind_addr_init(&bp, 1);
	memset(&a, 0, sizeof(a));
	a.sa.sa_family = AF_UNIX;
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&bp, &a, GFP_KERNEL), -EINVAL);
	a = sctp_test_v4("10.0.0.1", 1);
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&bp, &a, GFP_KERNEL), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT(list_empty(&bp.address_list));
	CU_ASSERT(sctp_bind_addr_check(&bp));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_del_first_exact_match(void)
{
	struct sctp_bind_addr bp;
	struct sctp_sockaddr_entry *second;
	union sctp_addr a;
	long live = sctp_test_live();

	sctp_bind_addr_init(&bp, 80);
	a = sctp_test_v4("10.0.0.1", 80);
	/* removal from an empty list */
	CU_ASSERT_EQUAL(sctp_del_bind_addr(&bp, &a), -EINVAL);

	add(&bp, "10.0.0.1", 0);
	add(&bp, "10.0.0.2", 0);
	add(&bp, "10.0.0.1", 0);
	second = sctp_test_nth_addr(&bp, 2);
	/* port and family count */
	a = sctp_test_v4("10.0.0.1", 81);
	CU_ASSERT_EQUAL(sctp_del_bind_addr(&bp, &a), -EINVAL);
	a = sctp_test_v6("::ffff:10.0.0.1", 80);
	CU_ASSERT_EQUAL(sctp_del_bind_addr(&bp, &a), -EINVAL);
	/* a wildcard is not an exact match */
	a = sctp_test_v4("0.0.0.0", 80);
	CU_ASSERT_EQUAL(sctp_del_bind_addr(&bp, &a), -EINVAL);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), 3);

	a = sctp_test_v4("10.0.0.1", 80);
	CU_ASSERT_EQUAL(sctp_del_bind_addr(&bp, &a), 0);
	CU_ASSERT(sctp_bind_addr_check(&bp));
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), 2);
	CU_ASSERT(entry_is(&bp, 0, "10.0.0.2", 80));
	/* the later duplicate is the one left */
	CU_ASSERT_PTR_EQUAL(sctp_test_nth_addr(&bp, 1), second);
	CU_ASSERT_EQUAL(sctp_test_live(), live + 2);
	sctp_bind_addr_clean(&bp);
	CU_ASSERT(list_empty(&bp.address_list));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_has_addr_wildcards(void)
{
	struct sctp_bind_addr bp;
	union sctp_addr a;

	sctp_bind_addr_init(&bp, 7);
	add(&bp, "10.0.0.1", 0);
	a = sctp_test_v4("10.0.0.1", 7);
	CU_ASSERT(sctp_bind_addr_has_addr(&bp, &a));
	a = sctp_test_v4("10.0.0.1", 8);
	CU_ASSERT_FALSE(sctp_bind_addr_has_addr(&bp, &a));
	a = sctp_test_v4("10.0.0.2", 7);
	CU_ASSERT_FALSE(sctp_bind_addr_has_addr(&bp, &a));
	/* wildcard query matches any address of its family and port */
	a = sctp_test_v4("0.0.0.0", 7);
	CU_ASSERT(sctp_bind_addr_has_addr(&bp, &a));
	a = sctp_test_v4("0.0.0.0", 8);
	CU_ASSERT_FALSE(sctp_bind_addr_has_addr(&bp, &a));
	a = sctp_test_v6("::", 7);
	CU_ASSERT_FALSE(sctp_bind_addr_has_addr(&bp, &a));
	/* wildcard entry matches any query of its family and port */
	add(&bp, "::", 0);
	a = sctp_test_v6("2001:db8::5", 7);
	CU_ASSERT(sctp_bind_addr_has_addr(&bp, &a));
	a = sctp_test_v6("2001:db8::5", 9);
	CU_ASSERT_FALSE(sctp_bind_addr_has_addr(&bp, &a));
	a = sctp_test_v4("10.0.0.3", 7);
	CU_ASSERT_FALSE(sctp_bind_addr_has_addr(&bp, &a));
	sctp_bind_addr_clean(&bp);
}

struct scope_case {
	const char *ip;
	enum sctp_scope scope;
};

static const struct scope_case scope_cases[] = {
	{ "0.0.0.0", SCTP_SCOPE_UNUSABLE },
	{ "0.255.255.255", SCTP_SCOPE_UNUSABLE },
	{ "1.0.0.0", SCTP_SCOPE_GLOBAL },
	{ "223.255.255.255", SCTP_SCOPE_GLOBAL },
	{ "224.0.0.1", SCTP_SCOPE_UNUSABLE },
	{ "239.255.255.255", SCTP_SCOPE_UNUSABLE },
	{ "240.0.0.1", SCTP_SCOPE_GLOBAL },
	{ "255.255.255.255", SCTP_SCOPE_UNUSABLE },
	/* the spec's 198.18.0.0/24 exactly (not RFC 2544's /15) */
	{ "198.17.255.255", SCTP_SCOPE_GLOBAL },
	{ "198.18.0.0", SCTP_SCOPE_UNUSABLE },
	{ "198.18.0.1", SCTP_SCOPE_UNUSABLE },
	{ "198.18.0.255", SCTP_SCOPE_UNUSABLE },
	{ "198.18.1.0", SCTP_SCOPE_GLOBAL },
	{ "198.18.1.1", SCTP_SCOPE_GLOBAL },
	{ "198.19.0.1", SCTP_SCOPE_GLOBAL },
	{ "192.88.98.255", SCTP_SCOPE_GLOBAL },
	{ "192.88.99.0", SCTP_SCOPE_UNUSABLE },
	{ "192.88.99.255", SCTP_SCOPE_UNUSABLE },
	{ "192.88.100.0", SCTP_SCOPE_GLOBAL },
	{ "192.88.98.1", SCTP_SCOPE_GLOBAL },
	{ "255.255.255.254", SCTP_SCOPE_GLOBAL },
	{ "126.255.255.255", SCTP_SCOPE_GLOBAL },
	{ "128.0.0.1", SCTP_SCOPE_GLOBAL },
	{ "169.253.255.255", SCTP_SCOPE_GLOBAL },
	{ "169.254.255.255", SCTP_SCOPE_LINK },
	{ "9.255.255.255", SCTP_SCOPE_GLOBAL },
	{ "10.0.0.0", SCTP_SCOPE_PRIVATE },
	{ "10.255.255.255", SCTP_SCOPE_PRIVATE },
	{ "192.167.255.255", SCTP_SCOPE_GLOBAL },
	{ "192.168.255.255", SCTP_SCOPE_PRIVATE },
	{ "127.0.0.1", SCTP_SCOPE_LOOPBACK },
	{ "127.255.0.9", SCTP_SCOPE_LOOPBACK },
	{ "169.254.0.1", SCTP_SCOPE_LINK },
	{ "169.255.0.1", SCTP_SCOPE_GLOBAL },
	{ "10.200.0.1", SCTP_SCOPE_PRIVATE },
	{ "11.0.0.1", SCTP_SCOPE_GLOBAL },
	{ "172.15.255.255", SCTP_SCOPE_GLOBAL },
	{ "172.16.0.1", SCTP_SCOPE_PRIVATE },
	{ "172.31.255.255", SCTP_SCOPE_PRIVATE },
	{ "172.32.0.1", SCTP_SCOPE_GLOBAL },
	{ "192.168.0.1", SCTP_SCOPE_PRIVATE },
	{ "192.169.0.1", SCTP_SCOPE_GLOBAL },
	{ "::", SCTP_SCOPE_UNUSABLE },
	{ "ff02::1", SCTP_SCOPE_UNUSABLE },
	{ "::1", SCTP_SCOPE_LOOPBACK },
	{ "fe80::1", SCTP_SCOPE_LINK },
	{ "febf::1", SCTP_SCOPE_LINK },
	{ "fec0::1", SCTP_SCOPE_PRIVATE },
	{ "fd00::1", SCTP_SCOPE_PRIVATE },
	{ "2001:db8::1", SCTP_SCOPE_GLOBAL },
	{ "::ffff:10.0.0.1", SCTP_SCOPE_PRIVATE },
	{ "::ffff:127.0.0.1", SCTP_SCOPE_LOOPBACK },
};

static void test_scope_rules(void)
{
	union sctp_addr a;
	size_t i;
	int s;

	for (i = 0; i < ARRAY_SIZE(scope_cases); i++) {
		a = addr_of(scope_cases[i].ip, 1);
		CU_ASSERT_FATAL(a.sa.sa_family != AF_UNSPEC);
		if (sctp_scope(&a) != scope_cases[i].scope)
			fprintf(stderr, "scope of %s: %d\n", scope_cases[i].ip,
				sctp_scope(&a));
		CU_ASSERT_EQUAL(sctp_scope(&a), scope_cases[i].scope);
		/* in scope of a peer exactly when it reaches that far */
		for (s = SCTP_SCOPE_GLOBAL; s <= SCTP_SCOPE_UNUSABLE; s++)
			CU_ASSERT_EQUAL(sctp_in_scope(&a, s),
					scope_cases[i].scope !=
							SCTP_SCOPE_UNUSABLE &&
						(int)scope_cases[i].scope <= s);
	}
	memset(&a, 0, sizeof(a));
	a.sa.sa_family = AF_UNIX;
	CU_ASSERT_EQUAL(sctp_scope(&a), SCTP_SCOPE_UNUSABLE);
}

/* 10.0.0.1, 2001:db8::1, 192.168.1.2 as address parameters */
static const uint8_t raw3[] = {
	0x00, 0x05, 0x00, 0x08, 0x0a, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x14,
	0x20, 0x01, 0x0d, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x05, 0x00, 0x08, 0xc0, 0xa8, 0x01, 0x02,
};

static void test_to_raw_byte_vector(void)
{
	struct sctp_bind_addr bp;
	uint8_t *raw = (uint8_t *)1;
	long live = sctp_test_live();

	sctp_bind_addr_init(&bp, 5000);
	CU_ASSERT_EQUAL(sctp_bind_addrs_to_raw(&bp, &raw, GFP_KERNEL), 0);
	CU_ASSERT_PTR_NULL(raw);
	add(&bp, "10.0.0.1", 0);
	add(&bp, "2001:db8::1", 0);
	add(&bp, "192.168.1.2", 0);
	CU_ASSERT_EQUAL(sctp_bind_addrs_to_raw(&bp, &raw, GFP_KERNEL),
			(int)sizeof(raw3));
	CU_ASSERT_PTR_NOT_NULL_FATAL(raw);
	CU_ASSERT_EQUAL(memcmp(raw, raw3, sizeof(raw3)), 0);
	kfree(raw);
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sctp_bind_addrs_to_raw(&bp, &raw, GFP_KERNEL), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_PTR_NULL(raw);
	sctp_bind_addr_clean(&bp);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_raw_to_bind_addrs_round_trip(void)
{
	struct sctp_bind_addr bp;
	uint8_t *raw;
	long live = sctp_test_live();

	sctp_bind_addr_init(&bp, 1);
	CU_ASSERT_EQUAL(sctp_raw_to_bind_addrs(&bp, raw3, sizeof(raw3), 5000,
					       GFP_KERNEL),
			0);
	CU_ASSERT(sctp_bind_addr_check(&bp));
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), 3);
	CU_ASSERT(entry_is(&bp, 0, "10.0.0.1", 5000));
	CU_ASSERT(entry_is(&bp, 1, "2001:db8::1", 5000));
	CU_ASSERT(entry_is(&bp, 2, "192.168.1.2", 5000));
	CU_ASSERT_EQUAL(sctp_bind_addrs_to_raw(&bp, &raw, GFP_KERNEL),
			(int)sizeof(raw3));
	CU_ASSERT_PTR_NOT_NULL_FATAL(raw);
	CU_ASSERT_EQUAL(memcmp(raw, raw3, sizeof(raw3)), 0);
	kfree(raw);
	sctp_bind_addr_clean(&bp);
	/* empty input: nothing added */
	CU_ASSERT_EQUAL(sctp_raw_to_bind_addrs(&bp, raw3, 0, 1, GFP_KERNEL), 0);
	CU_ASSERT(list_empty(&bp.address_list));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

struct raw_case {
	const char *what;
	uint8_t bytes[32];
	int len;
};

static const struct raw_case bad_raw[] = {
	{ "length 0", { 0, 5, 0, 0, 10, 0, 0, 1 }, 8 },
	{ "length 1", { 0, 5, 0, 1, 10, 0, 0, 1 }, 8 },
	{ "length 2", { 0, 5, 0, 2, 10, 0, 0, 1 }, 8 },
	{ "length 3", { 0, 5, 0, 3, 10, 0, 0, 1 }, 8 },
	{ "longer than what remains", { 0, 5, 0, 8, 10, 0, 0 }, 7 },
	{ "IPv6 longer than what remains", { 0, 6, 0, 20, 1, 2, 3, 4 }, 8 },
	{ "fewer than 4 bytes left", { 0, 5, 0, 8, 10, 0, 0, 1, 0, 5 }, 10 },
	{ "1 byte left", { 0, 5, 0, 8, 10, 0, 0, 1, 0 }, 9 },
	{ "IPv4 length 12", { 0, 5, 0, 12, 10, 0, 0, 1, 0, 0, 0, 0 }, 12 },
	{ "IPv4 length 4", { 0, 5, 0, 4 }, 4 },
	{ "IPv6 length 16",
	  { 0, 6, 0, 16, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 },
	  16 },
	{ "IPv6 length 8", { 0, 6, 0, 8, 1, 2, 3, 4 }, 8 },
	{ "host name address", { 0, 11, 0, 8, 'a', '.', 'b', 0 }, 8 },
	{ "supported address types", { 0, 12, 0, 6, 0, 5, 0, 0 }, 8 },
	{ "unknown after a good one",
	  { 0, 5, 0, 8, 10, 0, 0, 1, 0x80, 0, 0, 4 },
	  12 },
	{ "negative length", { 0 }, -1 },
};

/*
 * A copy of @len bytes of @bytes in a buffer of exactly that size, so that
 * ASan reports any read past the end (a 32-byte array would hide it).
 */
static uint8_t *exact_copy(const uint8_t *bytes, int len)
{
	uint8_t *buf = malloc(len > 0 ? len : 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	if (len > 0)
		memcpy(buf, bytes, len);
	return buf;
}

static void test_raw_to_bind_addrs_bad_input(void)
{
	struct sctp_bind_addr bp;
	union sctp_addr a = sctp_test_v4("10.1.1.1", 3);
	uint8_t *buf;
	size_t i;
	long live;
	int err;

	sctp_bind_addr_init(&bp, 3);
	for (i = 0; i < ARRAY_SIZE(bad_raw); i++) {
		/* whatever bp held before, it is left empty */
		CU_ASSERT_EQUAL(sctp_add_bind_addr(&bp, &a, GFP_KERNEL), 0);
		live = sctp_test_live();
		buf = exact_copy(bad_raw[i].bytes, bad_raw[i].len);
		err = sctp_raw_to_bind_addrs(&bp, buf, bad_raw[i].len, 3,
					     GFP_KERNEL);
		free(buf);
		if (err != -EINVAL)
			fprintf(stderr, "accepted: %s\n", bad_raw[i].what);
		CU_ASSERT_EQUAL(err, -EINVAL);
		CU_ASSERT(list_empty(&bp.address_list));
		CU_ASSERT(sctp_bind_addr_check(&bp));
		CU_ASSERT_EQUAL(sctp_test_live(), live - 1);
	}
}

/*
 * Every truncation of a good list: only the cuts at a parameter boundary
 * (0, 8, 28, 36 bytes) are well formed, with that many addresses; every
 * other cut is -EINVAL with nothing left and nothing read past the cut.
 */
static void test_raw_to_bind_addrs_every_truncation(void)
{
	struct sctp_bind_addr bp;
	long live = sctp_test_live();
	uint8_t *buf;
	int len, err, want_n;

	sctp_bind_addr_init(&bp, 3);
	for (len = 0; len <= (int)sizeof(raw3); len++) {
		buf = exact_copy(raw3, len);
		err = sctp_raw_to_bind_addrs(&bp, buf, len, 3, GFP_KERNEL);
		free(buf);
		want_n = len == 0  ? 0 :
			 len == 8  ? 1 :
			 len == 28 ? 2 :
			 len == 36 ? 3 :
				     -1;
		if (want_n < 0) {
			CU_ASSERT_EQUAL(err, -EINVAL);
			CU_ASSERT(list_empty(&bp.address_list));
		} else {
			CU_ASSERT_EQUAL(err, 0);
			CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp),
					(unsigned int)want_n);
		}
		CU_ASSERT(sctp_bind_addr_check(&bp));
		sctp_bind_addr_clean(&bp);
	}
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_raw_to_bind_addrs_fault_injection(void)
{
	struct sctp_bind_addr bp;
	unsigned long n;
	long live = sctp_test_live();
	int err;

	sctp_bind_addr_init(&bp, 3);
	for_each_alloc_failure(n, err = sctp_raw_to_bind_addrs(&bp, raw3,
							       sizeof(raw3), 3,
							       GFP_KERNEL)) {
		CU_ASSERT(sctp_bind_addr_check(&bp));
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT(list_empty(&bp.address_list));
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	}
	CU_ASSERT(sctp_bind_addr_check(&bp));
	CU_ASSERT_EQUAL(err, 0);
	CU_ASSERT_EQUAL(n, 4); /* three allocations, then success */
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), 3);
	sctp_bind_addr_clean(&bp);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* what 2.5.33's callers pass for an IPv6 socket whose peer takes IPv6 */
#define SCTP_ADDR6_BOTH (SCTP_ADDR6_ALLOWED | SCTP_ADDR6_PEERSUPP)

/*
 * The copy of a wildcard bind list towards each scope and family mix.
 * 2.5.33's flags: SCTP_ADDR6_ALLOWED (the socket is PF_INET6),
 * SCTP_ADDR4_PEERSUPP and SCTP_ADDR6_PEERSUPP (the peer takes them); an
 * IPv6 address needs ALLOWED and PEERSUPP, an IPv4 one PEERSUPP.
 */
static void test_copy_wildcard_expands_local_list(void)
{
	static const struct {
		enum sctp_scope scope;
		int flags;
		const char *want[8];
	} cases[] = {
		{ SCTP_SCOPE_GLOBAL,
		  SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_BOTH,
		  { "192.0.2.1", "2001:db8::1" } },
		{ SCTP_SCOPE_PRIVATE,
		  SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_BOTH,
		  { "10.0.0.1", "192.0.2.1", "2001:db8::1" } },
		{ SCTP_SCOPE_LINK,
		  SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_BOTH,
		  { "10.0.0.1", "192.0.2.1", "169.254.1.1", "fe80::1",
		    "2001:db8::1" } },
		{ SCTP_SCOPE_LOOPBACK,
		  SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_BOTH,
		  { "127.0.0.1", "10.0.0.1", "192.0.2.1", "169.254.1.1", "::1",
		    "fe80::1", "2001:db8::1" } },
		{ SCTP_SCOPE_LINK,
		  SCTP_ADDR4_PEERSUPP,
		  { "10.0.0.1", "192.0.2.1", "169.254.1.1" } },
		{ SCTP_SCOPE_LINK,
		  SCTP_ADDR6_BOTH,
		  { "fe80::1", "2001:db8::1" } },
		/* IPv6 needs both: the socket allows it, the peer takes it */
		{ SCTP_SCOPE_LINK, SCTP_ADDR6_ALLOWED, { NULL } },
		{ SCTP_SCOPE_LINK, SCTP_ADDR6_PEERSUPP, { NULL } },
		{ SCTP_SCOPE_LINK,
		  SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_PEERSUPP,
		  { "10.0.0.1", "192.0.2.1", "169.254.1.1" } },
		{ SCTP_SCOPE_LOOPBACK, 0, { NULL } },
		{ SCTP_SCOPE_UNUSABLE,
		  SCTP_ADDR4_PEERSUPP,
		  { "127.0.0.1", "10.0.0.1", "192.0.2.1", "169.254.1.1" } },
	};
	struct sctp_bind_addr src, dest;
	union sctp_addr any = sctp_test_v4("0.0.0.0", 0);
	size_t i, j;
	long live = sctp_test_live();

	CU_ASSERT_EQUAL_FATAL(sctp_get_local_addr_list(), 0);
	CU_ASSERT_EQUAL(sctp_get_local_addr_list(), -EBUSY);
	CU_ASSERT(sctp_local_addr_check());
	sctp_bind_addr_init(&src, 4000);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&src, &any, GFP_KERNEL), 0);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		sctp_bind_addr_init(&dest, 0);
		CU_ASSERT_EQUAL(sctp_bind_addr_copy(&dest, &src, cases[i].scope,
						    GFP_KERNEL, cases[i].flags),
				0);
		CU_ASSERT(sctp_bind_addr_check(&dest));
		CU_ASSERT_EQUAL(dest.port, 4000);
		for (j = 0; cases[i].want[j]; j++)
			CU_ASSERT(entry_is(&dest, j, cases[i].want[j], 4000));
		CU_ASSERT_EQUAL(sctp_test_count_addrs(&dest), j);
		sctp_bind_addr_clean(&dest);
	}
	sctp_bind_addr_clean(&src);
	__sctp_free_local_addr_list();
	CU_ASSERT(list_empty(&sctp_proto.local_addr_list));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_copy_filters_explicit_and_faults(void)
{
	struct sctp_bind_addr src, dest;
	unsigned long n;
	long live = sctp_test_live();
	int err;

	CU_ASSERT_EQUAL_FATAL(sctp_get_local_addr_list(), 0);
	sctp_bind_addr_init(&src, 99);
	add(&src, "127.0.0.1", 0); /* out of scope */
	add(&src, "10.1.2.3", 0);
	add(&src, "224.0.0.5", 0); /* unusable */
	add(&src, "fd00::7", 0);
	add(&src, "::", 0); /* expands: global + private */
	add(&src, "203.0.113.9", 0);
	for_each_alloc_failure(
		n, (sctp_bind_addr_init(&dest, 0),
		    err = sctp_bind_addr_copy(
			    &dest, &src, SCTP_SCOPE_PRIVATE, GFP_KERNEL,
			    SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_BOTH))) {
		CU_ASSERT(sctp_bind_addr_check(&dest));
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT(list_empty(&dest.address_list));
		CU_ASSERT_EQUAL(sctp_test_live(), live + 7 + 6);
	}
	CU_ASSERT(sctp_bind_addr_check(&dest));
	CU_ASSERT_EQUAL(err, 0);
	/* the wildcard copies every local address in scope, both families */
	CU_ASSERT(entry_is(&dest, 0, "10.1.2.3", 99));
	CU_ASSERT(entry_is(&dest, 1, "fd00::7", 99));
	CU_ASSERT(entry_is(&dest, 2, "10.0.0.1", 99));
	CU_ASSERT(entry_is(&dest, 3, "192.0.2.1", 99));
	CU_ASSERT(entry_is(&dest, 4, "2001:db8::1", 99));
	CU_ASSERT(entry_is(&dest, 5, "203.0.113.9", 99));
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&dest), 6);
	CU_ASSERT_EQUAL(n, 7); /* six allocations, then success */
	sctp_bind_addr_clean(&dest);
	sctp_bind_addr_clean(&src);
	__sctp_free_local_addr_list();
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* random add/del/has against an array oracle of counts */
static void test_random_soak(void)
{
	struct sctp_bind_addr bp;
	unsigned int oracle[8] = { 0 }, seed = 2533, step, i, total;
	union sctp_addr a;
	char ip[32];
	long live = sctp_test_live();

	sctp_bind_addr_init(&bp, 1234);
	for (step = 0; step < 3000; step++) {
		i = rand_r(&seed) % 8;
		snprintf(ip, sizeof(ip), i % 2 ? "2001:db8::%u" : "10.0.0.%u",
			 i + 1);
		a = addr_of(ip, 1234);
		switch (rand_r(&seed) % 3) {
		case 0:
			CU_ASSERT_EQUAL(sctp_add_bind_addr(&bp, &a, GFP_KERNEL),
					0);
			oracle[i]++;
			break;
		case 1:
			CU_ASSERT_EQUAL(sctp_del_bind_addr(&bp, &a),
					oracle[i] ? 0 : -EINVAL);
			if (oracle[i])
				oracle[i]--;
			break;
		default:
			CU_ASSERT_EQUAL(sctp_bind_addr_has_addr(&bp, &a),
					oracle[i] > 0);
			break;
		}
		CU_ASSERT_FATAL(sctp_bind_addr_check(&bp));
		for (i = 0, total = 0; i < 8; i++)
			total += oracle[i];
		CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), total);
	}
	sctp_bind_addr_clean(&bp);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* sctp_bind_addr_check() reports a bad family and a broken ring */
static void test_bind_addr_check_reports(void)
{
	long live = sctp_test_live();
	struct sctp_bind_addr *bp = sctp_bind_addr_new(GFP_KERNEL);
	struct sctp_sockaddr_entry *e;
	struct list_head *prev;

	CU_ASSERT_PTR_NOT_NULL_FATAL(bp);
	add(bp, "10.0.0.1", 5000);
	add(bp, "2001:db8::1", 5000);
	e = sctp_test_nth_addr(bp, 1);
	e->a.sa.sa_family = AF_UNIX;
	EXPECT_CHECK_FAILS(sctp_bind_addr_check(bp), "sctp_bind_addr_check");
	expect_detail(": address 2: family 1");
	e->a.sa.sa_family = AF_INET6;
	prev = bp->address_list.prev;
	bp->address_list.prev = &bp->address_list;
	EXPECT_CHECK_FAILS(sctp_bind_addr_check(bp), "sctp_bind_addr_check");
	expect_detail(": list_check at sctp/bind_addr.c:");
	bp->address_list.prev = prev;
	CU_ASSERT(sctp_bind_addr_check(bp));
	sctp_bind_addr_free(bp);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* a NULL list is a violation, reported as such */
static void test_bind_addr_check_null(void)
{
	EXPECT_CHECK_FAILS(sctp_bind_addr_check(NULL), "sctp_bind_addr_check");
	expect_detail(": no bind address list (NULL)");
}

static CU_TestInfo bind_addr_check_tests[] = {
	{ "sctp_bind_addr_check reports a bad family and a broken ring",
	  test_bind_addr_check_reports },
	{ "sctp_bind_addr_check(NULL): false, one report",
	  test_bind_addr_check_null },
	CU_TEST_INFO_NULL,
};

/*
 * sctp_cmp_addr(): the families and ports must agree; a wildcard (0.0.0.0,
 * ::) on either side then matches any address, and otherwise the bytes
 * must be equal.  sctp_is_any() says which are wildcards.
 */
static void test_cmp_addr_wildcards(void)
{
	union sctp_addr a = addr_of("10.0.0.1", 5000);
	union sctp_addr b = addr_of("10.0.0.2", 5000);
	union sctp_addr any4 = addr_of("0.0.0.0", 5000);
	union sctp_addr any4_5001 = addr_of("0.0.0.0", 5001);
	union sctp_addr a6 = addr_of("2001:db8::1", 5000);
	union sctp_addr any6 = addr_of("::", 5000);
	union sctp_addr unspec = a;

	unspec.sa.sa_family = AF_UNSPEC;
	CU_ASSERT(sctp_is_any(&any4));
	CU_ASSERT(sctp_is_any(&any6));
	CU_ASSERT_FALSE(sctp_is_any(&a));
	CU_ASSERT_FALSE(sctp_is_any(&a6));
	CU_ASSERT_FALSE(sctp_is_any(&unspec));
	CU_ASSERT_EQUAL(sctp_cmp_addr(&a, &a), 1);
	CU_ASSERT_EQUAL(sctp_cmp_addr(&a, &b), 0);
	CU_ASSERT_EQUAL(sctp_cmp_addr(&a, &any4), 1);
	CU_ASSERT_EQUAL(sctp_cmp_addr(&any4, &b), 1);
	CU_ASSERT_EQUAL(sctp_cmp_addr(&a, &any4_5001), 0); /* the port */
	CU_ASSERT_EQUAL(sctp_cmp_addr(&a6, &any4), 0); /* the family */
	CU_ASSERT_EQUAL(sctp_cmp_addr(&a6, &any6), 1);
	/* a family it does not know matches nothing, not even itself */
	CU_ASSERT_EQUAL(sctp_cmp_addr(&unspec, &unspec), 0);
	CU_ASSERT_EQUAL(sctp_cmp_addr_exact(&a, &any4), 0);
}

/*
 * sctp_addr_allowed(): an IPv4 address when the peer takes IPv4; an IPv6
 * one when the socket is PF_INET6 and the peer takes IPv6; no other
 * family ever.
 */
static void test_addr_allowed(void)
{
	union sctp_addr a = addr_of("10.0.0.1", 0);
	union sctp_addr a6 = addr_of("2001:db8::1", 0);
	union sctp_addr unspec = a;
	int all = SCTP_ADDR4_PEERSUPP | SCTP_ADDR6_ALLOWED |
		  SCTP_ADDR6_PEERSUPP;

	unspec.sa.sa_family = AF_UNSPEC;
	CU_ASSERT_FALSE(sctp_addr_allowed(&a, 0));
	CU_ASSERT(sctp_addr_allowed(&a, SCTP_ADDR4_PEERSUPP));
	CU_ASSERT_FALSE(sctp_addr_allowed(&a, SCTP_ADDR6_ALLOWED |
						      SCTP_ADDR6_PEERSUPP));
	CU_ASSERT_FALSE(sctp_addr_allowed(&a6, SCTP_ADDR6_ALLOWED));
	CU_ASSERT_FALSE(sctp_addr_allowed(&a6, SCTP_ADDR6_PEERSUPP));
	CU_ASSERT_FALSE(sctp_addr_allowed(&a6, SCTP_ADDR4_PEERSUPP));
	CU_ASSERT(sctp_addr_allowed(&a6,
				    SCTP_ADDR6_ALLOWED | SCTP_ADDR6_PEERSUPP));
	CU_ASSERT_FALSE(sctp_addr_allowed(&unspec, all));
}

/* sctp_bind_addr_drop_tail(): the newest @n go, the rest stay in order */
static void test_drop_tail(void)
{
	long live = sctp_test_live();
	struct sctp_bind_addr bp;

	sctp_bind_addr_init(&bp, 5000);
	add(&bp, "10.0.0.1", 0);
	add(&bp, "10.0.0.2", 0);
	add(&bp, "10.0.0.3", 0);
	sctp_bind_addr_drop_tail(&bp, 0);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&bp), 3);
	sctp_bind_addr_drop_tail(&bp, 2);
	CU_ASSERT(sctp_bind_addr_check(&bp));
	CU_ASSERT_EQUAL_FATAL(sctp_test_count_addrs(&bp), 1);
	CU_ASSERT(entry_is(&bp, 0, "10.0.0.1", 5000));
	CU_ASSERT_EQUAL(sctp_test_live(), live + 1);
	sctp_bind_addr_drop_tail(&bp, 1);
	CU_ASSERT(list_empty(&bp.address_list));
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo cmp_addr_tests[] = {
	{ "families, ports, wildcards", test_cmp_addr_wildcards },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo addr_allowed_tests[] = {
	{ "by family and the flags", test_addr_allowed },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo drop_tail_tests[] = {
	{ "the newest go, the rest stay", test_drop_tail },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo add_bind_addr_tests[] = {
	{ "add: port, order, wiring", test_add_and_wiring },
	{ "add: bad family, no memory", test_add_bad_family_and_fault },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo del_bind_addr_tests[] = {
	{ "del: first exact match", test_del_first_exact_match },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo has_addr_tests[] = {
	{ "has_addr: wildcards", test_has_addr_wildcards },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo scope_tests[] = {
	{ "scope rules", test_scope_rules },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo to_raw_tests[] = {
	{ "to_raw byte vector", test_to_raw_byte_vector },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo raw_to_tests[] = {
	{ "raw_to round trip", test_raw_to_bind_addrs_round_trip },
	{ "raw_to bad input", test_raw_to_bind_addrs_bad_input },
	{ "raw_to every truncation", test_raw_to_bind_addrs_every_truncation },
	{ "raw_to fault injection", test_raw_to_bind_addrs_fault_injection },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bind_addr_copy_tests[] = {
	{ "copy: wildcard expands local list",
	  test_copy_wildcard_expands_local_list },
	{ "copy: filters, fault injection",
	  test_copy_filters_explicit_and_faults },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bind_addr_soak_tests[] = {
	{ "random soak", test_random_soak },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/bind_addr/sctp_cmp_addr", cmp_addr_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_addr_allowed", addr_allowed_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_bind_addr_drop_tail", drop_tail_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_add_bind_addr", add_bind_addr_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_del_bind_addr", del_bind_addr_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_bind_addr_has_addr", has_addr_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_scope", scope_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_bind_addrs_to_raw", to_raw_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_raw_to_bind_addrs", raw_to_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_bind_addr_copy", bind_addr_copy_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/soak", bind_addr_soak_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/bind_addr/sctp_bind_addr_check", bind_addr_check_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
