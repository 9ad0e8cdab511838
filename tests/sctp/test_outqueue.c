// SPDX-License-Identifier: MIT
/*
 * tests/sctp/test_outqueue.c - sctp/outqueue.c: teardown, and SACK
 * processing (cumulative acks, gap blocks, reneging, rwnd, TSN wrap,
 * every malformed SACK) against an oracle receiver.
 */
#include <errno.h>
#include <stdlib.h>

#include "sctp/packet.h"
#include "sctp/sm.h"
#include "tests/sctp/sctp_test.h"

/* build a SACK header + blocks + dups into @buf; returns its length */
static size_t make_sack(uint8_t *buf, uint32_t cum, uint32_t a_rwnd,
			const uint16_t (*blocks)[2], unsigned int nblocks,
			const uint32_t *dups, unsigned int ndups)
{
	struct sctp_sackhdr h;
	uint16_t v16;
	uint32_t v32;
	size_t len = sizeof(h);
	unsigned int i;

	h.cum_tsn_ack = htonl(cum);
	h.a_rwnd = htonl(a_rwnd);
	h.num_gap_ack_blocks = htons(nblocks);
	h.num_dup_tsns = htons(ndups);
	memcpy(buf, &h, sizeof(h));
	for (i = 0; i < nblocks; i++) {
		v16 = htons(blocks[i][0]);
		memcpy(buf + len, &v16, 2);
		v16 = htons(blocks[i][1]);
		memcpy(buf + len + 2, &v16, 2);
		len += 4;
	}
	for (i = 0; i < ndups; i++) {
		v32 = htonl(dups[i]);
		memcpy(buf + len, &v32, 4);
		len += 4;
	}
	return len;
}

/*
 * Hand @len bytes of @buf to sctp_sack_outqueue() in a heap buffer of
 * exactly that size, so that ASan reports any read past the SACK.
 */
static int sack_exact(struct sctp_association *asoc, const uint8_t *buf,
		      size_t len)
{
	uint8_t *copy = malloc(len ? len : 1);
	int err;

	CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
	memcpy(copy, buf, len);
	err = sctp_sack_outqueue(&asoc->outqueue,
				 (const struct sctp_sackhdr *)copy, len);
	free(copy);
	return err;
}

static int sack(struct sctp_association *asoc, uint32_t cum, uint32_t a_rwnd,
		const uint16_t (*blocks)[2], unsigned int nblocks)
{
	uint8_t buf[512];
	size_t len = make_sack(buf, cum, a_rwnd, blocks, nblocks, NULL, 0);

	return sack_exact(asoc, buf, len);
}

static struct sctp_association *new_asoc(unsigned int ntransports)
{
	struct sctp_association *asoc;
	union sctp_addr a;
	char ip[32];
	unsigned int i;

	asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CU_ASSERT_PTR_NOT_NULL_FATAL(asoc);
	for (i = 0; i < ntransports; i++) {
		snprintf(ip, sizeof(ip), "192.0.2.%u", i + 1);
		a = sctp_test_v4(ip, 9);
		CU_ASSERT_PTR_NOT_NULL(
			sctp_assoc_add_peer(asoc, &a, GFP_KERNEL));
	}
	return asoc;
}

/* send one DATA chunk of @len bytes on @t; returns it */
static struct sctp_chunk *send_on(struct sctp_association *asoc,
				  struct sctp_transport *t, uint32_t len)
{
	struct sctp_transport *saved = asoc->peer.active_path;
	struct sctp_chunk *chunk =
		sctp_chunk_new(SCTP_CID_DATA, len, GFP_KERNEL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(chunk);
	sctp_outq_tail(&asoc->outqueue, chunk);
	asoc->peer.active_path = t;
	CU_ASSERT_EQUAL(sctp_outq_flush(&asoc->outqueue), 1);
	asoc->peer.active_path = saved;
	CU_ASSERT(sctp_assoc_check(asoc));
	return chunk;
}

/* whether @chunk is on some transmitted list of @asoc */
static bool in_flight(struct sctp_association *asoc, struct sctp_chunk *c)
{
	struct sctp_transport *t;
	struct sctp_chunk *pos;

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports)
		list_for_each_entry(pos, &t->transmitted, list)
			if (pos == c)
				return true;
	return false;
}

static void test_teardown_frees_every_queue(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc(2);
	struct sctp_transport *a = sctp_test_nth_transport(asoc, 0);
	struct sctp_transport *b = sctp_test_nth_transport(asoc, 1);
	struct sctp_outq *q = &asoc->outqueue;
	struct sctp_chunk *c;

	send_on(asoc, a, 10);
	send_on(asoc, b, 20);
	sctp_outq_tail(q, sctp_chunk_new(SCTP_CID_DATA, 30, GFP_KERNEL));
	sctp_outq_tail(q, sctp_chunk_new(SCTP_CID_HEARTBEAT, 0, GFP_KERNEL));
	c = sctp_chunk_new(SCTP_CID_DATA, 40, GFP_KERNEL);
	list_add_tail(&c->list, &q->retransmit);
	c = sctp_chunk_new(SCTP_CID_DATA, 50, GFP_KERNEL);
	list_add_tail(&c->list, &q->sacked);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_FALSE(q->empty);
	CU_ASSERT_EQUAL(q->outstanding_bytes, 30);

	sctp_outqueue_teardown(q);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT(q->empty);
	CU_ASSERT_EQUAL(q->outstanding_bytes, 0);
	CU_ASSERT_EQUAL(a->flight_size, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live + 1 + 2); /* asoc, 2 t */
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static void test_flush(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(0);
	struct sctp_outq *q = &asoc->outqueue;
	struct sctp_chunk *c = sctp_chunk_new(SCTP_CID_DATA, 5, GFP_KERNEL);

	sctp_outq_tail(q, c);
	/* no path: nothing changes */
	CU_ASSERT_EQUAL(sctp_outq_flush(q), -ENOTCONN);
	CU_ASSERT_PTR_EQUAL(q->out_chunk_list.next, &c->list);
	CU_ASSERT_EQUAL(asoc->next_tsn, 1);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

static void test_cum_ack_frees_exactly_acked(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(1);
	struct sctp_transport *t = asoc->peer.active_path;
	struct sctp_chunk *c[5];
	long live;
	int i;

	for (i = 0; i < 5; i++)
		c[i] = send_on(asoc, t, 100 * (i + 1));
	CU_ASSERT_EQUAL(c[0]->tsn, 1);
	CU_ASSERT_EQUAL(c[4]->tsn, 5);
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 1500);
	CU_ASSERT_EQUAL(t->flight_size, 1500);

	live = sctp_test_live();
	CU_ASSERT_EQUAL(sack(asoc, 2, 10000, NULL, 0), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_test_live(), live - 2);
	CU_ASSERT_PTR_EQUAL(t->transmitted.next, &c[2]->list);
	CU_ASSERT_PTR_EQUAL(c[2]->list.next, &c[3]->list);
	CU_ASSERT_PTR_EQUAL(c[3]->list.next, &c[4]->list);
	CU_ASSERT_PTR_EQUAL(c[4]->list.next, &t->transmitted);
	CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 2);
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 1200);
	CU_ASSERT_EQUAL(t->flight_size, 1200);
	CU_ASSERT_EQUAL(asoc->peer.rwnd, 10000 - 1200);

	/* a duplicate SACK only refreshes rwnd; rwnd floors at 0 */
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, NULL, 0), 0);
	CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 2);
	CU_ASSERT_EQUAL(asoc->peer.rwnd, 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live - 2);

	CU_ASSERT_EQUAL(sack(asoc, 5, 3000, NULL, 0), 0);
	CU_ASSERT(list_empty(&t->transmitted));
	CU_ASSERT(asoc->outqueue.empty);
	CU_ASSERT_EQUAL(asoc->peer.rwnd, 3000);
	CU_ASSERT_EQUAL(sctp_test_live(), live - 5);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

static void test_gap_blocks_and_reneging(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(1);
	struct sctp_transport *t = asoc->peer.active_path;
	static const uint16_t gap[1][2] = { { 2, 3 } };
	struct sctp_chunk *c[5];
	long live;
	int i;

	for (i = 0; i < 5; i++)
		c[i] = send_on(asoc, t, 100 * (i + 1));
	live = sctp_test_live();
	/* cum 1, TSNs 3 and 4 received: 2 and 5 outstanding */
	CU_ASSERT_EQUAL(sack(asoc, 1, 5000, gap, 1), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_test_live(), live - 1);
	CU_ASSERT_FALSE(c[1]->tsn_gap_acked);
	CU_ASSERT(c[2]->tsn_gap_acked);
	CU_ASSERT(c[3]->tsn_gap_acked);
	CU_ASSERT_FALSE(c[4]->tsn_gap_acked);
	CU_ASSERT(in_flight(asoc, c[2]) && in_flight(asoc, c[3]));
	CU_ASSERT_EQUAL(c[1]->tsn_missing_report, 1); /* below 4 */
	CU_ASSERT_EQUAL(c[4]->tsn_missing_report, 0); /* above 4 */
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 200 + 500);
	CU_ASSERT_EQUAL(asoc->peer.rwnd, 5000 - 700);

	/* the same SACK again: no double counting, and no new missing
	 * report: it newly acks nothing (HTNA, RFC 9260 7.2.4) */
	CU_ASSERT_EQUAL(sack(asoc, 1, 5000, gap, 1), 0);
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 700);
	CU_ASSERT_EQUAL(c[1]->tsn_missing_report, 1);

	/* reneging: the peer forgets 3 and 4 */
	CU_ASSERT_EQUAL(sack(asoc, 1, 5000, NULL, 0), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_FALSE(c[2]->tsn_gap_acked);
	CU_ASSERT_FALSE(c[3]->tsn_gap_acked);
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 1400);
	CU_ASSERT_EQUAL(t->flight_size, 1400);

	/* a cumulative ack over gap-acked chunks frees them, once */
	CU_ASSERT_EQUAL(sack(asoc, 1, 5000, gap, 1), 0);
	CU_ASSERT_EQUAL(sack(asoc, 4, 5000, NULL, 0), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes, 500);
	CU_ASSERT_PTR_EQUAL(t->transmitted.next, &c[4]->list);
	CU_ASSERT_EQUAL(sctp_test_live(), live - 4);
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

static void test_tsn_wraparound(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(1);
	struct sctp_transport *t = asoc->peer.active_path;
	static const uint16_t gap[1][2] = { { 2, 2 } };
	struct sctp_chunk *c[4];
	int i;

	CU_ASSERT(TSN_lt(0xffffffffu, 0));
	CU_ASSERT_FALSE(TSN_lt(0, 0xffffffffu));
	CU_ASSERT(TSN_lte(5, 5));
	CU_ASSERT(TSN_gt(1, 0xfffffff0u));

	asoc->next_tsn = 0xfffffffeu;
	asoc->ctsn_ack_point = 0xfffffffdu;
	for (i = 0; i < 4; i++)
		c[i] = send_on(asoc, t, 10);
	CU_ASSERT_EQUAL(c[0]->tsn, 0xfffffffeu);
	CU_ASSERT_EQUAL(c[2]->tsn, 0);
	CU_ASSERT_EQUAL(c[3]->tsn, 1);
	CU_ASSERT_EQUAL(asoc->next_tsn, 2);
	CU_ASSERT(sctp_assoc_check(asoc));

	CU_ASSERT_EQUAL(sack(asoc, 0xffffffffu, 100, gap, 1), 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 0xffffffffu);
	CU_ASSERT_PTR_EQUAL(t->transmitted.next, &c[2]->list);
	CU_ASSERT_FALSE(c[2]->tsn_gap_acked);
	CU_ASSERT(c[3]->tsn_gap_acked);
	CU_ASSERT_EQUAL(c[2]->tsn_missing_report, 1);
	/* stale: below the ack point across the wrap */
	CU_ASSERT_EQUAL(sack(asoc, 0xfffffffeu, 100, NULL, 0), -ESTALE);
	/* never sent: at next_tsn across the wrap */
	CU_ASSERT_EQUAL(sack(asoc, 2, 100, NULL, 0), -ERANGE);
	CU_ASSERT_EQUAL(sack(asoc, 1, 100, NULL, 0), 0);
	CU_ASSERT_EQUAL(asoc->ctsn_ack_point, 1);
	CU_ASSERT(list_empty(&t->transmitted));
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * RFC 9260 7.2.4: "For each incoming SACK, miss indications are
 * incremented only for missing TSNs prior to the highest TSN newly
 * acknowledged in the SACK" - the highest over the whole association,
 * as kernels from 2.5.44 compute it (2.5.33 took the highest newly acked
 * TSN of each transport's own list, so TSNs 1 and 2 below, sent on
 * another path than TSN 3, got no report from the first SACK).
 */
static void test_missing_reports_follow_htna(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(2);
	struct sctp_transport *a = sctp_test_nth_transport(asoc, 0);
	struct sctp_transport *b = sctp_test_nth_transport(asoc, 1);
	static const uint16_t only3[1][2] = { { 3, 3 } };
	static const uint16_t two3[1][2] = { { 2, 3 } };
	static const uint16_t four[1][2] = { { 4, 4 } };
	struct sctp_chunk *c[5];

	c[1] = send_on(asoc, a, 10); /* TSN 1 */
	c[2] = send_on(asoc, a, 10); /* TSN 2 */
	c[3] = send_on(asoc, b, 10); /* TSN 3 */
	c[4] = send_on(asoc, b, 10); /* TSN 4 */

	/* TSN 3 newly acked on b: 1 and 2, on a, are below it */
	CU_ASSERT_EQUAL(sack(asoc, 0, 5000, only3, 1), 0);
	CU_ASSERT_EQUAL(c[1]->tsn_missing_report, 1);
	CU_ASSERT_EQUAL(c[2]->tsn_missing_report, 1);
	CU_ASSERT_EQUAL(c[4]->tsn_missing_report, 0);

	/* TSN 2 newly acked, 3 acked before: only 1 is below the HTNA */
	CU_ASSERT_EQUAL(sack(asoc, 0, 5000, two3, 1), 0);
	CU_ASSERT_EQUAL(c[1]->tsn_missing_report, 2);
	CU_ASSERT_EQUAL(c[2]->tsn_missing_report, 1);
	CU_ASSERT_EQUAL(c[4]->tsn_missing_report, 0);

	/* nothing newly acked: no report, though 1 is below 3 */
	CU_ASSERT_EQUAL(sack(asoc, 0, 5000, two3, 1), 0);
	CU_ASSERT_EQUAL(c[1]->tsn_missing_report, 2);

	/* the peer reneges on 2 and 3 and acks 4: all three below it */
	CU_ASSERT_EQUAL(sack(asoc, 0, 5000, four, 1), 0);
	CU_ASSERT_FALSE(c[2]->tsn_gap_acked);
	CU_ASSERT_FALSE(c[3]->tsn_gap_acked);
	CU_ASSERT_EQUAL(c[1]->tsn_missing_report, 3);
	CU_ASSERT_EQUAL(c[2]->tsn_missing_report, 2);
	CU_ASSERT_EQUAL(c[3]->tsn_missing_report, 1);
	CU_ASSERT_EQUAL(c[4]->tsn_missing_report, 0);

	/* a cumulative ack alone newly acks nothing above itself */
	CU_ASSERT_EQUAL(sack(asoc, 1, 5000, NULL, 0), 0);
	CU_ASSERT_EQUAL(c[2]->tsn_missing_report, 2);
	CU_ASSERT_EQUAL(c[3]->tsn_missing_report, 1);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

struct snapshot {
	uint32_t outstanding, ack_point, rwnd, flight;
	size_t in_flight;
	unsigned int gap_acked, missing;
	long live;
};

static struct snapshot take(struct sctp_association *asoc)
{
	struct sctp_transport *t;
	struct sctp_chunk *c;
	struct snapshot s = {
		.outstanding = asoc->outqueue.outstanding_bytes,
		.ack_point = asoc->ctsn_ack_point,
		.rwnd = asoc->peer.rwnd,
		.live = sctp_test_live(),
	};

	list_for_each_entry(t, &asoc->peer.transport_addr_list, transports) {
		s.flight += t->flight_size;
		list_for_each_entry(c, &t->transmitted, list) {
			s.in_flight++;
			s.gap_acked = s.gap_acked * 3 + c->tsn_gap_acked;
			s.missing = s.missing * 7 + c->tsn_missing_report;
		}
	}
	return s;
}

static void test_bad_sacks_change_nothing(void)
{
	long start = sctp_test_live();
	static const uint16_t gap_ok[1][2] = { { 2, 2 } };
	static const uint16_t start0[1][2] = { { 0, 1 } };
	static const uint16_t reversed[1][2] = { { 3, 2 } };
	static const uint16_t disorder[2][2] = { { 3, 3 }, { 1, 1 } };
	static const uint16_t overlap[2][2] = { { 1, 2 }, { 2, 3 } };
	static const uint16_t same[2][2] = { { 2, 2 }, { 2, 2 } };
	static const uint16_t too_far[1][2] = { { 2, 4 } };
	struct sctp_association *asoc = new_asoc(2);
	struct sctp_transport *t = asoc->peer.active_path;
	struct snapshot before, after;
	struct sctp_sackhdr h;
	uint8_t buf[64];
	size_t len;
	int i;

	for (i = 0; i < 5; i++)
		send_on(asoc, t, 10); /* TSNs 1..5 */
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, gap_ok, 1), 0);
	before = take(asoc);

	/* shorter than the header */
	len = make_sack(buf, 2, 1000, NULL, 0, NULL, 0);
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, len - 1), -EMSGSIZE);
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, 0), -EMSGSIZE);
	/* counts overrunning the chunk */
	len = make_sack(buf, 2, 1000, gap_ok, 1, NULL, 0);
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, len - 1), -EMSGSIZE);
	memcpy(&h, buf, sizeof(h));
	h.num_dup_tsns = htons(1);
	memcpy(buf, &h, sizeof(h));
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, len), -EMSGSIZE);
	h.num_dup_tsns = 0;
	h.num_gap_ack_blocks = htons(0xffff);
	memcpy(buf, &h, sizeof(h));
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, sizeof(buf)), -EMSGSIZE);
	/* counts whose 16-bit sum would wrap: 0xffff + 0xffff slots */
	h.num_gap_ack_blocks = htons(0xffff);
	h.num_dup_tsns = htons(0xffff);
	memcpy(buf, &h, sizeof(h));
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, sizeof(buf)), -EMSGSIZE);
	h.num_gap_ack_blocks = 0;
	h.num_dup_tsns = htons(0x4000); /* 4 * X wraps 16 bits */
	memcpy(buf, &h, sizeof(h));
	CU_ASSERT_EQUAL(sack_exact(asoc, buf, sizeof(buf)), -EMSGSIZE);
	/* bad blocks */
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, start0, 1), -EINVAL);
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, reversed, 1), -EINVAL);
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, disorder, 2), -EINVAL);
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, overlap, 2), -EINVAL);
	CU_ASSERT_EQUAL(sack(asoc, 2, 1000, same, 2), -EINVAL);
	/* stale, never sent */
	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, NULL, 0), -ESTALE);
	CU_ASSERT_EQUAL(sack(asoc, 0x7fffffffu, 1000, NULL, 0), -ERANGE);
	CU_ASSERT_EQUAL(sack(asoc, 6, 1000, NULL, 0), -ERANGE);
	CU_ASSERT_EQUAL(sack(asoc, 100, 1000, NULL, 0), -ERANGE);
	CU_ASSERT_EQUAL(sack(asoc, 3, 1000, too_far, 1), -ERANGE);

	after = take(asoc);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(memcmp(&before, &after, sizeof(before)), 0);

	/* duplicates after the blocks are accepted and ignored */
	{
		static const uint32_t dups[2] = { 1, 2 };

		len = make_sack(buf, 2, 1000, gap_ok, 1, dups, 2);
		/* every truncation is refused, and changes nothing */
		for (i = 0; i < (int)len; i++)
			CU_ASSERT_EQUAL(sack_exact(asoc, buf, i), -EMSGSIZE);
		after = take(asoc);
		CU_ASSERT_EQUAL(memcmp(&before, &after, sizeof(before)), 0);
		CU_ASSERT_EQUAL(sack_exact(asoc, buf, len), 0);
	}
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * The outqueue's SACK check and the parser's (sctp_verify_sack() then
 * sctp_sack_check_tsns()) accept the same SACKs, for every length of the
 * chunk, shorter or longer than its counts ask: bytes after the
 * duplicate TSNs are ignored by both (2.5.33 and later kernels ignore
 * them too).  A longer SACK acts exactly as the exact one.
 */
static void test_sack_checks_agree_on_every_length(void)
{
	static const uint16_t blocks[2][2] = { { 2, 2 }, { 4, 5 } };
	static const uint32_t dups[1] = { 2 };
	struct sctp_association *asoc;
	struct snapshot exact, longer;
	struct sctp_sack_view v;
	uint8_t chunk[4 + 64], *copy;
	size_t body, clen;
	int theirs, mine, i, bad = 0;

	memset(chunk, 0xab, sizeof(chunk));
	body = make_sack(chunk + 4, 1, 3000, blocks, 2, dups, 1);
	chunk[0] = SCTP_CID_SACK;
	chunk[1] = 0;
	for (clen = 4; clen <= 4 + body + 12; clen++) {
		asoc = new_asoc(1);
		for (i = 0; i < 7; i++)
			send_on(asoc, asoc->peer.active_path, 10);
		sctp_put16(chunk + 2, (uint16_t)clen);
		copy = malloc(clen);
		CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
		memcpy(copy, chunk, clen);
		mine = sctp_verify_sack(copy, clen, &v);
		if (!mine)
			mine = sctp_sack_check_tsns(&v, asoc->ctsn_ack_point,
						    asoc->next_tsn);
		theirs = sctp_sack_outqueue(
			&asoc->outqueue,
			(const struct sctp_sackhdr *)(copy + 4), clen - 4);
		free(copy);
		/* below 16 the parser calls the length field impossible
		 * (-EINVAL), the outqueue, seeing only the rest, too short
		 * (-EMSGSIZE); from 16 on the answers are the same */
		if (clen < 16)
			bad += mine != -EINVAL || theirs != -EMSGSIZE;
		else
			bad += mine != theirs;
		bad += (theirs == 0) != (clen >= 4 + body);
		if (clen == 4 + body)
			exact = take(asoc);
		if (clen == 4 + body + 12) {
			longer = take(asoc);
			longer.live = exact.live;
			CU_ASSERT_EQUAL(memcmp(&exact, &longer, sizeof(exact)),
					0);
		}
		CU_ASSERT(sctp_assoc_check(asoc));
		CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	}
	CU_ASSERT_EQUAL(bad, 0);
}

static void test_inactive_transport_comes_back(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(2);
	struct sctp_transport *a = sctp_test_nth_transport(asoc, 0);
	struct sctp_transport *b = sctp_test_nth_transport(asoc, 1);
	static const uint16_t gap[1][2] = { { 2, 2 } };

	send_on(asoc, a, 10); /* 1 */
	send_on(asoc, b, 10); /* 2 */
	send_on(asoc, b, 10); /* 3 */
	b->error_count = 3;
	sctp_assoc_control_transport(asoc, b, SCTP_TRANSPORT_DOWN);
	a->error_count = 1;
	sctp_assoc_control_transport(asoc, a, SCTP_TRANSPORT_DOWN);
	/* acks only a's chunk: a up, b still down */
	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, NULL, 0), 0);
	CU_ASSERT_EQUAL(a->state, SCTP_ACTIVE);
	CU_ASSERT_EQUAL(a->error_count, 0);
	CU_ASSERT_EQUAL(b->state, SCTP_INACTIVE);
	CU_ASSERT_PTR_EQUAL(asoc->peer.active_path, a);
	/* a gap ack counts too */
	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, gap, 1), 0);
	CU_ASSERT_EQUAL(b->state, SCTP_ACTIVE);
	CU_ASSERT_EQUAL(b->error_count, 0);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * RFC 9260 section 8.3: newly acked data clears the error counter of the
 * path it was sent on, whether that path is active or not; a path that
 * had nothing newly acked keeps its count - also when the peer reneged
 * on something sent on it (2.5.33 tested a byte count from which the
 * renege was subtracted, so a renege alone cleared the counter too).
 */
static void test_ack_clears_error_count(void)
{
	long start = sctp_test_live();
	struct sctp_association *asoc = new_asoc(3);
	struct sctp_transport *a = sctp_test_nth_transport(asoc, 0);
	struct sctp_transport *b = sctp_test_nth_transport(asoc, 1);
	struct sctp_transport *c = sctp_test_nth_transport(asoc, 2);
	static const uint16_t gap[1][2] = { { 2, 2 } };

	send_on(asoc, a, 10); /* 1 */
	send_on(asoc, b, 10); /* 2 */
	send_on(asoc, b, 10); /* 3 */
	a->error_count = 2;
	b->error_count = 3;
	c->error_count = 4;
	CU_ASSERT_EQUAL(a->state, SCTP_ACTIVE);
	CU_ASSERT_EQUAL(b->state, SCTP_ACTIVE);

	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, NULL, 0), 0);
	CU_ASSERT_EQUAL(a->error_count, 0);
	CU_ASSERT_EQUAL(b->error_count, 3);
	CU_ASSERT_EQUAL(c->error_count, 4);

	/* a gap ack is newly acked data too */
	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, gap, 1), 0);
	CU_ASSERT_EQUAL(b->error_count, 0);

	/* the same gap again acks nothing new: the count stays */
	b->error_count = 1;
	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, gap, 1), 0);
	CU_ASSERT_EQUAL(b->error_count, 1);
	CU_ASSERT_EQUAL(c->error_count, 4);

	/* the peer reneges on TSN 3: nothing newly acked, the count and
	 * the path's state stay */
	sctp_assoc_control_transport(asoc, b, SCTP_TRANSPORT_DOWN);
	CU_ASSERT_EQUAL(sack(asoc, 1, 1000, NULL, 0), 0);
	CU_ASSERT_EQUAL(b->error_count, 1);
	CU_ASSERT_EQUAL(b->state, SCTP_INACTIVE);
	CU_ASSERT(sctp_assoc_check(asoc));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), start);
}

/*
 * Random sends and SACKs against an oracle receiver: it receives some of
 * the TSNs in flight at random, sometimes reneges on what it holds above
 * the cumulative ack, and reports exactly what it holds.  After every
 * SACK each chunk's fate is checked against the oracle.
 */
#define SOAK_MAX 200

static void test_random_soak_oracle(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc(3);
	struct sctp_chunk *chunks[SOAK_MAX];
	bool received[SOAK_MAX] = { false };
	unsigned int missing[SOAK_MAX] = { 0 }, htna;
	uint16_t blocks[SOAK_MAX][2];
	uint8_t buf[16 + 4 * SOAK_MAX];
	unsigned int seed = 9260, step, nsent = 0, cum = 0, i, n, nb;
	uint32_t base, expect;
	size_t len;

	asoc->next_tsn = 0xffffff80u; /* cross the wrap on the way */
	asoc->ctsn_ack_point = asoc->next_tsn - 1;
	base = asoc->next_tsn; /* TSN of chunks[0] */
	for (step = 0; step < 2000 && nsent < SOAK_MAX; step++) {
		switch (rand_r(&seed) % 4) {
		case 0:
			chunks[nsent] =
				send_on(asoc,
					sctp_test_nth_transport(
						asoc, rand_r(&seed) % 3),
					1 + rand_r(&seed) % 1000);
			CU_ASSERT_EQUAL(chunks[nsent]->tsn, base + nsent);
			nsent++;
			break;
		case 1:
			for (i = cum; i < nsent; i++)
				if (rand_r(&seed) % 3 == 0)
					received[i] = true;
			break;
		case 2:
			if (rand_r(&seed) % 4 == 0)
				for (i = cum; i < nsent; i++)
					received[i] = false;
			/* fall through */
		default:
			while (cum < nsent && received[cum])
				cum++;
			for (i = cum, nb = 0; i < nsent; i++) {
				if (!received[i])
					continue;
				if (nb && blocks[nb - 1][1] == i - cum)
					blocks[nb - 1][1] = i - cum + 1;
				else {
					blocks[nb][0] = i - cum + 1;
					blocks[nb][1] = i - cum + 1;
					nb++;
				}
			}
			/* the oracle's HTNA: the highest index received now
			 * and not gap-acked before (chunks[] are in TSN
			 * order); below it every missing chunk is reported */
			for (i = cum, htna = cum; i < nsent; i++)
				if (received[i] && !chunks[i]->tsn_gap_acked)
					htna = i;
			for (i = cum; i < htna; i++)
				missing[i] += !received[i];
			len = make_sack(buf, base + cum - 1, 50000, blocks, nb,
					NULL, 0);
			CU_ASSERT_EQUAL_FATAL(sack_exact(asoc, buf, len), 0);
			expect = 0;
			for (i = cum; i < nsent; i++) {
				CU_ASSERT(in_flight(asoc, chunks[i]));
				CU_ASSERT_EQUAL(chunks[i]->tsn_gap_acked,
						received[i]);
				CU_ASSERT_EQUAL(chunks[i]->tsn_missing_report,
						missing[i]);
				if (!received[i])
					expect += chunks[i]->data_len;
			}
			CU_ASSERT_EQUAL(asoc->outqueue.outstanding_bytes,
					expect);
			CU_ASSERT_EQUAL(asoc->peer.rwnd,
					expect > 50000 ? 0 : 50000 - expect);
			CU_ASSERT_EQUAL(asoc->ctsn_ack_point, base + cum - 1);
			break;
		}
		CU_ASSERT_FATAL(sctp_assoc_check(asoc));
		n = 0;
		for (i = 0; i < 3; i++)
			n += list_count_nodes(
				&sctp_test_nth_transport(asoc, i)->transmitted);
		CU_ASSERT_EQUAL(n, nsent - cum);
	}
	CU_ASSERT(nsent > 0x80); /* the TSNs did wrap */
	sctp_association_free(asoc);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* sctp_outq_check() reports each corruption of the accounting */
static void test_outq_check_reports(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc(2);
	struct sctp_outq *q = &asoc->outqueue;
	struct sctp_transport *t = asoc->peer.active_path;
	struct sctp_transport *u = sctp_test_nth_transport(asoc, 1);
	struct sctp_chunk *c1, *c2;
	uint32_t tsn;

	CU_ASSERT_PTR_NOT_EQUAL_FATAL(t, u);
	c1 = send_on(asoc, t, 100);
	c2 = send_on(asoc, t, 200);
	c2->transport = u;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail("'s transmitted list was sent on another");
	c2->transport = t;
	c2->has_tsn = false;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail("'s transmitted list was never given a TSN");
	c2->has_tsn = true;
	tsn = c2->tsn;
	c2->tsn = c1->tsn;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail(": TSN 1 follows TSN 1 on a transmitted list");
	c2->tsn = asoc->next_tsn;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail(": TSN 3 outside (ack point 0, next_tsn 3)");
	c2->tsn = tsn;
	t->flight_size++;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail(": flight_size 301, 300 in flight");
	t->flight_size--;
	q->outstanding_bytes--;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail(": outstanding_bytes 299, 300 in flight");
	q->outstanding_bytes++;
	q->empty = 1;
	EXPECT_CHECK_FAILS(sctp_outq_check(q), "sctp_outq_check");
	expect_detail(": empty is 1, but the queues are not");
	q->empty = 0;
	CU_ASSERT(sctp_outq_check(q));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* a NULL outqueue is a violation, reported as such */
static void test_outq_check_null(void)
{
	EXPECT_CHECK_FAILS(sctp_outq_check(NULL), "sctp_outq_check");
	expect_detail(": no outqueue (NULL)");
}

static CU_TestInfo outq_check_tests[] = {
	{ "sctp_outq_check reports each corruption", test_outq_check_reports },
	{ "sctp_outq_check(NULL): false, one report", test_outq_check_null },
	CU_TEST_INFO_NULL,
};

/* sctp_outqueue_init(): every queue empty, whatever was there before */
static void test_outqueue_init(void)
{
	long live = sctp_test_live();
	struct sctp_association *asoc = new_asoc(1);
	struct sctp_outq q;

	memset(&q, 0xa5, sizeof(q));
	sctp_outqueue_init(asoc, &q);
	CU_ASSERT_PTR_EQUAL(q.asoc, asoc);
	CU_ASSERT(list_empty(&q.out_chunk_list));
	CU_ASSERT(list_empty(&q.control_chunk_list));
	CU_ASSERT(list_empty(&q.retransmit));
	CU_ASSERT(list_empty(&q.sacked));
	CU_ASSERT_EQUAL(q.outstanding_bytes, 0);
	CU_ASSERT(q.empty);
	CU_ASSERT(sctp_outq_check(&q));
	CU_ASSERT_EQUAL(sctp_association_free(asoc), 0);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

/* sctp_chunk_new() and sctp_chunk_free(): one allocation, given back */
static void test_chunk_new_free(void)
{
	long live = sctp_test_live();
	struct sctp_chunk *c = sctp_chunk_new(SCTP_CID_DATA, 30, GFP_KERNEL);

	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(c->chunk_type, SCTP_CID_DATA);
	CU_ASSERT_EQUAL(c->data_len, 30);
	CU_ASSERT(list_empty(&c->list));
	CU_ASSERT_EQUAL(sctp_test_live(), live + 1);
	sctp_chunk_free(c);
	CU_ASSERT_EQUAL(sctp_test_live(), live);
	kmalloc_fail_nth(1);
	CU_ASSERT_PTR_NULL(sctp_chunk_new(SCTP_CID_DATA, 30, GFP_KERNEL));
	kmalloc_fault_reset();
	CU_ASSERT_EQUAL(sctp_test_live(), live);
}

static CU_TestInfo outqueue_init_tests[] = {
	{ "every queue empty", test_outqueue_init },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo chunk_tests[] = {
	{ "new and free", test_chunk_new_free },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo teardown_tests[] = {
	{ "teardown frees every queue", test_teardown_frees_every_queue },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo flush_tests[] = {
	{ "flush without a path", test_flush },
	CU_TEST_INFO_NULL,
};

static CU_TestInfo sack_outqueue_tests[] = {
	{ "cum ack frees exactly the acked", test_cum_ack_frees_exactly_acked },
	{ "gap blocks and reneging", test_gap_blocks_and_reneging },
	{ "TSN wraparound", test_tsn_wraparound },
	{ "missing reports follow HTNA", test_missing_reports_follow_htna },
	{ "bad SACKs change nothing", test_bad_sacks_change_nothing },
	{ "agrees with sctp_verify_sack on every length",
	  test_sack_checks_agree_on_every_length },
	{ "inactive transport comes back", test_inactive_transport_comes_back },
	{ "acked data clears the error count", test_ack_clears_error_count },
	{ "random soak against a receiver oracle", test_random_soak_oracle },
	CU_TEST_INFO_NULL,
};

KTEST_SUITE("sctp/outqueue/sctp_outqueue_init", outqueue_init_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
KTEST_SUITE("sctp/outqueue/sctp_chunk_free", chunk_tests, sctp_test_suite_init,
	    sctp_test_suite_cleanup);
KTEST_SUITE("sctp/outqueue/sctp_outqueue_teardown", teardown_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/outqueue/sctp_flush_outqueue", flush_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/outqueue/sctp_sack_outqueue", sack_outqueue_tests,
	    sctp_test_suite_init, sctp_test_suite_cleanup);
KTEST_SUITE("sctp/outqueue/sctp_outq_check", outq_check_tests,
	    sctp_test_check_suite_init, sctp_test_check_suite_cleanup);
