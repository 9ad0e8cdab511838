// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_sm_make_chunk.c - the INIT and SACK encoders against
 * byte vectors written out from RFC 9260, build <-> parse round trips,
 * and every bad input of the INIT, Supported Address Types and SACK
 * parsers.
 */
#include <errno.h>
#include <string.h>
#include <arpa/inet.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "sctp/structs.h"
#include "tests/ktest.h"

/* ---- encoders: byte vectors ---- */

/*
 * INIT, RFC 9260 3.3.2: tag 0x01020304, a_rwnd 65536, 10 outbound and 10
 * inbound streams, initial TSN 0x11223344; IPv4 10.0.0.1 (3.3.2.1, type 5
 * length 8); IPv6 2001:db8::1 (type 6, length 20); Supported Address
 * Types IPv4, IPv6 (type 12, length 4 + 2*2); ECN Capable (0x8000, 4).
 */
static const uint8_t init_addrs[] = {
	0x00, 0x05, 0x00, 0x08, 10, 0, 0, 1, 0x00, 0x06, 0x00, 0x14, 0x20, 0x01,
	0x0d, 0xb8, 0,	  0,	0,  0, 0, 0, 0,	   0,	 0,    0,    0,	   0x01,
};

static const uint8_t init_vector[] = {
	0x01, 0x00, 0x00, 0x3c, /* INIT, flags 0, length 60 */
	0x01, 0x02, 0x03, 0x04, /* initiate tag */
	0x00, 0x01, 0x00, 0x00, /* a_rwnd 65536 */
	0x00, 0x0a, 0x00, 0x0a, /* OS 10, MIS 10 */
	0x11, 0x22, 0x33, 0x44, /* initial TSN */
	0x00, 0x05, 0x00, 0x08, 10,   0,    0,	  1,	0x00, 0x06,
	0x00, 0x14, 0x20, 0x01, 0x0d, 0xb8, 0,	  0,	0,    0,
	0,    0,    0,	  0,	0,    0,    0,	  0x01, 0x00, 0x0c,
	0x00, 0x08, 0x00, 0x05, 0x00, 0x06, 0x80, 0x00, 0x00, 0x04,
};

static struct sctp_init_view vector_init(void)
{
	struct sctp_init_view v = {
		.type = SCTP_CID_INIT,
		.init_tag = 0x01020304,
		.a_rwnd = 65536,
		.num_outbound_streams = 10,
		.num_inbound_streams = 10,
		.initial_tsn = 0x11223344,
		.addr_types = SCTP_ADDR4_SUPPORTED | SCTP_ADDR6_SUPPORTED,
		.ecn_capable = true,
	};

	return v;
}

static void test_init_vector(void)
{
	struct sctp_init_view v = vector_init(), p;
	uint8_t buf[128];
	int len;

	memset(buf, 0xee, sizeof(buf));
	len = sctp_make_init_raw(buf, sizeof(buf), &v, init_addrs,
				 sizeof(init_addrs), NULL, 0);
	CU_ASSERT_EQUAL(len, (int)sizeof(init_vector));
	CU_ASSERT_EQUAL(memcmp(buf, init_vector, sizeof(init_vector)), 0);
	CU_ASSERT_EQUAL(buf[sizeof(init_vector)], 0xee);

	CU_ASSERT_EQUAL_FATAL(sctp_verify_init(buf, (size_t)len, &p), 0);
	CU_ASSERT_EQUAL(p.type, SCTP_CID_INIT);
	CU_ASSERT_EQUAL(p.init_tag, 0x01020304u);
	CU_ASSERT_EQUAL(p.a_rwnd, 65536u);
	CU_ASSERT_EQUAL(p.num_outbound_streams, 10);
	CU_ASSERT_EQUAL(p.num_inbound_streams, 10);
	CU_ASSERT_EQUAL(p.initial_tsn, 0x11223344u);
	CU_ASSERT_EQUAL(p.chunk_len, 60);
	CU_ASSERT_EQUAL(p.num_ipv4, 1);
	CU_ASSERT_EQUAL(p.num_ipv6, 1);
	CU_ASSERT(p.has_supported_addr_types);
	CU_ASSERT_EQUAL(p.addr_types,
			SCTP_ADDR4_SUPPORTED | SCTP_ADDR6_SUPPORTED);
	CU_ASSERT(p.ecn_capable);
	CU_ASSERT_PTR_NULL(p.cookie);
	CU_ASSERT_PTR_EQUAL(p.params, buf + 20);
	CU_ASSERT_EQUAL(p.params_len, 40);

	/* too small a buffer: refused, untouched */
	memset(buf, 0xee, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(init_vector) - 1, &v,
					   init_addrs, sizeof(init_addrs), NULL,
					   0),
			-EFBIG);
	CU_ASSERT_EQUAL(buf[0], 0xee);
}

/* the last parameter's padding is not in the chunk length (RFC 3.2) */
static void test_init_final_padding(void)
{
	struct sctp_init_view v = vector_init(), p;
	const uint8_t want[] = {
		0x01, 0x00, 0x00, 0x1a, /* length 26: 20 + 6 */
		0x01, 0x02, 0x03, 0x04, 0x00, 0x01, 0x00, 0x00,
		0x00, 0x0a, 0x00, 0x0a, 0x11, 0x22, 0x33, 0x44,
		0x00, 0x0c, 0x00, 0x06, 0x00, 0x05, 0x00, 0x00,
	};
	const uint8_t want_ecn[] = {
		0x01, 0x00, 0x00, 0x20, /* 32: inner padding counts */
		0x01, 0x02, 0x03, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0a,
		0x00, 0x0a, 0x11, 0x22, 0x33, 0x44, 0x00, 0x0c, 0x00, 0x06,
		0x00, 0x05, 0x00, 0x00, 0x80, 0x00, 0x00, 0x04,
	};
	uint8_t buf[64];

	v.addr_types = SCTP_ADDR4_SUPPORTED;
	v.ecn_capable = false;
	memset(buf, 0xee, sizeof(buf));
	CU_ASSERT_EQUAL(
		sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL, 0), 28);
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, 26, &p), 0);
	CU_ASSERT_EQUAL(p.addr_types, SCTP_ADDR4_SUPPORTED);
	CU_ASSERT(!p.ecn_capable);

	v.ecn_capable = true;
	CU_ASSERT_EQUAL(
		sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL, 0), 32);
	CU_ASSERT_EQUAL(memcmp(buf, want_ecn, sizeof(want_ecn)), 0);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, 32, &p), 0);
	CU_ASSERT(p.ecn_capable);

	/* nothing optional: exactly the 20-byte fixed part */
	v.addr_types = 0;
	v.ecn_capable = false;
	CU_ASSERT_EQUAL(
		sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL, 0), 20);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, 20, &p), 0);
	CU_ASSERT(!p.has_supported_addr_types);
	CU_ASSERT_EQUAL(p.params_len, 0);
}

static void test_init_ack_cookie(void)
{
	struct sctp_init_view v = vector_init(), p;
	const uint8_t cookie[5] = { 'c', 'o', 'o', 'k', 'y' };
	const uint8_t want[] = {
		0x02, 0x00, 0x00, 0x2c, /* INIT ACK, 20 + 12 + 8 + 4 */
		0x01, 0x02, 0x03, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x0a,
		0x00, 0x0a, 0x11, 0x22, 0x33, 0x44, 0x00, 0x07, 0x00, 0x09,
		'c',  'o',  'o',  'k',	'y',  0,    0,	  0,	0x00, 0x0c,
		0x00, 0x06, 0x00, 0x06, 0x00, 0x00, 0x80, 0x00, 0x00, 0x04,
	};
	uint8_t buf[64];

	v.type = SCTP_CID_INIT_ACK;
	v.addr_types = SCTP_ADDR6_SUPPORTED;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0,
					   cookie, sizeof(cookie)),
			44);
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
	CU_ASSERT_EQUAL_FATAL(sctp_verify_init(buf, 44, &p), 0);
	CU_ASSERT_EQUAL(p.type, SCTP_CID_INIT_ACK);
	CU_ASSERT_EQUAL(p.cookie_len, 5);
	CU_ASSERT_PTR_EQUAL(p.cookie, buf + 24);
	CU_ASSERT_EQUAL(p.addr_types, SCTP_ADDR6_SUPPORTED);

	/* a cookie only belongs in an INIT ACK */
	v.type = SCTP_CID_INIT;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0,
					   cookie, sizeof(cookie)),
			-EINVAL);
}

static void test_init_encoder_refuses(void)
{
	struct sctp_init_view v = vector_init();
	uint8_t buf[128];

	v.init_tag = 0;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL,
					   0),
			-EINVAL);
	v = vector_init();
	v.num_outbound_streams = 0;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL,
					   0),
			-EINVAL);
	v = vector_init();
	v.num_inbound_streams = 0;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL,
					   0),
			-EINVAL);
	v = vector_init();
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, init_addrs, 6,
					   NULL, 0),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 8, NULL,
					   0),
			-EINVAL);
	v.type = SCTP_CID_INIT_ACK;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL,
					   3),
			-EINVAL);
	v.type = SCTP_CID_SACK;
	CU_ASSERT_EQUAL(sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL,
					   0),
			-EINVAL);
	/* the other encoders refuse a length without its bytes */
	CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, sizeof(buf), 1, 1, NULL, 1,
					   NULL, 0),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, sizeof(buf), 1, 1, NULL, 0,
					   NULL, 2),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_chunk_raw(buf, sizeof(buf), 9, 0, NULL, 4),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_data_raw(buf, sizeof(buf), 1, 0, 0, 0, NULL,
					   4),
			-EINVAL);
}

/* SACK, RFC 9260 3.3.4: cum 256, a_rwnd 16384, gaps 2-3 and 5-5, dup 254 */
static void test_sack_vector(void)
{
	const struct sctp_sack_gap gabs[2] = { { 2, 3 }, { 5, 5 } };
	const uint32_t dups[1] = { 0xfe };
	const uint8_t want[] = {
		0x03, 0x00, 0x00, 0x1c, /* SACK, length 16 + 8 + 4 */
		0x00, 0x00, 0x01, 0x00, /* cumulative TSN ack */
		0x00, 0x00, 0x40, 0x00, /* a_rwnd */
		0x00, 0x02, 0x00, 0x01, /* N = 2, X = 1 */
		0x00, 0x02, 0x00, 0x03, 0x00, 0x05,
		0x00, 0x05, 0x00, 0x00, 0x00, 0xfe,
	};
	struct sctp_sack_view s;
	uint8_t buf[64];

	memset(buf, 0xee, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, sizeof(buf), 256, 16384, gabs,
					   2, dups, 1),
			28);
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
	CU_ASSERT_EQUAL(buf[28], 0xee);
	CU_ASSERT_EQUAL_FATAL(sctp_verify_sack(buf, 28, &s), 0);
	CU_ASSERT_EQUAL(s.cum_tsn_ack, 256);
	CU_ASSERT_EQUAL(s.a_rwnd, 16384);
	CU_ASSERT_EQUAL(s.num_gap_ack_blocks, 2);
	CU_ASSERT_EQUAL(s.num_dup_tsns, 1);
	CU_ASSERT_EQUAL(sctp_sack_view_gap(&s, 0).start, 2);
	CU_ASSERT_EQUAL(sctp_sack_view_gap(&s, 0).end, 3);
	CU_ASSERT_EQUAL(sctp_sack_view_gap(&s, 1).start, 5);
	CU_ASSERT_EQUAL(sctp_sack_view_gap(&s, 1).end, 5);
	CU_ASSERT_EQUAL(sctp_sack_view_dup(&s, 0), 0xfe);

	CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, 27, 256, 16384, gabs, 2, dups,
					   1),
			-EFBIG);
	CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, 16, 7, 0, NULL, 0, NULL, 0),
			16);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, 16, &s), 0);
	CU_ASSERT_EQUAL(s.cum_tsn_ack, 7);
}

static void test_data_and_chunk_vectors(void)
{
	const uint8_t want_data[] = {
		0x00, 0x03, 0x00, 0x13, /* DATA, B|E, length 19 */
		0x00, 0x00, 0x00, 0x2a, /* TSN 42 */
		0x00, 0x01, 0x00, 0x02, /* stream 1, SSN 2 */
		0x00, 0x00, 0x00, 0x33, /* PPID 51 */
		'a',  'b',  'c',  0x00,
	};
	const uint8_t want_cookie_ack[] = { 0x0b, 0x00, 0x00, 0x04 };
	uint8_t buf[32];

	CU_ASSERT_EQUAL(sctp_make_data_raw(buf, sizeof(buf), 42, 1, 2, 51,
					   "abc", 3),
			20);
	CU_ASSERT_EQUAL(memcmp(buf, want_data, sizeof(want_data)), 0);
	CU_ASSERT_EQUAL(sctp_make_data_raw(buf, sizeof(buf), 42, 1, 2, 51,
					   "abc", 0),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_data_raw(buf, 19, 42, 1, 2, 51, "abc", 3),
			-EFBIG);
	CU_ASSERT_EQUAL(sctp_make_chunk_raw(buf, sizeof(buf),
					    SCTP_CID_COOKIE_ACK, 0, NULL, 0),
			4);
	CU_ASSERT_EQUAL(memcmp(buf, want_cookie_ack, 4), 0);
	CU_ASSERT_EQUAL(sctp_make_chunk_raw(buf, 7, SCTP_CID_COOKIE_ECHO, 0,
					    "xyz", 3),
			-EFBIG);
}

/* ---- round trips ---- */

static uint64_t rng(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 17;
}

static void test_init_roundtrip_random(void)
{
	uint64_t seed = 2026;
	uint8_t addrs[20 * 8], buf[512], cookie[40];
	int round, bad = 0;

	for (round = 0; round < 500; round++) {
		struct sctp_init_view v = { 0 }, p;
		size_t alen = 0, clen = 0, i;
		unsigned int n4 = 0, n6 = 0, k, naddr = rng(&seed) % 8;
		int len;

		v.type = rng(&seed) % 2 ? SCTP_CID_INIT : SCTP_CID_INIT_ACK;
		v.init_tag = (uint32_t)rng(&seed) | 1;
		v.a_rwnd = (uint32_t)rng(&seed);
		v.num_outbound_streams = (uint16_t)(rng(&seed) % 65535 + 1);
		v.num_inbound_streams = (uint16_t)(rng(&seed) % 65535 + 1);
		v.initial_tsn = (uint32_t)rng(&seed);
		v.addr_types = rng(&seed) % 8;
		v.ecn_capable = rng(&seed) % 2;
		for (k = 0; k < naddr; k++) {
			int six = rng(&seed) % 2;
			size_t plen = six ? 20 : 8;

			sctp_put16(addrs + alen, six ? 6 : 5);
			sctp_put16(addrs + alen + 2, (uint16_t)plen);
			for (i = 4; i < plen; i++)
				addrs[alen + i] = (uint8_t)rng(&seed);
			alen += plen;
			six ? n6++ : n4++;
		}
		if (v.type == SCTP_CID_INIT_ACK) {
			clen = rng(&seed) % sizeof(cookie);
			for (i = 0; i < clen; i++)
				cookie[i] = (uint8_t)rng(&seed);
		}
		len = sctp_make_init_raw(
			buf, sizeof(buf), &v, addrs, alen,
			v.type == SCTP_CID_INIT_ACK ? cookie : NULL, clen);
		if (len < 20 || sctp_verify_init(buf, (size_t)len, &p)) {
			bad++;
			continue;
		}
		bad += p.type != v.type || p.init_tag != v.init_tag ||
		       p.a_rwnd != v.a_rwnd ||
		       p.num_outbound_streams != v.num_outbound_streams ||
		       p.num_inbound_streams != v.num_inbound_streams ||
		       p.initial_tsn != v.initial_tsn ||
		       p.addr_types != v.addr_types ||
		       p.has_supported_addr_types != (v.addr_types != 0) ||
		       p.ecn_capable != v.ecn_capable || p.num_ipv4 != n4 ||
		       p.num_ipv6 != n6 || memcmp(p.params, addrs, alen) != 0 ||
		       (v.type == SCTP_CID_INIT_ACK &&
			(p.cookie_len != clen || !p.cookie ||
			 memcmp(p.cookie, cookie, clen)));
		/* the length field with its final padding, and no more */
		bad += (size_t)len != SCTP_PAD4(p.chunk_len) ||
		       sctp_verify_init(buf, p.chunk_len, &p) != 0;
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static void test_sack_roundtrip_random(void)
{
	uint64_t seed = 9260;
	struct sctp_sack_gap gabs[40];
	uint32_t dups[20];
	uint8_t buf[512];
	int round, bad = 0;

	for (round = 0; round < 500; round++) {
		unsigned int n = rng(&seed) % 40, x = rng(&seed) % 20, i;
		uint32_t cum = (uint32_t)rng(&seed);
		uint16_t at = 0;
		struct sctp_sack_view s;
		int len;

		for (i = 0; i < n; i++) {
			gabs[i].start = (uint16_t)(at + 1 + rng(&seed) % 50);
			gabs[i].end =
				(uint16_t)(gabs[i].start + rng(&seed) % 50);
			at = gabs[i].end;
		}
		for (i = 0; i < x; i++)
			dups[i] = (uint32_t)rng(&seed);
		len = sctp_make_sack_raw(buf, sizeof(buf), cum, 1234, gabs, n,
					 dups, x);
		if (len != (int)(16 + 4 * n + 4 * x) ||
		    sctp_verify_sack(buf, (size_t)len, &s)) {
			bad++;
			continue;
		}
		bad += s.cum_tsn_ack != cum || s.a_rwnd != 1234 ||
		       s.num_gap_ack_blocks != n || s.num_dup_tsns != x;
		for (i = 0; i < n; i++)
			bad += sctp_sack_view_gap(&s, i).start !=
				       gabs[i].start ||
			       sctp_sack_view_gap(&s, i).end != gabs[i].end;
		for (i = 0; i < x; i++)
			bad += sctp_sack_view_dup(&s, i) != dups[i];
	}
	CU_ASSERT_EQUAL(bad, 0);
}

/*
 * sctp_make_sack() from received TSNs, against an oracle: a TSN is acked
 * by the SACK exactly when it was received, and the cumulative ack is the
 * last of the first run.
 */
static void test_make_sack_from_tsns(void)
{
	struct sctp_association asoc;
	uint64_t seed = 33;
	uint32_t tsns[300];
	uint8_t buf[4096];
	int round, bad = 0;

	memset(&asoc, 0, sizeof(asoc));
	for (round = 0; round < 300; round++) {
		bool got[200] = { false };
		unsigned int n = rng(&seed) % 300, i, off, ndup = 0;
		struct sctp_sack_view s;
		uint32_t base = round % 3 ? (uint32_t)rng(&seed) :
					    0xffffffffu - 50;

		asoc.peer.i.initial_tsn = base;
		for (i = 0; i < n; i++) {
			off = rng(&seed) % 200;
			tsns[i] = base + off;
			if (got[off])
				ndup++;
			got[off] = true;
		}
		if (sctp_make_sack(&asoc, tsns, n, buf, sizeof(buf)) < 0 ||
		    sctp_verify_sack(buf, sizeof(buf), &s)) {
			bad++;
			continue;
		}
		bad += s.num_dup_tsns !=
		       (ndup < SCTP_MAX_DUP_TSNS ? ndup : SCTP_MAX_DUP_TSNS);
		for (off = 0; off < 200; off++) {
			uint32_t tsn = base + off;
			bool acked = TSN_lte(tsn, s.cum_tsn_ack);

			for (i = 0; i < s.num_gap_ack_blocks; i++) {
				struct sctp_sack_gap g =
					sctp_sack_view_gap(&s, i);

				acked |=
					TSN_gte(tsn, s.cum_tsn_ack + g.start) &&
					TSN_lte(tsn, s.cum_tsn_ack + g.end);
			}
			bad += acked != got[off];
		}
		/* the first TSN past the cumulative ack is missing */
		off = s.cum_tsn_ack + 1 - base;
		bad += off < 200 && got[off];
	}
	CU_ASSERT_EQUAL(bad, 0);
	tsns[0] = 5000;
	asoc.peer.i.initial_tsn = 0;
	CU_ASSERT_EQUAL(sctp_make_sack(&asoc, tsns, 1, buf, sizeof(buf)),
			-ERANGE);
	tsns[0] = 0xffffffffu;
	CU_ASSERT_EQUAL(sctp_make_sack(&asoc, tsns, 1, buf, sizeof(buf)),
			-ERANGE);
}

/* ---- bad input ---- */

/* a valid INIT (tag 1, streams 1, TSN 0) then @params, @plen bytes */
static size_t init_with(uint8_t *buf, const uint8_t *params, size_t plen)
{
	const uint8_t head[20] = {
		0x01, 0x00, 0x00, 0x00, 0, 0, 0, 1, 0, 0,
		0x10, 0,    0,	  1,	0, 1, 0, 0, 0, 0,
	};

	memcpy(buf, head, 20);
	if (plen)
		memcpy(buf + 20, params, plen);
	sctp_put16(buf + 2, (uint16_t)(20 + plen));
	return 20 + plen;
}

static void test_init_bad_params(void)
{
	static const struct {
		const char *what;
		uint8_t params[28];
		size_t len;
		int err;
	} cases[] = {
		{ "length 0", { 0x00, 0x05, 0x00, 0x00 }, 4, -EINVAL },
		{ "length 1", { 0x00, 0x05, 0x00, 0x01 }, 4, -EINVAL },
		{ "length 2", { 0x00, 0x05, 0x00, 0x02 }, 4, -EINVAL },
		{ "length 3", { 0x00, 0x05, 0x00, 0x03 }, 4, -EINVAL },
		{ "past the end",
		  { 0x00, 0x05, 0x00, 0x0c, 1, 2, 3, 4 },
		  8,
		  -EMSGSIZE },
		{ "huge", { 0x80, 0x00, 0xff, 0xff }, 4, -EMSGSIZE },
		{ "3 bytes left",
		  { 0x80, 0x00, 0x00, 0x04, 0, 0, 0 },
		  7,
		  -EMSGSIZE },
		{ "1 byte left", { 0x00 }, 1, -EMSGSIZE },
		{ "IPv4 length 12",
		  { 0x00, 0x05, 0x00, 0x0c, 10, 0, 0, 1, 0, 0, 0, 0 },
		  12,
		  -EINVAL },
		{ "IPv4 length 4", { 0x00, 0x05, 0x00, 0x04 }, 4, -EINVAL },
		{ "IPv6 length 16", { 0x00, 0x06, 0x00, 0x10 }, 16, -EINVAL },
		{ "IPv6 length 24", { 0x00, 0x06, 0x00, 0x18 }, 24, -EINVAL },
		{ "SAT odd",
		  { 0x00, 0x0c, 0x00, 0x05, 0x00, 0, 0, 0 },
		  8,
		  -EINVAL },
		{ "SAT length 3", { 0x00, 0x0c, 0x00, 0x03 }, 4, -EINVAL },
		{ "SAT length 7",
		  { 0x00, 0x0c, 0x00, 0x07, 0, 5, 0, 0 },
		  8,
		  -EINVAL },
		{ "ECN length 8",
		  { 0x80, 0x00, 0x00, 0x08, 0, 0, 0, 0 },
		  8,
		  -EINVAL },
		{ "cookie in INIT",
		  { 0x00, 0x07, 0x00, 0x05, 1, 0, 0, 0 },
		  8,
		  -EINVAL },
		{ "bad after good",
		  { 0x00, 0x05, 0x00, 0x08, 10, 0, 0, 1, 0x00, 0x06, 0x00,
		    0x00 },
		  12,
		  -EINVAL },
	};
	uint8_t buf[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct sctp_init_view p;
		size_t len = init_with(buf, cases[i].params, cases[i].len);
		int ret;

		memset(&p, 0x5a, sizeof(p));
		ret = sctp_verify_init(buf, len, &p);
		if (ret != cases[i].err)
			fprintf(stderr, "\n  %s: got %d, want %d\n",
				cases[i].what, ret, cases[i].err);
		CU_ASSERT_EQUAL(ret, cases[i].err);
		CU_ASSERT_EQUAL(p.init_tag, 0x5a5a5a5au); /* untouched */
	}
}

static void test_init_good_odd_params(void)
{
	const uint8_t params[] = {
		0x00, 0x0c, 0x00, 0x04, /* empty SAT */
		0x00, 0x0c, 0x00, 0x0a, 0x00, 0x0b, 0x00, 0x05,
		0x01, 0x23, 0x00, 0x00, /* unknown kept out */
		0xc0, 0x01, 0x00, 0x05, 0x99, 0x00, 0x00, 0x00, /* unknown */
	};
	struct sctp_init_view p;
	uint8_t buf[64];
	size_t len = init_with(buf, params, sizeof(params));

	CU_ASSERT_EQUAL_FATAL(sctp_verify_init(buf, len, &p), 0);
	CU_ASSERT(p.has_supported_addr_types);
	CU_ASSERT_EQUAL(p.addr_types,
			SCTP_HOSTNAME_SUPPORTED | SCTP_ADDR4_SUPPORTED);
	CU_ASSERT_EQUAL(p.num_ipv4 + p.num_ipv6, 0);
}

/*
 * RFC 9260 3.3.2.1: "The receiver of an INIT chunk or an INIT ACK
 * containing a Host Name Address parameter MUST send an ABORT chunk and
 * MAY include an 'Unresolvable Address' error cause."  The chunk is
 * refused with -EADDRNOTAVAIL and the view names the parameter the ABORT
 * quotes (2.5.33's sctp_process_param() only printed "unimplmented").
 */
static void test_init_host_name_refused(void)
{
	const uint8_t params[] = {
		0x00, 0x05, 0x00, 0x08, 10,  0,	  0,   1, /* IPv4 10.0.0.1 */
		0x00, 0x0b, 0x00, 0x0e, 'a', '.', 'e', 'x', 'a',
		'm',  'p',  'l',  'e',	0,   0,	  0, /* host name, 14 + 2 */
		0x00, 0x0b, 0x00, 0x06, 'b', 0,	  0,   0, /* a second one */
		0x80, 0x00, 0x00, 0x04, /* ECN */
	};
	const uint8_t bad_after[] = {
		0x00, 0x0b, 0x00, 0x06, 'b',  0,
		0,    0,    0x00, 0x05, 0x00, 0x04, /* IPv4 length 4 */
	};
	struct sctp_init_view p;
	uint8_t buf[96];
	size_t len = init_with(buf, params, sizeof(params));

	memset(&p, 0, sizeof(p));
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EADDRNOTAVAIL);
	/* the first Host Name Address, whole (header, unpadded length) */
	CU_ASSERT_PTR_EQUAL(p.hostname, buf + 28);
	CU_ASSERT_EQUAL(p.hostname_len, 14);
	/* the rest of the chunk was verified and read as usual */
	CU_ASSERT_EQUAL(p.num_ipv4, 1);
	CU_ASSERT(p.ecn_capable);
	CU_ASSERT_EQUAL(p.init_tag, 1);

	/* a malformed parameter anywhere still wins */
	len = init_with(buf, bad_after, sizeof(bad_after));
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	/* a host name parameter must at least hold its header */
	len = init_with(buf, (const uint8_t[]){ 0x00, 0x0b, 0x00, 0x03 }, 4);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
}

static void test_init_bad_header(void)
{
	struct sctp_init_view p;
	uint8_t buf[64];
	size_t len = init_with(buf, NULL, 0), cut;

	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), 0);
	/* any buffer shorter than the length field says */
	for (cut = 0; cut < len; cut++)
		CU_ASSERT_EQUAL(sctp_verify_init(buf, cut, &p), -EMSGSIZE);
	/* a length field below 20, or past the buffer */
	sctp_put16(buf + 2, 19);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	sctp_put16(buf + 2, 0);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	sctp_put16(buf + 2, 21);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EMSGSIZE);
	sctp_put16(buf + 2, 20);
	/* initiate tag 0, no streams */
	sctp_put32(buf + 4, 0);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	sctp_put32(buf + 4, 1);
	sctp_put16(buf + 12, 0);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	sctp_put16(buf + 12, 1);
	sctp_put16(buf + 14, 0);
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	sctp_put16(buf + 14, 1);
	/* not an INIT */
	buf[0] = SCTP_CID_SACK;
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), -EINVAL);
	buf[0] = SCTP_CID_INIT;
	CU_ASSERT_EQUAL(sctp_verify_init(buf, len, &p), 0);
}

/* every truncation of a valid INIT is refused (ASan: no read past) */
static void test_init_truncations(void)
{
	struct sctp_init_view v = vector_init(), p;
	uint8_t full[128];
	int len, cut, bad = 0;

	len = sctp_make_init_raw(full, sizeof(full), &v, init_addrs,
				 sizeof(init_addrs), NULL, 0);
	CU_ASSERT_EQUAL_FATAL(len, 60);
	for (cut = 0; cut < len; cut++) {
		uint8_t *copy = kmalloc((size_t)cut + 1, GFP_KERNEL);

		if (!copy)
			break;
		memcpy(copy, full, (size_t)cut);
		bad += sctp_verify_init(copy, (size_t)cut, &p) != -EMSGSIZE;
		kfree(copy);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static size_t sack_with(uint8_t *buf, uint16_t n, uint16_t x,
			const uint16_t *blocks, size_t extra)
{
	size_t i, len = 16 + extra;

	memset(buf, 0, len);
	buf[0] = SCTP_CID_SACK;
	sctp_put16(buf + 2, (uint16_t)len);
	sctp_put32(buf + 4, 1000);
	sctp_put16(buf + 12, n);
	sctp_put16(buf + 14, x);
	for (i = 0; blocks && i < extra / 2; i++)
		sctp_put16(buf + 16 + 2 * i, blocks[i]);
	return len;
}

static void test_sack_bad(void)
{
	const uint16_t good[] = { 1, 2, 4, 4 };
	const uint16_t adjacent[] = { 1, 2, 3, 4 };
	const uint16_t reversed[] = { 3, 2 };
	const uint16_t zero_start[] = { 0, 2 };
	const uint16_t disorder[] = { 4, 5, 1, 2 };
	const uint16_t overlap[] = { 1, 4, 4, 6 };
	const uint16_t inside[] = { 1, 9, 2, 3 };
	struct sctp_sack_view s;
	uint8_t buf[64];
	size_t len;

	len = sack_with(buf, 2, 0, good, 8);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), 0);
	len = sack_with(buf, 2, 0, adjacent, 8);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), 0);
	/* counts that overrun the chunk */
	len = sack_with(buf, 1, 0, NULL, 0);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EMSGSIZE);
	len = sack_with(buf, 0, 1, NULL, 0);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EMSGSIZE);
	len = sack_with(buf, 0xffff, 0xffff, NULL, 4);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EMSGSIZE);
	len = sack_with(buf, 1, 1, good, 4);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EMSGSIZE);
	/* bytes left over after the counts are ignored, as 2.5.33's
	 * sctp_sm_pull_sack() and later kernels' ignore them */
	len = sack_with(buf, 0, 0, NULL, 4);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), 0);
	CU_ASSERT_EQUAL(s.chunk_len, 20);
	CU_ASSERT_EQUAL(s.num_gap_ack_blocks + s.num_dup_tsns, 0);
	len = sack_with(buf, 1, 0, good, 8);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), 0);
	CU_ASSERT_EQUAL(s.num_gap_ack_blocks, 1);
	CU_ASSERT_EQUAL(sctp_sack_view_gap(&s, 0).end, 2);
	/* bad blocks */
	len = sack_with(buf, 1, 0, reversed, 4);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	len = sack_with(buf, 1, 0, zero_start, 4);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	len = sack_with(buf, 2, 0, disorder, 8);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	len = sack_with(buf, 2, 0, overlap, 8);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	len = sack_with(buf, 2, 0, inside, 8);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	/* framing */
	len = sack_with(buf, 0, 0, NULL, 0);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len - 1, &s), -EMSGSIZE);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, 3, &s), -EMSGSIZE);
	sctp_put16(buf + 2, 15);
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	sctp_put16(buf + 2, 16);
	buf[0] = SCTP_CID_INIT;
	CU_ASSERT_EQUAL(sctp_verify_sack(buf, len, &s), -EINVAL);
	/* the encoder refuses what the parser refuses */
	{
		const struct sctp_sack_gap g[2] = { { 4, 5 }, { 1, 2 } };
		const struct sctp_sack_gap z[1] = { { 0, 2 } };

		CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, sizeof(buf), 1, 1, g, 2,
						   NULL, 0),
				-EINVAL);
		CU_ASSERT_EQUAL(sctp_make_sack_raw(buf, sizeof(buf), 1, 1, z, 1,
						   NULL, 0),
				-EINVAL);
	}
}

static void test_sack_check_tsns(void)
{
	const struct sctp_sack_gap g[1] = { { 2, 4 } };
	struct sctp_sack_view s;
	uint8_t buf[32];
	int len;

	/* cum 100, gap 102..104; sent up to 104 (next_tsn 105) */
	len = sctp_make_sack_raw(buf, sizeof(buf), 100, 0, g, 1, NULL, 0);
	CU_ASSERT_EQUAL_FATAL(sctp_verify_sack(buf, (size_t)len, &s), 0);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 100, 105), 0);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 99, 105), 0);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 101, 105), -ESTALE);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 100, 104), -ERANGE);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 100, 101), -ERANGE);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 100, 100), -ERANGE);
	/* across the wrap: cum 0xfffffffe, blocks to 0x00000002 */
	len = sctp_make_sack_raw(buf, sizeof(buf), 0xfffffffeu, 0, g, 1, NULL,
				 0);
	CU_ASSERT_EQUAL_FATAL(sctp_verify_sack(buf, (size_t)len, &s), 0);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 0xfffffff0u, 3), 0);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 0xffffffffu, 3), -ESTALE);
	CU_ASSERT_EQUAL(sctp_sack_check_tsns(&s, 0xfffffff0u, 2), -ERANGE);
}

/* ---- a restart ABORT ---- */

static void test_restart_abort_vector(void)
{
	const uint8_t want4[] = {
		0x06, 0x00, 0x00, 0x10, /* ABORT, length 16 */
		0x00, 0x0b, 0x00, 0x0c, /* cause 11, length 12 */
		0x00, 0x05, 0x00, 0x08, 10, 0, 0, 9,
	};
	const uint8_t want6[] = {
		0x06, 0x00, 0x00, 0x1c, /* ABORT, length 28 */
		0x00, 0x0b, 0x00, 0x18, /* cause 11, length 24 */
		0x00, 0x06, 0x00, 0x14, 0xfe, 0x80, 0, 0, 0, 0,
		0,    0,    0,	  0,	0,    0,    0, 0, 0, 0x07,
	};
	union sctp_addr a;
	uint8_t buf[64];

	memset(&a, 0, sizeof(a));
	a.v4.sin_family = AF_INET;
	a.v4.sin_port = htons(80);
	a.v4.sin_addr.s_addr = htonl(0x0a000009);
	CU_ASSERT_EQUAL(sctp_make_restart_abort(&a, buf, sizeof(buf)), 16);
	CU_ASSERT_EQUAL(memcmp(buf, want4, sizeof(want4)), 0);
	CU_ASSERT_EQUAL(sctp_make_restart_abort(&a, buf, 15), -EFBIG);

	memset(&a, 0, sizeof(a));
	a.v6.sin6_family = AF_INET6;
	inet_pton(AF_INET6, "fe80::7", &a.v6.sin6_addr);
	CU_ASSERT_EQUAL(sctp_make_restart_abort(&a, buf, sizeof(buf)), 28);
	CU_ASSERT_EQUAL(memcmp(buf, want6, sizeof(want6)), 0);

	memset(&a, 0, sizeof(a));
	a.sa.sa_family = AF_UNIX;
	CU_ASSERT_EQUAL(sctp_make_restart_abort(&a, buf, sizeof(buf)), -EINVAL);
}

/*
 * The ABORT for a Host Name Address (RFC 9260 3.3.10.5): one cause,
 * "Unresolvable Address" (5), whose value is the whole parameter; the
 * chunk length leaves out the final padding.
 */
static void test_unresolvable_abort_vector(void)
{
	const uint8_t param[] = {
		0x00, 0x0b, 0x00, 0x0e, 'a', '.', 'e',
		'x',  'a',  'm',  'p',	'l', 'e', 0,
	};
	const uint8_t want[] = {
		0x06, 0x00, 0x00, 0x16, /* ABORT, length 22 */
		0x00, 0x05, 0x00, 0x12, /* cause 5, length 18 */
		0x00, 0x0b, 0x00, 0x0e, 'a', '.', 'e',	'x',
		'a',  'm',  'p',  'l',	'e', 0,	  0x00, 0x00, /* padding */
	};
	uint8_t buf[64];

	memset(buf, 0xee, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_make_unresolvable_abort(param, sizeof(param), buf,
						     sizeof(buf)),
			24);
	CU_ASSERT_EQUAL(memcmp(buf, want, sizeof(want)), 0);
	CU_ASSERT_EQUAL(buf[24], 0xee);
	/* too small: refused, untouched */
	memset(buf, 0xee, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_make_unresolvable_abort(param, sizeof(param), buf,
						     23),
			-EFBIG);
	CU_ASSERT_EQUAL(buf[0], 0xee);
	/* not a parameter: shorter than its header, or a length field that
	 * does not match */
	CU_ASSERT_EQUAL(sctp_make_unresolvable_abort(param, 3, buf,
						     sizeof(buf)),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_unresolvable_abort(param, 12, buf,
						     sizeof(buf)),
			-EINVAL);
	CU_ASSERT_EQUAL(sctp_make_unresolvable_abort(NULL, 14, buf,
						     sizeof(buf)),
			-EINVAL);
}

static CU_TestInfo make_init_raw_tests[] = {
	{ "INIT byte vector", test_init_vector },
	{ "INIT final padding", test_init_final_padding },
	{ "INIT ACK with cookie", test_init_ack_cookie },
	{ "INIT encoder refuses bad fields", test_init_encoder_refuses },
	{ "INIT round trips", test_init_roundtrip_random },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo make_sack_tests[] = {
	{ "SACK byte vector", test_sack_vector },
	{ "SACK round trips", test_sack_roundtrip_random },
	{ "SACK from received TSNs (oracle)", test_make_sack_from_tsns },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo make_chunk_tests[] = {
	{ "DATA and bare chunks", test_data_and_chunk_vectors },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo verify_init_tests[] = {
	{ "INIT: every bad parameter", test_init_bad_params },
	{ "INIT: odd but valid parameters", test_init_good_odd_params },
	{ "INIT: a Host Name Address is refused", test_init_host_name_refused },
	{ "INIT: bad header", test_init_bad_header },
	{ "INIT: every truncation", test_init_truncations },
	CU_TEST_INFO_NULL,
};

/*
 * sctp_sm_pull_sack() itself, past the 4-byte chunk header: the fields in
 * host order, the chunk length it implies, and its two refusals.
 */
static void test_pull_sack_direct(void)
{
	const uint16_t good[] = { 1, 2, 4, 4 };
	const uint16_t zero_start[] = { 0, 2 };
	struct sctp_sack_view s;
	struct sctp_sack_gap gap;
	uint8_t buf[64];
	size_t len;

	len = sack_with(buf, 2, 0, good, 8);
	sctp_put32(buf + 8, 65536); /* a_rwnd */
	CU_ASSERT_EQUAL_FATAL(sctp_sm_pull_sack(buf + 4, len - 4, &s), 0);
	CU_ASSERT_EQUAL(s.cum_tsn_ack, 1000);
	CU_ASSERT_EQUAL(s.a_rwnd, 65536);
	CU_ASSERT_EQUAL(s.num_gap_ack_blocks, 2);
	CU_ASSERT_EQUAL(s.num_dup_tsns, 0);
	CU_ASSERT_EQUAL(s.chunk_len, len);
	gap = sctp_sack_view_gap(&s, 1);
	CU_ASSERT_EQUAL(gap.start, 4);
	CU_ASSERT_EQUAL(gap.end, 4);
	/* the 12 bytes of the header, then the blocks the counts promise */
	CU_ASSERT_EQUAL(sctp_sm_pull_sack(buf + 4, 11, &s), -EMSGSIZE);
	CU_ASSERT_EQUAL(sctp_sm_pull_sack(buf + 4, len - 5, &s), -EMSGSIZE);
	len = sack_with(buf, 1, 0, zero_start, 4);
	CU_ASSERT_EQUAL(sctp_sm_pull_sack(buf + 4, len - 4, &s), -EINVAL);
}

static CU_TestInfo pull_sack_tests[] = {
	{ "SACK: every bad framing and block", test_sack_bad },
	{ "the SACK body alone: fields and refusals", test_pull_sack_direct },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo eat_sack_tests[] = {
	{ "SACK: stale and never-sent TSNs", test_sack_check_tsns },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo restart_abort_tests[] = {
	{ "restart ABORT byte vectors", test_restart_abort_vector },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo unresolvable_abort_tests[] = {
	{ "Unresolvable Address ABORT bytes", test_unresolvable_abort_vector },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/sm_make_chunk/sctp_make_init/raw", make_init_raw_tests, NULL,
	    NULL);
KTEST_SUITE("sctp/sm_make_chunk/sctp_make_sack", make_sack_tests, NULL, NULL);
KTEST_SUITE("sctp/sm_make_chunk/sctp_make_chunk", make_chunk_tests, NULL, NULL);
KTEST_SUITE("sctp/sm_make_chunk/sctp_verify_init", verify_init_tests, NULL,
	    NULL);
KTEST_SUITE("sctp/sm_statefuns/sctp_sm_pull_sack", pull_sack_tests, NULL, NULL);
KTEST_SUITE("sctp/sm_statefuns/sctp_sf_eat_sack_6_2", eat_sack_tests, NULL,
	    NULL);
KTEST_SUITE("sctp/sm_statefuns/sctp_sf_do_dupcook_a/abort", restart_abort_tests,
	    NULL, NULL);
KTEST_SUITE("sctp/sm_make_chunk/sctp_make_unresolvable_abort",
	    unresolvable_abort_tests, NULL, NULL);
