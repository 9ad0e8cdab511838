// SPDX-License-Identifier: MIT
/*
 * tests/fuzz/fuzz_raw_to_bind_addrs.c - libFuzzer harness for the
 * address-list parsers: sctp_raw_to_bind_addrs() (bind_addr.c) and the
 * parameter walker sctp_param_next() (sm_make_chunk.c).
 *
 * Input: byte 0 picks an allocation to fail (0: none), bytes 1-2 the
 * port, the rest is the raw address list.  After each call
 * sctp_bind_addr_check() must hold; on success the list must encode back
 * (sctp_bind_addrs_to_raw()) to exactly the input; on failure the list
 * must be empty.  Everything is freed and kmalloc_live() must come back
 * to where it was, else the harness aborts (a finding).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz.h"
#include "compat/slab.h"
#include "list/rculist.h"
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

/* the walker must end, and agree with the list parser on framing */
static int walk(const uint8_t *raw, size_t len)
{
	size_t off = 0, plen, prev = 0;
	const uint8_t *param;
	int ret, steps = 0;

	while ((ret = sctp_param_next(raw, len, &off, &param, &plen)) > 0) {
		CHECK(param >= raw && param + plen <= raw + len);
		CHECK(off > prev && off <= len);
		prev = off;
		CHECK(++steps <= (int)len / 4 + 1);
	}
	CHECK(ret == 0 || ret == -EINVAL || ret == -EMSGSIZE);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sctp_bind_addr bp;
	const uint8_t *raw;
	uint8_t *back = NULL;
	uint16_t port;
	size_t len;
	long live = kmalloc_live();
	int ret, blen;

	if (size < 3)
		return 0;
	port = (uint16_t)(data[1] << 8 | data[2]);
	raw = data + 3;
	len = size - 3;
	walk(raw, len);

	sctp_bind_addr_init(&bp, port);
	if (data[0])
		kmalloc_fail_nth(data[0]);
	ret = sctp_raw_to_bind_addrs(&bp, raw, (int)len, port, GFP_KERNEL);
	kmalloc_fault_reset();
	CHECK(sctp_bind_addr_check(&bp));
	if (ret) {
		CHECK(ret == -EINVAL || ret == -ENOMEM);
		CHECK(list_empty(&bp.address_list));
	} else {
		/* a list parsed is a list that encodes back the same */
		blen = sctp_bind_addrs_to_raw(&bp, &back, GFP_KERNEL);
		CHECK(blen >= 0);
		CHECK((size_t)blen == len);
		CHECK(!blen || memcmp(back, raw, len) == 0);
		kfree(back);
		CHECK(walk(raw, len) == 0);
	}
	sctp_bind_addr_clean(&bp);
	CHECK(kmalloc_live() == live);
	return 0;
}
