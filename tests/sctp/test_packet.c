// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_packet.c - CRC32c vectors, the common header, chunk
 * framing (every bad length), and pcap export read back with libpcap.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <pcap/pcap.h>

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
		0x13, 0x88,		/* source port 5000 */
		0x0b, 0xb8,		/* destination port 3000 */
		0xde, 0xad, 0xbe, 0xef,	/* verification tag */
		0x00, 0x00, 0x00, 0x00,	/* checksum, not yet computed */
	};

	memset(buf, 0x55, sizeof(buf));
	CU_ASSERT_EQUAL(sctp_packet_init(&pkt, buf, sizeof(buf), 5000, 3000,
					 0xdeadbeef), 0);
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
	sctp_store_cksum(buf, sctp_compute_cksum(buf,
					SCTP_COMMON_HEADER_LEN + clen));
	return SCTP_COMMON_HEADER_LEN + clen;
}

static void test_chunk_walk_good(void)
{
	const uint8_t chunks[] = {
		0x01, 0x00, 0x00, 0x06, 0xaa, 0xbb, 0x00, 0x00,
		0x02, 0x00, 0x00, 0x04,
		0x03, 0x00, 0x00, 0x05, 0xcc,	/* last padding missing */
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
		{ { 0x01, 0, 0x00, 0x00 }, 4, -EINVAL },	/* length 0 */
		{ { 0x01, 0, 0x00, 0x01 }, 4, -EINVAL },	/* 1 */
		{ { 0x01, 0, 0x00, 0x02 }, 4, -EINVAL },	/* 2 */
		{ { 0x01, 0, 0x00, 0x03 }, 4, -EINVAL },	/* 3 */
		{ { 0x01, 0, 0x00, 0x09 }, 8, -EMSGSIZE },	/* too long */
		{ { 0x01, 0, 0xff, 0xff }, 4, -EMSGSIZE },
		{ { 0x01, 0, 0x00 }, 3, -EMSGSIZE },	/* < 4 bytes left */
		{ { 0x01 }, 1, -EMSGSIZE },
	};
	uint8_t buf[32];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		size_t len = raw_packet(buf, bad[i].bytes, bad[i].len);
		size_t off = SCTP_COMMON_HEADER_LEN, clen = 99;
		const uint8_t *c = NULL;

		CU_ASSERT_EQUAL(sctp_packet_next_chunk(buf, len, &off, &c,
						       &clen), bad[i].err);
		CU_ASSERT_EQUAL(off, SCTP_COMMON_HEADER_LEN);
		CU_ASSERT_PTR_NULL(c);
		CU_ASSERT_EQUAL(sctp_packet_verify(buf, len), bad[i].err);
	}
}

/* ---- pcap ---- */

static char *temp_path(void)
{
	static char path[64];
	int fd;

	strcpy(path, "/tmp/kstruct-test-XXXXXX");
	fd = mkstemp(path);
	if (fd < 0)
		return NULL;
	close(fd);
	return path;
}

static size_t sample_packet(uint8_t *buf, size_t size, unsigned int n)
{
	struct sctp_packet_buf pkt;
	uint8_t chunk[12] = { 0xc0, 0x00, 0x00, 0x0c };

	sctp_put32(chunk + 4, n);
	sctp_put32(chunk + 8, ~n);
	if (sctp_packet_init(&pkt, buf, size, 5000, 5001, 0x01020304 + n) ||
	    sctp_packet_append_chunk(&pkt, chunk, sizeof(chunk)))
		return 0;
	return sctp_packet_finish(&pkt);
}

static void test_pcap_roundtrip(void)
{
	char *path = temp_path();
	struct sctp_pcap *pc = NULL;
	struct in_addr a, b;
	uint8_t buf[64];
	unsigned int i, n = 0;
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *rec;
	const u_char *data;
	pcap_t *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	inet_pton(AF_INET, "10.0.0.1", &a);
	inet_pton(AF_INET, "10.0.0.2", &b);
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(path, &pc), 0);
	for (i = 0; i < 5; i++) {
		size_t len = sample_packet(buf, sizeof(buf), i);

		CU_ASSERT_EQUAL(len, 24);
		CU_ASSERT_EQUAL(sctp_pcap_write(pc, i & 1 ? &b : &a,
						i & 1 ? &a : &b, buf, len), 0);
	}
	CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &b, buf, 11), -EINVAL);
	CU_ASSERT_EQUAL(sctp_pcap_close(pc), 0);

	CU_ASSERT_EQUAL(sctp_pcap_check(path, &n), 0);
	CU_ASSERT_EQUAL(n, 5);

	/* and byte for byte through libpcap itself */
	p = pcap_open_offline(path, errbuf);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(pcap_datalink(p), DLT_RAW);
	for (i = 0; pcap_next_ex(p, &rec, &data) == 1; i++) {
		const uint8_t ip_want[20] = {
			0x45, 0x00, 0x00, 44, 0x00, (uint8_t)(i + 1),
			0x40, 0x00, 64, 132, 0, 0,
			10, 0, 0, (uint8_t)(i & 1 ? 2 : 1),
			10, 0, 0, (uint8_t)(i & 1 ? 1 : 2),
		};
		size_t len = sample_packet(buf, sizeof(buf), i);

		CU_ASSERT_EQUAL(rec->caplen, 44);
		/* compare all but the IPv4 header checksum... */
		CU_ASSERT_EQUAL(memcmp(data, ip_want, 10), 0);
		CU_ASSERT_EQUAL(memcmp(data + 12, ip_want + 12, 8), 0);
		/* ...which must make the header sum to 0xffff */
		{
			uint32_t sum = 0;
			int k;

			for (k = 0; k < 20; k += 2)
				sum += sctp_get16(data + k);
			while (sum >> 16)
				sum = (sum & 0xffff) + (sum >> 16);
			CU_ASSERT_EQUAL(sum, 0xffff);
		}
		CU_ASSERT_EQUAL(memcmp(data + 20, buf, len), 0);
	}
	CU_ASSERT_EQUAL(i, 5);
	pcap_close(p);
	unlink(path);
}

static void test_pcap_check_catches_corruption(void)
{
	char *path = temp_path();
	struct sctp_pcap *pc = NULL;
	struct in_addr a = { .s_addr = htonl(0x7f000001) };
	uint8_t buf[64];
	unsigned int n = 77;
	size_t len;
	FILE *f;
	long size;

	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(path, &pc), 0);
	len = sample_packet(buf, sizeof(buf), 1);
	CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &a, buf, len), 0);
	CU_ASSERT_EQUAL(sctp_pcap_close(pc), 0);
	/* flip the last byte of the file: the SCTP payload */
	f = fopen(path, "r+b");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fseek(f, -1, SEEK_END);
	size = ftell(f);
	fputc(0x5a, f);
	fclose(f);
	CU_ASSERT(size > 0);
	CU_ASSERT_EQUAL(sctp_pcap_check(path, &n), -EBADMSG);
	CU_ASSERT_EQUAL(n, 77);
	unlink(path);
	CU_ASSERT_EQUAL(sctp_pcap_check(path, &n), -EIO);
}

static void test_pcap_open_faults(void)
{
	char *path = temp_path();
	struct sctp_pcap *pc = NULL;
	long live = kmalloc_live();

	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sctp_pcap_open(path, &pc), -ENOMEM);
	CU_ASSERT_PTR_NULL(pc);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(sctp_pcap_open("/nonexistent-dir/x.pcap", &pc),
			-ENOENT);
	CU_ASSERT_PTR_NULL(pc);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT_EQUAL(sctp_pcap_close(NULL), 0);
	unlink(path);
}

/*
 * A small exchange of real chunks (INIT, INIT ACK, DATA, SACK) written as
 * a pcap file, read back with pcap_open_offline(): every record is IPv4
 * protocol 132, every CRC32c verifies, and the chunks parse back to what
 * was built.
 */
static void test_pcap_real_chunks(void)
{
	char *path = temp_path();
	struct sctp_init_view init = {
		.type = SCTP_CID_INIT, .init_tag = 0x11111111,
		.a_rwnd = 4096, .num_outbound_streams = 2,
		.num_inbound_streams = 2, .initial_tsn = 77,
		.addr_types = SCTP_ADDR4_SUPPORTED, .ecn_capable = true,
	};
	const struct sctp_sack_gap gap = { 2, 2 };
	const uint8_t addr[8] = { 0, 5, 0, 8, 10, 0, 0, 1 };
	uint8_t chunk[256], pkt[300];
	struct sctp_packet_buf pb;
	struct sctp_pcap *pc = NULL;
	struct in_addr a, b;
	char errbuf[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *rec;
	const u_char *data;
	unsigned int n = 0, i;
	int len, types[4] = { -1, -1, -1, -1 };
	pcap_t *p;

	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	inet_pton(AF_INET, "10.0.0.1", &a);
	inet_pton(AF_INET, "10.0.0.2", &b);
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(path, &pc), 0);
	for (i = 0; i < 4; i++) {
		switch (i) {
		case 0:
			len = sctp_make_init_raw(chunk, sizeof(chunk), &init,
						 addr, sizeof(addr), NULL, 0);
			break;
		case 1:
			init.type = SCTP_CID_INIT_ACK;
			init.init_tag = 0x22222222;
			len = sctp_make_init_raw(chunk, sizeof(chunk), &init,
						 NULL, 0, "cookie", 6);
			break;
		case 2:
			len = sctp_make_data_raw(chunk, sizeof(chunk), 77, 0,
						 0, 0, "hello", 5);
			break;
		default:
			len = sctp_make_sack_raw(chunk, sizeof(chunk), 77,
						 4096, &gap, 1, NULL, 0);
			break;
		}
		CU_ASSERT_FATAL(len > 0);
		CU_ASSERT_EQUAL(sctp_packet_init(&pb, pkt, sizeof(pkt), 5000,
						 80, i ? 0x11111111 : 0), 0);
		CU_ASSERT_EQUAL(sctp_packet_append_chunk(&pb, chunk,
							 (size_t)len), 0);
		CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &b, pkt,
						sctp_packet_finish(&pb)), 0);
	}
	CU_ASSERT_EQUAL(sctp_pcap_close(pc), 0);
	CU_ASSERT_EQUAL(sctp_pcap_check(path, &n), 0);
	CU_ASSERT_EQUAL(n, 4);

	p = pcap_open_offline(path, errbuf);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	for (i = 0; pcap_next_ex(p, &rec, &data) == 1 && i < 4; i++) {
		const uint8_t *sctp = data + 20, *c;
		size_t slen = rec->caplen - 20, off = 12, clen;
		struct sctp_init_view v;
		struct sctp_sack_view s;

		CU_ASSERT_EQUAL(data[9], 132);
		CU_ASSERT_EQUAL(sctp_packet_verify(sctp, slen), 0);
		CU_ASSERT_EQUAL_FATAL(sctp_packet_next_chunk(sctp, slen, &off,
							     &c, &clen), 1);
		types[i] = c[0];
		if (c[0] == SCTP_CID_INIT || c[0] == SCTP_CID_INIT_ACK) {
			CU_ASSERT_EQUAL(sctp_verify_init(c, clen, &v), 0);
			CU_ASSERT_EQUAL(v.initial_tsn, 77);
		}
		if (c[0] == SCTP_CID_SACK) {
			CU_ASSERT_EQUAL(sctp_verify_sack(c, clen, &s), 0);
			CU_ASSERT_EQUAL(s.cum_tsn_ack, 77);
			CU_ASSERT_EQUAL(s.num_gap_ack_blocks, 1);
		}
		CU_ASSERT_EQUAL(sctp_packet_next_chunk(sctp, slen, &off, &c,
						       &clen), 0);
	}
	CU_ASSERT_EQUAL(i, 4);
	CU_ASSERT_EQUAL(types[0], SCTP_CID_INIT);
	CU_ASSERT_EQUAL(types[1], SCTP_CID_INIT_ACK);
	CU_ASSERT_EQUAL(types[2], SCTP_CID_DATA);
	CU_ASSERT_EQUAL(types[3], SCTP_CID_SACK);
	pcap_close(p);
	unlink(path);
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

static CU_TestInfo pcap_tests[] = {
	{ "write and read back", test_pcap_roundtrip },
	{ "INIT, INIT ACK, DATA, SACK read back", test_pcap_real_chunks },
	{ "corruption is caught", test_pcap_check_catches_corruption },
	{ "open: faults and errors", test_pcap_open_faults },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/packet/count_crc", count_crc_tests, NULL, NULL);
KTEST_SUITE("sctp/packet/sctp_packet_init", packet_init_tests, NULL, NULL);
KTEST_SUITE("sctp/packet/sctp_packet_append_chunk", append_chunk_tests,
	    NULL, NULL);
KTEST_SUITE("sctp/packet/sctp_packet_transmit", packet_transmit_tests,
	    NULL, NULL);
KTEST_SUITE("sctp/packet/sctp_pop_inqueue", pop_inqueue_tests, NULL, NULL);
KTEST_SUITE("sctp/packet/pcap", pcap_tests, NULL, NULL);
