// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_sctp_pcap.c - the pcap export of "kstruct sctp"
 * (tools/sctp_pcap.c): packets written and read back with libpcap,
 * corruption caught, and every failure (allocation, header, record)
 * reported with the stream closed.
 */
#include <errno.h>
#include <fcntl.h>
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
#include "tools/sctp_pcap.h"

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
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(fopen(path, "wb"), &pc), 0);
	for (i = 0; i < 5; i++) {
		size_t len = sample_packet(buf, sizeof(buf), i);

		CU_ASSERT_EQUAL(len, 24);
		CU_ASSERT_EQUAL(sctp_pcap_write(pc, i & 1 ? &b : &a,
						i & 1 ? &a : &b, buf, len),
				0);
	}
	CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &b, buf, 11), -EINVAL);
	CU_ASSERT_EQUAL(sctp_pcap_close(pc), 0);

	CU_ASSERT_EQUAL(sctp_pcap_verify(path, &n), 0);
	CU_ASSERT_EQUAL(n, 5);

	/* and byte for byte through libpcap itself */
	p = pcap_open_offline(path, errbuf);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(pcap_datalink(p), DLT_RAW);
	for (i = 0; pcap_next_ex(p, &rec, &data) == 1; i++) {
		const uint8_t ip_want[20] = {
			0x45, 0x00,
			0x00, 44,
			0x00, (uint8_t)(i + 1),
			0x40, 0x00,
			64,   132,
			0,    0,
			10,   0,
			0,    (uint8_t)(i & 1 ? 2 : 1),
			10,   0,
			0,    (uint8_t)(i & 1 ? 1 : 2),
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

static void test_pcap_verify_catches_corruption(void)
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
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(fopen(path, "wb"), &pc), 0);
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
	CU_ASSERT_EQUAL(sctp_pcap_verify(path, &n), -EBADMSG);
	CU_ASSERT_EQUAL(n, 77);
	unlink(path);
	CU_ASSERT_EQUAL(sctp_pcap_verify(path, &n), -EIO);
}

/* whether @fd is closed */
static int fd_closed(int fd)
{
	return fcntl(fd, F_GETFD) == -1 && errno == EBADF;
}

/* the writer takes the stream over: a failed open closes it too */
static void test_pcap_open_faults(void)
{
	char *path = temp_path();
	struct sctp_pcap *pc = NULL;
	long live = kmalloc_live();
	FILE *f;
	int fd;

	CU_ASSERT_PTR_NOT_NULL_FATAL(path);
	f = fopen(path, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fd = fileno(f);
	kmalloc_fail_nth(1);
	CU_ASSERT_EQUAL(sctp_pcap_open(f, &pc), -ENOMEM);
	kmalloc_fault_reset();
	CU_ASSERT_PTR_NULL(pc);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT(fd_closed(fd));

	/* unbuffered on /dev/full: the header cannot be written */
	f = fopen("/dev/full", "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	setvbuf(f, NULL, _IONBF, 0);
	fd = fileno(f);
	CU_ASSERT_EQUAL(sctp_pcap_open(f, &pc), -EIO);
	CU_ASSERT_PTR_NULL(pc);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
	CU_ASSERT(fd_closed(fd));
	CU_ASSERT_EQUAL(sctp_pcap_close(NULL), 0);
	unlink(path);
}

/*
 * A write that fails is reported by the write that meets it, and by
 * close.  glibc copies into a buffer of 128 bytes or more (a smaller one
 * is bypassed): the 24-byte file header and a 60-byte record fit, the
 * second record makes it flush to /dev/full.
 */
static void test_pcap_write_error(void)
{
	struct sctp_pcap *pc = NULL;
	struct in_addr a = { .s_addr = htonl(0x7f000001) };
	uint8_t buf[64];
	size_t len = sample_packet(buf, sizeof(buf), 1);
	long live = kmalloc_live();
	FILE *f = fopen("/dev/full", "wb");
	static char vbuf[128];

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	setvbuf(f, vbuf, _IOFBF, sizeof(vbuf));
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(f, &pc), 0);
	CU_ASSERT_EQUAL(len, 24);
	CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &a, buf, len), 0);
	CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &a, buf, len), -EIO);
	CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &a, buf, len), -EIO);
	CU_ASSERT_EQUAL(sctp_pcap_close(pc), -EIO);
	CU_ASSERT_EQUAL(kmalloc_live(), live);
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
		.type = SCTP_CID_INIT,
		.init_tag = 0x11111111,
		.a_rwnd = 4096,
		.num_outbound_streams = 2,
		.num_inbound_streams = 2,
		.initial_tsn = 77,
		.addr_types = SCTP_ADDR4_SUPPORTED,
		.ecn_capable = true,
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
	CU_ASSERT_EQUAL_FATAL(sctp_pcap_open(fopen(path, "wb"), &pc), 0);
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
			len = sctp_make_data_raw(chunk, sizeof(chunk), 77, 0, 0,
						 0, "hello", 5);
			break;
		default:
			len = sctp_make_sack_raw(chunk, sizeof(chunk), 77, 4096,
						 &gap, 1, NULL, 0);
			break;
		}
		CU_ASSERT_FATAL(len > 0);
		CU_ASSERT_EQUAL(sctp_packet_init(&pb, pkt, sizeof(pkt), 5000,
						 80, i ? 0x11111111 : 0),
				0);
		CU_ASSERT_EQUAL(
			sctp_packet_append_chunk(&pb, chunk, (size_t)len), 0);
		CU_ASSERT_EQUAL(sctp_pcap_write(pc, &a, &b, pkt,
						sctp_packet_finish(&pb)),
				0);
	}
	CU_ASSERT_EQUAL(sctp_pcap_close(pc), 0);
	CU_ASSERT_EQUAL(sctp_pcap_verify(path, &n), 0);
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
		CU_ASSERT_EQUAL_FATAL(
			sctp_packet_next_chunk(sctp, slen, &off, &c, &clen), 1);
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
		CU_ASSERT_EQUAL(
			sctp_packet_next_chunk(sctp, slen, &off, &c, &clen), 0);
	}
	CU_ASSERT_EQUAL(i, 4);
	CU_ASSERT_EQUAL(types[0], SCTP_CID_INIT);
	CU_ASSERT_EQUAL(types[1], SCTP_CID_INIT_ACK);
	CU_ASSERT_EQUAL(types[2], SCTP_CID_DATA);
	CU_ASSERT_EQUAL(types[3], SCTP_CID_SACK);
	pcap_close(p);
	unlink(path);
}

static CU_TestInfo pcap_tests[] = {
	{ "write and read back", test_pcap_roundtrip },
	{ "INIT, INIT ACK, DATA, SACK read back", test_pcap_real_chunks },
	{ "corruption is caught", test_pcap_verify_catches_corruption },
	{ "open: faults and errors close the stream", test_pcap_open_faults },
	{ "a write error is reported", test_pcap_write_error },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/sctp_pcap", pcap_tests, NULL, NULL);
