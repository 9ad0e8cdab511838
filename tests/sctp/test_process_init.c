// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_process_init.c - sctp_process_init() and
 * sctp_make_init(): which peers an INIT adds (none but the source while
 * answering the INIT, the in-scope addresses once the cookie comes back),
 * the fields it records, refusal of bad input with nothing changed, every
 * allocation failed in turn, and a seeded random sequence against an
 * oracle with sctp_assoc_check() after each step.
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

#define PEER_PORT 5000

/* addresses with the scope the test expects of each */
static const struct {
	const char *text;
	enum sctp_scope scope;
} pool[] = {
	{ "10.0.0.2", SCTP_SCOPE_PRIVATE },
	{ "192.168.1.5", SCTP_SCOPE_PRIVATE },
	{ "8.8.8.8", SCTP_SCOPE_GLOBAL },
	{ "127.0.0.1", SCTP_SCOPE_LOOPBACK },
	{ "169.254.1.1", SCTP_SCOPE_LINK },
	{ "224.0.0.1", SCTP_SCOPE_UNUSABLE },
	{ "2a00:1450::1", SCTP_SCOPE_GLOBAL },
	{ "fe80::1", SCTP_SCOPE_LINK },
	{ "::1", SCTP_SCOPE_LOOPBACK },
	{ "172.16.9.9", SCTP_SCOPE_PRIVATE },
};

static union sctp_addr addr_of(const char *text, uint16_t port)
{
	return strchr(text, ':') ? sctp_test_v6(text, port) :
				   sctp_test_v4(text, port);
}

/* append @a as an address parameter (the RFC's encoding, by hand) */
static size_t put_addr(uint8_t *p, const union sctp_addr *a)
{
	if (a->sa.sa_family == AF_INET) {
		sctp_put16(p, 5);
		sctp_put16(p + 2, 8);
		memcpy(p + 4, &a->v4.sin_addr, 4);
		return 8;
	}
	sctp_put16(p, 6);
	sctp_put16(p + 2, 20);
	memcpy(p + 4, &a->v6.sin6_addr, 16);
	return 20;
}

/* an INIT listing @n pool addresses (indexes @idx) */
static int make_init(uint8_t *buf, size_t size, uint32_t tag, uint32_t rwnd,
		     const unsigned int *idx, unsigned int n,
		     unsigned int addr_types, bool ecn)
{
	struct sctp_init_view v = {
		.type = SCTP_CID_INIT,
		.init_tag = tag,
		.a_rwnd = rwnd,
		.num_outbound_streams = 7,
		.num_inbound_streams = 9,
		.initial_tsn = tag ^ 0x5555,
		.addr_types = addr_types,
		.ecn_capable = ecn,
	};
	uint8_t addrs[20 * 16];
	size_t alen = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		union sctp_addr a = addr_of(pool[idx[i]].text, 0);

		alen += put_addr(addrs + alen, &a);
	}
	return sctp_make_init_raw(buf, size, &v, addrs, alen, NULL, 0);
}

static struct sctp_association *new_asoc(enum sctp_scope scope)
{
	return sctp_association_new(NULL, scope, GFP_KERNEL);
}

static void free_asoc(struct sctp_association *asoc)
{
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	kstruct_rcu_barrier();
}

/* the transports of @asoc, in list order, compared with addresses */
static bool transports_are(struct sctp_association *asoc,
			   const union sctp_addr *want, unsigned int n)
{
	struct sctp_transport *t;
	unsigned int i = 0;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (i >= n || !sctp_cmp_addr_exact(&t->ipaddr, &want[i]))
			return false;
		i++;
	}
	return i == n && asoc->peer.transport_count == n &&
	       list_check(&asoc->peer.transport_addr_list);
}

static void test_init_adds_only_source(void)
{
	struct sctp_association *asoc = new_asoc(SCTP_SCOPE_PRIVATE);
	const unsigned int idx[] = { 0, 1, 2 };
	union sctp_addr src = addr_of("10.1.1.1", PEER_PORT);
	struct sctp_transport *t;
	uint8_t buf[256];
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	len = make_init(buf, sizeof(buf), 0xabcdef01, 30000, idx, 3,
			SCTP_ADDR4_SUPPORTED, true);
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_INIT, &src, buf,
					  (size_t)len),
			0);
	CU_ASSERT(transports_are(asoc, &src, 1));
	t = list_first_entry(&asoc->peer.transport_addr_list,
			     struct sctp_transport, transports);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, t);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, t);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path, t);
	CU_ASSERT_PTR_EQUAL(t->asoc, asoc);
	CU_ASSERT_EQUAL(t->ssthresh, 30000);
	CU_ASSERT_EQUAL(asoc->peer.port, PEER_PORT);
	CU_ASSERT_EQUAL(asoc->peer.i.init_tag, 0xabcdef01u);
	CU_ASSERT_EQUAL(asoc->c.peer_vtag, 0xabcdef01u);
	CU_ASSERT_EQUAL(asoc->peer.i.a_rwnd, 30000);
	CU_ASSERT_EQUAL(asoc->peer.rwnd, 30000);
	CU_ASSERT_EQUAL(asoc->peer.i.num_outbound_streams, 7);
	CU_ASSERT_EQUAL(asoc->peer.i.num_inbound_streams, 9);
	CU_ASSERT_EQUAL(asoc->peer.i.initial_tsn, 0xabcdef01u ^ 0x5555);
	CU_ASSERT(asoc->peer.ipv4_address);
	CU_ASSERT(!asoc->peer.ipv6_address);
	CU_ASSERT(asoc->peer.ecn_capable);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

static void test_cookie_adds_in_scope(void)
{
	struct sctp_association *asoc = new_asoc(SCTP_SCOPE_PRIVATE);
	/* every pool entry, and the source again */
	const unsigned int idx[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0 };
	union sctp_addr src = addr_of("10.0.0.2", PEER_PORT);
	union sctp_addr want[8];
	struct sctp_transport *t;
	unsigned int n = 0, i;
	uint8_t buf[512];
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	/* the source first; then the private and global ones, in order */
	want[n++] = src;
	for (i = 0; i < ARRAY_SIZE(pool); i++)
		if (pool[i].scope <= SCTP_SCOPE_PRIVATE && i != 0)
			want[n++] = addr_of(pool[i].text, PEER_PORT);
	CU_ASSERT_EQUAL(n, 5);

	len = make_init(buf, sizeof(buf), 77, 12345, idx, ARRAY_SIZE(idx), 0,
			false);
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, buf,
					  (size_t)len),
			0);
	CU_ASSERT(transports_are(asoc, want, n));
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		CU_ASSERT_EQUAL(t->ssthresh, 12345);
	/* first is primary/active; the second became retran */
	t = list_first_entry(&asoc->peer.transport_addr_list,
			     struct sctp_transport, transports);
	CU_ASSERT_PTR_EQUAL(asoc->peer.primary_path, t);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, t);
	CU_ASSERT_PTR_EQUAL(asoc->peer.retran_path,
			    list_next_entry(t, transports));
	/* no Supported Address Types: the peer takes both families */
	CU_ASSERT(asoc->peer.ipv4_address);
	CU_ASSERT(asoc->peer.ipv6_address);
	CU_ASSERT(!asoc->peer.ecn_capable);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);

	/* a loopback association takes every usable address */
	asoc = new_asoc(SCTP_SCOPE_LOOPBACK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, buf,
					  (size_t)len),
			0);
	CU_ASSERT_EQUAL(asoc->peer.transport_count, ARRAY_SIZE(pool) - 1);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

/*
 * 2.5.33's sctp_process_param(): "case SCTP_PARAM_IPV6_ADDRESS: ... if
 * (PF_INET6 == asoc->base.sk->family)" - an IPv6 address parameter
 * becomes a peer only on an IPv6 socket; IPv4 ones on either.  An
 * association with no socket takes both, as an IPv6 socket does.
 */
static void test_ipv6_peers_only_on_ipv6_socket(void)
{
	/* 8.8.8.8, 2a00:1450::1, 172.16.9.9 */
	const unsigned int idx[] = { 2, 6, 9 };
	static const struct {
		int family; /* 0: no socket */
		unsigned int peers;
	} cases[] = {
		{ AF_INET, 3 },
		{ AF_INET6, 4 },
		{ 0, 4 },
	};
	union sctp_addr src = addr_of("10.0.0.2", PEER_PORT);
	union sctp_addr want[4];
	struct sctp_association *asoc;
	uint8_t buf[256];
	struct sock sk;
	unsigned int c;
	long live = sctp_test_live();
	int len;

	want[0] = src;
	want[1] = addr_of("8.8.8.8", PEER_PORT);
	want[2] = addr_of("172.16.9.9", PEER_PORT);
	len = make_init(buf, sizeof(buf), 3, 4000, idx, ARRAY_SIZE(idx),
			SCTP_ADDR4_SUPPORTED | SCTP_ADDR6_SUPPORTED, false);
	CU_ASSERT_FATAL(len > 0);
	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		if (cases[c].family) {
			CU_ASSERT_EQUAL_FATAL(sctp_sock_init(&sk,
							     cases[c].family,
							     80, GFP_KERNEL),
					      0);
			asoc = sctp_association_new(sk.ep, SCTP_SCOPE_PRIVATE,
						    GFP_KERNEL);
		} else {
			asoc = new_asoc(SCTP_SCOPE_PRIVATE);
		}
		CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
		/* answering the INIT adds only the source, on any socket */
		CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_INIT, &src,
						  buf, (size_t)len),
				0);
		CU_ASSERT(transports_are(asoc, want, 1));
		CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO,
						  &src, buf, (size_t)len),
				0);
		CU_ASSERT_EQUAL(asoc->peer.transport_count, cases[c].peers);
		if (cases[c].peers == 3) {
			CU_ASSERT(transports_are(asoc, want, 3));
		} else {
			want[3] = want[2];
			want[2] = addr_of("2a00:1450::1", PEER_PORT);
			CU_ASSERT(transports_are(asoc, want, 4));
			want[2] = want[3];
		}
		/* the peer still says it takes IPv6: only peers differ */
		CU_ASSERT(asoc->peer.ipv6_address);
		CU_ASSERT(sctp_assoc_check(asoc));
		free_asoc(asoc);
		if (cases[c].family)
			sctp_close(&sk, 0);
	}
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* a snapshot of everything sctp_process_init() may change */
struct snapshot {
	struct sctp_transport *t[16];
	unsigned int n;
	struct sctp_transport *primary, *active, *retran;
	uint16_t port;
	struct sctp_inithdr_host i;
	uint32_t peer_vtag, rwnd;
	bool v4, v6, ecn;
	uint32_t ssthresh[16];
};

static void take(struct sctp_association *asoc, struct snapshot *s)
{
	struct sctp_transport *t;

	memset(s, 0, sizeof(*s));
	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		if (s->n < 16) {
			s->ssthresh[s->n] = t->ssthresh;
			s->t[s->n] = t;
		}
		s->n++;
	}
	s->primary = asoc->peer.primary_path;
	s->active = asoc->peer.active_path;
	s->retran = asoc->peer.retran_path;
	s->port = asoc->peer.port;
	s->i = asoc->peer.i;
	s->peer_vtag = asoc->c.peer_vtag;
	s->rwnd = asoc->peer.rwnd;
	s->v4 = asoc->peer.ipv4_address;
	s->v6 = asoc->peer.ipv6_address;
	s->ecn = asoc->peer.ecn_capable;
}

static bool unchanged(struct sctp_association *asoc,
		      const struct snapshot *before)
{
	struct snapshot now;

	take(asoc, &now);
	return memcmp(&now, before, sizeof(now)) == 0 &&
	       asoc->peer.transport_count == before->n &&
	       sctp_assoc_check(asoc);
}

static void test_bad_input_changes_nothing(void)
{
	struct sctp_association *asoc = new_asoc(SCTP_SCOPE_GLOBAL);
	const unsigned int idx[] = { 2, 6 };
	union sctp_addr src = addr_of("8.8.4.4", PEER_PORT), other;
	struct snapshot before;
	uint8_t buf[256], bad[256];
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	len = make_init(buf, sizeof(buf), 5, 1000, idx, 2,
			SCTP_ADDR4_SUPPORTED | SCTP_ADDR6_SUPPORTED, true);
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, buf,
					  (size_t)len),
			0);
	CU_ASSERT_EQUAL(asoc->peer.transport_count, 3);
	take(asoc, &before);

	/* a malformed INIT: tag 0, truncated, a zero-length parameter */
	memcpy(bad, buf, (size_t)len);
	sctp_put32(bad + 4, 0);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, bad,
					  (size_t)len),
			-EINVAL);
	CU_ASSERT(unchanged(asoc, &before));
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, buf,
					  (size_t)len - 1),
			-EMSGSIZE);
	CU_ASSERT(unchanged(asoc, &before));
	memcpy(bad, buf, (size_t)len);
	sctp_put16(bad + 22, 0);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, bad,
					  (size_t)len),
			-EINVAL);
	CU_ASSERT(unchanged(asoc, &before));

	/* a Host Name Address: refused for an ABORT (RFC 9260 3.3.2.1) */
	{
		const uint8_t hn[] = {
			0x00, 0x05, 0x00, 0x08, 8,   8,	  8,   9,
			0x00, 0x0b, 0x00, 0x08, 'h', 'o', 's', 0,
		};
		struct sctp_init_view v = {
			.type = SCTP_CID_INIT,
			.init_tag = 6,
			.a_rwnd = 7,
			.num_outbound_streams = 1,
			.num_inbound_streams = 1,
		};
		int hlen = sctp_make_init_raw(bad, sizeof(bad), &v, hn,
					      sizeof(hn), NULL, 0);

		CU_ASSERT_FATAL(hlen > 0);
		CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO,
						  &src, bad, (size_t)hlen),
				-EADDRNOTAVAIL);
		CU_ASSERT(unchanged(asoc, &before));
	}

	/* a source on another port, or of another family */
	other = addr_of("8.8.4.4", PEER_PORT + 1);
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &other,
					  buf, (size_t)len),
			-EINVAL);
	CU_ASSERT(unchanged(asoc, &before));
	memset(&other, 0, sizeof(other));
	other.sa.sa_family = AF_UNIX;
	CU_ASSERT_EQUAL(sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &other,
					  buf, (size_t)len),
			-EINVAL);
	CU_ASSERT(unchanged(asoc, &before));
	free_asoc(asoc);
}

/*
 * Fail each allocation of a cookie's process_init in turn, on an
 * association that already has a peer: -ENOMEM, nothing changed, nothing
 * leaked; then the call that fails nothing succeeds.
 */
static void fault_loop(enum sctp_scope scope, bool with_peer)
{
	const unsigned int idx[] = { 0, 1, 2, 9, 6, 3 };
	union sctp_addr src = addr_of("10.9.9.9", PEER_PORT);
	union sctp_addr first = addr_of("172.20.0.1", PEER_PORT);
	struct sctp_association *asoc;
	struct snapshot before;
	unsigned long nth;
	uint8_t buf[512];
	int len, ret, bad = 0;
	long live;

	len = make_init(buf, sizeof(buf), 99, 4444, idx, ARRAY_SIZE(idx),
			SCTP_ADDR4_SUPPORTED, false);
	CU_ASSERT_FATAL(len > 0);
	asoc = new_asoc(scope);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	if (with_peer)
		CU_ASSERT_PTR_NOT_NULL(
			sctp_assoc_add_peer(asoc, &first, GFP_KERNEL));
	take(asoc, &before);
	live = sctp_test_live();
	for_each_alloc_failure(
		nth, ret = sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src,
					     buf, (size_t)len)) {
		bad += ret != -ENOMEM;
		bad += !unchanged(asoc, &before);
		bad += sctp_test_live() != live;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(ret, 0);
	/*
	 * Six new transports (source, 10.0.0.2, 192.168.1.5, 8.8.8.8,
	 * 172.16.9.9, 2a00:1450::1), at least one allocation each.
	 */
	CU_ASSERT(nth >= 7 && nth < 100);
	CU_ASSERT_EQUAL(asoc->peer.transport_count, with_peer ? 7 : 6);
	CU_ASSERT(sctp_assoc_check(asoc));
	free_asoc(asoc);
}

static void test_fault_injection_empty(void)
{
	fault_loop(SCTP_SCOPE_PRIVATE, false);
}

static void test_fault_injection_with_peer(void)
{
	fault_loop(SCTP_SCOPE_PRIVATE, true);
}

/*
 * A seeded random sequence of INITs and cookies against an oracle list
 * of addresses; sctp_assoc_check() after every step.
 */
static void test_random_sequence(void)
{
	struct sctp_association *asoc = new_asoc(SCTP_SCOPE_PRIVATE);
	union sctp_addr model[16];
	unsigned int nmodel = 0, step;
	uint64_t seed = 0x5c7b;
	bool v4 = true, v6 = true, ecn = false;
	int bad = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	for (step = 0; step < 400; step++) {
		unsigned int idx[6], n, i, k, src_i, types;
		bool cookie, with_ecn;
		union sctp_addr src;
		uint8_t buf[512];
		int len, ret;

		seed = seed * 6364136223846793005ull + 1;
		n = (seed >> 33) % 6;
		cookie = (seed >> 40) & 1;
		src_i = (seed >> 44) % ARRAY_SIZE(pool);
		for (i = 0; i < n; i++) {
			seed = seed * 6364136223846793005ull + 1;
			idx[i] = (seed >> 33) % ARRAY_SIZE(pool);
		}
		/* Supported Address Types: none, IPv4, IPv6 or both */
		types = (seed >> 50) % 4;
		with_ecn = (seed >> 53) & 1;
		len = make_init(buf, sizeof(buf), (uint32_t)step + 1, step, idx,
				n, types, with_ecn);
		src = addr_of(pool[src_i].text, PEER_PORT);
		ret = sctp_process_init(
			asoc, cookie ? SCTP_CID_COOKIE_ECHO : SCTP_CID_INIT,
			&src, buf, (size_t)len);
		bad += ret != 0;

		/* oracle: source, then in-scope parameters, no duplicates */
		for (i = 0; i <= n; i++) {
			union sctp_addr a;

			if (i == 0) {
				a = src;
			} else {
				if (!cookie ||
				    pool[idx[i - 1]].scope > SCTP_SCOPE_PRIVATE)
					continue;
				a = addr_of(pool[idx[i - 1]].text, PEER_PORT);
			}
			for (k = 0; k < nmodel; k++)
				if (sctp_cmp_addr_exact(&model[k], &a))
					break;
			if (k == nmodel && nmodel < 16)
				model[nmodel++] = a;
		}
		/* as 2.5.33's sctp_process_param(): a Supported Address
		 * Types parameter names the families, else they stay as
		 * they were; ECN Capable sets the flag, nothing clears it */
		if (types) {
			v4 = types & SCTP_ADDR4_SUPPORTED;
			v6 = types & SCTP_ADDR6_SUPPORTED;
		}
		ecn |= with_ecn;
		bad += asoc->peer.ipv4_address != v4 ||
		       asoc->peer.ipv6_address != v6 ||
		       asoc->peer.ecn_capable != ecn;
		bad += !transports_are(asoc, model, nmodel);
		bad += !sctp_assoc_check(asoc);
		bad += asoc->peer.i.init_tag != (uint32_t)step + 1;
		if (!list_empty(&asoc->peer.transport_addr_list))
			bad += list_last_entry(&asoc->peer.transport_addr_list,
					       struct sctp_transport,
					       transports)
				       ->ssthresh != step;
	}
	CU_ASSERT_EQUAL(bad, 0);
	free_asoc(asoc);
}

/* sctp_make_init(): the bind list's addresses, in order */
static void test_make_init_from_asoc(void)
{
	struct sctp_association *asoc = new_asoc(SCTP_SCOPE_GLOBAL);
	struct sctp_bind_addr bp;
	union sctp_addr a = addr_of("10.0.0.1", 0), b = addr_of("fe80::2", 0);
	const uint8_t want[] = {
		0x01, 0x00, 0x00, 0x3c, 0x12, 0x34, 0x56, 0x78, /* c.my_vtag */
		0x00, 0x00, 0x80, 0x00, /* a_rwnd 32768 */
		0x00, 0x0a, 0x00, 0x0a, 0x00, 0x00, 0x03, 0xe8, /* next_tsn 1000 */
		0x00, 0x05, 0x00, 0x08, 10,   0,    0,	  1,	0x00, 0x06,
		0x00, 0x14, 0xfe, 0x80, 0,    0,    0,	  0,	0,    0,
		0,    0,    0,	  0,	0,    0,    0,	  0x02, 0x00, 0x0c,
		0x00, 0x08, 0x00, 0x05, 0x00, 0x06, 0x80, 0x00, 0x00, 0x04,
	};
	uint8_t buf[128];
	unsigned long nth;
	int len = -1, bad = 0;
	long live;

	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	sctp_bind_addr_init(&bp, 5001);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&bp, &a, GFP_KERNEL), 0);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&bp, &b, GFP_KERNEL), 0);
	asoc->c.my_vtag = 0x12345678;
	asoc->next_tsn = 1000;
	live = kmalloc_live();
	for_each_alloc_failure(nth, len = sctp_make_init(asoc, &bp, GFP_KERNEL,
							 buf, sizeof(buf)))
		bad += len != -ENOMEM || kmalloc_live() != live;
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(nth, 2);
	CU_ASSERT_EQUAL(len, (int)sizeof(want));
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
	CU_ASSERT_EQUAL(sctp_make_init(asoc, &bp, GFP_KERNEL, buf, 40), -EFBIG);
	asoc->c.my_vtag = 0;
	CU_ASSERT_EQUAL(sctp_make_init(asoc, &bp, GFP_KERNEL, buf, sizeof(buf)),
			-EINVAL);
	sctp_bind_addr_clean(&bp);
	free_asoc(asoc);
}

/* build <-> process: an INIT we make is one the peer's side accepts */
/*
 * sctp_make_init_ack() as 2.5.33's: the addresses and the State Cookie,
 * no Supported Address Types, and ECN Capable only when the peer's INIT
 * announced it ("Tell peer that we'll do ECN only if peer advertised
 * such cap").
 */
static void test_make_init_ack_from_asoc(void)
{
	struct sctp_association *asoc = new_asoc(SCTP_SCOPE_GLOBAL);
	union sctp_addr a = addr_of("10.0.0.1", 0);
	const uint8_t cookie[3] = { 0xc0, 0x0c, 0x1e };
	const uint8_t want[] = {
		0x02, 0x00, 0x00, 0x23, /* INIT ACK, length 35 */
		0x12, 0x34, 0x56, 0x78, /* c.my_vtag */
		0x00, 0x00, 0x80, 0x00, /* a_rwnd 32768 */
		0x00, 0x0a, 0x00, 0x0a, 0x00, 0x00, 0x03, 0xe8, /* next_tsn 1000 */
		0x00, 0x05, 0x00, 0x08, 10,   0,    0,	  1,	0x00,
		0x07, 0x00, 0x07, 0xc0, 0x0c, 0x1e, 0x00,
	};
	uint8_t buf[128];
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	CU_ASSERT_EQUAL(
		sctp_add_bind_addr(&asoc->base.bind_addr, &a, GFP_KERNEL), 0);
	asoc->c.my_vtag = 0x12345678;
	asoc->next_tsn = 1000;
	len = sctp_make_init_ack(asoc, &asoc->base.bind_addr, GFP_KERNEL,
				 cookie, sizeof(cookie), buf, sizeof(buf));
	CU_ASSERT_EQUAL(len, (int)sizeof(want));
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
	/* the peer said ECN capable: the INIT ACK says so too */
	asoc->peer.ecn_capable = true;
	len = sctp_make_init_ack(asoc, &asoc->base.bind_addr, GFP_KERNEL,
				 cookie, sizeof(cookie), buf, sizeof(buf));
	CU_ASSERT_EQUAL(len, (int)sizeof(want) + 4);
	CU_ASSERT_EQUAL(buf[3], 0x28); /* the cookie's padding counts */
	CU_ASSERT_EQUAL(memcmp(buf + 4, want + 4, sizeof(want) - 4), 0);
	CU_ASSERT_EQUAL(sctp_get32(buf + sizeof(want)), 0x80000004u);
	free_asoc(asoc);
}

static void test_make_then_process(void)
{
	struct sctp_association *us = new_asoc(SCTP_SCOPE_GLOBAL);
	struct sctp_association *them = new_asoc(SCTP_SCOPE_GLOBAL);
	union sctp_addr a = addr_of("8.8.8.8", 0), b = addr_of("9.9.9.9", 0);
	union sctp_addr src = addr_of("8.8.8.8", 6000);
	union sctp_addr want[2] = { src, addr_of("9.9.9.9", 6000) };
	uint8_t buf[128];
	int len;

	CU_ASSERT_PTR_NOT_NULL_FATAL(us);
	CU_ASSERT_PTR_NOT_NULL_FATAL(them);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&us->base.bind_addr, &a, GFP_KERNEL),
			0);
	CU_ASSERT_EQUAL(sctp_add_bind_addr(&us->base.bind_addr, &b, GFP_KERNEL),
			0);
	us->c.my_vtag = 0xfeedf00d;
	len = sctp_make_init(us, &us->base.bind_addr, GFP_KERNEL, buf,
			     sizeof(buf));
	CU_ASSERT_FATAL(len > 0);
	CU_ASSERT_EQUAL(sctp_process_init(them, SCTP_CID_COOKIE_ECHO, &src, buf,
					  (size_t)len),
			0);
	CU_ASSERT(transports_are(them, want, 2));
	CU_ASSERT_EQUAL(them->c.peer_vtag, 0xfeedf00d);
	CU_ASSERT_EQUAL(them->peer.i.initial_tsn, us->next_tsn);
	CU_ASSERT_EQUAL(them->peer.rwnd, 32768);
	CU_ASSERT(them->peer.ecn_capable);
	CU_ASSERT(sctp_assoc_check(them));
	free_asoc(us);
	free_asoc(them);
}

static CU_TestInfo process_init_tests[] = {
	{ "INIT adds only the source", test_init_adds_only_source },
	{ "cookie adds in-scope addresses", test_cookie_adds_in_scope },
	{ "IPv6 peers only on an IPv6 socket",
	  test_ipv6_peers_only_on_ipv6_socket },
	{ "bad input changes nothing", test_bad_input_changes_nothing },
	{ "every allocation fails (empty)", test_fault_injection_empty },
	{ "every allocation fails (with a peer)",
	  test_fault_injection_with_peer },
	{ "random sequence against an oracle", test_random_sequence },
	{ "make then process", test_make_then_process },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo make_init_tests[] = {
	{ "sctp_make_init from a bind list", test_make_init_from_asoc },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo make_init_ack_tests[] = {
	{ "sctp_make_init_ack from a bind list", test_make_init_ack_from_asoc },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/sm_make_chunk/sctp_process_init", process_init_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/sm_make_chunk/sctp_make_init", make_init_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/sm_make_chunk/sctp_make_init_ack", make_init_ack_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
