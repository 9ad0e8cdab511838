// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_sack_outqueue.c - libFuzzer harness for
 * sctp_sack_outqueue() (outqueue.c) against sctp_verify_sack() and
 * sctp_sack_check_tsns() (sm_make_chunk.c).
 *
 * Input: byte 0 the number of transports (1-4); then operations, one
 * byte each and their arguments:
 *   0 queue a DATA chunk (1 byte: its length)
 *   1 flush the queue onto the active path
 *   2 a raw SACK (1 byte n, then n bytes: the SACK after its header)
 *   3 a SACK built from the input (cum ack offset, blocks)
 *   4 fail or restore a transport (1 byte)
 * After each operation sctp_outq_check() and sctp_assoc_check() must
 * hold.  For every SACK, of any length (raw ones are not trimmed to what
 * their counts ask for), the two checkers must give the same answer, and
 * a refused SACK must change nothing.  Everything is freed and
 * kmalloc_live() must come back, else the harness aborts.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>

#include "tests/fuzz/fuzz.h"
#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/packet.h"
#include "sctp/sm.h"
#include "sctp/structs.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fuzz_checks_abort();
	rcu_register_thread();
	sctp_protocol_init();
	return 0;
}

struct cursor {
	const uint8_t *p;
	size_t left;
};

static int next(struct cursor *c)
{
	if (!c->left)
		return -1;
	c->left--;
	return *c->p++;
}

static void checks(struct sctp_association *asoc)
{
	CHECK(sctp_outq_check(&asoc->outqueue));
	CHECK(sctp_assoc_check(asoc));
}

/* run one SACK chunk (header included) through both checkers */
static void sack(struct sctp_association *asoc, const uint8_t *chunk,
		 size_t clen)
{
	struct sctp_sack_view v;
	uint32_t ack_point = asoc->ctsn_ack_point;
	uint32_t outstanding = asoc->outqueue.outstanding_bytes;
	int mine, theirs;

	mine = sctp_verify_sack(chunk, clen, &v);
	if (!mine)
		mine = sctp_sack_check_tsns(&v, asoc->ctsn_ack_point,
					    asoc->next_tsn);
	theirs = sctp_sack_outqueue(&asoc->outqueue,
				    (const struct sctp_sackhdr *)(chunk + 4),
				    clen - 4);
	checks(asoc);
	CHECK(theirs == 0 || theirs == -EINVAL || theirs == -EMSGSIZE ||
	      theirs == -ESTALE || theirs == -ERANGE);
	/* the same answer, but for a length field below 16, which the
	 * parser calls impossible and the outqueue too short */
	if (clen < 16 ? mine != -EINVAL || theirs != -EMSGSIZE :
			mine != theirs) {
		fprintf(stderr,
			"SACK checkers disagree: verify %d, "
			"sctp_sack_outqueue %d\n",
			mine, theirs);
		abort();
	}
	if (theirs) {
		CHECK(asoc->ctsn_ack_point == ack_point);
		CHECK(asoc->outqueue.outstanding_bytes == outstanding);
	} else {
		CHECK(!TSN_lt(asoc->ctsn_ack_point, ack_point));
	}
}

static void raw_sack(struct sctp_association *asoc, struct cursor *c)
{
	uint8_t chunk[4 + 255], *exact;
	int n = next(c), i, b;

	if (n < 0)
		return;
	for (i = 0; i < n && (b = next(c)) >= 0; i++)
		chunk[4 + i] = (uint8_t)b;
	n = i;
	/* every length, shorter or longer than the counts ask for */
	chunk[0] = SCTP_CID_SACK;
	chunk[1] = 0;
	sctp_put16(chunk + 2, (uint16_t)(4 + n));
	/* in a buffer of exactly its size, so ASan sees any overread */
	exact = malloc(4 + (size_t)n);
	CHECK(exact);
	memcpy(exact, chunk, 4 + (size_t)n);
	sack(asoc, exact, 4 + (size_t)n);
	free(exact);
}

static void built_sack(struct sctp_association *asoc, struct cursor *c)
{
	struct sctp_sack_gap gabs[8];
	uint8_t chunk[16 + 8 * 4 + 4];
	uint32_t span = asoc->next_tsn - asoc->ctsn_ack_point;
	uint32_t cum;
	unsigned int n, i;
	uint16_t at = 0;
	int b, len;

	if ((b = next(c)) < 0)
		return;
	cum = asoc->ctsn_ack_point + (span ? (uint32_t)b % span : 0);
	if ((b = next(c)) < 0)
		return;
	n = (unsigned int)b % 8;
	for (i = 0; i < n; i++) {
		int s = next(c), e = next(c);

		if (s < 0 || e < 0)
			break;
		gabs[i].start = (uint16_t)(at + 1 + s % 4);
		gabs[i].end = (uint16_t)(gabs[i].start + e % 4);
		at = gabs[i].end;
	}
	len = sctp_make_sack_raw(chunk, sizeof(chunk), cum, 1500, gabs, i, &cum,
				 1);
	CHECK(len > 0);
	sack(asoc, chunk, (size_t)len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cursor c = { data, size };
	struct sctp_association *asoc;
	struct sctp_transport *t[4];
	struct sctp_chunk *chunk;
	unsigned int ntransports, i, ops = 0;
	long live = kmalloc_live();
	int op, b;

	if ((b = next(&c)) < 0)
		return 0;
	ntransports = (unsigned int)b % 4 + 1;
	asoc = sctp_association_new(NULL, SCTP_SCOPE_GLOBAL, GFP_KERNEL);
	CHECK(asoc);
	for (i = 0; i < ntransports; i++) {
		union sctp_addr a;

		memset(&a, 0, sizeof(a));
		a.v4.sin_family = AF_INET;
		a.v4.sin_port = htons(5000);
		a.v4.sin_addr.s_addr = htonl(0x08080800 + i);
		t[i] = sctp_assoc_add_peer(asoc, &a, GFP_KERNEL);
		CHECK(t[i]);
	}
	/* start near the wrap so serial arithmetic is exercised */
	asoc->next_tsn = 0xfffffff0u;
	asoc->ctsn_ack_point = asoc->next_tsn - 1;
	checks(asoc);

	while ((op = next(&c)) >= 0 && ops++ < 200) {
		switch (op % 5) {
		case 0:
			if ((b = next(&c)) < 0)
				break;
			chunk = sctp_chunk_new(SCTP_CID_DATA, (uint32_t)b + 1,
					       GFP_KERNEL);
			CHECK(chunk);
			sctp_outq_tail(&asoc->outqueue, chunk);
			break;
		case 1:
			CHECK(sctp_outq_flush(&asoc->outqueue) >= 0);
			break;
		case 2:
			raw_sack(asoc, &c);
			break;
		case 3:
			built_sack(asoc, &c);
			break;
		case 4:
			if ((b = next(&c)) < 0)
				break;
			sctp_assoc_control_transport(
				asoc, t[(unsigned int)b % ntransports],
				b & 0x80 ? SCTP_TRANSPORT_UP :
					   SCTP_TRANSPORT_DOWN);
			break;
		}
		checks(asoc);
	}
	CHECK(sctp_association_free(asoc) == 0);
	/* frees deferred by call_rcu (if any) land after a barrier */
	if (kmalloc_live() != live)
		kstruct_rcu_barrier();
	CHECK(kmalloc_live() == live);
	return 0;
}
