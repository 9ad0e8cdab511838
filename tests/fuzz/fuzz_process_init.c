// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_process_init.c - libFuzzer harness for
 * sctp_verify_init(), sctp_process_init() and sctp_sf_do_dupcook_a().
 *
 * The chunk bytes are also walked as a whole packet
 * (sctp_packet_verify(), sctp_packet_next_chunk(), each INIT or SACK
 * found through its parser).
 *
 * Input: byte 0: bit 0 processing a cookie (else the INIT), bits 1-3 the
 * association's scope, bit 4 an existing peer first; byte 1 an allocation
 * to fail (0: none); the rest is the INIT chunk.  After each call
 * sctp_assoc_check() must hold; a failed call must leave the association
 * as it was; a verified INIT must re-encode and verify the same; one
 * refused for a Host Name Address must name it and get an ABORT quoting
 * it (Unresolvable Address); and a
 * restart whose cookie holds the very INIT just processed, from the same
 * source, must be accepted (it adds no address).  Everything is freed and
 * kmalloc_live() must come back, else the harness aborts.
 */
#include <errno.h>
#include <stdbool.h>
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

static union sctp_addr addr4(uint32_t host, uint16_t port)
{
	union sctp_addr a;

	memset(&a, 0, sizeof(a));
	a.v4.sin_family = AF_INET;
	a.v4.sin_port = htons(port);
	a.v4.sin_addr.s_addr = htonl(host);
	return a;
}

/*
 * An INIT refused for a Host Name Address names the parameter, inside
 * the chunk, and the ABORT quotes it whole under cause 5.
 */
static void check_unresolvable_abort(const uint8_t *chunk, size_t len,
				     const struct sctp_init_view *v)
{
	static uint8_t out[8 + 65536 + 4];
	int ret;

	CHECK(v->hostname && v->hostname >= v->params &&
	      v->hostname + v->hostname_len <= chunk + len);
	CHECK(sctp_get16(v->hostname) == SCTP_PARAM_HOST_NAME_ADDRESS &&
	      sctp_get16(v->hostname + 2) == v->hostname_len);
	ret = sctp_make_unresolvable_abort(v->hostname, v->hostname_len, out,
					   sizeof(out));
	if (v->hostname_len + 8 > 0xffff) {
		CHECK(ret == -EFBIG);
		return;
	}
	CHECK(ret == (int)SCTP_PAD4(8 + v->hostname_len));
	CHECK(out[0] == SCTP_CID_ABORT &&
	      sctp_get16(out + 2) == 8 + v->hostname_len &&
	      sctp_get16(out + 4) == SCTP_ERROR_DNS_FAILED &&
	      sctp_get16(out + 6) == 4 + v->hostname_len &&
	      !memcmp(out + 8, v->hostname, v->hostname_len));
}

static void check_view_reencodes(const uint8_t *chunk, size_t len)
{
	struct sctp_init_view v, again;
	static uint8_t buf[70000];
	int ret = sctp_verify_init(chunk, len, &v);

	CHECK(ret == 0 || ret == -EINVAL || ret == -EMSGSIZE ||
	      ret == -EADDRNOTAVAIL);
	if (ret == -EADDRNOTAVAIL) {
		check_unresolvable_abort(chunk, len, &v);
		return;
	}
	if (ret)
		return;
	CHECK(!v.hostname);
	CHECK(v.chunk_len <= len && v.params + v.params_len <= chunk + len);
	/* the fixed part and the flags re-encode to an INIT that verifies */
	ret = sctp_make_init_raw(buf, sizeof(buf), &v, NULL, 0, NULL, 0);
	CHECK(ret >= 20);
	CHECK(sctp_verify_init(buf, (size_t)ret, &again) == 0);
	CHECK(again.init_tag == v.init_tag && again.a_rwnd == v.a_rwnd &&
	      again.initial_tsn == v.initial_tsn &&
	      again.ecn_capable == v.ecn_capable &&
	      again.addr_types == v.addr_types);
}

/*
 * The same bytes as a whole packet: the chunk walker must end inside the
 * buffer, and every chunk it finds goes through its parser.
 */
static void check_as_packet(const uint8_t *pkt, size_t len)
{
	size_t off = SCTP_COMMON_HEADER_LEN, clen, prev = 0;
	struct sctp_init_view init;
	struct sctp_sack_view sack;
	const uint8_t *c;
	int ret, steps = 0;

	ret = sctp_packet_verify(pkt, len);
	CHECK(ret == 0 || ret == -EBADMSG || ret == -EMSGSIZE ||
	      ret == -EINVAL);
	if (len < SCTP_COMMON_HEADER_LEN)
		return;
	while ((ret = sctp_packet_next_chunk(pkt, len, &off, &c, &clen)) > 0) {
		CHECK(c >= pkt && c + clen <= pkt + len && off > prev);
		prev = off;
		CHECK(++steps <= (int)len / 4);
		if (c[0] == SCTP_CID_INIT || c[0] == SCTP_CID_INIT_ACK)
			sctp_verify_init(c, clen, &init);
		else if (c[0] == SCTP_CID_SACK)
			sctp_verify_sack(c, clen, &sack);
	}
	CHECK(ret == 0 || ret == -EINVAL || ret == -EMSGSIZE);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sctp_association *asoc, *new_asoc;
	union sctp_addr src = addr4(0x0a000001, 9899), first;
	enum sctp_scope scope;
	const uint8_t *chunk;
	uint8_t cid, abort_buf[64];
	size_t len, abort_len;
	unsigned int before;
	long live = kmalloc_live();
	bool undone = false; /* a failed call frees through call_rcu */
	int ret;

	if (size < 2)
		return 0;
	cid = data[0] & 1 ? SCTP_CID_COOKIE_ECHO : SCTP_CID_INIT;
	scope = (enum sctp_scope)((data[0] >> 1) % 5);
	chunk = data + 2;
	len = size - 2;
	check_view_reencodes(chunk, len);
	check_as_packet(chunk, len);

	asoc = sctp_association_new(NULL, scope, GFP_KERNEL);
	CHECK(asoc);
	if (data[0] & 0x10) {
		first = addr4(0xac100001, 9899);
		CHECK(sctp_assoc_add_peer(asoc, &first, GFP_KERNEL));
	}
	before = asoc->peer.transport_count;
	if (data[1])
		kmalloc_fail_nth(data[1]);
	ret = sctp_process_init(asoc, cid, &src, chunk, len);
	kmalloc_fault_reset();
	CHECK(sctp_assoc_check(asoc));
	if (ret) {
		CHECK(ret == -EINVAL || ret == -EMSGSIZE || ret == -ENOMEM ||
		      ret == -EADDRNOTAVAIL);
		undone = ret == -ENOMEM;
		CHECK(asoc->peer.transport_count == before);
	} else {
		CHECK(asoc->peer.transport_count >= 1);
		CHECK(sctp_assoc_lookup_paddr(asoc, &src));
	}

	if (!ret && !(data[0] & 0x10)) {
		new_asoc = sctp_association_new(NULL, scope, GFP_KERNEL);
		CHECK(new_asoc);
		/* the cookie's INIT is the one we have: no new address */
		ret = sctp_sf_do_dupcook_a(asoc, new_asoc, &src, chunk, len,
					   abort_buf, sizeof(abort_buf),
					   &abort_len);
		CHECK(sctp_assoc_check(asoc) && sctp_assoc_check(new_asoc));
		if (cid == SCTP_CID_COOKIE_ECHO)
			CHECK(ret == SCTP_DISPOSITION_CONSUME);
		else
			CHECK(ret == SCTP_DISPOSITION_CONSUME ||
			      ret == SCTP_DISPOSITION_ABORT);
		CHECK(sctp_association_free(new_asoc) == 0);
	}
	CHECK(sctp_association_free(asoc) == 0);
	/* only sctp_assoc_rm_peer() defers frees; wait for them if any */
	if (undone)
		kstruct_rcu_barrier();
	CHECK(kmalloc_live() == live);
	return 0;
}
