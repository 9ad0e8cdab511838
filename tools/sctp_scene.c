// SPDX-License-Identifier: MIT
/*
 * tools/sctp_scene.c - the SCTP scene of the tour, the drawings and the
 * exercises (see tools/sctp_scene.h): an endpoint and two multi-homed
 * associations whose peers arrive as INIT chunks, through
 * sctp_process_init(), as a server's do once the cookie comes back.
 *
 * Mirrors no kernel file.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <arpa/inet.h>

#include "compat/slab.h"
#include "list/rculist.h"
#include "sctp/sm.h"
#include "sctp/structs.h"
#include "tools/sctp_scene.h"

union sctp_addr sctp_scene_make_addr(const char *text, unsigned short port)
{
	union sctp_addr a;

	memset(&a, 0, sizeof(a));
	if (strchr(text, ':')) {
		a.v6.sin6_family = AF_INET6;
		a.v6.sin6_port = htons(port);
		inet_pton(AF_INET6, text, &a.v6.sin6_addr);
	} else {
		a.v4.sin_family = AF_INET;
		a.v4.sin_port = htons(port);
		inet_pton(AF_INET, text, &a.v4.sin_addr);
	}
	return a;
}

char *sctp_scene_addr(const union sctp_addr *a, char *buf, size_t size)
{
	char host[INET6_ADDRSTRLEN] = "?";

	if (a->sa.sa_family == AF_INET)
		inet_ntop(AF_INET, &a->v4.sin_addr, host, sizeof(host));
	else if (a->sa.sa_family == AF_INET6)
		inet_ntop(AF_INET6, &a->v6.sin6_addr, host, sizeof(host));
	snprintf(buf, size, "%s:%u", host, sctp_addr_port(a));
	return buf;
}

/*
 * Make @asoc's peer from an INIT listing @addrs (the first is the source)
 * as a server does once the cookie comes back.
 */
static int scene_peer(struct sctp_association *asoc, const char *const *addrs,
		      unsigned int n, unsigned short port, uint32_t tag)
{
	struct sctp_init_view init = {
		.type = SCTP_CID_INIT,
		.init_tag = tag,
		.a_rwnd = 32768,
		.num_outbound_streams = 4,
		.num_inbound_streams = 4,
		.initial_tsn = tag,
		.ecn_capable = true,
		.addr_types = SCTP_ADDR4_SUPPORTED,
	};
	uint8_t params[8 * 4], chunk[128];
	union sctp_addr src = sctp_scene_make_addr(addrs[0], port), a;
	size_t plen = 0;
	unsigned int i;
	int len;

	for (i = 1; i < n && i <= 4; i++) {
		a = sctp_scene_make_addr(addrs[i], port);
		plen += (size_t)sctp_get_af_specific(AF_INET)->to_addr_param(
			&a, params + plen);
	}
	len = sctp_make_init_raw(chunk, sizeof(chunk), &init, params, plen,
				 NULL, 0);
	if (len < 0)
		return len;
	return sctp_process_init(asoc, SCTP_CID_COOKIE_ECHO, &src, chunk,
				 (size_t)len);
}

static const char *const scene_peer1[] = { "10.0.0.1", "10.0.1.1" };
static const char *const scene_peer2[] = { "192.168.5.1", "192.168.6.1",
					   "192.168.7.1" };

int sctp_scene_build(struct sctp_scene *s)
{
	union sctp_addr local[2] = {
		sctp_scene_make_addr("10.0.0.2", 0),
		sctp_scene_make_addr("10.0.1.2", 0),
	};
	int i, err = -ENOMEM;

	memset(s, 0, sizeof(*s));
	s->ep = sctp_endpoint_new(NULL, 80, GFP_KERNEL);
	if (!s->ep)
		return -ENOMEM;
	for (i = 0; i < 2; i++) {
		err = sctp_add_bind_addr(&s->ep->base.bind_addr, &local[i],
					 GFP_KERNEL);
		if (err)
			goto err_free;
	}
	for (i = 0; i < 2; i++) {
		struct sctp_association *asoc;

		asoc = sctp_association_new(s->ep, SCTP_SCOPE_PRIVATE,
					    GFP_KERNEL);
		err = -ENOMEM;
		if (!asoc)
			goto err_free;
		s->asoc[i] = asoc;
		asoc->c.my_vtag = 0x1000 + (uint32_t)i;
		err = sctp_bind_addr_copy(&asoc->base.bind_addr,
					  &s->ep->base.bind_addr,
					  SCTP_SCOPE_PRIVATE, GFP_KERNEL,
					  SCTP_ADDR4_PEERSUPP);
		if (err)
			goto err_free;
		err = i == 0 ? scene_peer(asoc, scene_peer1, 2, 5000, 0xa1) :
			       scene_peer(asoc, scene_peer2, 3, 6000, 0xb2);
		if (err)
			goto err_free;
		asoc->state = SCTP_STATE_ESTABLISHED;
		sctp_endpoint_add_asoc(s->ep, asoc);
	}
	return 0;

err_free:
	sctp_scene_free(s);
	return err;
}

void sctp_scene_free(struct sctp_scene *s)
{
	int i;

	for (i = 0; i < 2; i++)
		if (s->asoc[i])
			sctp_association_free(s->asoc[i]);
	if (s->ep)
		sctp_endpoint_free(s->ep);
	kstruct_rcu_barrier();
	memset(s, 0, sizeof(*s));
}
