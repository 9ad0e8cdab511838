// SPDX-License-Identifier: MIT
/*
 * tests/tools/test_cmd_sctp.c - "kstruct sctp --pcap FILE"
 * (tools/cmd_sctp.c): the capture's bytes, read back by hand.
 *
 * The file is parsed here from its bytes - the pcap file header, each
 * record header, the IPv4 header, the SCTP common header and the chunks -
 * without libpcap and without sctp/packet.c, so a field the writer gets
 * wrong cannot be read back wrong the same way.  The expected values are
 * worked from the scenario in tools/cmd_sctp.c: A (TSNs from 1000) sends
 * four DATA chunks on stream 0 to B (TSNs from 5000, sends no DATA), the
 * third is lost and retransmitted, then A shuts down.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat/compiler.h"
#include "tests/ktest.h"
#include "tools/cmd_sctp.h"

/*
 * 2002-09-03 15:03:36 UTC: when the patch that removed the list typedef
 * was committed (written out here, not taken from tools/sctp_pcap.h)
 */
#define CAPTURE_EPOCH 1031065416u

#define MAX_PACKETS 16

/**
 * struct capture - one pcap file, read into memory
 * @data: its bytes
 * @len: how many
 * @swapped: whether its header fields are in the other byte order
 */
struct capture {
	uint8_t *data;
	size_t len;
	bool swapped;
};

/* a record of the capture: its time and its SCTP packet */
struct record {
	uint32_t ts_sec, ts_usec;
	const uint8_t *sctp; /* the SCTP common header */
	size_t sctp_len;
	uint32_t src, dst; /* IPv4 addresses, host order */
};

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* a field of the pcap headers, in the file's own byte order */
static uint32_t file32(const struct capture *c, const uint8_t *p)
{
	uint32_t le = (uint32_t)p[0] | (uint32_t)p[1] << 8 |
		      (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;

	return c->swapped ? be32(p) : le;
}

/* run "kstruct sctp --pcap @path" with its narration sent nowhere */
static int run_cmd(const char *path)
{
	char *argv[] = { "sctp", "--pcap", (char *)path, NULL };
	int saved, null, ret;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY);
	if (saved < 0 || null < 0)
		return -1;
	dup2(null, STDOUT_FILENO);
	close(null);
	ret = cmd_sctp(3, argv);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	return ret;
}

static bool read_file(const char *path, struct capture *c)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f)
		return false;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	c->data = n > 0 ? malloc((size_t)n) : NULL;
	c->len = c->data ? fread(c->data, 1, (size_t)n, f) : 0;
	fclose(f);
	return c->data && c->len == (size_t)n;
}

/* the capture's records; returns how many, or -1 for a bad file */
static int records_of(struct capture *c, struct record *r, int max)
{
	const uint8_t *p = c->data;
	size_t off = 24, incl, ihl;
	int n = 0;

	if (c->len < 24)
		return -1;
	if (be32(p) == 0xa1b2c3d4u)
		c->swapped = true;
	else if (be32(p) != 0xd4c3b2a1u)
		return -1;
	/* version 2.4, link type 101 (LINKTYPE_RAW: IPv4 or IPv6) */
	if (file32(c, p + 4) != (c->swapped ? 0x00020004u : 0x00040002u) ||
	    file32(c, p + 20) != 101)
		return -1;
	while (off < c->len) {
		if (n == max || c->len - off < 16)
			return -1;
		r[n].ts_sec = file32(c, p + off);
		r[n].ts_usec = file32(c, p + off + 4);
		incl = file32(c, p + off + 8);
		if (incl != file32(c, p + off + 12) ||
		    incl > c->len - off - 16 || incl < 20)
			return -1;
		off += 16;
		ihl = (size_t)(p[off] & 0xf) * 4;
		if (p[off] >> 4 != 4 || p[off + 9] != 132 || ihl < 20 ||
		    be16(p + off + 2) != incl || incl < ihl + 12)
			return -1;
		r[n].src = be32(p + off + 12);
		r[n].dst = be32(p + off + 16);
		r[n].sctp = p + off + ihl;
		r[n].sctp_len = incl - ihl;
		off += incl;
		n++;
	}
	return n;
}

/* the first chunk of an SCTP packet */
static const uint8_t *first_chunk(const struct record *r, uint16_t *len)
{
	if (r->sctp_len < 16)
		return NULL;
	*len = be16(r->sctp + 14);
	return *len >= 4 && *len <= r->sctp_len - 12 ? r->sctp + 12 : NULL;
}

struct capture_run {
	struct capture cap;
	struct record rec[MAX_PACKETS];
	int n;
};

static bool capture_run(struct capture_run *cr)
{
	char dir[] = "/tmp/kstruct-cmd-sctp-XXXXXX";
	char path[64];
	bool ok;

	memset(cr, 0, sizeof(*cr));
	if (!mkdtemp(dir))
		return false;
	snprintf(path, sizeof(path), "%s/s.pcap", dir);
	ok = run_cmd(path) == 0 && read_file(path, &cr->cap);
	unlink(path);
	rmdir(dir);
	if (ok)
		cr->n = records_of(&cr->cap, cr->rec, MAX_PACKETS);
	return ok && cr->n > 0;
}

/*
 * Packet k (from 0) is stamped CAPTURE_EPOCH + k ms: a fixed, realistic
 * time, so the file depends on its packets only.
 */
static void test_timestamps(void)
{
	struct capture_run cr;
	int k;

	CU_ASSERT_FATAL(capture_run(&cr));
	CU_ASSERT_EQUAL(cr.n, 13);
	for (k = 0; k < cr.n; k++) {
		CU_ASSERT_EQUAL(cr.rec[k].ts_sec, CAPTURE_EPOCH);
		CU_ASSERT_EQUAL(cr.rec[k].ts_usec, (uint32_t)k * 1000);
	}
	free(cr.cap.data);
}

/*
 * The SHUTDOWN (packet 11, A to B) acks what A received from B in order:
 * B's INIT ACK announced initial TSN 5000 and B sent no DATA, so its
 * Cumulative TSN Ack is 5000 - 1 = 4999 (RFC 9260 3.3.8).
 */
static void test_shutdown_cum_tsn_ack(void)
{
	struct capture_run cr;
	const uint8_t *c, *initack;
	uint16_t len;

	CU_ASSERT_FATAL(capture_run(&cr));
	CU_ASSERT_FATAL(cr.n == 13);
	/* B's initial TSN, as the INIT ACK (packet 2) carries it */
	initack = first_chunk(&cr.rec[1], &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(initack);
	CU_ASSERT_EQUAL(initack[0], 2);
	CU_ASSERT_EQUAL(be32(initack + 16), 5000);
	c = first_chunk(&cr.rec[10], &len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(c[0], 7); /* SHUTDOWN */
	CU_ASSERT_EQUAL(len, 8);
	CU_ASSERT_EQUAL(be32(c + 4), 4999);
	CU_ASSERT_EQUAL(cr.rec[10].src, 0x0a000001u); /* from A */
	free(cr.cap.data);
}

/*
 * Every DATA chunk, in capture order: A's four messages go on stream 0
 * with stream sequence numbers 0, 1, 2, 3 (RFC 9260 3.3.1: each stream
 * counts from 0), whatever their TSNs (1000-1003); the retransmission of
 * TSN 1002 keeps its SSN, 2.
 */
static void test_data_stream_sequence_numbers(void)
{
	static const struct {
		uint32_t tsn;
		uint16_t ssn;
	} want[] = {
		{ 1000, 0 }, { 1001, 1 }, { 1002, 2 }, { 1003, 3 }, { 1002, 2 },
	};
	struct capture_run cr;
	unsigned int seen = 0;
	size_t off;
	int k;

	CU_ASSERT_FATAL(capture_run(&cr));
	for (k = 0; k < cr.n; k++) {
		const struct record *r = &cr.rec[k];

		for (off = 12; off + 4 <= r->sctp_len;) {
			const uint8_t *c = r->sctp + off;
			uint16_t len = be16(c + 2);

			if (len < 4 || len > r->sctp_len - off)
				break;
			if (c[0] == 0 && seen < ARRAY_SIZE(want)) {
				CU_ASSERT(len > 16);
				CU_ASSERT_EQUAL(be32(c + 4), want[seen].tsn);
				CU_ASSERT_EQUAL(be16(c + 8), 0);
				CU_ASSERT_EQUAL(be16(c + 10), want[seen].ssn);
				seen++;
			} else if (c[0] == 0) {
				seen++;
			}
			off += (len + 3u) & ~3u;
		}
	}
	CU_ASSERT_EQUAL(seen, ARRAY_SIZE(want));
	free(cr.cap.data);
}

/* two runs write the same bytes */
static void test_repeatable(void)
{
	struct capture_run one, two;

	CU_ASSERT_FATAL(capture_run(&one));
	CU_ASSERT_FATAL(capture_run(&two));
	CU_ASSERT_EQUAL(one.cap.len, two.cap.len);
	CU_ASSERT(one.cap.len == two.cap.len &&
		  !memcmp(one.cap.data, two.cap.data, one.cap.len));
	free(one.cap.data);
	free(two.cap.data);
}

static CU_TestInfo cmd_sctp_cases[] = {
	{ "timestamps from a fixed 2002 epoch", test_timestamps },
	{ "SHUTDOWN acks B's TSNs: 4999", test_shutdown_cum_tsn_ack },
	{ "DATA SSNs count from 0 per stream",
	  test_data_stream_sequence_numbers },
	{ "the capture repeats byte for byte", test_repeatable },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("tools/cmd_sctp", cmd_sctp_cases, NULL, NULL)
