// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_socket.c - sctp/socket.c: bindx add/remove across an
 * endpoint's associations (with rollback), the bindx socket option,
 * close's _safe walk, the setsockopt/getsockopt family walk, write space.
 */
#include <errno.h>
#include <stdlib.h>

#include "tests/faults.h"
#include "tests/sctp/sctp_test.h"

#define MAX_SNAP 64

/* every bind list entry of @ep and its asocs, in order, NULL between */
static size_t snap(struct sctp_endpoint *ep, void **out)
{
	struct sctp_association *asoc;
	struct sctp_sockaddr_entry *e;
	size_t n = 0;

	list_for_each_entry(e, &ep->base.bind_addr.address_list, list)
		if (n < MAX_SNAP)
			out[n++] = e;
	list_for_each_entry(asoc, &ep->asocs, asocs) {
		if (n < MAX_SNAP)
			out[n++] = NULL;
		list_for_each_entry(e, &asoc->base.bind_addr.address_list, list)
			if (n < MAX_SNAP)
				out[n++] = e;
	}
	return n;
}

/* a socket bound to @port with @nasocs associations, each with a peer */
static void make_sock(struct sock *sk, sa_family_t family, uint16_t port,
		      int nasocs)
{
	struct sctp_association *asoc;
	union sctp_addr peer;
	char ip[32];
	int i;

	CU_ASSERT_EQUAL_FATAL(sctp_sock_init(sk, family, port, GFP_KERNEL), 0);
	for (i = 0; i < nasocs; i++) {
		asoc = sctp_association_new(sk->ep, SCTP_SCOPE_GLOBAL,
					    GFP_KERNEL);
		CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
		snprintf(ip, sizeof(ip), "198.51.100.%d", i + 1);
		peer = sctp_test_v4(ip, 2000 + i);
		CU_ASSERT_PTR_NOT_NULL(
			sctp_assoc_add_peer(asoc, &peer, GFP_KERNEL));
		asoc->state = SCTP_STATE_CLOSED;
		sctp_endpoint_add_asoc(sk->ep, asoc);
	}
	CU_ASSERT(sctp_endpoint_check(sk->ep));
}

static int entry_is(struct sctp_bind_addr *bp, unsigned int n,
		    union sctp_addr want)
{
	struct sctp_sockaddr_entry *e = sctp_test_nth_addr(bp, n);

	return e && sctp_cmp_addr_exact(&e->a, &want);
}

static void test_sock_init(void)
{
	struct sock sk;
	unsigned long n;
	long live = sctp_test_live();
	int err;

	CU_ASSERT_EQUAL(sctp_sock_init(&sk, AF_UNIX, 1, GFP_KERNEL), -EINVAL);
	for_each_alloc_failure(n, err = sctp_sock_init(&sk, AF_INET6, 1,
						       GFP_KERNEL)) {
		CU_ASSERT_EQUAL(err, -ENOMEM);
		CU_ASSERT_PTR_NULL(sk.ep);
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	}
	CU_ASSERT_EQUAL_FATAL(err, 0);
	CU_ASSERT(n < 5);
	CU_ASSERT_EQUAL(sk.ep->base.bind_addr.port, 1);
	CU_ASSERT_PTR_EQUAL(sk.ep->sk, &sk);
	sctp_close(&sk, 0);
	CU_ASSERT_PTR_NULL(sk.ep);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_bindx_add_walks_every_asoc(void)
{
	struct sock sk;
	struct sctp_association *asoc;
	union sctp_addr addrs[2], want0, want1;
	long live = sctp_test_live();

	make_sock(&sk, AF_INET6, 7000, 2);
	addrs[0] = sctp_test_v4("10.0.0.1", 0); /* port 0: bound */
	addrs[1] = sctp_test_v6("2001:db8::1", 7000);
	want0 = sctp_test_v4("10.0.0.1", 7000);
	want1 = addrs[1];
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, addrs, 2), 0);
	CU_ASSERT(sctp_endpoint_check(sk.ep));
	CU_ASSERT(entry_is(&sk.ep->base.bind_addr, 0, want0));
	CU_ASSERT(entry_is(&sk.ep->base.bind_addr, 1, want1));
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr), 2);
	list_for_each_entry(asoc, &sk.ep->asocs, asocs) {
		CU_ASSERT(entry_is(&asoc->base.bind_addr, 0, want0));
		CU_ASSERT(entry_is(&asoc->base.bind_addr, 1, want1));
		CU_ASSERT_EQUAL(sctp_test_count_addrs(&asoc->base.bind_addr),
				2);
	}
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_bindx_bad_input_changes_nothing(void)
{
	struct sock sk, sk4;
	void *before[MAX_SNAP], *after[MAX_SNAP];
	union sctp_addr a[2], ok = sctp_test_v4("10.0.0.1", 0);
	size_t nb, na;
	long live;

	make_sock(&sk, AF_INET6, 7000, 2);
	make_sock(&sk4, AF_INET, 7000, 0);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &ok, 1), 0);
	nb = snap(sk.ep, before);
	live = sctp_test_live();

	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &ok, 0), -EINVAL);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &ok, -1), -EINVAL);
	memset(&a[0], 0, sizeof(a[0]));
	a[0].sa.sa_family = AF_UNIX;
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, a, 1), -EINVAL);
	a[0] = sctp_test_v6("2001:db8::9", 0);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk4, a, 1), -EINVAL);
	a[0] = sctp_test_v4("10.0.0.2", 7001); /* wrong port */
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, a, 1), -EINVAL);
	a[0] = sctp_test_v4("10.0.0.2", 0); /* duplicate */
	a[1] = sctp_test_v4("10.0.0.2", 7000);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, a, 2), -EINVAL);
	a[0] = sctp_test_v4("10.0.0.3", 0); /* bad second */
	a[1] = sctp_test_v4("10.0.0.4", 1);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, a, 2), -EINVAL);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &ok, 1), -EADDRINUSE);

	/* removal: not bound, wrong port, duplicates, every address */
	a[0] = sctp_test_v4("10.0.0.9", 0);
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, a, 1), -EINVAL);
	a[0] = sctp_test_v4("10.0.0.1", 9);
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, a, 1), -EINVAL);
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, &ok, 0), -EINVAL);
	a[0] = ok;
	a[1] = ok;
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, a, 2), -EINVAL);
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, &ok, 1), -EBUSY);
	/* removal from an empty list */
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk4, &ok, 1), -EINVAL);

	na = snap(sk.ep, after);
	CU_ASSERT_EQUAL(na, nb);
	CU_ASSERT_EQUAL(memcmp(before, after, nb * sizeof(void *)), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
	CU_ASSERT(sctp_endpoint_check(sk.ep));
	sctp_close(&sk, 0);
	sctp_close(&sk4, 0);
}

static void test_bindx_add_rollback_under_faults(void)
{
	long start = sctp_test_live();
	struct sock sk;
	struct sctp_association *asoc;
	void *before[MAX_SNAP], *after[MAX_SNAP];
	union sctp_addr addrs[2], pre = sctp_test_v4("10.0.0.5", 7000);
	unsigned long n;
	size_t nb, na;
	long live;
	int err;

	make_sock(&sk, AF_INET, 7000, 3);
	/*
	 * The asocs already hold the address being added (an expanded
	 * wildcard, say): the rollback must remove the new entry, not the
	 * first match.
	 */
	CU_ASSERT_EQUAL(
		sctp_add_bind_addr(
			&sk.ep->base.bind_addr,
			&(union sctp_addr){
				.v4 = sctp_test_v4("10.0.0.1", 7000).v4 },
			GFP_KERNEL),
		0);
	list_for_each_entry(asoc, &sk.ep->asocs, asocs)
		CU_ASSERT_EQUAL(sctp_add_bind_addr(&asoc->base.bind_addr, &pre,
						   GFP_KERNEL),
				0);
	addrs[0] = pre;
	addrs[1] = sctp_test_v4("10.0.0.6", 0);
	nb = snap(sk.ep, before);
	live = sctp_test_live();
	for_each_alloc_failure(n, err = sctp_bindx_add(&sk, addrs, 2)) {
		CU_ASSERT(sctp_endpoint_check(sk.ep));
		CU_ASSERT_EQUAL(err, -ENOMEM);
		na = snap(sk.ep, after);
		CU_ASSERT_EQUAL(na, nb);
		CU_ASSERT_EQUAL(memcmp(before, after, nb * sizeof(void *)), 0);
		CU_ASSERT_EQUAL(sctp_test_live(), live);
	}
	CU_ASSERT(sctp_endpoint_check(sk.ep));
	CU_ASSERT_EQUAL(err, 0);
	CU_ASSERT_EQUAL(n, 9); /* 2 addresses x (ep + 3 asocs), then success */
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr), 3);
	CU_ASSERT(entry_is(&sk.ep->base.bind_addr, 0,
			   sctp_test_v4("10.0.0.1", 7000)));
	CU_ASSERT(entry_is(&sk.ep->base.bind_addr, 1, pre));
	CU_ASSERT(entry_is(&sk.ep->base.bind_addr, 2,
			   sctp_test_v4("10.0.0.6", 7000)));
	list_for_each_entry(asoc, &sk.ep->asocs, asocs) {
		CU_ASSERT_EQUAL(sctp_test_count_addrs(&asoc->base.bind_addr),
				3);
		CU_ASSERT(entry_is(&asoc->base.bind_addr, 0, pre));
		CU_ASSERT(entry_is(&asoc->base.bind_addr, 1, pre));
		CU_ASSERT(entry_is(&asoc->base.bind_addr, 2,
				   sctp_test_v4("10.0.0.6", 7000)));
	}
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

static void test_bindx_rem(void)
{
	long start = sctp_test_live();
	struct sock sk;
	struct sctp_association *a0, *a1;
	union sctp_addr addrs[3];
	long live;

	make_sock(&sk, AF_INET, 7000, 2);
	addrs[0] = sctp_test_v4("10.0.0.1", 0);
	addrs[1] = sctp_test_v4("10.0.0.2", 0);
	addrs[2] = sctp_test_v4("10.0.0.3", 0);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, addrs, 3), 0);
	a0 = list_first_entry(&sk.ep->asocs, struct sctp_association, asocs);
	a1 = list_last_entry(&sk.ep->asocs, struct sctp_association, asocs);
	/* a1 stops using 10.0.0.2 on its own */
	CU_ASSERT_EQUAL(
		sctp_del_bind_addr(
			&a1->base.bind_addr,
			&(union sctp_addr){
				.v4 = sctp_test_v4("10.0.0.2", 7000).v4 }),
		0);
	live = sctp_test_live();
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, &addrs[1], 1), 0);
	CU_ASSERT(sctp_endpoint_check(sk.ep));
	CU_ASSERT_EQUAL(sctp_test_live(), live - 2);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr), 2);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&a0->base.bind_addr), 2);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&a1->base.bind_addr), 2);
	CU_ASSERT(entry_is(&a0->base.bind_addr, 1,
			   sctp_test_v4("10.0.0.3", 7000)));
	/* the last one cannot go */
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, addrs, 1), 0);
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, &addrs[2], 1), -EBUSY);
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * Random bindx add/remove of one or two addresses, some under fault
 * injection, against an oracle: the ordered list of bound addresses.
 * After every step the endpoint and each association hold exactly the
 * oracle's list, in order, and nothing leaked.
 */
#define SOAK_ADDRS 6

static void test_bindx_random_soak(void)
{
	long start = sctp_test_live();
	struct sock sk;
	struct sctp_association *asoc;
	union sctp_addr addrs[2];
	unsigned int oracle[SOAK_ADDRS], nbound = 0, seed = 4242;
	unsigned int step, cnt, i, j, k, idx[2];
	long live, base;
	bool add_op, bound, inject;
	int want, err, nallocs;

	make_sock(&sk, AF_INET, 9000, 3);
	base = sctp_test_live();
	for (step = 0; step < 1500; step++) {
		cnt = 1 + rand_r(&seed) % 2;
		idx[0] = rand_r(&seed) % SOAK_ADDRS;
		idx[1] = (idx[0] + 1 + rand_r(&seed) % (SOAK_ADDRS - 1)) %
			 SOAK_ADDRS;
		add_op = rand_r(&seed) % 2;
		for (i = 0; i < cnt; i++) {
			char ip[32];

			snprintf(ip, sizeof(ip), "10.5.0.%u", idx[i] + 1);
			addrs[i] =
				sctp_test_v4(ip, rand_r(&seed) % 2 ? 0 : 9000);
		}
		/* the oracle's verdict */
		want = 0;
		for (i = 0; i < cnt; i++) {
			bound = false;
			for (j = 0; j < nbound; j++)
				bound |= oracle[j] == idx[i];
			if (add_op && bound)
				want = -EADDRINUSE;
			if (!add_op && !bound)
				want = -EINVAL;
		}
		if (!add_op && !nbound)
			want = -EINVAL;
		if (!add_op && !want && cnt >= nbound)
			want = -EBUSY;
		nallocs = add_op ? cnt * 4 : 0;
		inject = rand_r(&seed) % 3 == 0;
		if (inject) {
			k = 1 + rand_r(&seed) % 8;
			if (!want && (int)k <= nallocs)
				want = -ENOMEM;
			kmalloc_fail_nth(k);
		}
		err = add_op ? sctp_bindx_add(&sk, addrs, cnt) :
			       sctp_bindx_rem(&sk, addrs, cnt);
		kmalloc_fault_reset();
		CU_ASSERT_EQUAL(err, want);
		if (!err && add_op) {
			for (i = 0; i < cnt; i++)
				oracle[nbound++] = idx[i];
		} else if (!err) {
			for (i = 0; i < cnt; i++) {
				for (j = 0; oracle[j] != idx[i]; j++)
					;
				memmove(&oracle[j], &oracle[j + 1],
					(nbound - j - 1) * sizeof(oracle[0]));
				nbound--;
			}
		}
		CU_ASSERT_FATAL(sctp_endpoint_check(sk.ep));
		for (j = 0; j < nbound; j++) {
			char ip[32];
			union sctp_addr a;

			snprintf(ip, sizeof(ip), "10.5.0.%u", oracle[j] + 1);
			a = sctp_test_v4(ip, 9000);
			CU_ASSERT(entry_is(&sk.ep->base.bind_addr, j, a));
			list_for_each_entry(asoc, &sk.ep->asocs, asocs)
				CU_ASSERT(
					entry_is(&asoc->base.bind_addr, j, a));
		}
		CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr),
				nbound);
		if (step % 100 == 0) {
			live = sctp_test_live();
			CU_ASSERT_EQUAL(live, base + 4 * (long)nbound);
		}
	}
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

static void test_setsockopt_bindx(void)
{
	long start = sctp_test_live();
	struct sock sk;
	union sctp_addr addrs[2];
	long live;

	make_sock(&sk, AF_INET, 7000, 1);
	addrs[0] = sctp_test_v4("10.0.0.1", 0);
	addrs[1] = sctp_test_v4("10.0.0.2", 0);
	live = sctp_test_live();
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, addrs, 0,
					      SCTP_BINDX_ADD_ADDR),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, addrs, -28,
					      SCTP_BINDX_ADD_ADDR),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, addrs, sizeof(addrs[0]) + 1,
					      SCTP_BINDX_ADD_ADDR),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, addrs, sizeof(addrs) - 4,
					      SCTP_BINDX_ADD_ADDR),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, NULL, sizeof(addrs),
					      SCTP_BINDX_ADD_ADDR),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, addrs, sizeof(addrs), 3),
			-EINVAL);
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, addrs, sizeof(addrs),
					      SCTP_BINDX_ADD_ADDR),
			-ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT(list_empty(&sk.ep->base.bind_addr.address_list));
	CU_ASSERT_EQUAL(sctp_test_live(), live);

	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, SOL_SCTP, SCTP_SOCKOPT_BINDX_ADD,
					addrs, sizeof(addrs)),
			0);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr), 2);
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, SOL_SCTP, SCTP_SOCKOPT_BINDX_REM,
					addrs, sizeof(addrs[0])),
			0);
	CU_ASSERT_EQUAL(sctp_test_count_addrs(&sk.ep->base.bind_addr), 1);
	CU_ASSERT(entry_is(&sk.ep->base.bind_addr, 0,
			   sctp_test_v4("10.0.0.2", 7000)));
	CU_ASSERT(sctp_endpoint_check(sk.ep));
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * A level other than SOL_SCTP: 2.5.33's sctp_setsockopt() hands the call
 * to every family on sctp_proto.address_families in turn, IPv4 first,
 * and returns the first error; only when every family succeeded does it
 * fall through to the SCTP options ("I can hardly begin to describe how
 * wrong this is", its comment says).  With the IPv4 handler taking only
 * IPPROTO_IP and the IPv6 one only IPPROTO_IPV6, no IP-level call
 * succeeds: an IPPROTO_IP option is stored by IPv4, then refused by IPv6.
 */
static void test_sockopt_family_walk(void)
{
	long start = sctp_test_live();
	struct sock sk;
	unsigned int len;
	int v = 42, out = 0;

	make_sock(&sk, AF_INET6, 1, 3);
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IP, 3, &v, sizeof(v)),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(sk.ipopt[3], 42); /* IPv4 ran first */
	CU_ASSERT_EQUAL(sk.ipopt6[3], 0);
	/* IPv4 refuses before IPv6 is asked */
	v = 7;
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IPV6, 3, &v, sizeof(v)),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(sk.ipopt6[3], 0);
	CU_ASSERT_EQUAL(sk.ipopt[3], 42);
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IP, 99, &v, sizeof(v)),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IP, 3, &v, 2), -EINVAL);
	CU_ASSERT_EQUAL(sk.ipopt[3], 42);
	/* getsockopt walks the same way: IPv4 answers, IPv6 refuses */
	len = sizeof(out);
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, IPPROTO_IP, 3, &out, &len),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(out, 42);
	out = 0;
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, IPPROTO_IPV6, 3, &out, &len),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(out, 0);
	len = 2;
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, IPPROTO_IP, 3, &out, &len),
			-EINVAL);
	/* SOL_SCTP */
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, SOL_SCTP, 12345, &v, sizeof(v)),
			-ENOPROTOOPT);
	len = sizeof(out);
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, SOL_SCTP, SCTP_GET_ASSOC_NUMBER,
					&out, &len),
			0);
	CU_ASSERT_EQUAL(out, 3);
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, SOL_SCTP, 12345, &out, &len),
			-ENOPROTOOPT);
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/* family handlers that accept everything and record the order of calls */
static char stub_calls[8];
static unsigned int stub_ncalls;

static int stub_set4(struct sock *sk, int level, int optname,
		     const void *optval, unsigned int optlen)
{
	(void)sk, (void)level, (void)optname, (void)optval, (void)optlen;
	if (stub_ncalls < sizeof(stub_calls))
		stub_calls[stub_ncalls++] = '4';
	return 0;
}

static int stub_set6(struct sock *sk, int level, int optname,
		     const void *optval, unsigned int optlen)
{
	(void)sk, (void)level, (void)optname, (void)optval, (void)optlen;
	if (stub_ncalls < sizeof(stub_calls))
		stub_calls[stub_ncalls++] = '6';
	return 0;
}

static int stub_get(struct sock *sk, int level, int optname, void *optval,
		    unsigned int *optlen)
{
	(void)sk, (void)level, (void)optname, (void)optval, (void)optlen;
	if (stub_ncalls < sizeof(stub_calls))
		stub_calls[stub_ncalls++] = 'g';
	return 0;
}

/*
 * When every family accepts an IP-level call, 2.5.33 went on to the SCTP
 * switch with the same option number: an IP-level setsockopt numbered
 * like SCTP_SOCKOPT_BINDX_ADD binds addresses.
 */
static void test_sockopt_falls_through_to_sctp(void)
{
	struct sctp_af *v4 = sctp_get_af_specific(AF_INET);
	struct sctp_af *v6 = sctp_get_af_specific(AF_INET6);
	int (*set4)(struct sock *, int, int, const void *, unsigned int);
	int (*set6)(struct sock *, int, int, const void *, unsigned int);
	int (*get4)(struct sock *, int, int, void *, unsigned int *);
	int (*get6)(struct sock *, int, int, void *, unsigned int *);
	long start = sctp_test_live();
	union sctp_addr a = sctp_test_v4("10.9.9.9", 1);
	struct sock sk;
	unsigned int len;
	int out = 0, v = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(v4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v6);
	set4 = v4->setsockopt;
	set6 = v6->setsockopt;
	get4 = v4->getsockopt;
	get6 = v6->getsockopt;
	v4->setsockopt = stub_set4;
	v6->setsockopt = stub_set6;
	v4->getsockopt = stub_get;
	v6->getsockopt = stub_get;

	make_sock(&sk, AF_INET, 1, 2);
	stub_ncalls = 0;
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IP, SCTP_SOCKOPT_BINDX_ADD,
					&a, sizeof(a)),
			0);
	CU_ASSERT_EQUAL(stub_ncalls, 2);
	CU_ASSERT_EQUAL(memcmp(stub_calls, "46", 2), 0);
	CU_ASSERT(sctp_bind_addr_has_addr(&sk.ep->base.bind_addr, &a));
	/* no SCTP option of that number: -ENOPROTOOPT after both */
	stub_ncalls = 0;
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IP, 3, &v, sizeof(v)),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(stub_ncalls, 2);
	stub_ncalls = 0;
	len = sizeof(out);
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, IPPROTO_IPV6,
					SCTP_GET_ASSOC_NUMBER, &out, &len),
			0);
	CU_ASSERT_EQUAL(out, 2);
	CU_ASSERT_EQUAL(stub_ncalls, 2);

	v4->setsockopt = set4;
	v6->setsockopt = set6;
	v4->getsockopt = get4;
	v6->getsockopt = get6;
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * sctp_close(): 2.5.33's primitive SHUTDOWN per state - COOKIE-WAIT
 * deleted, ESTABLISHED to SHUTDOWN-PENDING (data queued) or
 * SHUTDOWN-SENT, SHUTDOWN-RECEIVED left alone.  as[0], CLOSED, is freed:
 * 2.5.33 answered -EINVAL and kept it, leaking it with its endpoint.
 */
static void test_close_safe_walk(void)
{
	struct sock sk;
	struct sctp_endpoint *ep;
	struct sctp_association *asoc, *as[6];
	struct sctp_transport *held;
	long live = sctp_test_live();
	int i = 0;

	make_sock(&sk, AF_INET, 5, 6);
	ep = sk.ep;
	list_for_each_entry(asoc, &ep->asocs, asocs)
		as[i++] = asoc;
	as[0]->state = SCTP_STATE_CLOSED;
	as[1]->state = SCTP_STATE_COOKIE_WAIT;
	as[2]->state = SCTP_STATE_ESTABLISHED; /* data queued */
	sctp_outq_tail(&as[2]->outqueue,
		       sctp_chunk_new(SCTP_CID_DATA, 10, GFP_KERNEL));
	as[3]->state = SCTP_STATE_ESTABLISHED; /* idle */
	as[4]->state = SCTP_STATE_SHUTDOWN_RECEIVED;
	as[5]->state = SCTP_STATE_CLOSED; /* still held */
	held = as[5]->peer.primary_path;
	sctp_transport_hold(held);

	sctp_close(&sk, 0);
	CU_ASSERT_PTR_NULL(sk.ep);
	CU_ASSERT(ep->base.dead);
	CU_ASSERT(sctp_endpoint_check(ep));
	CU_ASSERT_EQUAL(list_count_nodes(&ep->asocs), 4);
	CU_ASSERT_PTR_EQUAL(ep->asocs.next, &as[2]->asocs);
	CU_ASSERT_PTR_EQUAL(as[2]->asocs.next, &as[3]->asocs);
	CU_ASSERT_PTR_EQUAL(as[3]->asocs.next, &as[4]->asocs);
	CU_ASSERT_PTR_EQUAL(as[4]->asocs.next, &as[5]->asocs);
	CU_ASSERT_EQUAL(as[2]->state, SCTP_STATE_SHUTDOWN_PENDING);
	CU_ASSERT_EQUAL(as[3]->state, SCTP_STATE_SHUTDOWN_SENT);
	CU_ASSERT_PTR_EQUAL(as[3]->shutdown_last_sent_to,
			    as[3]->peer.active_path);
	CU_ASSERT_EQUAL(as[4]->state, SCTP_STATE_SHUTDOWN_RECEIVED);
	CU_ASSERT_EQUAL(atomic_read(&ep->base.refcnt), 4);

	/* the shutdowns complete; the last free takes the endpoint */
	sctp_transport_put(held);
	for (i = 2; i < 6; i++)
		CU_ASSERT_EQUAL(sctp_association_free(as[i]), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_write_space(void)
{
	long start = sctp_test_live();
	struct sock sk;
	struct sctp_association *as[3], *asoc;
	int i = 0;

	make_sock(&sk, AF_INET, 5, 3);
	list_for_each_entry(asoc, &sk.ep->asocs, asocs)
		as[i++] = asoc;
	sk.sndbuf = 1000;
	as[0]->sndbuf_used = 500;
	as[1]->sndbuf_used = 1000;
	as[2]->sndbuf_used = 2000;
	sctp_write_space(&sk);
	sctp_write_space(&sk);
	CU_ASSERT_EQUAL(as[0]->write_space_wakeups, 2);
	CU_ASSERT_EQUAL(as[1]->write_space_wakeups, 0);
	CU_ASSERT_EQUAL(as[2]->write_space_wakeups, 0);
	sctp_close(&sk, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * A closed socket has no endpoint: every call must say so with an error
 * (bindx used to dereference the NULL endpoint), change nothing and leak
 * nothing; close again is harmless.
 */
static void test_closed_socket(void)
{
	struct sock sk;
	union sctp_addr a = sctp_test_v4("10.0.0.1", 0);
	unsigned int len = sizeof(int);
	long live = sctp_test_live();
	int out = -1, v = 7;

	make_sock(&sk, AF_INET, 7000, 1);
	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &a, 1), 0);
	sctp_close(&sk, 0);
	CU_ASSERT_PTR_NULL(sk.ep);
	CU_ASSERT_EQUAL(sctp_test_live(), live);

	CU_ASSERT_EQUAL(sctp_bindx_add(&sk, &a, 1), -EBADF);
	CU_ASSERT_EQUAL(sctp_bindx_rem(&sk, &a, 1), -EBADF);
	CU_ASSERT_EQUAL(sctp_setsockopt_bindx(&sk, &a, sizeof(a),
					      SCTP_BINDX_ADD_ADDR),
			-EBADF);
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, SOL_SCTP, SCTP_SOCKOPT_BINDX_REM,
					&a, sizeof(a)),
			-EBADF);
	CU_ASSERT_EQUAL(sctp_getsockopt(&sk, SOL_SCTP, SCTP_GET_ASSOC_NUMBER,
					&out, &len),
			0);
	CU_ASSERT_EQUAL(out, 0);
	/* IP level: the family walk needs no endpoint (IPv6 refuses) */
	CU_ASSERT_EQUAL(sctp_setsockopt(&sk, IPPROTO_IP, 1, &v, sizeof(v)),
			-ENOPROTOOPT);
	CU_ASSERT_EQUAL(sk.ipopt[1], 7);
	sctp_write_space(&sk);
	sctp_close(&sk, 0);
	CU_ASSERT_PTR_NULL(sk.ep);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo init_sock_tests[] = {
	{ "sock_init", test_sock_init },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bindx_add_tests[] = {
	{ "bindx add walks every asoc", test_bindx_add_walks_every_asoc },
	{ "bindx bad input changes nothing",
	  test_bindx_bad_input_changes_nothing },
	{ "bindx add rollback under faults",
	  test_bindx_add_rollback_under_faults },
	{ "bindx random soak with faults", test_bindx_random_soak },
	{ "a closed socket refuses bindx", test_closed_socket },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo bindx_rem_tests[] = {
	{ "bindx rem", test_bindx_rem },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo setsockopt_bindx_tests[] = {
	{ "setsockopt bindx", test_setsockopt_bindx },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo setsockopt_tests[] = {
	{ "sockopt family walk quirk", test_sockopt_family_walk },
	{ "sockopt falls through to the SCTP options",
	  test_sockopt_falls_through_to_sctp },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo close_tests[] = {
	{ "close: the _safe walk", test_close_safe_walk },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo write_space_tests[] = {
	{ "write space", test_write_space },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/socket/sctp_init_sock", init_sock_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/socket/sctp_bindx_add", bindx_add_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/socket/sctp_bindx_rem", bindx_rem_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/socket/sctp_setsockopt_bindx", setsockopt_bindx_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/socket/sctp_setsockopt", setsockopt_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/socket/sctp_close", close_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/socket/sctp_write_space", write_space_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
