// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_packet.c - CRC32c vectors, the common header and chunk
 * framing (every bad length).  The pcap export is the tool's:
 * tests/tools/test_sctp_pcap.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "compat/compiler.h"
#include "compat/slab.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "tests/ktest.h"

/* ---- CRC32c ---- */

static uint32_t crc_of(const void *buf, size_t len)
{
	return sctp_end_cksum(sctp_start_cksum(buf, len));
}

static void test_crc32c_check_value(void)
{
	CU_ASSERT_EQUAL(crc_of("123456789", 9), 0xE3069283u);
	CU_ASSERT_EQUAL(~crc32c(~0u, "123456789", 9), 0xE3069283u);
	CU_ASSERT_EQUAL(crc_of("", 0), 0x00000000u);
	/* "a" = 0xC1D04330, a widely published CRC32c value */
	CU_ASSERT_EQUAL(crc_of("a", 1), 0xC1D04330u);
}

/* RFC 3720 (iSCSI) B.4 vectors */
static void test_crc32c_iscsi_vectors(void)
{
	uint8_t buf[32];
	int i;

	memset(buf, 0, sizeof(buf));
	CU_ASSERT_EQUAL(crc_of(buf, 32), 0x8A9136AAu);
	memset(buf, 0xff, sizeof(buf));
	CU_ASSERT_EQUAL(crc_of(buf, 32), 0x62A8AB43u);
	for (i = 0; i < 32; i++)
		buf[i] = (uint8_t)i;
	CU_ASSERT_EQUAL(crc_of(buf, 32), 0x46DD794Eu);
	for (i = 0; i < 32; i++)
		buf[i] = (uint8_t)(31 - i);
	CU_ASSERT_EQUAL(crc_of(buf, 32), 0x113FDB5Cu);
}

/* bit-at-a-time reference, independent of the tables */
static uint32_t crc32c_bitwise(const uint8_t *p, size_t len)
{
	uint32_t crc = ~0u;
	int bit;

	while (len--) {
		crc ^= *p++;
		for (bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0x82F63B78u & (0u - (crc & 1)));
	}
	return ~crc;
}

static void test_crc32c_split_and_lengths(void)
{
	uint8_t buf[301];
	uint64_t s = 0x1234567;
	size_t len, cut;
	int bad = 0;

	for (len = 0; len < sizeof(buf); len++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		buf[len] = (uint8_t)(s >> 56);
	}
	/* every length and alignment against the bitwise reference */
	for (len = 0; len <= 64; len++)
		for (cut = 0; cut < 8; cut++)
			bad += crc_of(buf + cut, len) !=
			       crc32c_bitwise(buf + cut, len);
	CU_ASSERT_EQUAL(bad, 0);
	/* any split into start + update gives the same value */
	for (cut = 0; cut <= sizeof(buf); cut += 7) {
		uint32_t r = sctp_start_cksum(buf, cut);

		r = sctp_update_cksum(buf + cut, sizeof(buf) - cut, r);
		bad += sctp_end_cksum(r) != crc32c_bitwise(buf, sizeof(buf));
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static void test_cksum_byte_order(void)
{
	uint8_t hdr[12];
	const uint8_t want[4] = { 0x83, 0x92, 0x06, 0xE3 };

	memset(hdr, 0xaa, sizeof(hdr));
	sctp_store_cksum(hdr, 0xE3069283u);
	CU_ASSERT_EQUAL(memcmp(hdr + 8, want, 4), 0);
	CU_ASSERT_EQUAL(hdr[7], 0xaa);
	CU_ASSERT_EQUAL(sctp_load_cksum(hdr), 0xE3069283u);
}

/* ---- the common header and chunk framing ---- */

static void test_packet_header_bytes(void)
{
	uint8_t buf[64];
	struct sctp_packet_buf pkt;
	const uint8_t want[12] = {
		0x13, 0x88, /* source port 5000 */
		0x0b, 0xb8, /* destination port 3000 */
		0xde, 0xad, 0xbe, 0xef, /* verification tag */
		0x00, 0x00, 0x00, 0x00, /* checksum, not yet computed */
	};

	memset(buf, 0x55, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_packet_init(&pkt, buf, sizeof(buf), 5000, 3000,
					 0xdeadbeef),
			0);
	CU_ASSERT_EQUAL(pkt.len, 12);
	CU_ASSERT_EQUAL(memcmp(buf, want, 12), 0);
	CU_ASSERT_EQUAL(sctp_packet_init(&pkt, buf, 11, 1, 2, 3), -EFBIG);
}

static void test_packet_append_pads(void)
{
	uint8_t buf[32];
	struct sctp_packet_buf pkt;
	/* a 5-byte chunk: type 0xc0, flags 1, length 5, one value byte */
	const uint8_t chunk[5] = { 0xc0, 0x01, 0x00, 0x05, 0x77 };
	const uint8_t want[8] = { 0xc0, 0x01, 0x00, 0x05, 0x77, 0, 0, 0 };

	memset(buf, 0x55, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_packet_init(&pkt, buf, sizeof(buf), 1, 2, 3), 0);
	CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, chunk, 5), 0);
	CU_ASSERT_EQUAL(pkt.len, 20);
	CU_ASSERT_EQUAL(memcmp(buf + 12, want, 8), 0);
	CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, chunk, 5), 0);
	CU_ASSERT_EQUAL(pkt.len, 28);
	/* no room for a third: unchanged */
	CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, chunk, 5), -EFBIG);
	CU_ASSERT_EQUAL(pkt.len, 28);
	CU_ASSERT_EQUAL(buf[28], 0x55);
	/* a chunk whose length field is impossible or exceeds @len */
	CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, chunk, 3), -EINVAL);
	CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, chunk, 4), -EINVAL);
	{
		const uint8_t zero_len[4] = { 0xc0, 0, 0, 2 };

		CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, zero_len, 4),
				-EINVAL);
	}
	CU_ASSERT_EQUAL(pkt.len, 28);
}

static void test_packet_finish_verify(void)
{
	uint8_t buf[64];
	struct sctp_packet_buf pkt;
	const uint8_t chunk[8] = { 0x0e, 0x00, 0x00, 0x08, 1, 2, 3, 4 };
	size_t len, i;
	int bad = 0;

	CU_ASSERT_EQUAL(sctp_packet_init(&pkt, buf, sizeof(buf), 7, 9, 42), 0);
	CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pkt, chunk, 8), 0);
	len = sctp_packet_finish(&pkt);
	CU_ASSERT_EQUAL(len, 20);
	CU_ASSERT_EQUAL(sctp_packet_verify(buf, len), 0);
	/* the stored value is the CRC over the packet with a zero field */
	{
		uint8_t copy[20];

		memcpy(copy, buf, 20);
		memset(copy + 8, 0, 4);
		CU_ASSERT_EQUAL(sctp_load_cksum(buf), crc_of(copy, 20));
	}
	/* any flipped bit anywhere is caught */
	for (i = 0; i < len * 8; i++) {
		buf[i / 8] ^= (uint8_t)(1u << (i % 8));
		bad += sctp_packet_verify(buf, len) != -EBADMSG;
		buf[i / 8] ^= (uint8_t)(1u << (i % 8));
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_EQUAL(sctp_packet_verify(buf, 11), -EMSGSIZE);
}

/* build a packet from raw chunk bytes and a correct checksum */
static size_t raw_packet(uint8_t *buf, const uint8_t *chunks, size_t clen)
{
	memset(buf, 0, SCTP_COMMON_HEADER_LEN);
	memcpy(buf + SCTP_COMMON_HEADER_LEN, chunks, clen);
	sctp_store_cksum(
		buf, sctp_compute_cksum(buf, SCTP_COMMON_HEADER_LEN + clen));
	return SCTP_COMMON_HEADER_LEN + clen;
}

static void test_chunk_walk_good(void)
{
	const uint8_t chunks[] = {
		0x01, 0x00, 0x00, 0x06, 0xaa, 0xbb, 0x00, 0x00, 0x02,
		0x00, 0x00, 0x04, 0x03, 0x00, 0x00, 0x05, 0xcc, /* last padding missing */
	};
	uint8_t buf[64];
	const uint8_t *c;
	size_t len = raw_packet(buf, chunks, sizeof(chunks));
	size_t off = SCTP_COMMON_HEADER_LEN, clen;

	CU_ASSERT_EQUAL(sctp_packet_next_chunk(buf, len, &off, &c, &clen), 1);
	CU_ASSERT_PTR_EQUAL(c, buf + 12);
	CU_ASSERT_EQUAL(clen, 6);
	CU_ASSERT_EQUAL(sctp_packet_next_chunk(buf, len, &off, &c, &clen), 1);
	CU_ASSERT_PTR_EQUAL(c, buf + 20);
	CU_ASSERT_EQUAL(clen, 4);
	CU_ASSERT_EQUAL(sctp_packet_next_chunk(buf, len, &off, &c, &clen), 1);
	CU_ASSERT_PTR_EQUAL(c, buf + 24);
	CU_ASSERT_EQUAL(clen, 5);
	CU_ASSERT_EQUAL(off, len);
	CU_ASSERT_EQUAL(sctp_packet_next_chunk(buf, len, &off, &c, &clen), 0);
	CU_ASSERT_EQUAL(sctp_packet_verify(buf, len), 0);
}

static void test_chunk_walk_bad(void)
{
	static const struct {
		uint8_t bytes[8];
		size_t len;
		int err;
	} bad[] = {
		{ { 0x01, 0, 0x00, 0x00 }, 4, -EINVAL }, /* length 0 */
		{ { 0x01, 0, 0x00, 0x01 }, 4, -EINVAL }, /* 1 */
		{ { 0x01, 0, 0x00, 0x02 }, 4, -EINVAL }, /* 2 */
		{ { 0x01, 0, 0x00, 0x03 }, 4, -EINVAL }, /* 3 */
		{ { 0x01, 0, 0x00, 0x09 }, 8, -EMSGSIZE }, /* too long */
		{ { 0x01, 0, 0xff, 0xff }, 4, -EMSGSIZE },
		{ { 0x01, 0, 0x00 }, 3, -EMSGSIZE }, /* < 4 bytes left */
		{ { 0x01 }, 1, -EMSGSIZE },
	};
	uint8_t buf[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		size_t len = raw_packet(buf, bad[i].bytes, bad[i].len);
		size_t off = SCTP_COMMON_HEADER_LEN, clen = 99;
		const uint8_t *c = NULL;

		CU_ASSERT_EQUAL(sctp_packet_next_chunk(buf, len, &off, &c,
						       &clen),
				bad[i].err);
		CU_ASSERT_EQUAL(off, SCTP_COMMON_HEADER_LEN);
		CU_ASSERT_PTR_NULL(c);
		CU_ASSERT_EQUAL(sctp_packet_verify(buf, len), bad[i].err);
	}
}

static CU_TestInfo count_crc_tests[] = {
	{ "crc32c check value", test_crc32c_check_value },
	{ "crc32c iSCSI vectors", test_crc32c_iscsi_vectors },
	{ "crc32c lengths, alignments, splits", test_crc32c_split_and_lengths },
	{ "checksum stored LSB first", test_cksum_byte_order },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo packet_init_tests[] = {
	{ "common header bytes", test_packet_header_bytes },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo append_chunk_tests[] = {
	{ "append pads to 4", test_packet_append_pads },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo packet_transmit_tests[] = {
	{ "finish and verify", test_packet_finish_verify },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo pop_inqueue_tests[] = {
	{ "chunk walk", test_chunk_walk_good },
	{ "chunk walk: every bad length", test_chunk_walk_bad },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/packet/count_crc", count_crc_tests, NULL, NULL);
KTEST_SUITE("sctp/packet/sctp_packet_init", packet_init_tests, NULL, NULL);
KTEST_SUITE("sctp/packet/sctp_packet_append_chunk", append_chunk_tests, NULL,
	    NULL);
KTEST_SUITE("sctp/packet/sctp_packet_transmit", packet_transmit_tests, NULL,
	    NULL);
KTEST_SUITE("sctp/packet/sctp_pop_inqueue", pop_inqueue_tests, NULL, NULL);
